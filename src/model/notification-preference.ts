/**
 * Notification category models (camelCase), derived from the wire schemas of
 * ../wire/notification-preferences.ts.
 */
import { ListOf } from "../wire/common.ts"
import * as Wire from "../wire/notification-preferences.ts"
import { camelize } from "./camel.ts"

/** A category and the user's choice: `{notificationCategoryId, notificationCategoryName, enabled, canDisable}`. */
export const NotificationCategory = /*#__PURE__*/ camelize(Wire.NotificationPreference)
export type NotificationCategory = typeof NotificationCategory.Type

/** `GET /emails/notification-preference/{user_id}`. */
export const NotificationCategoryList = /*#__PURE__*/ camelize(/*#__PURE__*/ ListOf(NotificationCategory))
export type NotificationCategoryList = typeof NotificationCategoryList.Type

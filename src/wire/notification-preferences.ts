/**
 * Notification categories and a user's preferences on the wire:
 * `GET /emails/notification-preference/{user_id}` (every category, with the user's choice or the
 * category's default) and `PATCH /emails/notification-preference/{user_id}/{notification_category_id}`.
 * Shapes from the service's source (backend 2.8.86).
 */
import * as Schema from "effect/Schema"
import { ListOf } from "./common.ts"
import { UserIdOrMe, Uuid } from "./teams.ts"

/** One category and whether the user receives it (`can_disable: false`: transactional e-mail). */
export const NotificationPreference = /*#__PURE__*/ Schema.Struct({
  notification_category_id: Schema.String,
  notification_category_name: Schema.String,
  enabled: Schema.Boolean,
  can_disable: Schema.Boolean
})
export type NotificationPreference = typeof NotificationPreference.Type

/** `GET /emails/notification-preference/{user_id}`: every category, in the service's order. */
export const NotificationPreferenceList = /*#__PURE__*/ ListOf(NotificationPreference)
export type NotificationPreferenceList = typeof NotificationPreferenceList.Type

/** `PATCH` body. */
export const NotificationPreferenceUpdate = /*#__PURE__*/ Schema.Struct({ enabled: Schema.Boolean })
export type NotificationPreferenceUpdate = typeof NotificationPreferenceUpdate.Type

/** Path parameters of the list. */
export const NotificationPreferenceUserParams = /*#__PURE__*/ Schema.Struct({ user_id: UserIdOrMe })

/** Path parameters of an update. */
export const NotificationPreferenceParams = /*#__PURE__*/ Schema.Struct({ user_id: UserIdOrMe, notification_category_id: Uuid })

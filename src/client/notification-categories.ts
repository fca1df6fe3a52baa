/**
 * The signed-in user's notification categories (official: `user.listNotificationCategories()`,
 * `category.setEnabled(enabled)`). Transactional e-mail cannot be turned off (`canDisable: false`).
 */
import * as Effect from "effect/Effect"
import { CannotGetOwnUserWithoutUser } from "../errors/catalogue.ts"
import { segment } from "../http/endpoint.ts"
import { NotificationCategory, NotificationCategoryList } from "../model/notification-preference.ts"
import { StackClientCore } from "./context.ts"
import { clientEndpoint } from "./runtime.ts"
import { readNotificationCategory, readNotificationCategoryList } from "../model/generated/readers.ts"

// The user is named `me`: signed out, the service refuses that id (`CannotGetOwnUserWithoutUser`)
// before its handler's own user check could answer `UserAuthenticationRequired`.
const errors = [CannotGetOwnUserWithoutUser] as const

/** Every notification category and whether the signed-in user receives it. */
export const listNotificationCategories = /*#__PURE__*/ Effect.fnUntraced(function*() {
  const { runtime } = yield* StackClientCore
  const list = yield* runtime.withSession(clientEndpoint("GET", "/emails/notification-preference/me", readNotificationCategoryList, errors))
  return list.items
})

/**
 * Turns a category on or off for the signed-in user; an unknown category is a 404 status error.
 * (The service accepts turning off a category that cannot be disabled; its e-mails still come.)
 */
export const setNotificationCategoryEnabled = /*#__PURE__*/ Effect.fnUntraced(function*(categoryId: string, enabled: boolean) {
  const { runtime } = yield* StackClientCore
  return yield* runtime.withSession(
    clientEndpoint("PATCH", `/emails/notification-preference/me/${segment(categoryId)}`, readNotificationCategory, errors, { body: { enabled } })
  )
})

/** Every operation of this module, for the StackClient object. */
export const notificationCategoriesOperations = { listNotificationCategories, setNotificationCategoryEnabled }

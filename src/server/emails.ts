/**
 * Sending e-mail through the project (a server's operations, also StackAdmin's): to users by id or
 * to every user, as HTML, a template with variables or a draft, in a theme and a notification
 * category; users' notification preferences; delivery statistics and the capacity boost.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { EmailCapacityBoostAlreadyActive, RequiresCustomEmailServer, UserIdDoesNotExist, UserNotFound } from "../errors/catalogue.ts"
import { encodeInput } from "../client/input.ts"
import { json, segment } from "../http/endpoint.ts"
import type { KeyProjectErrorClass, KeyRuntime } from "./runtime.ts"
import {
  CapacityBoost,
  DeliveryInfo,
  NotificationPreference,
  NotificationPreferenceList,
  SendEmailInput,
  SendEmailResult
} from "../model/emails.ts"
import { EmptyBody } from "../wire/common.ts"

/** `sendEmail` needs exactly one of `userIds` and `allUsers`, and one of `html`, `templateId`, `draftId`; nothing was sent. */
export class InvalidSendEmail extends Schema.TaggedError<InvalidSendEmail>()("InvalidSendEmail", { message: Schema.String }) {}

/** The e-mail operations of a server (or admin) app. */
export const makeServerEmails = <P extends KeyProjectErrorClass>(runtime: KeyRuntime<P>) => {
  /**
   * Sends an e-mail to users (`userIds`, or `allUsers: true`), from `html`, a template
   * (`templateId` with `variables`) or a draft (`draftId`); `subject`, `themeId` (`false`: none),
   * `notificationCategoryName` ("Transactional", "Marketing"), `scheduledAtMillis` and
   * `isHighPriority` are optional. Needs the project's own e-mail server.
   *
   * @example
   * yield* stack.sendEmail({ userIds: [user.id], html: "<p>Welcome!</p>", subject: "Welcome" })
   */
  const sendEmail = Effect.fn("StackServer.sendEmail")(function*(input: SendEmailInput) {
    if ((input.userIds === undefined) === (input.allUsers === undefined)) {
      return yield* new InvalidSendEmail({ message: "Give exactly one of userIds and allUsers" })
    }
    if ([input.html, input.templateId, input.draftId].filter((v) => v !== undefined).length !== 1) {
      return yield* new InvalidSendEmail({ message: "Give exactly one of html, templateId and draftId" })
    }
    const body = yield* encodeInput("StackServer.sendEmail", SendEmailInput, input)
    return (yield* runtime.call({
      method: "POST",
      path: "/emails/send-email",
      body: { _tag: "Json", value: body },
      response: json(SendEmailResult),
      errors: [RequiresCustomEmailServer, UserIdDoesNotExist]
    })).results
  })

  /** A user's notification preferences, one per category. */
  const listNotificationPreferences = Effect.fn("StackServer.listNotificationPreferences")(function*(userId: string) {
    return (yield* runtime.call({
      method: "GET",
      path: `/emails/notification-preference/${segment(userId)}`,
      response: json(NotificationPreferenceList),
      errors: [UserNotFound]
    })).items
  })

  /** Turns a notification category on or off for a user (Transactional cannot be turned off). */
  const setNotificationPreference = Effect.fn("StackServer.setNotificationPreference")(function*(userId: string, categoryId: string, enabled: boolean) {
    return yield* runtime.call({
      method: "PATCH",
      path: `/emails/notification-preference/${segment(userId)}/${segment(categoryId)}`,
      body: { _tag: "Json", value: { enabled } },
      response: json(NotificationPreference),
      errors: [UserNotFound]
    })
  })

  /** Delivery statistics (per hour, day, week, month) and the sending capacity. */
  const getEmailDeliveryInfo = Effect.fn("StackServer.getEmailDeliveryInfo")(function*() {
    return yield* runtime.call({ method: "GET", path: "/emails/delivery-info", response: json(DeliveryInfo), errors: [] })
  })

  /** Quadruples the sending capacity for 4 hours; answers when the boost ends. */
  const activateEmailCapacityBoost = Effect.fn("StackServer.activateEmailCapacityBoost")(function*() {
    return yield* runtime.call({
      method: "POST",
      path: "/emails/capacity-boost",
      body: { _tag: "Json", value: Schema.encodeSync(EmptyBody)({}) },
      response: json(CapacityBoost),
      errors: [EmailCapacityBoostAlreadyActive]
    })
  })

  return {
    /** Sends an e-mail to users from HTML, a template or a draft. */
    sendEmail,
    /** A user's notification preferences, one per category. */
    listNotificationPreferences,
    /** Turns a notification category on or off for a user. */
    setNotificationPreference,
    /** Delivery statistics and the sending capacity. */
    getEmailDeliveryInfo,
    /** Quadruples the sending capacity for 4 hours. */
    activateEmailCapacityBoost
  }
}

/** The e-mail operations of a server (or admin) app. */
export type ServerEmails<P extends KeyProjectErrorClass = KeyProjectErrorClass> = ReturnType<typeof makeServerEmails<P>>

/**
 * The signed-in user's contact channels: list, add, change, remove, verify.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import {
  CannotGetOwnUserWithoutUser,
  ContactChannelAlreadyUsedForAuthBySomeoneElse,
  EmailAlreadyVerified,
  EmailIsNotPrimaryEmail,
  RedirectUrlNotWhitelisted,
  SchemaError,
  VerificationCodeAlreadyUsed,
  VerificationCodeExpired,
  VerificationCodeMaxAttemptsReached,
  VerificationCodeNotFound
} from "../errors/catalogue.ts"
import { segment } from "../http/endpoint.ts"
import {
  ContactChannel,
  ContactChannelList,
  ContactChannelUpdate,
  SendVerificationCode,
  type NewContactChannel,
  VerifyContactChannel
} from "../model/contact-channel.ts"
import { CodeValidBody, SuccessBody } from "../wire/common.ts"
import { StackClientCore } from "./context.ts"
import { clientEndpoint } from "./runtime.ts"
import { NoPrimaryEmail } from "./no-primary-email.ts"
import { readCodeValidBody, readContactChannel, readContactChannelList, readSuccessBody, writeContactChannelUpdate, writeNewContactChannel, writeSendVerificationCode, writeVerifyContactChannel } from "../model/generated/readers.ts"
import { writeInput } from "./write-input.ts"

export { NewContactChannel } from "../model/contact-channel.ts"

const codeErrors = [VerificationCodeNotFound, VerificationCodeExpired, VerificationCodeAlreadyUsed, VerificationCodeMaxAttemptsReached] as const
const ownErrors = [CannotGetOwnUserWithoutUser] as const
const writeErrors = [CannotGetOwnUserWithoutUser, ContactChannelAlreadyUsedForAuthBySomeoneElse] as const
const sendErrors = [CannotGetOwnUserWithoutUser, EmailAlreadyVerified, RedirectUrlNotWhitelisted] as const
const legacySendErrors = [SchemaError, EmailIsNotPrimaryEmail, EmailAlreadyVerified, RedirectUrlNotWhitelisted] as const

const channelPath = (id: string) => `/contact-channels/me/${segment(id)}`

/** The signed-in user's channels, oldest first. */
export const listContactChannels = /*#__PURE__*/ Effect.fnUntraced(function*() {
  const { runtime } = yield* StackClientCore
  const list = yield* runtime.withSession(
    clientEndpoint("GET", "/contact-channels", readContactChannelList, ownErrors, { query: [["user_id", "me"]] })
  )
  return list.items
})

/** Adds an e-mail channel (not used for sign-in unless `usedForAuth`). */
export const createContactChannel = /*#__PURE__*/ Effect.fnUntraced(function*(input: NewContactChannel) {
  const { runtime } = yield* StackClientCore
  const body = yield* writeInput("StackClient.createContactChannel", writeNewContactChannel, input)
  return yield* runtime.withSession(
    clientEndpoint("POST", "/contact-channels", readContactChannel, writeErrors, {
      body: { user_id: "me", type: "email", used_for_auth: false, ...body }
    })
  )
})

/** Changes a channel; a new value is unverified again. */
export const updateContactChannel = /*#__PURE__*/ Effect.fnUntraced(function*(id: string, update: ContactChannelUpdate) {
  const { runtime } = yield* StackClientCore
  const body = yield* writeInput("StackClient.updateContactChannel", writeContactChannelUpdate, update)
  return yield* runtime.withSession(clientEndpoint("PATCH", channelPath(id), readContactChannel, writeErrors, { body }))
})

/** Removes a channel. */
export const deleteContactChannel = /*#__PURE__*/ Effect.fnUntraced(function*(id: string) {
  const { runtime } = yield* StackClientCore
  yield* runtime.withSession(clientEndpoint("DELETE", channelPath(id), readSuccessBody, ownErrors))
})

/** E-mails a verification link for one channel; an already verified one is not an error. */
export const sendContactChannelVerification = /*#__PURE__*/ Effect.fnUntraced(function*(
  id: string,
  input: SendVerificationCode
) {
  const { runtime } = yield* StackClientCore
  const body = yield* writeInput("StackClient.sendContactChannelVerification", writeSendVerificationCode, input)
  yield* runtime.withSession(clientEndpoint("POST", `${channelPath(id)}/send-verification-code`, readSuccessBody, sendErrors, { body })).pipe(
    Effect.catchTag("EmailAlreadyVerified", () => Effect.void)
  )
})

/** E-mails a verification link for the primary e-mail; `NoPrimaryEmail` when there is none. */
export const sendVerificationEmail = /*#__PURE__*/ Effect.fnUntraced(function*(input: SendVerificationCode) {
  const { runtime } = yield* StackClientCore
  const callback = yield* writeInput("StackClient.sendVerificationEmail", writeSendVerificationCode, input)
  const channels = yield* listContactChannels()
  const primary = Option.fromNullishOr(channels.find((c) => c.isPrimary && c.type === "email"))
  if (Option.isNone(primary)) return yield* new NoPrimaryEmail({ message: "User does not have a primary email" })
  yield* runtime.withSession(
    clientEndpoint("POST", "/contact-channels/send-verification-code", readSuccessBody, legacySendErrors, {
      body: { email: primary.value.value, ...callback }
    })
  )
})

/** Verifies a channel with the code of its e-mail (no session needed). */
export const verifyEmail = /*#__PURE__*/ Effect.fnUntraced(function*(code: string) {
  const { runtime } = yield* StackClientCore
  const body = yield* writeInput("StackClient.verifyEmail", writeVerifyContactChannel, { code })
  yield* runtime.anonymous(clientEndpoint("POST", "/contact-channels/verify", readSuccessBody, codeErrors, { body }))
})

/** Whether a verification code is still usable, without using it. */
export const checkVerificationCode = /*#__PURE__*/ Effect.fnUntraced(function*(code: string) {
  const { runtime } = yield* StackClientCore
  const body = yield* writeInput("StackClient.checkVerificationCode", writeVerifyContactChannel, { code })
  yield* runtime.anonymous(
    clientEndpoint("POST", "/contact-channels/verify/check-code", readCodeValidBody, codeErrors, { body })
  )
})

/** Every operation of this module, for the StackClient object. */
export const contactChannelsOperations = {
  listContactChannels,
  createContactChannel,
  updateContactChannel,
  deleteContactChannel,
  sendContactChannelVerification,
  sendVerificationEmail,
  verifyEmail,
  checkVerificationCode
}

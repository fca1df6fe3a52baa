/**
 * The signed-in user's contact channels: list, add, change, remove, verify.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
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
  VerifyContactChannel
} from "../model/contact-channel.ts"
import { camelize } from "../model/camel.ts"
import { CodeValidBody, SuccessBody } from "../wire/common.ts"
import * as Wire from "../wire/contact-channels.ts"
import { Email } from "../wire/teams.ts"
import { StackClientCore } from "./context.ts"
import { clientEndpoint } from "./runtime.ts"
import { encodeInput } from "./input.ts"
import { NoPrimaryEmail } from "./no-primary-email.ts"
import { readWith } from "../model/decoders.ts"

/** Input of `createContactChannel`: the user is always the signed-in one. */
export const NewContactChannel = /*#__PURE__*/ camelize(/*#__PURE__*/ Schema.Struct({
  // The create body's field schema by name: reading it off the struct (`.fields.value`) is a
  // property access, which a bundler keeps (with the whole value) even when nothing uses it.
  value: Email,
  type: /*#__PURE__*/ Schema.optionalKey(Wire.ContactChannelType),
  used_for_auth: /*#__PURE__*/ Schema.optionalKey(Schema.Boolean),
  is_primary: /*#__PURE__*/ Schema.optionalKey(Schema.Boolean)
}))
export type NewContactChannel = typeof NewContactChannel.Type

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
    clientEndpoint("GET", "/contact-channels", readWith(ContactChannelList), ownErrors, { query: [["user_id", "me"]] })
  )
  return list.items
})

/** Adds an e-mail channel (not used for sign-in unless `usedForAuth`). */
export const createContactChannel = /*#__PURE__*/ Effect.fnUntraced(function*(input: NewContactChannel) {
  const { runtime } = yield* StackClientCore
  const body = yield* encodeInput("StackClient.createContactChannel", NewContactChannel, input)
  return yield* runtime.withSession(
    clientEndpoint("POST", "/contact-channels", readWith(ContactChannel), writeErrors, {
      body: { user_id: "me", type: "email", used_for_auth: false, ...body }
    })
  )
})

/** Changes a channel; a new value is unverified again. */
export const updateContactChannel = /*#__PURE__*/ Effect.fnUntraced(function*(id: string, update: ContactChannelUpdate) {
  const { runtime } = yield* StackClientCore
  const body = yield* encodeInput("StackClient.updateContactChannel", ContactChannelUpdate, update)
  return yield* runtime.withSession(clientEndpoint("PATCH", channelPath(id), readWith(ContactChannel), writeErrors, { body }))
})

/** Removes a channel. */
export const deleteContactChannel = /*#__PURE__*/ Effect.fnUntraced(function*(id: string) {
  const { runtime } = yield* StackClientCore
  yield* runtime.withSession(clientEndpoint("DELETE", channelPath(id), readWith(SuccessBody), ownErrors))
})

/** E-mails a verification link for one channel; an already verified one is not an error. */
export const sendContactChannelVerification = /*#__PURE__*/ Effect.fnUntraced(function*(
  id: string,
  input: SendVerificationCode
) {
  const { runtime } = yield* StackClientCore
  const body = yield* encodeInput("StackClient.sendContactChannelVerification", SendVerificationCode, input)
  yield* runtime.withSession(clientEndpoint("POST", `${channelPath(id)}/send-verification-code`, readWith(SuccessBody), sendErrors, { body })).pipe(
    Effect.catchTag("EmailAlreadyVerified", () => Effect.void)
  )
})

/** E-mails a verification link for the primary e-mail; `NoPrimaryEmail` when there is none. */
export const sendVerificationEmail = /*#__PURE__*/ Effect.fnUntraced(function*(input: SendVerificationCode) {
  const { runtime } = yield* StackClientCore
  const callback = yield* encodeInput("StackClient.sendVerificationEmail", SendVerificationCode, input)
  const channels = yield* listContactChannels()
  const primary = Option.fromNullishOr(channels.find((c) => c.isPrimary && c.type === "email"))
  if (Option.isNone(primary)) return yield* new NoPrimaryEmail({ message: "User does not have a primary email" })
  yield* runtime.withSession(
    clientEndpoint("POST", "/contact-channels/send-verification-code", readWith(SuccessBody), legacySendErrors, {
      body: { email: primary.value.value, ...callback }
    })
  )
})

/** Verifies a channel with the code of its e-mail (no session needed). */
export const verifyEmail = /*#__PURE__*/ Effect.fnUntraced(function*(code: string) {
  const { runtime } = yield* StackClientCore
  const body = yield* encodeInput("StackClient.verifyEmail", VerifyContactChannel, { code })
  yield* runtime.anonymous(clientEndpoint("POST", "/contact-channels/verify", readWith(SuccessBody), codeErrors, { body }))
})

/** Whether a verification code is still usable, without using it. */
export const checkVerificationCode = /*#__PURE__*/ Effect.fnUntraced(function*(code: string) {
  const { runtime } = yield* StackClientCore
  const body = yield* encodeInput("StackClient.checkVerificationCode", VerifyContactChannel, { code })
  yield* runtime.anonymous(
    clientEndpoint("POST", "/contact-channels/verify/check-code", readWith(CodeValidBody), codeErrors, { body })
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

/**
 * One-time codes and magic links: the e-mail carries a link with a 45-char
 * code, and a six-character code that, with the nonce of the send call, makes the same 45 chars.
 */
import * as Effect from "effect/Effect"
import {
  MultiFactorAuthenticationRequired,
  RedirectUrlNotWhitelisted,
  SignUpNotEnabled,
  UserWithEmailAlreadyExists,
  VerificationCodeAlreadyUsed,
  VerificationCodeExpired,
  VerificationCodeMaxAttemptsReached,
  VerificationCodeNotFound
} from "../../errors/catalogue.ts"
import type { MagicLinkInput } from "../../model/auth.ts"
import {
  readCodeSignInTokens,
  readCodeValidBody,
  readMagicLinkSent,
  writeMagicLinkInput,
  writeSignInCodeInput
} from "../../model/generated/readers.ts"
import { StackClientCore } from "../context.ts"
import { clientEndpoint } from "../runtime.ts"
import { anonymousCallerTokens } from "./anonymous-caller.ts"
import { writeInput } from "../write-input.ts"

export { MagicLinkInput } from "../../model/auth.ts"

const codeErrors = [VerificationCodeNotFound, VerificationCodeExpired, VerificationCodeAlreadyUsed, VerificationCodeMaxAttemptsReached] as const
const sendErrors = [UserWithEmailAlreadyExists, SignUpNotEnabled, RedirectUrlNotWhitelisted] as const
const signInErrors = [
  VerificationCodeNotFound,
  VerificationCodeExpired,
  VerificationCodeAlreadyUsed,
  VerificationCodeMaxAttemptsReached,
  UserWithEmailAlreadyExists, SignUpNotEnabled, MultiFactorAuthenticationRequired] as const

/** The six characters a user types, joined with the nonce of the send call, are the sign-in code. */
export const codeFromOtp = (otp: string, nonce: string): string => `${otp.trim().toUpperCase()}${nonce}`

/** E-mails a sign-in link and code (a sign-up one for a new address); returns the nonce. */
export const sendMagicLinkEmail = /*#__PURE__*/ Effect.fnUntraced(function*(input: MagicLinkInput) {
  const { runtime } = yield* StackClientCore
  const body = yield* writeInput("StackClient.sendMagicLinkEmail", writeMagicLinkInput, input)
  return yield* runtime.anonymous(clientEndpoint("POST", "/auth/otp/send-sign-in-code", readMagicLinkSent, sendErrors, { body }))
})

/** Signs in with the link's code (or `codeFromOtp(otp, nonce)`); new addresses get a new account. */
export const signInWithMagicLink = /*#__PURE__*/ Effect.fnUntraced(function*(code: string) {
  const { runtime, session, startSession } = yield* StackClientCore
  const body = yield* writeInput("StackClient.signInWithMagicLink", writeSignInCodeInput, { code })
  // An anonymous user's session goes along: a new address upgrades that user in place.
  const tokens = yield* runtime.withTokens(
    { ...clientEndpoint("POST", "/auth/otp/sign-in", readCodeSignInTokens, signInErrors, { body }), allowAnonymousUser: true },
    yield* anonymousCallerTokens(session)
  )
  return yield* startSession(tokens, false)
})

/** Whether a magic-link code is still usable, without using it. */
export const checkMagicLinkCode = /*#__PURE__*/ Effect.fnUntraced(function*(code: string) {
  const { runtime } = yield* StackClientCore
  const body = yield* writeInput("StackClient.checkMagicLinkCode", writeSignInCodeInput, { code })
  yield* runtime.anonymous(clientEndpoint("POST", "/auth/otp/sign-in/check-code", readCodeValidBody, codeErrors, { body }))
})

/** Every operation of this module, for the StackClient object. */
export const otpAuthOperations = { sendMagicLinkEmail, signInWithMagicLink, checkMagicLinkCode }

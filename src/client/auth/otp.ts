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
import { camelize } from "../../model/camel.ts"
import { CodeValidBody } from "../../wire/common.ts"
import { CodeSignInResponse, OtpSendSignInCodeBody, OtpSendSignInCodeResponse, OtpSignInBody } from "../../wire/auth.ts"
import { StackClientCore } from "../context.ts"
import { clientEndpoint } from "../runtime.ts"
import { anonymousCallerTokens } from "./anonymous-caller.ts"
import { encodeInput } from "../input.ts"

/** Input of `sendMagicLinkEmail`. */
export const MagicLinkInput = /*#__PURE__*/ camelize(OtpSendSignInCodeBody)
export type MagicLinkInput = typeof MagicLinkInput.Type
const SignInCode = /*#__PURE__*/ camelize(OtpSignInBody)
const Tokens = /*#__PURE__*/ camelize(CodeSignInResponse)
const Sent = /*#__PURE__*/ camelize(OtpSendSignInCodeResponse)

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
  const body = yield* encodeInput("StackClient.sendMagicLinkEmail", MagicLinkInput, input)
  return yield* runtime.anonymous(clientEndpoint("POST", "/auth/otp/send-sign-in-code", Sent, sendErrors, { body }))
})

/** Signs in with the link's code (or `codeFromOtp(otp, nonce)`); new addresses get a new account. */
export const signInWithMagicLink = /*#__PURE__*/ Effect.fnUntraced(function*(code: string) {
  const { runtime, session, startSession } = yield* StackClientCore
  const body = yield* encodeInput("StackClient.signInWithMagicLink", SignInCode, { code })
  // An anonymous user's session goes along: a new address upgrades that user in place.
  const tokens = yield* runtime.withTokens(
    { ...clientEndpoint("POST", "/auth/otp/sign-in", Tokens, signInErrors, { body }), allowAnonymousUser: true },
    yield* anonymousCallerTokens(session)
  )
  return yield* startSession(tokens, false)
})

/** Whether a magic-link code is still usable, without using it. */
export const checkMagicLinkCode = /*#__PURE__*/ Effect.fnUntraced(function*(code: string) {
  const { runtime } = yield* StackClientCore
  const body = yield* encodeInput("StackClient.checkMagicLinkCode", SignInCode, { code })
  yield* runtime.anonymous(clientEndpoint("POST", "/auth/otp/sign-in/check-code", CodeValidBody, codeErrors, { body }))
})

/** Every operation of this module, for the StackClient object. */
export const otpAuthOperations = { sendMagicLinkEmail, signInWithMagicLink, checkMagicLinkCode }

/**
 * Password sign-up, sign-in and the forgotten-password flow.
 */
import * as Effect from "effect/Effect"
import {
  EmailPasswordMismatch,
  MultiFactorAuthenticationRequired,
  PasswordAuthenticationNotEnabled,
  PasswordTooShort,
  RedirectUrlNotWhitelisted,
  SignUpNotEnabled,
  UserWithEmailAlreadyExists,
  VerificationCodeAlreadyUsed,
  VerificationCodeExpired,
  VerificationCodeMaxAttemptsReached,
  VerificationCodeNotFound
} from "../../errors/catalogue.ts"
import type { ForgotPasswordInput, PasswordSignInInput, PasswordSignUpInput, ResetPasswordInput } from "../../model/auth.ts"
import {
  readCodeValidBody,
  readPasswordSignInTokens,
  readSendResetCodeResponse,
  readSuccessBody,
  writeCodeBody,
  writeForgotPasswordInput,
  writePasswordSignInInput,
  writePasswordSignUpInput,
  writeResetPasswordInput
} from "../../model/generated/readers.ts"
import { StackClientCore } from "../context.ts"
import { clientEndpoint } from "../runtime.ts"
import { anonymousCallerTokens } from "./anonymous-caller.ts"
import { writeInput } from "../write-input.ts"

export { ForgotPasswordInput, PasswordSignInInput, PasswordSignUpInput, ResetPasswordInput } from "../../model/auth.ts"

const codeErrors = [VerificationCodeNotFound, VerificationCodeExpired, VerificationCodeAlreadyUsed, VerificationCodeMaxAttemptsReached] as const

/** Errors of `signUpWithPassword`. */
// No PasswordTooLong: the server's limit (256) is beyond its request schema's (70), which the input
// schema applies here first (InvalidInput).
export const signUpErrors = [
  PasswordAuthenticationNotEnabled,
  PasswordTooShort,
  SignUpNotEnabled,
  UserWithEmailAlreadyExists,
  RedirectUrlNotWhitelisted
] as const
/** Errors of `signInWithPassword`. */
export const signInErrors = [EmailPasswordMismatch, PasswordAuthenticationNotEnabled, MultiFactorAuthenticationRequired] as const
const forgotErrors = [PasswordAuthenticationNotEnabled, RedirectUrlNotWhitelisted] as const
const resetErrors = [
  VerificationCodeNotFound,
  VerificationCodeExpired,
  VerificationCodeAlreadyUsed,
  VerificationCodeMaxAttemptsReached,
  PasswordAuthenticationNotEnabled, PasswordTooShort] as const

/**
 * Creates an account and signs it in; with a callback URL the server e-mails a verification link.
 * Called by an anonymous user, it upgrades that user in place (same id).
 */
export const signUpWithPassword = /*#__PURE__*/ Effect.fnUntraced(function*(input: PasswordSignUpInput) {
  const { runtime, session, startSession } = yield* StackClientCore
  const body = yield* writeInput("StackClient.signUpWithPassword", writePasswordSignUpInput, input)
  // An anonymous user's session goes along: the service upgrades that user in place.
  const tokens = yield* runtime.withTokens(
    { ...clientEndpoint("POST", "/auth/password/sign-up", readPasswordSignInTokens, signUpErrors, { body }), allowAnonymousUser: true },
    yield* anonymousCallerTokens(session)
  )
  return yield* startSession(tokens, true)
})

/** Signs in with e-mail and password; `MultiFactorAuthenticationRequired` carries the attempt code. */
export const signInWithPassword = /*#__PURE__*/ Effect.fnUntraced(function*(input: PasswordSignInInput) {
  const { runtime, startSession } = yield* StackClientCore
  const body = yield* writeInput("StackClient.signInWithPassword", writePasswordSignInInput, input)
  const tokens = yield* runtime.anonymous(
    clientEndpoint("POST", "/auth/password/sign-in", readPasswordSignInTokens, signInErrors, { body })
  )
  return yield* startSession(tokens, false)
})

/** E-mails a reset link to the address if an account uses it (the answer never tells). */
export const sendForgotPasswordEmail = /*#__PURE__*/ Effect.fnUntraced(function*(input: ForgotPasswordInput) {
  const { runtime } = yield* StackClientCore
  const body = yield* writeInput("StackClient.sendForgotPasswordEmail", writeForgotPasswordInput, input)
  yield* runtime.anonymous(
    clientEndpoint("POST", "/auth/password/send-reset-code", readSendResetCodeResponse, forgotErrors, { body })
  )
})

/** Whether a reset code is still usable, without using it. */
export const verifyPasswordResetCode = /*#__PURE__*/ Effect.fnUntraced(function*(code: string) {
  const { runtime } = yield* StackClientCore
  const body = yield* writeInput("StackClient.verifyPasswordResetCode", writeCodeBody, { code })
  yield* runtime.anonymous(
    clientEndpoint("POST", "/auth/password/reset/check-code", readCodeValidBody, codeErrors, { body })
  )
})

/** Sets a new password with the code from the reset e-mail; every session of the user ends. */
export const resetPassword = /*#__PURE__*/ Effect.fnUntraced(function*(input: ResetPasswordInput) {
  const { runtime } = yield* StackClientCore
  const body = yield* writeInput("StackClient.resetPassword", writeResetPasswordInput, input)
  yield* runtime.anonymous(clientEndpoint("POST", "/auth/password/reset", readSuccessBody, resetErrors, { body }))
})

/** Every operation of this module, for the StackClient object. */
export const passwordAuthOperations = { signUpWithPassword, signInWithPassword, sendForgotPasswordEmail, verifyPasswordResetCode, resetPassword }

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
import { camelize } from "../../model/camel.ts"
import { CodeValidBody, SuccessBody } from "../../wire/common.ts"
import {
  PasswordResetBody,
  PasswordSignInBody,
  PasswordSignInResponse,
  PasswordSignUpBody,
  SendResetCodeBody,
  SendResetCodeResponse
} from "../../wire/auth.ts"
import { CodeBody } from "../../wire/teams.ts"
import { StackClientCore } from "../context.ts"
import { clientEndpoint } from "../runtime.ts"
import { anonymousCallerTokens } from "./anonymous-caller.ts"
import { encodeInput } from "../input.ts"

const Tokens = /*#__PURE__*/ camelize(PasswordSignInResponse)
/** Input of `signUpWithPassword`. */
export const PasswordSignUpInput = /*#__PURE__*/ camelize(PasswordSignUpBody)
export type PasswordSignUpInput = typeof PasswordSignUpInput.Type
/** Input of `signInWithPassword`. */
export const PasswordSignInInput = /*#__PURE__*/ camelize(PasswordSignInBody)
export type PasswordSignInInput = typeof PasswordSignInInput.Type
/** Input of `sendForgotPasswordEmail`. */
export const ForgotPasswordInput = /*#__PURE__*/ camelize(SendResetCodeBody)
export type ForgotPasswordInput = typeof ForgotPasswordInput.Type
/** Input of `resetPassword`. */
export const ResetPasswordInput = /*#__PURE__*/ camelize(PasswordResetBody)
export type ResetPasswordInput = typeof ResetPasswordInput.Type

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
  const body = yield* encodeInput("StackClient.signUpWithPassword", PasswordSignUpInput, input)
  // An anonymous user's session goes along: the service upgrades that user in place.
  const tokens = yield* runtime.withTokens(
    { ...clientEndpoint("POST", "/auth/password/sign-up", Tokens, signUpErrors, { body }), allowAnonymousUser: true },
    yield* anonymousCallerTokens(session)
  )
  return yield* startSession(tokens, true)
})

/** Signs in with e-mail and password; `MultiFactorAuthenticationRequired` carries the attempt code. */
export const signInWithPassword = /*#__PURE__*/ Effect.fnUntraced(function*(input: PasswordSignInInput) {
  const { runtime, startSession } = yield* StackClientCore
  const body = yield* encodeInput("StackClient.signInWithPassword", PasswordSignInInput, input)
  const tokens = yield* runtime.anonymous(
    clientEndpoint("POST", "/auth/password/sign-in", Tokens, signInErrors, { body })
  )
  return yield* startSession(tokens, false)
})

/** E-mails a reset link to the address if an account uses it (the answer never tells). */
export const sendForgotPasswordEmail = /*#__PURE__*/ Effect.fnUntraced(function*(input: ForgotPasswordInput) {
  const { runtime } = yield* StackClientCore
  const body = yield* encodeInput("StackClient.sendForgotPasswordEmail", ForgotPasswordInput, input)
  yield* runtime.anonymous(
    clientEndpoint("POST", "/auth/password/send-reset-code", SendResetCodeResponse, forgotErrors, { body })
  )
})

/** Whether a reset code is still usable, without using it. */
export const verifyPasswordResetCode = /*#__PURE__*/ Effect.fnUntraced(function*(code: string) {
  const { runtime } = yield* StackClientCore
  const body = yield* encodeInput("StackClient.verifyPasswordResetCode", CodeBody, { code })
  yield* runtime.anonymous(
    clientEndpoint("POST", "/auth/password/reset/check-code", CodeValidBody, codeErrors, { body })
  )
})

/** Sets a new password with the code from the reset e-mail; every session of the user ends. */
export const resetPassword = /*#__PURE__*/ Effect.fnUntraced(function*(input: ResetPasswordInput) {
  const { runtime } = yield* StackClientCore
  const body = yield* encodeInput("StackClient.resetPassword", ResetPasswordInput, input)
  yield* runtime.anonymous(clientEndpoint("POST", "/auth/password/reset", SuccessBody, resetErrors, { body }))
})

/** Every operation of this module, for the StackClient object. */
export const passwordAuthOperations = { signUpWithPassword, signInWithPassword, sendForgotPasswordEmail, verifyPasswordResetCode, resetPassword }

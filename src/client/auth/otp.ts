/**
 * One-time codes and magic links (PROTOCOL.md §7.8–7.9): the e-mail carries a link with a 45-char
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
import { json } from "../../http/endpoint.ts"
import { camelize } from "../../model/camel.ts"
import { CodeValidBody } from "../../wire/common.ts"
import { CodeSignInResponse, OtpSendSignInCodeBody, OtpSendSignInCodeResponse, OtpSignInBody } from "../../wire/auth.ts"
import type { ClientContext } from "../context.ts"
import { encodeInput } from "../input.ts"

/** Input of `sendMagicLinkEmail`. */
export const MagicLinkInput = camelize(OtpSendSignInCodeBody)
export type MagicLinkInput = typeof MagicLinkInput.Type
const SignInCode = camelize(OtpSignInBody)
const Tokens = camelize(CodeSignInResponse)
const Sent = camelize(OtpSendSignInCodeResponse)

const codeErrors = [VerificationCodeNotFound, VerificationCodeExpired, VerificationCodeAlreadyUsed, VerificationCodeMaxAttemptsReached] as const
const sendErrors = [UserWithEmailAlreadyExists, SignUpNotEnabled, RedirectUrlNotWhitelisted] as const
const signInErrors = [...codeErrors, UserWithEmailAlreadyExists, MultiFactorAuthenticationRequired] as const

/** The six characters a user types, joined with the nonce of the send call, are the sign-in code. */
export const codeFromOtp = (otp: string, nonce: string): string => `${otp.trim().toUpperCase()}${nonce}`

/** The one-time-code operations of StackClient. */
export const makeOtpAuth = (ctx: ClientContext) => {
  const { runtime } = ctx

  /** E-mails a sign-in link and code (a sign-up one for a new address); returns the nonce. */
  const sendMagicLinkEmail = Effect.fn("StackClient.sendMagicLinkEmail")(function*(input: MagicLinkInput) {
    const body = yield* encodeInput("StackClient.sendMagicLinkEmail", MagicLinkInput, input)
    return yield* runtime.anonymous({
      method: "POST",
      path: "/auth/otp/send-sign-in-code",
      level: "client",
      body: { _tag: "Json", value: body },
      response: json(Sent),
      errors: sendErrors
    })
  })

  /** Signs in with the link's code (or `codeFromOtp(otp, nonce)`); new addresses get a new account. */
  const signInWithMagicLink = Effect.fn("StackClient.signInWithMagicLink")(function*(code: string) {
    const body = yield* encodeInput("StackClient.signInWithMagicLink", SignInCode, { code })
    const tokens = yield* runtime.anonymous({
      method: "POST",
      path: "/auth/otp/sign-in",
      level: "client",
      body: { _tag: "Json", value: body },
      response: json(Tokens),
      errors: signInErrors
    })
    return yield* ctx.startSession(tokens, false)
  })

  /** Whether a magic-link code is still usable, without using it. */
  const checkMagicLinkCode = Effect.fn("StackClient.checkMagicLinkCode")(function*(code: string) {
    const body = yield* encodeInput("StackClient.checkMagicLinkCode", SignInCode, { code })
    yield* runtime.anonymous({
      method: "POST",
      path: "/auth/otp/sign-in/check-code",
      level: "client",
      body: { _tag: "Json", value: body },
      response: json(CodeValidBody),
      errors: codeErrors
    })
  })

  return { sendMagicLinkEmail, signInWithMagicLink, checkMagicLinkCode }
}

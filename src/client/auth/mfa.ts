/**
 * Completing a sign-in that answered `MultiFactorAuthenticationRequired` (PROTOCOL.md §9): the
 * error's `details.attempt_code` plus the six digits of the user's authenticator app.
 */
import * as Effect from "effect/Effect"
import {
  InvalidTotpCode,
  VerificationCodeAlreadyUsed,
  VerificationCodeExpired,
  VerificationCodeMaxAttemptsReached,
  VerificationCodeNotFound
} from "../../errors/catalogue.ts"
import { json } from "../../http/endpoint.ts"
import { camelize } from "../../model/camel.ts"
import { CodeSignInResponse, MfaSignInBody } from "../../wire/auth.ts"
import type { ClientContext } from "../context.ts"
import { encodeInput } from "../input.ts"

const Tokens = camelize(CodeSignInResponse)
const mfaErrors = [InvalidTotpCode, VerificationCodeNotFound, VerificationCodeExpired, VerificationCodeAlreadyUsed, VerificationCodeMaxAttemptsReached] as const

/** The multi-factor operations of StackClient. */
export const makeMfaAuth = (ctx: ClientContext) => {
  /** Signs in with the attempt code of a `MultiFactorAuthenticationRequired` error and a TOTP. */
  const signInWithMfa = Effect.fn("StackClient.signInWithMfa")(function*(attemptCode: string, totp: string) {
    // An empty answer to the authenticator prompt is an invalid code; the server is not asked.
    if (totp.trim().length === 0) return yield* InvalidTotpCode.create()
    const body = yield* encodeInput("StackClient.signInWithMfa", MfaSignInBody, { code: attemptCode, type: "totp", totp: totp.trim() })
    const tokens = yield* ctx.runtime.anonymous({
      method: "POST",
      path: "/auth/mfa/sign-in",
      level: "client",
      body: { _tag: "Json", value: body },
      response: json(Tokens),
      errors: mfaErrors
    })
    return yield* ctx.startSession(tokens, false)
  })

  return { signInWithMfa }
}

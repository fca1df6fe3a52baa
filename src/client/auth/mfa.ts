/**
 * Completing a sign-in that answered `MultiFactorAuthenticationRequired`: the
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
import { readCodeSignInTokens, writeMfaSignInBody } from "../../model/generated/readers.ts"
import { StackClientCore } from "../context.ts"
import { clientEndpoint } from "../runtime.ts"
import { writeInput } from "../write-input.ts"
import * as Create from "../../errors/create.ts"

const mfaErrors = [
  InvalidTotpCode,
  VerificationCodeNotFound,
  VerificationCodeExpired,
  VerificationCodeAlreadyUsed,
  VerificationCodeMaxAttemptsReached
] as const

/** The multi-factor operations of StackClient. */
/** Signs in with the attempt code of a `MultiFactorAuthenticationRequired` error and a TOTP. */
export const signInWithMfa = /*#__PURE__*/ Effect.fnUntraced(function*(attemptCode: string, totp: string) {
  const { runtime, startSession } = yield* StackClientCore
  // An empty answer to the authenticator prompt is an invalid code; the server is not asked.
  if (totp.trim().length === 0) return yield* Create.InvalidTotpCode()
  const body = yield* writeInput("StackClient.signInWithMfa", writeMfaSignInBody, { code: attemptCode, type: "totp", totp: totp.trim() })
  const tokens = yield* runtime.anonymous(clientEndpoint("POST", "/auth/mfa/sign-in", readCodeSignInTokens, mfaErrors, { body }))
  return yield* startSession(tokens, false)
})

/** Every operation of this module, for the StackClient object. */
export const mfaAuthOperations = { signInWithMfa }

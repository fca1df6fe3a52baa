/**
 * The end of every sign-in path: MULTI_FACTOR_AUTHENTICATION_REQUIRED for a user with TOTP,
 * else a new session and the tokens, with `is_new_user` where the path reports it.
 */
import * as Effect from "effect/Effect"
import type { MultiFactorAuthenticationRequired } from "../errors/catalogue.ts"
import { CodeSignInResponse, PasswordSignInResponse } from "../wire/auth.ts"
import { mfaRequired } from "./codes.ts"
import type { EmulatorEnv } from "./env.ts"
import * as Reply from "./reply.ts"
import type { UserRecord } from "./state.ts"
import { createAuthTokens } from "./tokens.ts"

/** How a sign-in path ends. */
export interface SignInEnd {
  readonly isNewUser: boolean
  /** Password sign-in/up and anonymous sign-up answer without `is_new_user`. */
  readonly reportNewUser: boolean
  /** The MFA sign-in itself is the second factor. */
  readonly skipMfa?: boolean
}

/** Signs `user` in, or asks for the second factor. */
export const finishSignIn = (
  env: EmulatorEnv,
  user: UserRecord,
  nowMillis: number,
  end: SignInEnd
): Effect.Effect<Reply.Reply, MultiFactorAuthenticationRequired> =>
  Effect.gen(function*() {
    if (end.skipMfa !== true && user.totpSecretBase64 !== null) {
      return yield* mfaRequired(env.store.data, { projectId: user.projectId, userId: user.id, isNewUser: end.isNewUser, nowMillis })
    }
    const tokens = yield* createAuthTokens(env, user, nowMillis)
    const base = { access_token: tokens.accessToken, refresh_token: tokens.refreshToken, user_id: user.id }
    return end.reportNewUser
      ? yield* Reply.json(CodeSignInResponse, { ...base, is_new_user: end.isNewUser })
      : yield* Reply.json(PasswordSignInResponse, base)
  })

/**
 * The end user's country as the service reads it from the request (`x-vercel-ip-country`, set by
 * its hosting in front of it): two letters, upper-case, else unknown.
 */
export const requestCountry = (headers: Headers): string | null => {
  const value = headers.get("x-vercel-ip-country")?.trim().toUpperCase() ?? ""
  return /^[A-Z]{2}$/.test(value) ? value : null
}

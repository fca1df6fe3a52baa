/**
 * The session an anonymous user signs up from. Like the official SDK, sign-up paths (password
 * sign-up, magic-link sign-in) send the current session so the service upgrades an anonymous user
 * in place (same id, metadata and teams) instead of creating another; a regular user's session is
 * not sent, so signing up while signed in still creates a new account as before.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import { noTokens, type UserTokens } from "../../http/access.ts"
import { readPayload } from "../../session/jwt.ts"
import type { SessionService } from "../../session/session.ts"

/** Whether an access token's payload says its user is anonymous (`is_anonymous: true`). */
const isAnonymousToken = (token: string): boolean =>
  Option.match(readPayload(token), {
    onNone: () => false,
    onSome: (payload) => typeof payload === "object" && payload !== null && Reflect.get(payload, "is_anonymous") === true
  })

/**
 * The tokens of the current session when its user is anonymous (refreshed first if needed), else
 * none. A session that cannot be refreshed is treated as none: the sign-up then makes a new user.
 */
export const anonymousCallerTokens = (session: SessionService): Effect.Effect<UserTokens> =>
  session.tokens.pipe(
    Effect.map((tokens) =>
      Option.match(tokens.accessToken, {
        onNone: () => noTokens,
        onSome: (token) => isAnonymousToken(Redacted.value(token)) ? tokens : noTokens
      })
    ),
    Effect.orElseSucceed(() => noTokens)
  )

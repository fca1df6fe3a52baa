/**
 * A verifier that remembers the tokens it has verified, so a client calling again with the same
 * access token (the usual case: one token serves for minutes) costs a map lookup instead of an ES256
 * signature check. Only successes are kept, keyed by the whole token (signature included: a forged
 * token never matches a verified one) and the accepted user kinds; a kept token is used only until
 * its `exp` plus the clock tolerance, after which the real verifier decides (and says
 * `ExpiredAccessToken`). What stateless verification cannot see (a revoked session) it cannot see
 * either; nothing else changes.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import type { AccessTokenVerifierService, VerifiedAccessToken } from "../server/verify-token.ts"

/** How many verified tokens are kept by default (the oldest go first). */
export const defaultVerifiedTokenCapacity = 10_000

/** `verifier` with a memory of its successes (see the module comment). */
export const rememberVerifiedTokens = (
  verifier: AccessTokenVerifierService,
  options: { readonly capacity?: number | undefined; readonly clockToleranceMillis?: number | undefined } = {}
): AccessTokenVerifierService => {
  const capacity = options.capacity ?? defaultVerifiedTokenCapacity
  const tolerance = options.clockToleranceMillis ?? 30_000
  const verified = new Map<string, VerifiedAccessToken>()
  return {
    verify: (token, verifyOptions) => {
      const raw = Redacted.isRedacted(token) ? Redacted.value(token) : token
      const key = `${verifyOptions?.allowAnonymous === true ? "a" : "-"}${verifyOptions?.allowRestricted === true ? "r" : "-"}${raw}`
      return Effect.flatMap(Clock.currentTimeMillis, (now) => {
        const known = verified.get(key)
        if (known !== undefined && now <= known.expiresAtMillis + tolerance) return Effect.succeed(known)
        if (known !== undefined) verified.delete(key)
        return Effect.tap(verifier.verify(raw, verifyOptions), (claims) =>
          Effect.sync(() => {
            if (verified.size >= capacity) {
              const oldest = verified.keys().next()
              if (oldest.done !== true) verified.delete(oldest.value)
            }
            verified.set(key, claims)
          }))
      })
    }
  }
}

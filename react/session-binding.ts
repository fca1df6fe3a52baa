/**
 * The cache bound to the session: user-scoped answers never outlive the session they were read under.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import { TokenStore } from "../src/session/token-store.ts"
import { isProjectScoped, type QueryCache } from "./cache.ts"

/** Which session the tokens belong to: the refresh token (an access-token refresh keeps the session). */
const sessionOf = (tokens: { readonly refreshToken: Option.Option<Redacted.Redacted<string>> }) =>
  Option.getOrUndefined(Option.map(tokens.refreshToken, Redacted.value))

/**
 * Ties the cache to the token store, if the layer has one: when the session changes (sign-in or
 * sign-out in this tab or another, a refresh finding the token revoked), every user-scoped entry
 * forgets the old session's answers and the ones on screen refetch. Returns the unsubscribe.
 */
export const bindCacheToSession = <R>(cache: QueryCache<R>) =>
  Effect.gen(function*() {
    const store = yield* Effect.serviceOption(TokenStore)
    if (Option.isNone(store)) return Effect.void
    let session = sessionOf(yield* store.value.get)
    return yield* store.value.subscribe((tokens) => {
      const next = sessionOf(tokens)
      if (next === session) return
      session = next
      void cache.resetSession((key) => !isProjectScoped(key))
    })
  })

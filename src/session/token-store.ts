/**
 * Where a session's tokens live. The memory store is the default; the browser adds a cookie store and
 * the server a request-bound one. Every store is a Layer, so apps and tests choose.
 *
 * Watching is a plain listener (`subscribe`), not a Stream, so a browser bundle that never watches
 * carries no Stream machinery; `tokenChanges` (token-changes.ts) turns it into a Stream.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { noTokens, type UserTokens } from "../http/access.ts"

/** The TokenStore service: read, write and watch a session's tokens. */
export class TokenStore extends Context.Service<TokenStore, {
  readonly get: Effect.Effect<UserTokens>
  readonly set: (tokens: UserTokens) => Effect.Effect<void>
  readonly clear: Effect.Effect<void>
  /** Calls `listener` after every change; the returned effect unsubscribes. */
  readonly subscribe: (listener: (tokens: UserTokens) => void) => Effect.Effect<Effect.Effect<void>>
}>()("stackfx/TokenStore") {}

/** A TokenStore kept in memory, starting from `initial` (default: signed out). */
export const makeMemoryTokenStore = (initial: UserTokens = noTokens): Effect.Effect<TokenStore["Service"]> =>
  Effect.sync(() => {
    let current = initial
    const listeners = new Set<(tokens: UserTokens) => void>()
    const set = (tokens: UserTokens) =>
      Effect.sync(() => {
        current = tokens
        for (const listener of listeners) listener(tokens)
      })
    return TokenStore.of({
      get: Effect.sync(() => current),
      set,
      clear: set(noTokens),
      subscribe: (listener) =>
        Effect.sync(() => {
          listeners.add(listener)
          return Effect.sync(() => {
            listeners.delete(listener)
          })
        })
    })
  })

/** The memory TokenStore as a Layer. */
export const layerMemoryTokenStore = (initial: UserTokens = noTokens): Layer.Layer<TokenStore> =>
  Layer.effect(TokenStore, makeMemoryTokenStore(initial))

/**
 * Where a session's tokens live. The memory store is the default; the browser adds a cookie store and
 * the server a request-bound one. Every store is a Layer, so apps and tests choose.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { noTokens, type UserTokens } from "../http/access.ts"

/** The TokenStore service: read, write and watch a session's tokens. */
export class TokenStore extends Context.Service<TokenStore, {
  readonly get: Effect.Effect<UserTokens>
  readonly set: (tokens: UserTokens) => Effect.Effect<void>
  readonly clear: Effect.Effect<void>
  /** Every change of the stored tokens, starting with the current value. */
  readonly changes: Stream.Stream<UserTokens>
}>()("stackfx/TokenStore") {}

/** A TokenStore kept in memory, starting from `initial` (default: signed out). */
export const makeMemoryTokenStore = (initial: UserTokens = noTokens): Effect.Effect<TokenStore["Service"]> =>
  Effect.map(SubscriptionRef.make(initial), (ref) =>
    TokenStore.of({
      get: SubscriptionRef.get(ref),
      set: (tokens) => SubscriptionRef.set(ref, tokens),
      clear: SubscriptionRef.set(ref, noTokens),
      changes: SubscriptionRef.changes(ref)
    }))

/** The memory TokenStore as a Layer. */
export const layerMemoryTokenStore = (initial: UserTokens = noTokens): Layer.Layer<TokenStore> =>
  Layer.effect(TokenStore, makeMemoryTokenStore(initial))

/** A TokenStore's changes as a Stream: the current tokens first, then every change. */
import * as Effect from "effect/Effect"
import * as Queue from "effect/Queue"
import * as Stream from "effect/Stream"
import type { UserTokens } from "../http/access.ts"
import type { TokenStore } from "./token-store.ts"

/** Every value of the store's tokens, starting with the current one, until the stream is interrupted. */
export const tokenChanges = (store: TokenStore["Service"]): Stream.Stream<UserTokens> =>
  Stream.callback<UserTokens>((queue) =>
    Effect.gen(function*() {
      const unsubscribe = yield* store.subscribe((tokens) => {
        Queue.offerUnsafe(queue, tokens)
      })
      yield* Effect.addFinalizer(() => unsubscribe)
      Queue.offerUnsafe(queue, yield* store.get)
    })
  )

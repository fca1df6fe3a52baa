/**
 * What a `StackProvider` runs on: one `ManagedRuntime` built from the app's layer (lazily, on the
 * first effect) and the query cache the hooks share. The provider makes one itself; a server
 * render makes one per request with {@link makeStackStore}, renders, dehydrates and disposes it.
 */
import type * as Clock from "effect/Clock"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { makeQueryCache, type QueryCache } from "./cache.ts"
import type { Hydration } from "./hydration.ts"

/** A runtime and its cache. */
export interface StackStore<R> {
  readonly runtime: ManagedRuntime.ManagedRuntime<R, never>
  readonly cache: QueryCache<R>
  /** Releases the layer's resources (the cookie poll, open connections). */
  readonly dispose: () => Promise<void>
}

/** Options of {@link makeStackStore}. */
export interface StackStoreOptions {
  /** How long an answer serves repeated requests for the same call (default 300 ms). */
  readonly throttleMillis?: number | undefined
  /** The Clock the cache's throttle reads (default: the live clock). */
  readonly clock?: Clock.Clock | undefined
  /** A server render's answers (`readHydration(...)`), put in the new cache before anything reads it. */
  readonly hydration?: Hydration | undefined
}

/**
 * Makes a runtime and cache for `layer`. Nothing is built until the first effect runs.
 *
 * @example
 * const store = makeStackStore(layerServerRender({ projectId, publishableClientKey, request }))
 */
export const makeStackStore = <R, E>(layer: Layer.Layer<R, E>, options: StackStoreOptions = {}): StackStore<R> => {
  const runtime = ManagedRuntime.make(Layer.orDie(layer))
  const cache = makeQueryCache<R>({
    run: (effect) => runtime.runPromiseExit(effect),
    throttleMillis: options.throttleMillis,
    clock: options.clock
  })
  options.hydration?.seed(cache as QueryCache<never>)
  let disposed: Promise<void> | undefined
  return {
    runtime,
    cache,
    dispose: () => {
      disposed ??= runtime.dispose()
      return disposed
    }
  }
}

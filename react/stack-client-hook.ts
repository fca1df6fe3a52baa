/**
 * `useStackClient()`: every stackfx client operation bound to the provider's runtime, for event
 * handlers. Each returns a Promise of its `Exit` (never rejects: the typed error is in the Exit) and,
 * on success, refreshes the queries the operation makes stale, as `useStackMutation` does.
 */
import type * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { useMemo } from "react"
import { clientOperations } from "../src/client/index.ts"
import { keyHasName, type QueryCache } from "./cache.ts"
import { invalidationsOf } from "./invalidations.ts"
import { type StackReactContext, useStackContext } from "./provider.ts"

type Operations = typeof clientOperations

/** An operation as `useStackClient()` gives it: same arguments, a Promise of the Exit. */
export type BoundOperation<F> = F extends (...args: infer Args) => Effect.Effect<infer A, infer E, infer _R>
  ? (...args: Args) => Promise<Exit.Exit<A, E>>
  : never

/** What `useStackClient()` returns. */
export type StackClientHandle = { readonly [K in keyof Operations]: BoundOperation<Operations[K]> } & {
  /** Runs any effect needing the provider's services (no invalidation). */
  readonly run: <A, E>(effect: Effect.Effect<A, E, never>) => Promise<Exit.Exit<A, E>>
}

const bind = <R>(context: StackReactContext<R>): StackClientHandle => {
  const { cache, runtime } = context
  const wrap = (operation: (...args: ReadonlyArray<unknown>) => Effect.Effect<unknown, unknown, unknown>) => {
    const stale = invalidationsOf(operation)
    return async (...args: ReadonlyArray<unknown>) => {
      const exit = await runtime.runPromiseExit(operation(...args) as Effect.Effect<unknown, unknown, R>)
      if (Exit.isSuccess(exit) && stale.length > 0) await invalidateNames(cache, stale)
      return exit
    }
  }
  const bound: Record<string, unknown> = { run: (effect: Effect.Effect<unknown, unknown, R>) => runtime.runPromiseExit(effect) }
  for (const [name, operation] of Object.entries(clientOperations)) {
    bound[name] = wrap(operation as (...args: ReadonlyArray<unknown>) => Effect.Effect<unknown, unknown, unknown>)
  }
  // Built from `clientOperations` key by key: the mapped type above is exactly this object's shape.
  return bound as StackClientHandle
}

const invalidateNames = <R>(cache: QueryCache<R>, names: ReadonlyArray<string>) =>
  cache.invalidate((key) => names.some((name) => keyHasName(key, name)))

/**
 * Every client operation bound to the provider's runtime.
 *
 * @example
 * const stack = useStackClient()
 * <button onClick={async () => { const exit = await stack.updateUser({ displayName }) }}>
 */
export const useStackClient = (): StackClientHandle => {
  const context = useStackContext<unknown>()
  return useMemo(() => bind(context), [context])
}

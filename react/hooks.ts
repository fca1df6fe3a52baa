/**
 * Hooks that run stackfx effects through the provider's runtime and cache. Queries are keyed by call
 * and arguments (`queryKey`): components asking for the same key share one run and one answer.
 */
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Option from "effect/Option"
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react"
import { getUser, type getUserOrFail, type StackClientCore, UserNotSignedIn } from "../src/client/index.ts"
import { redirectSignedOut } from "../src/client/redirects.ts"
import type { Navigation } from "../src/urls/navigation.ts"
import { keyHasName, type QueryState, queryKey } from "./cache.ts"
import { invalidationsOf } from "./invalidations.ts"
import { useStackContext } from "./provider.ts"

/** What a non-suspending query gives a component. */
export interface QueryResult<A, E> extends QueryState<A, E> {
  /** True until the first answer. */
  readonly loading: boolean
  /** Runs the query again now (no throttle). */
  readonly refetch: () => Promise<void>
}

const useEntry = <A, E>(key: string): QueryState<A, E> => {
  const { cache } = useStackContext<unknown>()
  const read = () => cache.read<A, E>(key)
  // The same snapshot on the server: a server render reads the cache its suspended reads filled.
  return useSyncExternalStore(
    useCallback((listener: () => void) => cache.subscribe(key, listener), [cache, key]),
    read,
    read
  )
}

/**
 * Runs `effect` for `key` when the component shows and gives `{ data, error, loading }`; never
 * suspends. `effect` is read when a run starts, so it may be a new object on every render.
 *
 * @example
 * const teams = useStackQuery(queryKey("listTeams"), listTeams())
 */
export const useStackQuery = <A, E, R>(key: string, effect: Effect.Effect<A, E, R>): QueryResult<A, E> => {
  const { cache } = useStackContext<R>()
  const state = useEntry<A, E>(key)
  // The effect a run starts with is the last committed render's: written after commit (a render
  // React discards must not change what a later run reads), before the effect that fetches runs.
  const latest = useRef(effect)
  useEffect(() => {
    latest.current = effect
  })
  useEffect(() => {
    void cache.fetch(key, latest.current)
  }, [cache, key])
  const refetch = useCallback(() => cache.fetch(key, latest.current, true), [cache, key])
  return { ...state, loading: state.status === "idle" || state.status === "loading", refetch }
}

/**
 * Like {@link useStackQuery} but suspends until the first answer and throws a failure to the
 * nearest error boundary: the component only ever sees data.
 */
export const useStackSuspenseQuery = <A, E, R>(key: string, effect: Effect.Effect<A, E, R>): A => {
  const { cache } = useStackContext<R>()
  const state = useEntry<A, E>(key)
  if (state.status === "success" || (state.status === "failure" && state.refreshing)) return state.data as A
  if (state.status === "failure") throw state.error
  // Suspense's contract with a data source: the render that has no answer starts the key's one run
  // (or joins the run in flight) in the cache and waits for it. The run belongs to the cache, keyed,
  // not to this render: a render React discards and the retry that follows share it, and it fills the
  // entry whoever reads it next. Nothing of this component's own state changes here.
  throw cache.fetch(key, effect)
}

/** Keys that a mutation makes stale: names given to `queryKey` (every argument list), or a predicate. */
export type Invalidates = ReadonlyArray<string> | ((key: string) => boolean)

/** What {@link useStackMutation} gives a component. */
export interface MutationResult<Args extends ReadonlyArray<unknown>, A, E> {
  /** Runs the mutation; resolves to its Exit (never rejects), after the invalidated queries refetched. */
  readonly run: (...args: Args) => Promise<Exit.Exit<A, E>>
  readonly pending: boolean
  /** The last run's failure, cleared by the next run. */
  readonly error: E | undefined
}

/**
 * Wraps an effect-returning function as a mutation; on success the queries it makes stale are marked
 * stale and the ones on screen refetched. stackfx's own operations know theirs; app operations pass
 * `invalidates`.
 *
 * @example
 * const signIn = useStackMutation(signInWithPassword)
 * <button onClick={() => signIn.run({ email, password })}>
 */
export const useStackMutation = <Args extends ReadonlyArray<unknown>, A, E, R>(
  mutation: (...args: Args) => Effect.Effect<A, E, R>,
  options: { readonly invalidates?: Invalidates } = {}
): MutationResult<Args, A, E> => useMutationInvalidating(mutation, options.invalidates ?? invalidationsOf(mutation))

/** No query made stale: for the kit's mutations that only send or navigate. */
export const invalidatesNothing: Invalidates = []

/**
 * {@link useStackMutation} with the stale queries given rather than looked up. The kit's components
 * use it: the lookup table (invalidations.ts) names every stackfx operation, so a page that renders
 * only the kit would otherwise carry the code of all of them (2.5 KB gz in the kit app).
 */
export const useMutationInvalidating = <Args extends ReadonlyArray<unknown>, A, E, R>(
  mutation: (...args: Args) => Effect.Effect<A, E, R>,
  invalidates: Invalidates
): MutationResult<Args, A, E> => {
  const { cache, runtime } = useStackContext<R>()
  const [state, setState] = useState<{ readonly pending: boolean; readonly error: E | undefined }>({ pending: false, error: undefined })
  const run = useCallback(async (...args: Args): Promise<Exit.Exit<A, E>> => {
    setState({ pending: true, error: undefined })
    const exit = await underWay(cache, runtime.runPromiseExit(mutation(...args)))
    if (Exit.isSuccess(exit)) {
      await cache.invalidate(typeof invalidates === "function"
        ? invalidates
        : (key) => invalidates.some((name) => keyHasName(key, name)))
    }
    const failure = Exit.isFailure(exit) ? Exit.findErrorOption(exit) : Option.none()
    setState({ pending: false, error: Option.getOrUndefined(failure) })
    return exit
  }, [cache, runtime, mutation, invalidates])
  return { run, pending: state.pending, error: state.error }
}

/** The mutations under way in each provider (keyed by its cache), for `useUser`'s redirect to wait for. */
const mutationsUnderWay = new WeakMap<object, Set<Promise<unknown>>>()
const runsIn = (cache: object) => {
  const runs = mutationsUnderWay.get(cache) ?? new Set()
  mutationsUnderWay.set(cache, runs)
  return runs
}
/** `run`, counted as under way in `cache`'s provider until it ends. */
const underWay = <A>(cache: object, run: Promise<A>): Promise<A> => {
  const runs = runsIn(cache)
  runs.add(run)
  return run.finally(() => runs.delete(run))
}

/** What `useUser` does when nobody is signed in. */
export interface UseUserOptions {
  /** `return-null` (default): null; `throw`: `UserNotSignedIn` to the error boundary; `redirect`: to the sign-in page. */
  readonly or?: "return-null" | "throw" | "redirect"
}

/** The signed-in user as `useUser` gives it. */
export type CurrentUser = Effect.Success<ReturnType<typeof getUserOrFail>>

/**
 * The signed-in user, suspending until known (the official SDK's `useUser`). Its cache key is named `"user"`:
 * mutations that sign in or out, or change the profile, invalidate `["user"]`.
 *
 * @example
 * const user = useUser({ or: "redirect" })
 */
export function useUser(options: { readonly or: "throw" | "redirect" }): CurrentUser
export function useUser(options?: UseUserOptions): CurrentUser | null
export function useUser(options: UseUserOptions = {}): CurrentUser | null {
  const mode = options.or ?? "return-null"
  const { cache } = useStackContext<StackClientCore | Navigation>()
  // Every mode reads the one entry (`GET /users/me` once for the page, whichever modes its
  // components use); what a mode does when nobody is signed in follows from it.
  const user = Option.getOrNull(useStackSuspenseQuery(userKey, getUser()))
  if (user !== null || mode === "return-null") return user
  if (mode === "throw") throw new UserNotSignedIn({ message: "User is not signed in but getUser was called with { or: 'throw' }" })
  // To the sign-in page, once for every component asking (the entry keeps its failure). A mutation
  // under way in the page may be what signed the user out (sign-out, sign out everywhere, account
  // deletion) and go on to where it means to (the after-sign-out page): the redirect waits for it,
  // and as the first navigation that leaves the page wins, it then goes nowhere.
  const redirect = cache.read<never, unknown>(redirectKey)
  if (redirect.status === "failure") throw redirect.error
  const runs = runsIn(cache)
  throw cache.fetch(redirectKey, Effect.andThen(Effect.promise(() => Promise.allSettled(runs)), redirectSignedOut()))
}

const userKey = queryKey("user", "return-null")
const redirectKey = queryKey("user", "redirect")

/**
 * The signed-in user without suspending: `{ data, error, loading, refetch }`, `data` null when
 * signed out. Shares its cache entry with `useUser()`.
 */
export const useUserState = (): QueryResult<CurrentUser | null, Effect.Error<ReturnType<typeof getUser>>> => {
  const result = useStackQuery(queryKey("user", "return-null"), getUser())
  return { ...result, data: result.data === undefined ? undefined : Option.getOrNull(result.data) }
}

/** A reading query: its cache key's name, its read, and the arguments that key it (all of them by default). */
export interface QueryDefinition<Args extends ReadonlyArray<unknown>, A, E, R> {
  readonly name: string
  readonly read: (...args: Args) => Effect.Effect<A, E, R>
  readonly keyArgs: (...args: Args) => ReadonlyArray<unknown>
}

/** A {@link QueryDefinition}; `keyArgs` defaults to every argument. */
export const query = <Args extends ReadonlyArray<unknown>, A, E, R>(
  name: string,
  read: (...args: Args) => Effect.Effect<A, E, R>,
  keyArgs: (...args: Args) => ReadonlyArray<unknown> = (...args) => args
): QueryDefinition<Args, A, E, R> => ({ name, read, keyArgs })

// The two forms are made by calls of their own (not taken from a pair) so that, marked pure, a
// bundle drops every hook it never calls: a destructured pair is code a bundler always keeps.

/** The suspending hook of `definition` (`useX`): the data, a failure thrown to the error boundary. */
export const suspendingHook = <Args extends ReadonlyArray<unknown>, A, E, R>(definition: QueryDefinition<Args, A, E, R>) =>
(...args: Args): A => useStackSuspenseQuery(queryKey(definition.name, ...definition.keyArgs(...args)), definition.read(...args))

/** The hook of `definition` that does not suspend (`useXState`): `{ data, error, loading, refetch }`. */
export const stateHook = <Args extends ReadonlyArray<unknown>, A, E, R>(definition: QueryDefinition<Args, A, E, R>) =>
(...args: Args): QueryResult<A, E> => useStackQuery(queryKey(definition.name, ...definition.keyArgs(...args)), definition.read(...args))

/**
 * A reading hook in both forms from one definition: `[useX, useXState]`. The effect is built on each
 * render (cheap: nothing runs until the cache asks).
 */
export const defineQuery = <Args extends ReadonlyArray<unknown>, A, E, R>(
  name: string,
  read: (...args: Args) => Effect.Effect<A, E, R>,
  keyArgs?: (...args: Args) => ReadonlyArray<unknown>
) => {
  const definition = query(name, read, keyArgs)
  return [suspendingHook(definition), stateHook(definition)] as const
}

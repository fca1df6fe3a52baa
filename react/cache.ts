/**
 * The query cache behind the hooks, free of React so it can be tested alone: entries keyed by call
 * and arguments, at most one run in flight per key, refetches within 300 ms of the last answer
 * served from the cache, and invalidation that refetches what is on screen.
 */
import * as Cause from "effect/Cause"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"

/** How long an answer is fresh enough to serve a new request for the same key. */
export const defaultThrottleMillis = 300

/** One cache entry as components read it. A new object after every change, the same one otherwise. */
export interface QueryState<A, E> {
  readonly status: "idle" | "loading" | "success" | "failure"
  readonly data: A | undefined
  readonly error: E | undefined
  /** A refetch is running while older data is shown. */
  readonly refreshing: boolean
}

/** Runs an effect to its Exit (the provider's runtime). */
export type EffectRunner<R> = <A, E>(effect: Effect.Effect<A, E, R>) => Promise<Exit.Exit<A, E>>

/** What makes a cache. */
export interface QueryCacheOptions<R> {
  readonly run: EffectRunner<R>
  readonly throttleMillis?: number | undefined
  /** Effect's Clock the throttle reads (default: the live one; tests pass `TestClock`'s). */
  readonly clock?: Clock.Clock | undefined
}

/** Effect's default (live) Clock. */
export const liveClock: Clock.Clock = /*#__PURE__*/ Effect.runSync(Clock.clockWith(Effect.succeed))

interface Entry {
  state: QueryState<unknown, unknown>
  /** When the last answer arrived (-Infinity: never, or invalidated). */
  answeredAt: number
  inFlight: Promise<void> | undefined
  /** A refetch waiting for the run in flight (an invalidation arrived during it). */
  queued: Promise<void> | undefined
  /** The effect that last filled the entry, to refetch it on invalidation. */
  effect: Effect.Effect<unknown, unknown, never> | undefined
  /** Bumped when the session changes: answers of runs started before are dropped. */
  generation: number
  /** The run `resetSession` started for the new session: it already reads the new state. */
  sessionRun: Promise<void> | undefined
  /** Filled by `seed` (the server's render) and not asked for since: the first fetch keeps it. */
  seeded: boolean
  readonly listeners: Set<() => void>
}

const idle: QueryState<never, never> = { status: "idle", data: undefined, error: undefined, refreshing: false }

/** A cache key: the call's name and its arguments (JSON). */
export const queryKey = (name: string, ...args: ReadonlyArray<unknown>): string => JSON.stringify([name, ...args])

/** Whether `key` was made by `queryKey(name, ...)`. */
export const keyHasName = (key: string, name: string): boolean => key.startsWith(JSON.stringify([name]).slice(0, -1))

/** The query cache. */
export interface QueryCache<R> {
  /** The entry's current state (stable between changes, for `useSyncExternalStore`). */
  readonly read: <A, E>(key: string) => QueryState<A, E>
  /** Calls `listener` after every change of `key`; returns the unsubscribe function. */
  readonly subscribe: (key: string, listener: () => void) => () => void
  /**
   * Runs `effect` for `key` unless a run is in flight (joined) or the last answer is younger than
   * the throttle (kept). `force` skips the throttle, not the in-flight check.
   */
  readonly fetch: <A, E>(key: string, effect: Effect.Effect<A, E, R>, force?: boolean) => Promise<void>
  /** Marks matching entries stale and refetches those that components are showing. */
  readonly invalidate: (matches: (key: string) => boolean) => Promise<void>
  /** Forgets every failed answer (not running), so the next render asks again: an error boundary's "Retry". */
  readonly resetFailures: () => void
  /**
   * The session changed: matching entries forget their data (shown as loading, never as the old
   * session's answer), runs in flight are disowned, and entries on screen refetch.
   */
  readonly resetSession: (matches: (key: string) => boolean) => Promise<void>
  /** Puts an answer read elsewhere (the server's render) in the cache, as fresh as one read now. */
  readonly seed: (key: string, data: unknown) => void
  /** Every key holding an answer, with it (what a server render hands to the browser). */
  readonly answers: () => ReadonlyArray<readonly [key: string, data: unknown]>
}

/** Makes a query cache running effects with `options.run`. */
export const makeQueryCache = <R>(options: QueryCacheOptions<R>): QueryCache<R> => {
  const throttleMillis = options.throttleMillis ?? defaultThrottleMillis
  const clock = options.clock ?? liveClock
  const now = () => clock.currentTimeMillisUnsafe()
  const entries = new Map<string, Entry>()

  const entryOf = (key: string): Entry => {
    const existing = entries.get(key)
    if (existing !== undefined) return existing
    const created: Entry = {
      state: idle,
      answeredAt: -Infinity,
      inFlight: undefined,
      queued: undefined,
      effect: undefined,
      generation: 0,
      sessionRun: undefined,
      seeded: false,
      listeners: new Set()
    }
    entries.set(key, created)
    return created
  }

  const notify = (entry: Entry) => {
    for (const listener of [...entry.listeners]) listener()
  }

  const update = (entry: Entry, state: QueryState<unknown, unknown>) => {
    entry.state = state
    notify(entry)
  }

  const start = (entry: Entry, effect: Effect.Effect<unknown, unknown, R>): Promise<void> => {
    const previous = entry.state
    entry.state = previous.status === "success" || previous.status === "failure"
      ? { ...previous, refreshing: true }
      : { ...idle, status: "loading" }
    // A suspending hook starts its run while it renders: telling the other components that read the
    // key then would update them during that render (React warns), so they hear of it right after.
    queueMicrotask(() => notify(entry))
    const generation = entry.generation
    const run = options.run(effect).then((exit) => {
      // Read under a session that has ended since: never shown.
      if (entry.generation !== generation) return
      entry.answeredAt = now()
      entry.inFlight = undefined
      if (Exit.isSuccess(exit)) {
        update(entry, { status: "success", data: exit.value, error: undefined, refreshing: false })
      } else {
        // A typed failure is the state's error; a defect or an interruption is shown as one too.
        const failure = Cause.findErrorOption(exit.cause)
        const error = failure._tag === "Some" ? failure.value : Cause.squash(exit.cause)
        update(entry, { status: "failure", data: previous.data, error, refreshing: false })
      }
    })
    entry.inFlight = run
    return run
  }

  return {
    read: <A, E>(key: string) => (entries.get(key)?.state ?? idle) as QueryState<A, E>,
    subscribe: (key, listener) => {
      const entry = entryOf(key)
      entry.listeners.add(listener)
      return () => {
        entry.listeners.delete(listener)
      }
    },
    fetch: (key, effect, force = false) => {
      const entry = entryOf(key)
      entry.effect = effect as Effect.Effect<unknown, unknown, never>
      if (entry.inFlight !== undefined) return entry.inFlight
      // Hydration: the answer the server rendered with is the one to show, however long hydrating took.
      const seeded = entry.seeded
      entry.seeded = false
      if (!force && (seeded || now() - entry.answeredAt < throttleMillis)) return Promise.resolve()
      return start(entry, effect)
    },
    invalidate: async (matches) => {
      const refetches: Array<Promise<void>> = []
      for (const [key, entry] of entries) {
        if (!matches(key)) continue
        entry.answeredAt = -Infinity
        entry.seeded = false
        const effect = entry.effect
        if (entry.listeners.size === 0 || effect === undefined) continue
        const pending = entry.inFlight
        if (pending === undefined) {
          refetches.push(start(entry, effect))
        } else if (pending === entry.sessionRun) {
          // Started when the session changed, which is what a sign-in or sign-out mutation ends
          // with: it reads the state after the mutation, so it answers this invalidation too.
          refetches.push(pending)
        } else {
          // The run in flight may have read the old state: one fresh run follows it, however many
          // invalidations arrive meanwhile.
          entry.queued ??= pending.then(() => {
            entry.queued = undefined
            return start(entry, effect)
          })
          refetches.push(entry.queued)
        }
      }
      await Promise.all(refetches)
    },
    resetFailures: () => {
      for (const entry of entries.values()) {
        if (entry.state.status !== "failure" || entry.inFlight !== undefined) continue
        entry.answeredAt = -Infinity
        update(entry, idle)
      }
    },
    resetSession: async (matches) => {
      const refetches: Array<Promise<void>> = []
      for (const [key, entry] of entries) {
        if (!matches(key)) continue
        entry.generation++
        entry.answeredAt = -Infinity
        entry.seeded = false
        entry.inFlight = undefined
        entry.queued = undefined
        update(entry, idle)
        const effect = entry.effect
        if (entry.listeners.size > 0 && effect !== undefined) {
          const run = start(entry, effect)
          entry.sessionRun = run
          refetches.push(run)
        }
      }
      await Promise.all(refetches)
    },
    seed: (key, data) => {
      const entry = entryOf(key)
      if (entry.inFlight !== undefined) return
      entry.answeredAt = now()
      entry.seeded = true
      update(entry, { status: "success", data, error: undefined, refreshing: false })
    },
    answers: () => {
      const found: Array<readonly [string, unknown]> = []
      for (const [key, entry] of entries) {
        if (entry.state.status === "success") found.push([key, entry.state.data])
      }
      return found
    }
  }
}

/** Keys of queries that do not depend on who is signed in (they survive a session change). */
export const isProjectScoped = (key: string): boolean => keyHasName(key, "project")

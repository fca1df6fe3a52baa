/**
 * One refresh for every tab: the session takes this lock around "read the stored tokens, refresh
 * if they are still stale", so when tabs share a token store (the browser's cookies) the first tab
 * refreshes and the others, taking the lock after it, find its fresh token. The default is no
 * lock (one process, where the session's own semaphore already makes refreshes single-flight);
 * browsers provide Web Locks (`layerWebLocksRefreshLock`).
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"

/** Runs an effect while holding the lock shared by every holder of the same token store. */
export interface RefreshLockService {
  readonly withLock: <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
}

/** The cross-tab refresh lock (default: none). */
export const RefreshLock = /*#__PURE__*/ Context.Reference<RefreshLockService>("stackfx/RefreshLock", {
  defaultValue: () => ({ withLock: (effect) => effect })
})

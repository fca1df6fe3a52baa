/**
 * The cross-tab refresh lock over the Web Locks API (`navigator.locks`): tabs of one origin take
 * turns refreshing a project's session, so 20 tabs whose access token expired together make one
 * refresh request. Where Web Locks are missing, or the lock is not granted within the timeout (a
 * tab stuck holding it), the refresh goes ahead without it: at worst a few refreshes, never a hang.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { RefreshLock, type RefreshLockService } from "../session/refresh-lock.ts"

/** How long a tab waits for another tab's refresh before refreshing itself. */
export const refreshLockTimeoutMillis = 10_000

/** The part of `LockManager` used. */
export interface LockManagerLike {
  request(name: string, options: { readonly signal: AbortSignal }, callback: () => Promise<void> | undefined): Promise<unknown>
}

const noop = () => {}

/** Takes lock `name`, resolving to its release; gives up (resolving to a no-op) after `timeoutMillis`. */
const acquire = (locks: LockManagerLike, name: string, timeoutMillis: number) =>
  Effect.callback<() => void>((resume) => {
    const controller = new AbortController()
    let settled = false
    const giveUp = () => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      controller.abort()
      resume(Effect.succeed(noop))
    }
    const timer = setTimeout(giveUp, timeoutMillis)
    locks.request(name, { signal: controller.signal }, () => {
      // Granted after giving up: let it go at once.
      if (settled) return undefined
      settled = true
      clearTimeout(timer)
      return new Promise<void>((release) => resume(Effect.succeed(() => release())))
    }).catch(giveUp)
  })

/** A refresh lock named `name` over `locks` (default `navigator.locks`; none: no lock). */
export const makeWebLocksRefreshLock = (
  name: string,
  options: { readonly locks?: LockManagerLike | undefined; readonly timeoutMillis?: number | undefined } = {}
): RefreshLockService => ({
  withLock: (effect) => {
    const locks = options.locks ?? (globalThis.navigator as { readonly locks?: LockManagerLike } | undefined)?.locks
    if (locks === undefined) return effect
    return Effect.acquireUseRelease(
      acquire(locks, name, options.timeoutMillis ?? refreshLockTimeoutMillis),
      () => effect,
      (release) => Effect.sync(release)
    )
  }
})

/** The Web Locks refresh lock of `projectId`'s session, as a layer. */
export const layerWebLocksRefreshLock = (projectId: string): Layer.Layer<never> =>
  Layer.succeed(RefreshLock, makeWebLocksRefreshLock(`stackfx-refresh-${projectId}`))

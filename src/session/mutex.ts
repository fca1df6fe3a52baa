/**
 * A lock for one fiber at a time: what a session needs of a one-permit `Semaphore`, in a fraction of
 * its code (the Semaphore module alone was 0.4 KB gzipped of a browser app's first load).
 */
import * as Effect from "effect/Effect"

/** Runs effects one at a time. */
export interface Mutex {
  /** `effect`, once no other effect of this lock runs; the lock is freed however it ends. */
  readonly withLock: <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
}

/** A caller of `withLock`: woken (its turn came) until it takes the lock or waits again. */
interface Waiter {
  woken: boolean
  resume: () => void
}

/**
 * A new, free lock. Freeing it wakes the longest waiting caller, which takes the lock when it runs
 * (or waits again, at the back, if another fiber took it first). A caller that ends woken but
 * without the lock (interrupted meanwhile) passes its turn on, so the others never wait forever.
 */
export const makeMutex = (): Mutex => {
  let held = false
  const waiters: Array<Waiter> = []
  const wakeNext = () => {
    const next = waiters.shift()
    if (next === undefined) return
    next.woken = true
    next.resume()
  }
  const free = Effect.sync(() => {
    held = false
    wakeNext()
  })
  return {
    withLock: (effect) =>
      Effect.uninterruptibleMask((restore) => {
        const waiter: Waiter = { woken: false, resume: () => {} }
        const turn = Effect.callback<void>((resume) => {
          waiter.woken = false
          waiter.resume = () => resume(Effect.void)
          waiters.push(waiter)
        })
        // Taking the lock and arranging its release happen in one uninterruptible step; only the
        // wait and the effect itself can be interrupted.
        const attempt: typeof effect = Effect.suspend(() => {
          if (!held) {
            held = true
            waiter.woken = false
            return Effect.ensuring(restore(effect), free)
          }
          return Effect.flatMap(restore(turn), () => attempt)
        })
        return Effect.ensuring(
          attempt,
          Effect.sync(() => {
            const index = waiters.indexOf(waiter)
            if (index !== -1) waiters.splice(index, 1)
            if (waiter.woken && !held) wakeNext()
          })
        )
      })
  }
}

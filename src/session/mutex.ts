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

/**
 * A new, free lock. A freed lock wakes every waiter and the first to run takes it, the others wait
 * again; so a waiter interrupted after its wake-up can never leave the rest waiting forever.
 */
export const makeMutex = (): Mutex => {
  let held = false
  const waiters = new Set<() => void>()
  const free = Effect.sync(() => {
    held = false
    const woken = [...waiters]
    waiters.clear()
    for (const wake of woken) wake()
  })
  const released = Effect.callback<void>((resume) => {
    const wake = () => resume(Effect.void)
    waiters.add(wake)
    return Effect.sync(() => {
      waiters.delete(wake)
    })
  })
  return {
    withLock: (effect) =>
      Effect.uninterruptibleMask((restore) => {
        // Taking the lock and arranging its release happen in one uninterruptible step; only the
        // wait and the effect itself can be interrupted.
        const attempt: typeof effect = Effect.suspend(() => {
          if (!held) {
            held = true
            return Effect.ensuring(restore(effect), free)
          }
          return Effect.flatMap(restore(released), () => attempt)
        })
        return attempt
      })
  }
}

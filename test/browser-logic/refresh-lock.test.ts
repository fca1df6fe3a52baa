/**
 * The Web Locks refresh lock: holders take turns; a lock never granted (another tab stuck) is given
 * up after the timeout and the refresh runs anyway; without Web Locks the effect simply runs.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { type LockManagerLike, makeWebLocksRefreshLock } from "../../src/browser/refresh-lock.ts"

/** An in-memory LockManager granting one holder at a time, in order of request. */
const fairLocks = (): LockManagerLike => {
  let tail: Promise<void> = Promise.resolve()
  return {
    request: (_name, options, callback) => {
      const turn = tail.then(() => (options.signal.aborted ? undefined : callback()))
      tail = turn.then(() => undefined, () => undefined)
      return turn
    }
  }
}

describe("Web Locks refresh lock", () => {
  it.live("holders run one at a time", () =>
    Effect.gen(function*() {
      const lock = makeWebLocksRefreshLock("test", { locks: fairLocks() })
      let inside = 0
      let most = 0
      const critical = Effect.gen(function*() {
        inside++
        most = Math.max(most, inside)
        yield* Effect.sleep(20)
        inside--
      })
      yield* Effect.all(Array.from({ length: 5 }, () => lock.withLock(critical)), { concurrency: "unbounded" })
      assert.strictEqual(most, 1)
    }))

  it.live("a lock that is never granted is given up after the timeout, and the effect runs", () =>
    Effect.gen(function*() {
      const stuck: LockManagerLike = { request: () => new Promise<never>(() => {}) }
      const lock = makeWebLocksRefreshLock("test", { locks: stuck, timeoutMillis: 50 })
      const started = Date.now()
      assert.strictEqual(yield* lock.withLock(Effect.succeed("ran")), "ran")
      assert.isAtLeast(Date.now() - started, 45)
    }))

  it.live("a lock request that fails (no permission, aborted) runs the effect without it", () =>
    Effect.gen(function*() {
      const failing: LockManagerLike = { request: () => Promise.reject(new Error("SecurityError")) }
      const lock = makeWebLocksRefreshLock("test", { locks: failing })
      assert.strictEqual(yield* lock.withLock(Effect.succeed("ran")), "ran")
    }))
})

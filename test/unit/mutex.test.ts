/**
 * The session's lock runs one effect at a time, in the order callers came, frees itself however the
 * effect ends, and a waiter interrupted while waiting (or right after being woken) never leaves the
 * others waiting.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import { makeMutex } from "../../src/session/mutex.ts"

describe("makeMutex", () => {
  it.effect("runs one effect at a time", () =>
    Effect.gen(function*() {
      const mutex = makeMutex()
      let running = 0
      let most = 0
      const task = mutex.withLock(Effect.gen(function*() {
        running++
        most = Math.max(most, running)
        yield* Effect.yieldNow
        yield* Effect.yieldNow
        running--
      }))
      yield* Effect.all(Array.from({ length: 8 }, () => task), { concurrency: "unbounded" })
      assert.strictEqual(most, 1)
      assert.strictEqual(running, 0)
    }))

  it.effect("waiters take the lock in the order they came", () =>
    Effect.gen(function*() {
      const mutex = makeMutex()
      const order: Array<number> = []
      const started = yield* Deferred.make<void>()
      const release = yield* Deferred.make<void>()
      const holder = yield* Effect.forkChild(mutex.withLock(Effect.andThen(Deferred.succeed(started, undefined), Deferred.await(release))))
      yield* Deferred.await(started)
      const waiting = yield* Effect.forEach(Array.from({ length: 50 }, (_, index) => index), (index) =>
        Effect.andThen(
          Effect.forkChild(mutex.withLock(Effect.sync(() => {
            order.push(index)
          }))),
          (fiber) => Effect.as(Effect.yieldNow, fiber)
        ))
      yield* Deferred.succeed(release, undefined)
      yield* Fiber.join(holder)
      yield* Effect.forEach(waiting, Fiber.join)
      assert.deepStrictEqual(order, Array.from({ length: 50 }, (_, index) => index))
    }))

  it.effect("is freed after a failure, a defect and an interruption", () =>
    Effect.gen(function*() {
      const mutex = makeMutex()
      const failed = yield* Effect.flip(mutex.withLock(Effect.fail("boom")))
      assert.strictEqual(failed, "boom")
      yield* Effect.exit(mutex.withLock(Effect.die("defect")))
      const started = yield* Deferred.make<void>()
      const holder = yield* Effect.forkChild(mutex.withLock(Effect.andThen(Deferred.succeed(started, undefined), Effect.never)))
      yield* Deferred.await(started)
      yield* Fiber.interrupt(holder)
      assert.strictEqual(yield* mutex.withLock(Effect.succeed("after")), "after")
    }))

  it.effect("an interrupted waiter neither takes the lock nor blocks the next one", () =>
    Effect.gen(function*() {
      const mutex = makeMutex()
      const release = yield* Deferred.make<void>()
      const started = yield* Deferred.make<void>()
      const holder = yield* Effect.forkChild(mutex.withLock(Effect.andThen(Deferred.succeed(started, undefined), Deferred.await(release))))
      yield* Deferred.await(started)
      let ranInterrupted = false
      const interrupted = yield* Effect.forkChild(mutex.withLock(Effect.sync(() => {
        ranInterrupted = true
      })))
      const next = yield* Effect.forkChild(mutex.withLock(Effect.succeed("next")))
      yield* Effect.yieldNow
      yield* Fiber.interrupt(interrupted)
      yield* Deferred.succeed(release, undefined)
      yield* Fiber.join(holder)
      assert.strictEqual(yield* Fiber.join(next), "next")
      assert.isFalse(ranInterrupted)
    }))

  it.effect("a waiter interrupted just as it is woken leaves the lock free for the others", () =>
    Effect.gen(function*() {
      const mutex = makeMutex()
      const started = yield* Deferred.make<void>()
      const release = yield* Deferred.make<void>()
      const holder = yield* Effect.forkChild(mutex.withLock(Effect.andThen(Deferred.succeed(started, undefined), Deferred.await(release))))
      yield* Deferred.await(started)
      const first = yield* Effect.forkChild(mutex.withLock(Effect.void))
      const second = yield* Effect.forkChild(mutex.withLock(Effect.succeed("second")))
      yield* Effect.yieldNow
      // Free the lock and interrupt the first waiter in the same step, before it runs again.
      yield* Effect.andThen(Deferred.succeed(release, undefined), Fiber.interrupt(first))
      yield* Fiber.join(holder)
      assert.strictEqual(yield* Fiber.join(second), "second")
    }))
})

/**
 * The default retry schedule, written as one step, does exactly what the design card's composition
 * `Schedule.max([Schedule.exponential("1000 millis", 2), Schedule.recurs(4)])` does: the same waits,
 * the same outputs, done after the same step; and so does its jittered form's count of attempts.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Schedule from "effect/Schedule"
import { TestClock } from "effect/testing"
import { jitteredRetrySchedule, networkRetrySchedule } from "../../src/http/retry.ts"

const designCard: Schedule.Schedule<unknown, unknown> = Schedule.max([
  Schedule.exponential("1000 millis", 2),
  Schedule.recurs(4)
])

/** Every step of `schedule` until it is done (at most 10): its output and wait, or what it ended with. */
const steps = (schedule: Schedule.Schedule<unknown, unknown>) =>
  Effect.gen(function*() {
    const step = yield* Schedule.toStep(schedule)
    const seen: Array<string> = []
    for (let index = 0; index < 10; index++) {
      const exit = yield* Effect.exit(step(index * 1000, "failure"))
      if (Exit.isSuccess(exit)) {
        const [output, wait] = exit.value
        seen.push(`continue ${Duration.toMillis(output as Duration.Duration)} ${Duration.toMillis(wait)}`)
      } else {
        seen.push(`done ${String(exit.cause)}`)
        break
      }
    }
    return seen
  })

/** The moments (ms after the first) at which a call that always fails is tried under `schedule`. */
const attemptTimes = (schedule: Schedule.Schedule<unknown, unknown>) =>
  Effect.gen(function*() {
    const times: Array<number> = []
    const fiber = yield* Effect.forkChild(Effect.exit(Effect.retry(
      Effect.flatMap(Clock.currentTimeMillis, (now) => {
        times.push(now)
        return Effect.fail("refused")
      }),
      schedule
    )))
    for (let second = 0; second < 40; second++) yield* TestClock.adjust("1 second")
    yield* Fiber.await(fiber)
    return times.map((time) => time - (times[0] ?? 0))
  })

describe("networkRetrySchedule", () => {
  it.effect("steps exactly as the design card's composition", () =>
    Effect.gen(function*() {
      const expected = yield* steps(designCard)
      assert.deepStrictEqual(yield* steps(networkRetrySchedule), expected)
      assert.deepStrictEqual(expected.slice(0, 4), ["continue 1000 1000", "continue 2000 2000", "continue 4000 4000", "continue 8000 8000"])
      assert.strictEqual(expected.length, 5)
    }))

  it.effect("tries 5 times, at 0, 1, 3, 7 and 15 s, as the composition does", () =>
    Effect.gen(function*() {
      const times = yield* attemptTimes(networkRetrySchedule)
      assert.deepStrictEqual(times, [0, 1000, 3000, 7000, 15000])
      assert.deepStrictEqual(yield* attemptTimes(designCard), times)
    }))

  it.effect("each run starts counting afresh", () =>
    Effect.gen(function*() {
      assert.deepStrictEqual(yield* attemptTimes(networkRetrySchedule), [0, 1000, 3000, 7000, 15000])
      assert.deepStrictEqual(yield* attemptTimes(networkRetrySchedule), [0, 1000, 3000, 7000, 15000])
    }))

  it.effect("jittered, it still makes 5 attempts", () =>
    Effect.gen(function*() {
      assert.strictEqual((yield* attemptTimes(jitteredRetrySchedule)).length, 5)
    }))
})

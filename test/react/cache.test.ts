/**
 * The query cache behind stackfx/react: one run per key at a time, answers reused for 300 ms,
 * failures kept as typed errors, invalidation refetching what is shown. Time is Effect's TestClock:
 * the cache reads the Clock it is given, never `Date.now`.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Scope from "effect/Scope"
import * as TestClock from "effect/testing/TestClock"
import { keyHasName, makeQueryCache, queryKey } from "../../react/cache.ts"

/** A cache on a clock the test moves, and an effect that counts its runs and waits to be released. */
const setup = () => {
  const clock = Effect.runSync(TestClock.make().pipe(Scope.provide(Effect.runSync(Scope.make()))))
  const cache = makeQueryCache<never>({ run: Effect.runPromiseExit, clock })
  let runs = 0
  const gates: Array<() => void> = []
  const counted = <A>(value: A) =>
    Effect.callback<A>((resume) => {
      runs++
      gates.push(() => resume(Effect.succeed(value)))
    })
  const releaseAll = async () => {
    for (const open of gates.splice(0)) open()
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
  return {
    cache,
    counted,
    releaseAll,
    runs: () => runs,
    advance: (millis: number) => Effect.runPromise(clock.adjust(millis))
  }
}

describe("query cache", () => {
  it("concurrent requests for one key share a single run", async () => {
    const t = setup()
    const key = queryKey("listTeams")
    const first = t.cache.fetch(key, t.counted(["a"]))
    const second = t.cache.fetch(key, t.counted(["b"]))
    assert.strictEqual(t.cache.read(key).status, "loading")
    await t.releaseAll()
    await Promise.all([first, second])
    assert.strictEqual(t.runs(), 1)
    assert.deepStrictEqual(t.cache.read(key).data, ["a"])
  })

  it("an answer serves new requests for 300 ms; after that the key runs again", async () => {
    const t = setup()
    const key = queryKey("user", "return-null")
    const done = t.cache.fetch(key, t.counted(1))
    await t.releaseAll()
    await done
    await t.advance(299)
    await t.cache.fetch(key, t.counted(2))
    assert.strictEqual(t.runs(), 1)
    await t.advance(1)
    const again = t.cache.fetch(key, t.counted(3))
    // The old data stays on screen while the refetch runs.
    assert.deepInclude(t.cache.read(key), { status: "success", data: 1, refreshing: true })
    await t.releaseAll()
    await again
    assert.strictEqual(t.runs(), 2)
    assert.deepInclude(t.cache.read(key), { status: "success", data: 3, refreshing: false })
  })

  it("force skips the throttle but still joins a run in flight", async () => {
    const t = setup()
    const key = queryKey("listTeams")
    await Promise.all([t.cache.fetch(key, t.counted(1)), t.releaseAll()])
    const forced = t.cache.fetch(key, t.counted(2), true)
    const joined = t.cache.fetch(key, t.counted(3), true)
    await t.releaseAll()
    await Promise.all([forced, joined])
    assert.strictEqual(t.runs(), 2)
    assert.strictEqual(t.cache.read(key).data, 2)
  })

  it("a typed failure is the entry's error, and a defect is kept as an error rather than thrown", async () => {
    const t = setup()
    class Boom {
      readonly _tag = "Boom"
    }
    await t.cache.fetch(queryKey("failing"), Effect.fail(new Boom()))
    const failed = t.cache.read<never, Boom>(queryKey("failing"))
    assert.strictEqual(failed.status, "failure")
    assert.instanceOf(failed.error, Boom)
    await t.cache.fetch(queryKey("dying"), Effect.die(new Error("bug")))
    const died = t.cache.read<never, Error>(queryKey("dying"))
    assert.strictEqual(died.status, "failure")
    assert.strictEqual(died.error?.message, "bug")
  })

  it("listeners hear every change, and each change is a new state object", async () => {
    const t = setup()
    const key = queryKey("listTeams")
    const seen: Array<unknown> = []
    const unsubscribe = t.cache.subscribe(key, () => seen.push(t.cache.read(key)))
    const before = t.cache.read(key)
    assert.strictEqual(t.cache.read(key), before)
    const done = t.cache.fetch(key, t.counted("x"))
    await t.releaseAll()
    await done
    unsubscribe()
    assert.deepStrictEqual(seen.map((state) => (state as { status: string }).status), ["loading", "success"])
    assert.notStrictEqual(seen[0], seen[1])
  })

  it("invalidation refetches shown keys at once, leaves hidden ones stale, and queues one run behind a run in flight", async () => {
    const t = setup()
    const shown = queryKey("user", "return-null")
    const hidden = queryKey("user", "throw")
    const other = queryKey("listTeams")
    const unsubscribe = t.cache.subscribe(shown, () => {})
    await Promise.all([t.cache.fetch(shown, t.counted("ada")), t.cache.fetch(hidden, t.counted("ada")), t.cache.fetch(other, t.counted([])), t.releaseAll()])
    assert.strictEqual(t.runs(), 3)

    const invalidated = t.cache.invalidate((key) => keyHasName(key, "user"))
    assert.strictEqual(t.runs(), 4)
    await t.releaseAll()
    await invalidated
    // The hidden key is stale: its next request runs although 300 ms have not passed.
    const hiddenAgain = t.cache.fetch(hidden, t.counted("grace"))
    await t.releaseAll()
    await hiddenAgain
    assert.strictEqual(t.runs(), 5)
    await t.cache.fetch(other, t.counted(["unchanged"]))
    assert.strictEqual(t.runs(), 5)

    // Two invalidations while a run is in flight: exactly one more run, after it.
    const inFlight = t.cache.fetch(shown, t.counted("stale"), true)
    const a = t.cache.invalidate((key) => key === shown)
    const b = t.cache.invalidate((key) => key === shown)
    assert.strictEqual(t.runs(), 6)
    await t.releaseAll()
    await inFlight
    await new Promise((resolve) => setTimeout(resolve, 0))
    assert.strictEqual(t.runs(), 7)
    await t.releaseAll()
    await Promise.all([a, b])
    assert.strictEqual(t.runs(), 7)
    unsubscribe()
  })

  it("keyHasName matches every argument list of a name and nothing else", () => {
    assert.isTrue(keyHasName(queryKey("user"), "user"))
    assert.isTrue(keyHasName(queryKey("user", "throw"), "user"))
    assert.isFalse(keyHasName(queryKey("users"), "user"))
    assert.isFalse(keyHasName(queryKey("team", "user"), "user"))
  })
})

describe("query cache clock and hydration", () => {
  it("the throttle reads the Clock it was given: real time passing does not age an answer", async () => {
    const t = setup()
    const key = queryKey("teams")
    await Promise.all([t.cache.fetch(key, t.counted(1)), t.releaseAll()])
    await new Promise((resolve) => setTimeout(resolve, 350))
    await t.cache.fetch(key, t.counted(2))
    assert.strictEqual(t.runs(), 1)
    await t.advance(300)
    const again = t.cache.fetch(key, t.counted(3))
    await t.releaseAll()
    await again
    assert.strictEqual(t.runs(), 2)
  })

  it("a seeded answer is shown at once and its first fetch makes no run, however late; invalidation ends it", async () => {
    const t = setup()
    const key = queryKey("user", "return-null")
    t.cache.seed(key, "from the server")
    assert.deepInclude(t.cache.read(key), { status: "success", data: "from the server" })
    await t.advance(5_000)
    await t.cache.fetch(key, t.counted("fetched"))
    assert.strictEqual(t.runs(), 0)
    assert.deepStrictEqual(t.cache.answers(), [[key, "from the server"]])
    const stop = t.cache.subscribe(key, () => {})
    const refetched = t.cache.invalidate((candidate) => candidate === key)
    await t.releaseAll()
    await refetched
    assert.strictEqual(t.runs(), 1)
    assert.strictEqual(t.cache.read(key).data, "fetched")
    stop()
  })
})

/**
 * The fetch transport's shared deadline timer, on the platform's real timers (it exists to replace
 * them): each deadline expires once, at or after its time, never when dropped; a sooner deadline
 * joining moves the timer up.
 */
import { assert, describe, it } from "vitest"
import { pendingDeadlines, startDeadline } from "../../src/http/deadlines.ts"

const sleep = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis))

describe("shared request deadlines", () => {
  it("expires each deadline once, not before its time, and forgets it", async () => {
    const started = performance.now()
    const expired: Array<number> = []
    startDeadline(150, () => expired.push(performance.now() - started))
    await sleep(20)
    assert.deepStrictEqual(expired, [])
    await sleep(230)
    assert.lengthOf(expired, 1)
    assert.isAtLeast(expired[0] ?? 0, 149)
    assert.strictEqual(pendingDeadlines(), 0)
  })

  it("a dropped deadline never expires; dropping twice is harmless", async () => {
    let expired = 0
    const drop = startDeadline(20, () => expired++)
    drop()
    drop()
    await sleep(50)
    assert.strictEqual(expired, 0)
    assert.strictEqual(pendingDeadlines(), 0)
  })

  it("a sooner deadline joining after a later one still expires on time, and the later one after it", async () => {
    const order: Array<string> = []
    startDeadline(600, () => order.push("late"))
    startDeadline(20, () => order.push("soon"))
    // Had the timer stayed armed for the later deadline, nothing would have expired by now.
    await sleep(300)
    assert.deepStrictEqual(order, ["soon"])
    await sleep(450)
    assert.deepStrictEqual(order, ["soon", "late"])
  })

  it("many pending deadlines: only the due ones expire, the rest wait for their turn", async () => {
    const expired = new Set<number>()
    const drops = Array.from({ length: 50 }, (_, i) => startDeadline(i % 2 === 0 ? 15 : 400, () => expired.add(i)))
    await sleep(150)
    assert.strictEqual(expired.size, 25)
    assert.isTrue([...expired].every((i) => i % 2 === 0))
    for (const drop of drops.slice(1, 10)) drop()
    await sleep(450)
    // The odd ones among the first ten were dropped before their time.
    assert.strictEqual(expired.size, 25 + 25 - 5)
    assert.strictEqual(pendingDeadlines(), 0)
  })
})

/**
 * Issue 26 finding 13: a `StackProvider` render React discards (StrictMode's double render, a
 * Suspense retry of the first mount, a layer change) builds no runtime that nothing releases. The
 * page counts the constructions and finalizers of its layer in Chromium.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type { Page } from "playwright-core"
import { startApp, step } from "./chromium.ts"

const runtimes = (tab: Page) => step(() => tab.evaluate(() => ({ ...(Reflect.get(window, "runtimes") as { built: number; released: number }) })))

/** Waits until every built runtime is released (or fails the test with the counts after 3 s). */
const allReleased = (tab: Page) =>
  step(() =>
    tab.waitForFunction(() => {
      const counts = Reflect.get(window, "runtimes") as { built: number; released: number }
      return counts.released === counts.built
    }, undefined, { timeout: 3_000 }).then(() => undefined, () => undefined)
  )

describe("StackProvider builds one runtime per committed provider", () => {
  it.live("a first mount discarded by a suspending sibling, then retried: one runtime, released on unmount", () =>
    Effect.gen(function*() {
      const { browser, page } = yield* startApp("provider-runtimes.tsx")
      const tab = yield* step(() => browser.newPage())
      yield* step(() => tab.goto(`${page.origin}/?case=sibling`))
      yield* step(() => tab.waitForSelector("#name:has-text('signed out')"))
      yield* step(() => tab.waitForSelector("#sibling"))
      assert.deepStrictEqual(yield* runtimes(tab), { built: 1, released: 0 })
      yield* step(() => tab.click("#unmount"))
      yield* allReleased(tab)
      assert.deepStrictEqual(yield* runtimes(tab), { built: 1, released: 1 })
    }).pipe(Effect.scoped), 60_000)

  it.live("a new layer: one new runtime, the old one released; both released on unmount", () =>
    Effect.gen(function*() {
      const { browser, page } = yield* startApp("provider-runtimes.tsx")
      const tab = yield* step(() => browser.newPage())
      yield* step(() => tab.goto(`${page.origin}/?case=switch`))
      yield* step(() => tab.waitForSelector("#name:has-text('signed out')"))
      assert.deepStrictEqual(yield* runtimes(tab), { built: 1, released: 0 })
      yield* step(() => tab.click("#switch"))
      yield* step(() => tab.waitForFunction(() => (Reflect.get(window, "runtimes") as { built: number }).built === 2))
      yield* step(() => tab.waitForSelector("#name:has-text('signed out')"))
      yield* step(() => tab.waitForFunction(() => (Reflect.get(window, "runtimes") as { released: number }).released === 1))
      yield* step(() => new Promise((resolve) => setTimeout(resolve, 300)))
      assert.deepStrictEqual(yield* runtimes(tab), { built: 2, released: 1 })
      yield* step(() => tab.click("#unmount"))
      yield* allReleased(tab)
      assert.deepStrictEqual(yield* runtimes(tab), { built: 2, released: 2 })
    }).pipe(Effect.scoped), 60_000)
})

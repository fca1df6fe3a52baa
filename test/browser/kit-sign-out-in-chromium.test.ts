/** Finding 12 (second half) in Chromium: the example's /admin counts what its table shows. */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { signUpThroughPage, step } from "./chromium.ts"
import { freshEmail, newTab, password, setup } from "./kit-support.ts"

describe("the admin count in Chromium", () => {
  it.live("/admin: the user count says what the table lists", () =>
    Effect.gen(function*() {
      const { browser, page } = yield* setup
      const tab = yield* newTab(browser)
      for (const name of ["a", "b", "c"]) {
        yield* signUpThroughPage(tab, page.origin, freshEmail(`admin-${name}`), password)
        yield* step(() => tab.context().clearCookies())
      }
      yield* step(() => tab.goto(`${page.origin}/admin`))
      yield* step(() => tab.locator("#admin-users-table tbody tr").first().waitFor({ timeout: 15_000 }))
      const rows = yield* step(() => tab.locator("#admin-users-table tbody tr").count())
      const text = yield* step(() => tab.locator("#admin").innerText())
      assert.notMatch(text, /\b0 user\(s\)/)
      assert.include(yield* step(() => tab.locator("#admin-users-count").innerText()), `Showing ${rows} user`)
    }).pipe(Effect.scoped), 60_000)
})

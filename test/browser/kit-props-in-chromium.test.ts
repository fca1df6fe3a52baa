/**
 * The official kit's AuthPage props in Chromium: `fullPage`, `firstTab`, `noPasswordRepeat`,
 * `extraInfo`, and `automaticRedirect` on the handler pages (a signed-in visitor goes on).
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { signUpThroughPage, startApp, step } from "./chromium.ts"
import { freshEmail, newTab, password, setup, shows } from "./kit-support.ts"

describe("AuthPage props in Chromium", () => {
  it.live("fullPage, firstTab, noPasswordRepeat and extraInfo", () =>
    Effect.gen(function*() {
      const { browser, page } = yield* startApp("kit-embedded.tsx")
      const tab = yield* newTab(browser)
      yield* step(() => tab.goto(`${page.origin}/?variant=props`))
      yield* shows(tab, "h2", "Create your")
      // fullPage: the card centred in a box of the viewport's height.
      const box = yield* step(() => tab.evaluate(() => document.querySelector(".stackfx-full-page")?.getBoundingClientRect().height ?? 0))
      assert.isAtLeast(box, 1000)
      // firstTab: the e-mailed code first.
      assert.strictEqual(yield* step(() => tab.getByRole("tab", { name: "E-mail code" }).getAttribute("aria-selected")), "true")
      assert.isTrue(yield* step(() => tab.locator("input[name=magic-email]").isVisible()))
      assert.isFalse(yield* step(() => tab.locator("input[name=password]").isVisible()))
      // Tabs by keyboard: the arrow moves to the password tab; noPasswordRepeat: one password field.
      yield* step(() => tab.getByRole("tab", { name: "E-mail code" }).focus())
      yield* step(() => tab.keyboard.press("ArrowLeft"))
      assert.strictEqual(yield* step(() => tab.getByRole("tab", { name: "Password" }).getAttribute("aria-selected")), "true")
      assert.isTrue(yield* step(() => tab.locator("input[name=password]").isVisible()))
      assert.strictEqual(yield* step(() => tab.locator("input[name=password-repeat]").count()), 0)
      // Left from the first tab wraps to the last; Home and End reach the ends.
      yield* step(() => tab.keyboard.press("ArrowLeft"))
      assert.strictEqual(yield* step(() => tab.getByRole("tab", { name: "E-mail code" }).getAttribute("aria-selected")), "true")
      yield* step(() => tab.keyboard.press("Home"))
      assert.strictEqual(yield* step(() => tab.getByRole("tab", { name: "Password" }).getAttribute("aria-selected")), "true")
      yield* step(() => tab.keyboard.press("End"))
      assert.strictEqual(yield* step(() => tab.getByRole("tab", { name: "E-mail code" }).getAttribute("aria-selected")), "true")
      yield* step(() => tab.keyboard.press("ArrowRight"))
      assert.strictEqual(yield* step(() => tab.getByRole("tab", { name: "Password" }).getAttribute("aria-selected")), "true")
      // extraInfo under the methods.
      yield* shows(tab, ".stackfx-extra-info", "By creating an account you accept the terms.")
    }).pipe(Effect.scoped), 60_000)

  it.live("automaticRedirect: a signed-in visitor of the sign-in and sign-up pages goes on where they were going", () =>
    Effect.gen(function*() {
      const { browser, page } = yield* setup
      const tab = yield* newTab(browser)
      yield* signUpThroughPage(tab, page.origin, freshEmail("on"), password)
      yield* step(() => tab.goto(`${page.origin}/handler/sign-in?after_auth_return_to=${encodeURIComponent("/account")}`))
      yield* step(() => tab.waitForURL(`${page.origin}/account`, { timeout: 15_000 }))
      yield* step(() => tab.goto(`${page.origin}/handler/sign-up`))
      yield* step(() => tab.waitForURL(`${page.origin}/`, { timeout: 15_000 }))
    }).pipe(Effect.scoped), 60_000)
})

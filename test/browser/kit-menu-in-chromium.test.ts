/**
 * The user menu as a keyboard, mouse and screen-reader user meets it in Chromium (the WAI-ARIA menu
 * button pattern), and the light/dark choice remembered across a reload without a flash.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type { Page } from "playwright-core"
import { signUpThroughPage, step } from "./chromium.ts"
import { assertAccessibleBoth, focusedText, freshEmail, newTab, password, setup } from "./kit-support.ts"

const menu = "[role=menu]"
const isOpen = (tab: Page) => step(() => tab.locator(menu).count().then((count) => count === 1))
const focusedInMenu = (tab: Page) => step(() => tab.evaluate(() => document.activeElement?.closest("[role=menu]") !== null))

describe("the user menu in Chromium", () => {
  it.live("menu button pattern: keys, outside press, Tab, focus back, radio items, a real settings link", () =>
    Effect.gen(function*() {
      const { browser, page } = yield* setup
      const tab = yield* newTab(browser)
      yield* signUpThroughPage(tab, page.origin, freshEmail("menu"), password)
      const trigger = tab.locator(".stackfx-user-button > button")
      assert.strictEqual(yield* step(() => trigger.getAttribute("aria-haspopup")), "menu")

      // Enter opens on the first item; End, Home, and wrapping arrows.
      yield* step(() => trigger.focus())
      yield* step(() => tab.keyboard.press("Enter"))
      assert.strictEqual(yield* step(() => trigger.getAttribute("aria-expanded")), "true")
      assert.strictEqual(yield* focusedText(tab), "Account settings")
      yield* step(() => tab.keyboard.press("End"))
      assert.strictEqual(yield* focusedText(tab), "Sign out")
      yield* step(() => tab.keyboard.press("Home"))
      assert.strictEqual(yield* focusedText(tab), "Account settings")
      yield* step(() => tab.keyboard.press("ArrowUp"))
      assert.strictEqual(yield* focusedText(tab), "Sign out")
      yield* step(() => tab.keyboard.press("ArrowDown"))
      assert.strictEqual(yield* focusedText(tab), "Account settings")

      // Only menu roles inside the menu; the colour choices are radio items with aria-checked.
      const roles = yield* step(() =>
        tab.evaluate(() => [...document.querySelectorAll("[role=menu] > *, [role=menu] [role=group] > *")].map((element) => element.getAttribute("role") ?? element.tagName))
      )
      for (const role of roles) assert.include(["menuitem", "menuitemradio", "group", "separator"], role)
      const radios = yield* step(() =>
        tab.evaluate(() => [...document.querySelectorAll("[role=menuitemradio]")].map((element) => `${element.textContent ?? ""}:${element.getAttribute("aria-checked") ?? ""}`))
      )
      assert.deepStrictEqual(radios, ["Light:false", "Dark:false", "System:true"])
      assert.strictEqual(yield* step(() => tab.locator("[role=menu] [aria-current]").count()), 0)
      // "Account settings" is a link a person can open in a new tab.
      const settings = tab.locator("a[role=menuitem]", { hasText: "Account settings" })
      assert.strictEqual(yield* step(() => settings.getAttribute("href")), "/handler/account-settings")
      // The app's own item is there.
      assert.strictEqual(yield* step(() => tab.locator("[role=menuitem]", { hasText: "Project admin" }).count()), 1)

      // Escape: closed, focus back on the button.
      yield* step(() => tab.keyboard.press("Escape"))
      assert.isFalse(yield* isOpen(tab))
      assert.strictEqual(yield* step(() => tab.evaluate(() => document.activeElement?.getAttribute("aria-haspopup") ?? "")), "menu")

      // ArrowUp opens on the last item; Tab closes and moves on.
      yield* step(() => tab.keyboard.press("ArrowUp"))
      assert.strictEqual(yield* focusedText(tab), "Sign out")
      yield* step(() => tab.keyboard.press("Tab"))
      assert.isFalse(yield* isOpen(tab))
      assert.isFalse(yield* focusedInMenu(tab))

      // A press outside closes it.
      yield* step(() => trigger.click())
      assert.isTrue(yield* isOpen(tab))
      yield* step(() => tab.mouse.click(5, 500))
      assert.isFalse(yield* isOpen(tab))

      // Open: axe-clean light and dark.
      yield* step(() => trigger.click())
      yield* assertAccessibleBoth(tab, "the open user menu")
    }).pipe(Effect.scoped), 90_000)

  it.live("the light/dark choice is remembered across a reload, dark from the first paint", () =>
    Effect.gen(function*() {
      const { browser, page } = yield* setup
      const tab = yield* newTab(browser)
      yield* signUpThroughPage(tab, page.origin, freshEmail("mode"), password)
      // Every mode the theme element ever had, from the first one on.
      yield* step(() =>
        tab.addInitScript(() => {
          const modes: Array<string> = []
          Reflect.set(globalThis, "__stackfxModes", modes)
          new MutationObserver(() => {
            const theme = document.querySelector(".stackfx-theme")
            const mode = theme === null ? undefined : theme.getAttribute("data-stackfx-mode") ?? "system"
            if (mode !== undefined && modes.at(-1) !== mode) modes.push(mode)
          }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-stackfx-mode"] })
        })
      )
      yield* step(() => tab.locator(".stackfx-user-button > button").click())
      yield* step(() => tab.getByRole("menuitemradio", { name: "Dark" }).click())
      assert.strictEqual(yield* step(() => tab.getByRole("menuitemradio", { name: "Dark" }).getAttribute("aria-checked")), "true")
      yield* step(() => tab.locator(".stackfx-theme[data-stackfx-mode=dark]").waitFor())
      yield* step(() => tab.reload())
      yield* step(() => tab.locator(".stackfx-user-button").waitFor({ timeout: 15_000 }))
      const modes = yield* step(() => tab.evaluate(() => Reflect.get(globalThis, "__stackfxModes") as Array<string>))
      assert.deepStrictEqual(modes, ["dark"], "dark from the start, never light first")
      // Back to the system's colours: remembered too.
      yield* step(() => tab.locator(".stackfx-user-button > button").click())
      yield* step(() => tab.getByRole("menuitemradio", { name: "System" }).click())
      yield* step(() => tab.reload())
      yield* step(() => tab.locator(".stackfx-user-button").waitFor({ timeout: 15_000 }))
      assert.isNull(yield* step(() => tab.locator(".stackfx-theme").first().getAttribute("data-stackfx-mode")))
    }).pipe(Effect.scoped), 90_000)
})

/**
 * The team switcher in Chromium: a select-only combobox with a listbox of team avatars (WAI-ARIA),
 * "Create a team…" in a modal dialog that leaves the header as it was, the new team selected, and a
 * team created from the home page selected too.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type { Page } from "playwright-core"
import { signUpThroughPage, step } from "./chromium.ts"
import { assertAccessibleBoth, freshEmail, newTab, password, setup, shows } from "./kit-support.ts"

const combobox = ".stackfx-selected-team [role=combobox]"
const shown = (tab: Page) => step(() => tab.locator(combobox).innerText())
const activeOption = (tab: Page) =>
  step(() => tab.evaluate((selector) => {
    const id = document.querySelector(selector)?.getAttribute("aria-activedescendant") ?? ""
    const option = id === "" ? null : document.getElementById(id)
    // What a screen reader says: the text without the decorative (aria-hidden) avatar.
    const copy = option?.cloneNode(true)
    if (!(copy instanceof HTMLElement)) return ""
    for (const hidden of copy.querySelectorAll("[aria-hidden=true]")) hidden.remove()
    return copy.textContent ?? ""
  }, combobox))
const headerHeight = (tab: Page) => step(() => tab.evaluate(() => document.querySelector("header")?.getBoundingClientRect().height ?? 0))

describe("the team switcher in Chromium", () => {
  it.live("a listbox with avatars; create a team in a dialog (the header unchanged), the new team selected; switching by keyboard is saved", () =>
    Effect.gen(function*() {
      const { browser, page } = yield* setup
      const tab = yield* newTab(browser)
      yield* signUpThroughPage(tab, page.origin, freshEmail("teams"), password)
      assert.strictEqual(yield* step(() => tab.locator("header select").count()), 0, "no native select")
      assert.strictEqual(yield* step(() => tab.locator(combobox).getAttribute("aria-haspopup")), "listbox")

      // A team created from the home page is the selected one.
      yield* step(() => tab.fill("input[name=team-name]", "Compilers"))
      yield* step(() => tab.click("text=Create team"))
      yield* shows(tab, "#teams li", "Compilers")
      yield* step(() => tab.waitForFunction((selector) => document.querySelector(selector)?.textContent?.includes("Compilers") === true, combobox, { timeout: 15_000 }))

      // Keyboard: open on the selected option, End reaches "Create a team…", Enter opens the dialog.
      const before = yield* headerHeight(tab)
      yield* step(() => tab.locator(combobox).focus())
      yield* step(() => tab.keyboard.press("ArrowDown"))
      assert.strictEqual(yield* step(() => tab.locator(combobox).getAttribute("aria-expanded")), "true")
      assert.strictEqual(yield* activeOption(tab), "Compilers")
      assert.strictEqual(yield* step(() => tab.locator("[role=option][aria-selected=true] .stackfx-avatar").count()), 1, "options show the team's avatar")
      yield* assertAccessibleBoth(tab, "the open team listbox")
      yield* step(() => tab.keyboard.press("End"))
      assert.strictEqual(yield* activeOption(tab), "Create a team…")
      yield* step(() => tab.keyboard.press("Enter"))
      yield* step(() => tab.locator("dialog[open]").waitFor({ timeout: 5_000 }))
      assert.strictEqual(yield* step(() => tab.evaluate(() => document.activeElement?.getAttribute("name") ?? "")), "team-name")
      assert.strictEqual(yield* headerHeight(tab), before, "the dialog leaves the header as it was")
      // The kit's sheets follow the primitives' in the head (whatever rendered first), so the
      // theme's dialog rules win over the primitive's as they did in the single stylesheet.
      const precedences = yield* step(() => tab.evaluate(() => [...document.head.querySelectorAll("style[data-precedence]")].map((style) => style.getAttribute("data-precedence") ?? "")))
      assert.deepStrictEqual(precedences, [...precedences].sort(), "every stackfx sheet before every stackfx-kit sheet")
      assert.includeMembers(precedences, ["stackfx", "stackfx-kit"])
      assert.strictEqual(yield* step(() => tab.locator("dialog[open]").evaluate((dialog) => getComputedStyle(dialog).paddingTop)), "24px")
      yield* assertAccessibleBoth(tab, "the create-team dialog")
      // Escape closes it, focus back on the switcher; open again and create.
      yield* step(() => tab.keyboard.press("Escape"))
      yield* step(() => tab.locator("dialog[open]").waitFor({ state: "detached", timeout: 5_000 }).catch(() => tab.locator("dialog[open]").waitFor({ state: "hidden", timeout: 5_000 })))
      assert.strictEqual(yield* step(() => tab.evaluate(() => document.activeElement?.getAttribute("role") ?? "")), "combobox")
      yield* step(() => tab.keyboard.press("End"))
      yield* step(() => tab.keyboard.press("Enter"))
      yield* step(() => tab.locator("dialog[open] input[name=team-name]").waitFor({ timeout: 5_000 }))
      yield* step(() => tab.keyboard.type("Second team"))
      yield* step(() => tab.keyboard.press("Enter"))
      yield* step(() => tab.waitForFunction((selector) => document.querySelector(selector)?.textContent?.includes("Second team") === true, combobox, { timeout: 15_000 }))
      assert.strictEqual(yield* step(() => tab.evaluate(() => document.activeElement?.getAttribute("role") ?? "")), "combobox")

      // Switch back by keyboard: Home, Enter; saved on the server (still there after a reload).
      yield* step(() => tab.keyboard.press("ArrowDown"))
      yield* step(() => tab.keyboard.press("Home"))
      assert.strictEqual(yield* activeOption(tab), "Compilers")
      yield* step(() => tab.keyboard.press("Enter"))
      yield* step(() => tab.waitForFunction((selector) => document.querySelector(selector)?.textContent?.includes("Compilers") === true, combobox, { timeout: 15_000 }))
      yield* step(() => tab.reload())
      yield* step(() => tab.locator(combobox).waitFor({ timeout: 15_000 }))
      assert.include(yield* shown(tab), "Compilers")

      // Escape and a press outside close the listbox.
      yield* step(() => tab.locator(combobox).click())
      yield* step(() => tab.keyboard.press("Escape"))
      assert.strictEqual(yield* step(() => tab.locator(combobox).getAttribute("aria-expanded")), "false")
      yield* step(() => tab.locator(combobox).click())
      yield* step(() => tab.mouse.click(5, 600))
      assert.strictEqual(yield* step(() => tab.locator(combobox).getAttribute("aria-expanded")), "false")
    }).pipe(Effect.scoped), 120_000)
})

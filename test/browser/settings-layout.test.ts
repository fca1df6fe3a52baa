/**
 * Finding 9 of issue 26, as a person sees it: `/handler/account-settings` uses the page's width (it
 * was squeezed into the 24rem sign-in card), e-mail status reads as badges (not "(primary) (not
 * verified) (sign-in)"), no two fields on a screen share a label (there were two "Team name"), and
 * the file input is the kit's styled picker, dark in dark mode (it was the browser's light one).
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type { Page } from "playwright-core"
import { step } from "./chromium.ts"
import { settingsTab, setupSettings, signedUp } from "./settings-helpers.ts"

/** The visible labels of the form fields now on screen that share a label with another. */
const repeatedLabels = (tab: Page) =>
  tab.evaluate(() => {
    const names = [...document.querySelectorAll("input, select, textarea")]
      .filter((element) => element instanceof HTMLElement && (element.checkVisibility() || (element instanceof HTMLInputElement && element.type === "file")))
      .map((element) => [...((element as HTMLInputElement).labels ?? [])].map((label) => label.innerText.trim()).join(" ") || (element.getAttribute("aria-label") ?? ""))
    return names.filter((name, index) => names.indexOf(name) !== index)
  })

describe("account settings layout (issue 26, finding 9)", () => {
  it.live("full width, badges, one label per field, a styled file picker in dark mode", () =>
    Effect.gen(function*() {
      const { browser, page } = yield* setupSettings
      const tab = yield* settingsTab(browser, "desktop", "dark")
      const email = yield* signedUp(tab, page.origin, "layout")
      // A team, so the team's own fields are on the page too.
      yield* step(() => tab.goto(`${page.origin}/`))
      yield* step(() => tab.fill("input[name=team-name]", "Compilers"))
      yield* step(() => tab.click("text=Create team"))
      yield* step(() => tab.locator("#teams li", { hasText: "Compilers" }).waitFor({ timeout: 15_000 }))

      yield* step(() => tab.goto(`${page.origin}/handler/account-settings`))
      const heading = tab.getByRole("heading", { name: "Account settings", level: 1 })
      yield* step(() => heading.waitFor({ timeout: 15_000 }))
      const width = yield* step(() => heading.evaluate((element) => element.parentElement?.getBoundingClientRect().width ?? 0))
      assert.isAtLeast(width, 1000, "the settings use the width of a 1280 px window")

      // The file input: the native one hidden, the kit's button on the dark surface.
      const file = tab.locator("input[type=file]").first()
      yield* step(() => file.waitFor({ state: "attached", timeout: 15_000 }))
      const nativeWidth = yield* step(() => file.evaluate((element) => element.getBoundingClientRect().width))
      assert.isAtMost(nativeWidth, 1, "the browser's file input is not what shows")
      const button = yield* step(() => tab.locator(".stackfx-file-button").first().evaluate((element) => getComputedStyle(element).backgroundColor))
      assert.strictEqual(button, "rgb(31, 41, 55)", "the picker's button is on the dark surface")
      assert.deepStrictEqual(yield* step(() => repeatedLabels(tab)), [])

      // E-mail addresses: statuses as badges.
      yield* step(() => tab.goto(`${page.origin}/handler/account-settings#auth`))
      yield* step(() => tab.locator(".stackfx-channels li").first().waitFor({ timeout: 15_000 }))
      const row = tab.locator(".stackfx-channels li", { hasText: email })
      assert.notInclude(yield* step(() => row.innerText()), "(primary)")
      assert.deepStrictEqual(yield* step(() => row.locator(".stackfx-badge").allInnerTexts()), ["Primary", "Not verified", "Used for sign-in"])
      assert.deepStrictEqual(yield* step(() => repeatedLabels(tab)), [])

      // Every team field once: the team's section has one "Team name".
      const teamLink = tab.locator("a[href^='#team-']:not([href='#team-creation'])").first()
      const teamHref = yield* step(() => teamLink.getAttribute("href"))
      yield* step(() => tab.goto(`${page.origin}/handler/account-settings${teamHref ?? ""}`))
      yield* step(() => tab.locator("input[name=team-rename]").waitFor({ timeout: 15_000 }))
      assert.deepStrictEqual(yield* step(() => repeatedLabels(tab)), [])
    }).pipe(Effect.scoped), 120_000)
})

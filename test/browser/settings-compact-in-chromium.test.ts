/**
 * Account settings as compact as the official kit's, as a person sees it: an e-mail row shows its
 * address, its badges and one "⋯" button (not up to four buttons), whose menu follows the WAI-ARIA
 * menu button pattern; a group's action sits on the right of its title; sessions say when in words
 * ("now", "5 minutes ago") with the exact moment in `<time dateTime>` and a title; the signed-out
 * team invitation and CLI pages are one card (no card inside a card), titled with the page's h1.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type { Page } from "playwright-core"
import { step } from "./chromium.ts"
import { assertAccessibleBoth, focusedText } from "./kit-support.ts"
import { freshEmail, openSection, saved, settingsTab, setupSettings, signedUp } from "./settings-helpers.ts"

/** Adds `address` in the e-mails section. */
const addAddress = (tab: Page, address: string) =>
  Effect.gen(function*() {
    yield* step(() => tab.getByRole("button", { name: "Add an e-mail address" }).click())
    yield* step(() => tab.fill("input[name=new-channel]", address))
    yield* step(() => tab.getByRole("checkbox", { name: "Use it to sign in" }).check())
    yield* step(() => tab.getByRole("button", { name: "Add address" }).click())
    yield* saved(tab, `${address} is added.`)
  })

describe("compact account settings in Chromium", () => {
  it.live("e-mail rows: one ⋯ menu button each, keyboard menu, nothing wider than a 360 px phone", () =>
    Effect.gen(function*() {
      const { browser, page } = yield* setupSettings
      const tab = yield* settingsTab(browser, "phone")
      const email = yield* signedUp(tab, page.origin, "compact")
      yield* openSection(tab, page.origin, "auth")
      const second = freshEmail("second")
      yield* addAddress(tab, second)
      const row = tab.locator(`.stackfx-channels li[data-value="${second}"]`)
      // One button in the row: the menu's.
      assert.deepStrictEqual(yield* step(() => row.locator("button").evaluateAll((buttons) => buttons.map((button) => button.getAttribute("aria-label")))), [`Actions for ${second}`])
      const trigger = row.getByRole("button", { name: `Actions for ${second}` })
      assert.strictEqual(yield* step(() => trigger.getAttribute("aria-haspopup")), "menu")
      // The row fits the phone: nothing scrolls sideways.
      assert.isFalse(yield* step(() => tab.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)), "no sideways scroll at 360 px")

      // Keyboard: Enter opens on the first item, arrows wrap, End, Escape returns focus.
      yield* step(() => trigger.focus())
      yield* step(() => tab.keyboard.press("Enter"))
      const menu = row.getByRole("menu", { name: `Actions for ${second}` })
      yield* step(() => menu.waitFor())
      assert.deepStrictEqual(yield* step(() => menu.getByRole("menuitem").allInnerTexts()), ["Send a verification link", "Make primary", "Stop using for sign-in", "Remove…"])
      assert.strictEqual(yield* step(() => trigger.getAttribute("aria-expanded")), "true")
      assert.strictEqual(yield* focusedText(tab), "Send a verification link")
      yield* step(() => tab.keyboard.press("ArrowUp"))
      assert.strictEqual(yield* focusedText(tab), "Remove…")
      yield* step(() => tab.keyboard.press("Home"))
      assert.strictEqual(yield* focusedText(tab), "Send a verification link")
      yield* step(() => tab.keyboard.press("End"))
      assert.strictEqual(yield* focusedText(tab), "Remove…")
      yield* assertAccessibleBoth(tab, "the open e-mail actions menu")
      yield* step(() => tab.keyboard.press("Escape"))
      yield* step(() => menu.waitFor({ state: "detached" }))
      assert.strictEqual(yield* step(() => tab.evaluate(() => document.activeElement?.getAttribute("aria-label"))), `Actions for ${second}`)

      // An action from the menu: ArrowUp opens on the last item... Make primary by Space from the top.
      yield* step(() => tab.keyboard.press("ArrowDown"))
      yield* step(() => tab.keyboard.press("ArrowDown"))
      assert.strictEqual(yield* focusedText(tab), "Make primary")
      yield* step(() => tab.keyboard.press("Space"))
      yield* saved(tab, `${second} is now your primary address.`)
      yield* step(() => row.locator(".stackfx-badge", { hasText: "Primary" }).waitFor())
      // The new primary address has nothing left to make primary; the old one can be removed.
      yield* step(() => tab.getByRole("button", { name: `Actions for ${email}` }).click())
      assert.include(yield* step(() => tab.getByRole("menu", { name: `Actions for ${email}` }).getByRole("menuitem").allInnerTexts()), "Remove…")
      yield* step(() => tab.mouse.click(5, 5))
      yield* step(() => tab.getByRole("menu").waitFor({ state: "detached" }))
    }).pipe(Effect.scoped), 120_000)

  it.live("a group's action on the right of its title; sessions in relative time", () =>
    Effect.gen(function*() {
      const { browser, page } = yield* setupSettings
      const tab = yield* settingsTab(browser, "desktop")
      yield* signedUp(tab, page.origin, "groups")
      yield* openSection(tab, page.origin, "auth")
      for (const [title, action] of [["Password", "Change password"], ["E-mail addresses", "Add an e-mail address"]] as const) {
        const heading = yield* step(() => tab.getByRole("heading", { name: title, level: 3 }).boundingBox())
        const button = yield* step(() => tab.getByRole("button", { name: action }).boundingBox())
        assert.isNotNull(heading)
        assert.isNotNull(button)
        if (heading === null || button === null) return
        // (The h3 is a block as wide as the group's text column: compare with its start.)
        assert.isAbove(button.x, heading.x + 400, `${action} is on the right of ${title}`)
        assert.isBelow(button.y, heading.y + heading.height, `${action} is on the line of ${title}, not under it`)
      }

      // The sidebar is in the text's colour (the theme's link colour lost to it once).
      const colours = yield* step(() => tab.evaluate(() => [...document.querySelectorAll(".stackfx-settings-nav a, .stackfx-settings-panel > h2")].map((element) => getComputedStyle(element).color)))
      assert.deepStrictEqual(new Set(colours).size, 1, `sidebar links in the heading's colour: ${colours.join(", ")}`)

      yield* openSection(tab, page.origin, "sessions")
      const time = tab.locator(".stackfx-sessions li[data-current=true] time").first()
      yield* step(() => time.waitFor())
      assert.match(yield* step(() => time.innerText()), /^(now|\d+ (second|minute)s? ago)$/)
      const moment = Date.parse((yield* step(() => time.getAttribute("datetime"))) ?? "")
      assert.isBelow(Math.abs(Date.now() - moment), 5 * 60_000, "dateTime holds the moment")
      assert.match((yield* step(() => time.getAttribute("title"))) ?? "", /\d{4}/, "the title says the date and time")
    }).pipe(Effect.scoped), 120_000)

  it.live("the signed-out team invitation and CLI pages: one card, the page's h1", () =>
    Effect.gen(function*() {
      const { browser, page } = yield* setupSettings
      for (const size of ["desktop", "phone"] as const) {
        const tab = yield* settingsTab(browser, size)
        for (const [path, title] of [["/handler/team-invitation?code=abc", "You are invited to a team"], ["/handler/cli-auth-confirm?login_code=abc", "Authorize CLI Application"], ["/handler/cli-auth-confirm", "Invalid CLI Authorization Link"]] as const) {
          yield* step(() => tab.goto(`${page.origin}${path}`))
          yield* step(() => tab.getByRole("heading", { name: title, level: 1 }).waitFor({ timeout: 15_000 }))
          assert.strictEqual(yield* step(() => tab.locator(".stackfx-card .stackfx-card").count()), 0, `${path}: no card inside a card`)
          assert.strictEqual(yield* step(() => tab.locator(".stackfx-card").count()), 1, `${path}: one card`)
        }
      }
    }).pipe(Effect.scoped), 120_000)
})

/**
 * Account settings for everyone: axe-core (wcag2a/aa, wcag21a/aa) finds nothing serious in any
 * section or open dialog, light and dark, at 1280 and 360 px; a keyboard-only walk reaches every
 * section from the sidebar (focus moves to the section's heading) and every control in it with a
 * visible focus ring, and at 360 px the section select works from the keyboard.
 */
import * as Fs from "node:fs"
import * as Path from "node:path"
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type { Page } from "playwright-core"
import { axeViolations } from "./axe.ts"
import { step } from "./chromium.ts"
import { openSection, settingsTab, setupSettings, signedUp, sizes } from "./settings-helpers.ts"

const artifacts = Path.resolve(import.meta.dirname, "../../test-artifacts/settings")

/** Signs up, creates a team and an API key (so lists are not empty); returns the team's section id. */
const prepare = (tab: Page, origin: string) =>
  Effect.gen(function*() {
    yield* signedUp(tab, origin, "a11y")
    yield* openSection(tab, origin, "team-creation")
    yield* step(() => tab.fill("input[name=team-name]", "Compilers"))
    yield* step(() => tab.getByRole("button", { name: "Create team" }).click())
    yield* step(() => tab.waitForURL(/#team-(?!creation)/, { timeout: 15_000 }))
    const team = new URL(tab.url()).hash.slice(1)
    yield* openSection(tab, origin, "api-keys")
    yield* step(() => tab.getByRole("button", { name: "Create an API key" }).click())
    yield* step(() => tab.fill("input[name=api-key-description]", "Build server"))
    yield* step(() => tab.getByRole("button", { name: "Create key" }).click())
    yield* step(() => tab.getByRole("button", { name: "Done" }).click())
    yield* step(() => tab.locator(".stackfx-api-keys li").waitFor())
    return team
  })

const clean = (tab: Page, what: string) =>
  Effect.gen(function*() {
    const found = yield* axeViolations(tab)
    assert.deepStrictEqual(found, [], `${what}: ${found.join("; ")}`)
  })

/** Opens a dialog with the button named `opener`, checks it with axe, and closes it with Escape (focus back on the opener). */
const dialogClean = (tab: Page, opener: string, title: string, what: string) =>
  Effect.gen(function*() {
    const button = tab.getByRole("button", { name: opener, exact: true }).first()
    yield* step(() => button.click())
    yield* step(() => tab.getByRole("dialog", { name: title }).waitFor())
    yield* clean(tab, `${what}, dialog "${title}"`)
    yield* step(() => tab.keyboard.press("Escape"))
    yield* step(() => tab.getByRole("dialog").waitFor({ state: "hidden" }))
    assert.isTrue(yield* step(() => button.evaluate((element) => element === document.activeElement)), `focus back on "${opener}"`)
  })

describe("account settings accessibility in Chromium", () => {
  it.live("axe: every section and dialog, light and dark, 1280 and 360 px", () =>
    Effect.gen(function*() {
      const { browser, page } = yield* setupSettings
      const tab = yield* settingsTab(browser)
      const team = yield* prepare(tab, page.origin)
      Fs.mkdirSync(artifacts, { recursive: true })
      for (const size of ["desktop", "phone"] as const) {
        yield* step(() => tab.setViewportSize(sizes[size]))
        for (const mode of ["light", "dark"] as const) {
          yield* step(() => tab.emulateMedia({ colorScheme: mode }))
          for (const section of ["profile", "auth", "notifications", "sessions", "api-keys", "settings", team, "team-creation"]) {
            const what = `${section} (${mode}, ${size})`
            yield* openSection(tab, page.origin, section)
            yield* clean(tab, what)
            // Nothing is wider than the screen: no sideways scrolling at 360 px.
            const overflow = yield* step(() => tab.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
            assert.isAtMost(overflow, 0, `${what} fits the width`)
            yield* step(() => tab.screenshot({ path: Path.join(artifacts, `${section.startsWith("team-") && section !== "team-creation" ? "team" : section}-${mode}-${size}.png`), fullPage: true }))
          }
          yield* openSection(tab, page.origin, "auth")
          yield* dialogClean(tab, "Add an e-mail address", "Add an e-mail address", `auth (${mode}, ${size})`)
          yield* dialogClean(tab, "Change password", "Change your password", `auth (${mode}, ${size})`)
          yield* openSection(tab, page.origin, "api-keys")
          yield* dialogClean(tab, "Create an API key", "Create an API key", `api-keys (${mode}, ${size})`)
          yield* dialogClean(tab, "Revoke Build server", "Revoke this API key?", `api-keys (${mode}, ${size})`)
          yield* openSection(tab, page.origin, team)
          yield* dialogClean(tab, "Invite a member", "Invite to Compilers", `team (${mode}, ${size})`)
          yield* dialogClean(tab, "Leave Compilers…", "Leave Compilers?", `team (${mode}, ${size})`)
          yield* openSection(tab, page.origin, "settings")
          yield* dialogClean(tab, "Sign out everywhere…", "Sign out everywhere?", `settings (${mode}, ${size})`)
          yield* dialogClean(tab, "Delete account…", "Delete your account?", `settings (${mode}, ${size})`)
        }
      }
    }).pipe(Effect.scoped), 240_000)

  it.live("keyboard only: every section from the sidebar, every control in it, the select at 360 px", () =>
    Effect.gen(function*() {
      const { browser, page } = yield* setupSettings
      const tab = yield* settingsTab(browser)
      yield* prepare(tab, page.origin)
      yield* step(() => tab.goto(`${page.origin}/handler/account-settings`))
      yield* step(() => tab.locator(".stackfx-settings-panel[data-section=profile]").waitFor())
      const titles = yield* step(() => tab.locator(".stackfx-settings-nav-label").allInnerTexts())
      assert.deepStrictEqual(titles.map((title) => title.trim()), ["My profile", "E-mails & sign-in", "Notifications", "Active sessions", "API keys", "Settings", "Compilers", "Create a team"])
      const active = () => tab.evaluate(() => {
        const element = document.activeElement
        return {
          text: (element?.querySelector(".stackfx-settings-nav-label") ?? element)?.textContent?.trim() ?? "",
          tag: element?.tagName ?? "",
          inNav: element?.closest(".stackfx-settings-nav") !== null,
          inPanel: element?.closest(".stackfx-settings-panel") !== null,
          // The focus ring: on the element, or on the file picker's button for its hidden input.
          ring: element instanceof HTMLInputElement && element.type === "file"
            ? getComputedStyle(element.closest(".stackfx-file")?.querySelector(".stackfx-file-button") ?? element).outlineStyle
            : element === null ? "none" : getComputedStyle(element).outlineStyle
        }
      })
      // From the top of the page, Tab reaches the first sidebar item.
      yield* step(() => tab.keyboard.press("Tab"))
      assert.strictEqual((yield* step(active)).text, "My profile")
      for (const [index, title] of titles.entries()) {
        const link = yield* step(active)
        assert.isTrue(link.inNav, `on the sidebar before ${title}`)
        assert.strictEqual(link.text, title.trim())
        yield* step(() => tab.keyboard.press("Enter"))
        yield* step(() => tab.locator(".stackfx-settings-panel [aria-busy=true]").waitFor({ state: "detached", timeout: 15_000 }))
        yield* step(() => tab.waitForFunction((expected) => document.activeElement?.tagName === "H2" && document.activeElement.textContent === expected, title.trim()))
        // Every control of the section in turn, each with a visible focus ring.
        const controls = yield* step(() => tab.locator(".stackfx-settings-panel").evaluate((panel) =>
          [...panel.querySelectorAll("a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, [tabindex]:not([tabindex='-1'])")]
            .filter((element) => element.checkVisibility() || (element instanceof HTMLInputElement && element.type === "file")).length))
        // (Active sessions with only this device has none: nothing to revoke.)
        assert.isTrue(controls > 0 || title === "Active sessions", `${title} has controls`)
        for (let step_ = 0; step_ < controls; step_++) {
          yield* step(() => tab.keyboard.press("Tab"))
          const here = yield* step(active)
          assert.isTrue(here.inPanel, `Tab ${step_ + 1} of ${controls} stays in ${title} (on ${here.tag} "${here.text}")`)
          assert.notStrictEqual(here.ring, "none", `focus is visible on ${here.tag} "${here.text}" in ${title}`)
        }
        if (index === titles.length - 1) break
        // Back to the sidebar by keyboard: to the section's first control, then before it (the last item), then up to the next one.
        // (From the heading of a section without controls, one Shift+Tab reaches the last item.)
        for (let back = 0; back < Math.max(controls, 1); back++) yield* step(() => tab.keyboard.press("Shift+Tab"))
        for (let back = 0; back < titles.length - 1 - (index + 1); back++) yield* step(() => tab.keyboard.press("Shift+Tab"))
      }

      // 360 px: the sidebar is a select; arrows change the section and the focus stays on it.
      yield* step(() => tab.setViewportSize(sizes.phone))
      yield* step(() => tab.goto(`${page.origin}/handler/account-settings`))
      yield* step(() => tab.locator(".stackfx-settings-panel[data-section=profile]").waitFor())
      assert.isFalse(yield* step(() => tab.locator(".stackfx-settings-nav").isVisible()))
      yield* step(() => tab.keyboard.press("Tab"))
      assert.strictEqual((yield* step(active)).tag, "SELECT")
      yield* step(() => tab.keyboard.press("ArrowDown"))
      yield* step(() => tab.locator(".stackfx-settings-panel[data-section=auth]").waitFor())
      assert.strictEqual((yield* step(active)).tag, "SELECT")
      assert.strictEqual(new URL(tab.url()).hash, "#auth")
    }).pipe(Effect.scoped), 180_000)
})

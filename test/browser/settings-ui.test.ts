/**
 * The kit's UI primitives in Chromium: the dialog moves focus in and back, closes on Escape and is
 * named by its title; the notice speaks through status/alert regions; the file picker is reached by
 * Tab and styled in dark mode; axe finds nothing, light and dark, with and without a dialog open.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type { Page } from "playwright-core"
import { axeViolations } from "./axe.ts"
import { startApp, step } from "./chromium.ts"

const clean = (tab: Page, what: string) =>
  Effect.gen(function*() {
    const found = yield* axeViolations(tab)
    assert.deepStrictEqual(found, [], `${what}: ${found.join("; ")}`)
  })

describe("UI primitives in Chromium", () => {
  it.live("dialog, confirmation, notice, badges, file picker and switch", () =>
    Effect.gen(function*() {
      const { page, browser } = yield* startApp("settings-ui.tsx")
      for (const mode of ["light", "dark"] as const) {
        const context = yield* step(() => browser.newContext({ viewport: { width: 360, height: 780 } }))
        const tab = yield* step(() => context.newPage())
        yield* step(() => tab.goto(`${page.origin}/?mode=${mode}`))
        yield* step(() => tab.locator("h1").waitFor())
        yield* clean(tab, `primitives (${mode})`)

        // Dialog: opened from its button, focus inside on the first field, named by its title.
        yield* step(() => tab.focus("#open-dialog"))
        yield* step(() => tab.keyboard.press("Enter"))
        const dialog = tab.getByRole("dialog", { name: "Rename the team" })
        yield* step(() => dialog.waitFor())
        assert.strictEqual(yield* step(() => tab.evaluate(() => document.activeElement?.getAttribute("name") ?? null)), "new-name")
        assert.strictEqual(yield* step(() => dialog.getAttribute("aria-describedby").then((id) => tab.locator(`[id="${id}"]`).textContent())), "Everyone in the team sees the new name.")
        yield* clean(tab, `open dialog (${mode})`)
        yield* step(() => tab.keyboard.press("Escape"))
        yield* step(() => dialog.waitFor({ state: "hidden" }))
        assert.strictEqual(yield* step(() => tab.evaluate(() => document.activeElement?.id ?? null)), "open-dialog")

        // Confirmation: Cancel takes the focus (the safe choice); closing returns it to the opener.
        yield* step(() => tab.click("#open-confirm"))
        const confirm = tab.getByRole("dialog", { name: "Leave the team?" })
        yield* step(() => confirm.waitFor())
        assert.strictEqual(yield* step(() => tab.evaluate(() => document.activeElement?.textContent ?? null)), "Cancel")
        yield* clean(tab, `confirmation (${mode})`)
        yield* step(() => tab.keyboard.press("Enter"))
        yield* step(() => confirm.waitFor({ state: "hidden" }))
        assert.strictEqual(yield* step(() => tab.evaluate(() => document.activeElement?.id ?? null)), "open-confirm")

        // Notice: a success in role=status, a failure in role=alert, one at a time.
        yield* step(() => tab.click("#say-saved"))
        assert.strictEqual(yield* step(() => tab.getByRole("status").filter({ hasText: "Saved." }).count()), 1)
        yield* step(() => tab.click("#say-failed"))
        assert.strictEqual(yield* step(() => tab.getByRole("alert").textContent()), "!That did not work.")
        assert.strictEqual(yield* step(() => tab.getByRole("status").filter({ hasText: "Saved." }).count()), 0)

        // File picker: Tab reaches the (visually hidden) input, its label names it, the button shows the focus ring.
        yield* step(() => tab.focus("#say-failed"))
        yield* step(() => tab.keyboard.press("Tab"))
        assert.strictEqual(yield* step(() => tab.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type ?? null)), "file")
        const ring = yield* step(() => tab.locator(".stackfx-file-button").evaluate((element) => getComputedStyle(element).outlineStyle))
        assert.strictEqual(ring, "solid")
        yield* step(() => tab.setInputFiles("input[name=picture]", { name: "me.png", mimeType: "image/png", buffer: Buffer.from([137, 80, 78, 71]) }))
        yield* step(() => tab.locator("#chosen", { hasText: "me.png" }).waitFor())
        assert.strictEqual(yield* step(() => tab.locator(".stackfx-file-name").textContent()), "me.png")
        // Dark mode: the button is drawn on the theme's surface, never the browser's light default.
        const colours = yield* step(() => tab.locator(".stackfx-file-button").evaluate((element) => getComputedStyle(element).backgroundColor))
        assert.strictEqual(colours, mode === "dark" ? "rgb(31, 41, 55)" : "rgb(249, 250, 251)")
        const scheme = yield* step(() => tab.locator(".stackfx-theme").evaluate((element) => getComputedStyle(element).colorScheme))
        assert.strictEqual(scheme, mode)

        // Switch: Space toggles it, aria-checked says so.
        const toggle = tab.getByRole("switch", { name: "Product news" })
        yield* step(() => toggle.focus())
        yield* step(() => tab.keyboard.press("Space"))
        assert.strictEqual(yield* step(() => toggle.getAttribute("aria-checked")), "true")
        yield* step(() => context.close())
      }
    }).pipe(Effect.scoped), { timeout: 120_000 })
})

/**
 * What the kit's Chromium tests share: the example app against the emulator, tabs at a size and
 * colour scheme, waiting for text, axe-core (wcag2a/aa, wcag21a/aa) and a record of every text a
 * page showed (to prove a state never appeared, even for one frame).
 */
import * as Fs from "node:fs"
import * as Path from "node:path"
import { assert } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { startReactExample } from "../../examples/react-app/serve.ts"
import { launchChromium, step } from "./chromium.ts"

/** The password every test account uses. */
export const password = "correct horse battery"
let counter = 0
/** A new address, unique in this run. */
export const freshEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}@example.com`

const axeSource = Fs.readFileSync(Path.resolve(import.meta.dirname, "../../node_modules/axe-core/axe.min.js"), "utf8")

/** The example app, its emulator and Chromium, for the scope. */
export const setup = Effect.gen(function*() {
  const { emu, page } = yield* startReactExample
  const browser = yield* launchChromium
  return { emu, page, browser }
})

/** A new tab (900×1000 unless `width` says otherwise), light unless `dark`. */
export const newTab = (browser: Browser, options: { readonly dark?: boolean; readonly width?: number } = {}) =>
  Effect.gen(function*() {
    const context: BrowserContext = yield* step(() =>
      browser.newContext({ viewport: { width: options.width ?? 900, height: 1000 }, colorScheme: options.dark === true ? "dark" : "light" })
    )
    return yield* step(() => context.newPage())
  })

/** Waits until an element matching `selector` shows `text`. */
export const shows = (tab: Page, selector: string, text: string | RegExp, timeout = 15_000) =>
  step(() => tab.locator(selector, { hasText: text }).first().waitFor({ timeout }))

/** The axe-core violations (wcag2a/aa, wcag21a/aa) of the page as it is now: `id (impact): targets`; `seriousOnly` keeps serious and critical. */
export const violations = (tab: Page, seriousOnly = false) =>
  Effect.gen(function*() {
    yield* step(() => tab.addScriptTag({ content: axeSource }))
    return yield* step(() =>
      tab.evaluate(async (serious) => {
        const axe = (globalThis as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: Array<string> }> }> }> } }).axe
        const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } })
        return result.violations
          .filter((violation) => !serious || violation.impact === "serious" || violation.impact === "critical")
          .map((violation) => `${violation.id} (${violation.impact ?? "?"}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)
      }, seriousOnly)
    )
  })

/** Fails with the list of violations when axe finds any. */
export const assertAccessible = (tab: Page, what: string) =>
  Effect.gen(function*() {
    const found = yield* violations(tab)
    assert.deepStrictEqual(found, [], `accessibility of ${what}: ${found.join("; ")}`)
  })

/** `assertAccessible` with the page's `prefers-color-scheme` light, then dark (switched in place). */
export const assertAccessibleBoth = (tab: Page, what: string) =>
  Effect.gen(function*() {
    yield* step(() => tab.emulateMedia({ colorScheme: "light" }))
    yield* assertAccessible(tab, `${what} (light)`)
    yield* step(() => tab.emulateMedia({ colorScheme: "dark" }))
    yield* assertAccessible(tab, `${what} (dark)`)
    yield* step(() => tab.emulateMedia({ colorScheme: "light" }))
  })

/**
 * Records the page's visible text after every change of the document from its first script on
 * (a MutationObserver), so a test can prove a text never showed, not even for one frame.
 */
export const recordTexts = (tab: Page) =>
  step(() =>
    tab.addInitScript(() => {
      const seen: Array<string> = []
      Reflect.set(globalThis, "__stackfxTexts", seen)
      const note = () => {
        const text = document.body?.innerText ?? ""
        if (seen.at(-1) !== text) seen.push(text)
      }
      new MutationObserver(note).observe(document, { subtree: true, childList: true, characterData: true })
    })
  )

/** Every text {@link recordTexts} saw on the current page, in order. */
export const recordedTexts = (tab: Page) =>
  step(() => tab.evaluate(() => (Reflect.get(globalThis, "__stackfxTexts") as Array<string> | undefined) ?? []))

/** The accessible name-ish text of the focused element. */
export const focusedText = (tab: Page) => step(() => tab.evaluate(() => document.activeElement?.textContent?.trim() ?? ""))

/** Runs the action `name` (`verify-channel`, `make-primary`, ...) of the e-mail row `value` in account settings: its "⋯" menu, then the item. */
export const channelAction = (tab: Page, value: string, name: string) =>
  Effect.gen(function*() {
    const row = tab.locator(`.stackfx-channels li[data-value="${value}"]`)
    yield* step(() => row.getByRole("button", { name: `Actions for ${value}` }).click())
    yield* step(() => row.locator(`[role=menuitem][name=${name}]`).click())
  })

/** A tab in a new context with Chromium's virtual authenticator (a platform passkey that says yes by itself). */
export const passkeyTab = (browser: Browser) =>
  Effect.gen(function*() {
    const context = yield* step(() => browser.newContext())
    const tab = yield* step(() => context.newPage())
    const cdp = yield* step(() => context.newCDPSession(tab))
    yield* step(() => cdp.send("WebAuthn.enable"))
    yield* step(() =>
      cdp.send("WebAuthn.addVirtualAuthenticator", {
        options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true }
      })
    )
    return tab
  })

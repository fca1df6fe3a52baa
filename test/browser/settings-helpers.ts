/**
 * What the account-settings Chromium tests share: the React example app against the emulator with
 * user and team API keys allowed, a signed-up user, a tab at a size and colour mode, and a section
 * opened by its hash.
 */
import * as Effect from "effect/Effect"
import type { Browser, Page } from "playwright-core"
import { startReactExample } from "../../examples/react-app/serve.ts"
import { launchChromium, signUpThroughPage, step } from "./chromium.ts"

/** The password every test user signs up with. */
export const password = "correct horse battery"

let counter = 0
/** A fresh e-mail address per call. */
export const freshEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}@example.com`

/** The desktop and phone sizes every page is checked at. */
export const sizes = { desktop: { width: 1280, height: 800 }, phone: { width: 360, height: 780 } } as const

/** The emulator with API keys allowed, the example app, and Chromium. */
export const setupSettings = Effect.gen(function*() {
  const { emu, page } = yield* startReactExample
  yield* emu.withState((data) =>
    Effect.sync(() => {
      const project = data.projects[emu.info.projectId]
      if (project !== undefined) data.projects[emu.info.projectId] = { ...project, config: { ...project.config, allowUserApiKeys: true, allowTeamApiKeys: true } }
    })
  )
  const browser = yield* launchChromium
  return { emu, page, browser }
})

/** A new tab at `size`, light or dark. */
export const settingsTab = (browser: Browser, size: keyof typeof sizes = "desktop", mode: "light" | "dark" = "light") =>
  Effect.gen(function*() {
    const context = yield* step(() => browser.newContext({ viewport: sizes[size], colorScheme: mode }))
    return yield* step(() => context.newPage())
  })

/** Signs a new user up in `tab` and returns their address. */
export const signedUp = (tab: Page, origin: string, prefix: string) =>
  Effect.gen(function*() {
    const email = freshEmail(prefix)
    yield* signUpThroughPage(tab, origin, email, password)
    return email
  })

/** Opens the settings section `id` (`profile`, `auth`, `team-<id>`...) and waits for its content. */
export const openSection = (tab: Page, origin: string, id: string) =>
  Effect.gen(function*() {
    const url = `${origin}/handler/account-settings#${id}`
    if (tab.url().startsWith(`${origin}/handler/account-settings`)) yield* step(() => tab.evaluate((hash) => { location.hash = hash }, id))
    else yield* step(() => tab.goto(url))
    yield* step(() => tab.locator(`.stackfx-settings-panel[data-section="${id}"]`).waitFor({ timeout: 15_000 }).catch(async (error) => {
      await tab.screenshot({ path: "/tmp/fail.png", fullPage: true })
      throw error
    }))
    yield* step(() => tab.locator(".stackfx-settings-panel [aria-busy=true]").waitFor({ state: "detached", timeout: 15_000 }))
  })

/** Waits until an element matching `selector` shows `text`. */
export const shows = (tab: Page, selector: string, text: string | RegExp, timeout = 15_000) =>
  step(() => tab.locator(selector, { hasText: text }).first().waitFor({ timeout }))

/** Waits for the saved notice saying `text`. */
export const saved = (tab: Page, text: string | RegExp) => shows(tab, "[role=status].stackfx-notice", text)

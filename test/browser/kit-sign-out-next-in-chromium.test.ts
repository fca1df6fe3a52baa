/**
 * Finding 12 in the Next.js example: signing out from the account settings (`/handler/account-settings`,
 * a page that needs a user) lands on the after-sign-out page (home), never on the sign-in page
 * with a way back to the settings. `next build` once, `next start` against the emulator.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type { Page } from "playwright-core"
import { buildNextApp, startNextApp } from "../../examples/next-app/serve.ts"
import { Emulator } from "../../src/emulator/emulator.ts"
import { launchChromium, step } from "./chromium.ts"
import { addSessionCookies, signedUpUser } from "./session-cookies.ts"

/** Every path the tab's main frame went to from now on. */
const recordVisits = (tab: Page) => {
  const visits: Array<string> = []
  tab.on("framenavigated", (frame) => {
    if (frame === tab.mainFrame()) visits.push(new URL(frame.url()).pathname)
  })
  return visits
}

describe("signing out in the Next.js example, in Chromium", () => {
  it.live("the account settings' Sign out and Sign out everywhere land on the after-sign-out page", () =>
    Effect.gen(function*() {
      yield* buildNextApp
      const emu = yield* Effect.orDie(Emulator.serve({ port: 0 }))
      const config = { baseUrl: emu.info.baseUrl, projectId: emu.info.projectId, publishableClientKey: emu.info.publishableClientKey }
      const app = yield* startNextApp(config)
      const browser = yield* launchChromium
      for (const [n, way] of [[1, "Sign out"], [2, "Sign out everywhere…"]] as const) {
        const session = yield* signedUpUser(config, { email: `next-out-${n}-${Date.now().toString(36)}@example.com`, displayName: "Ada Lovelace" })
        const context = yield* step(() => browser.newContext())
        yield* addSessionCookies(context, app.origin, emu.info.projectId, session)
        const tab = yield* step(() => context.newPage())
        yield* step(() => tab.goto(`${app.origin}/handler/account-settings#settings`))
        const button = tab.getByRole("button", { name: way, exact: true })
        yield* step(() => button.waitFor({ timeout: 30_000 }))
        // Hydrated first (React has claimed the button): a click before does nothing.
        yield* step(() => tab.waitForFunction(() => {
          const found = document.querySelector("button[name=sign-out]")
          return found !== null && Object.keys(found).some((key) => key.startsWith("__reactFiber"))
        }, undefined, { timeout: 30_000 }))
        const visits = recordVisits(tab)
        yield* step(() => button.click())
        if (way !== "Sign out") {
          yield* step(() => tab.getByRole("dialog", { name: "Sign out everywhere?" }).getByRole("button", { name: "Sign out everywhere" }).click())
        }
        yield* step(() => tab.waitForURL((url) => url.pathname === "/" || url.pathname === "/handler/sign-in", { timeout: 30_000 }))
        // Time for a late redirect to show.
        yield* step(() => tab.waitForTimeout(2500))
        const url = new URL(tab.url())
        assert.strictEqual(`${url.pathname}${url.search}`, "/", `${way}: went through ${visits.join(" -> ")}`)
        assert.notInclude(visits, "/handler/sign-in", way)
        yield* step(() => context.close())
      }
    }).pipe(Effect.scoped), { timeout: 600_000 })
})

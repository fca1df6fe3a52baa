/**
 * Server rendering (examples/ssr): the page request carries the session's cookies; the server
 * renders `useUser()`, the teams and the e-mail addresses into the HTML, and the browser hydrates
 * from the answers the server read, with no request to the API and no signed-out flash.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { Emulator } from "../../src/emulator/emulator.ts"
import { serveSsrExample } from "../../examples/ssr/server.tsx"
import { launchChromium, step } from "./chromium.ts"
import { addSessionCookies, signedUpUser } from "./session-cookies.ts"

describe("server rendering in Chromium", () => {
  it.live("the HTML holds the user's name, teams and e-mail; hydration makes no API request and never shows signed-out", () =>
    Effect.gen(function*() {
      const emu = yield* Effect.orDie(Emulator.serve({ port: 0 }))
      const config = { baseUrl: emu.info.baseUrl, projectId: emu.info.projectId, publishableClientKey: emu.info.publishableClientKey }
      // A user signed up over HTTP; their tokens become the browser's cookies.
      const email = `ssr-${Date.now().toString(36)}@example.com`
      const session = yield* signedUpUser(config, { email, displayName: "Ada Lovelace", team: "Analytical Engines" })
      const { origin } = yield* serveSsrExample(config)
      const browser = yield* launchChromium
      const context = yield* step(() => browser.newContext())
      yield* addSessionCookies(context, origin, emu.info.projectId, session)
      const tab = yield* step(() => context.newPage())
      const apiRequests: Array<string> = []
      tab.on("request", (request) => {
        if (request.url().startsWith(emu.info.baseUrl)) apiRequests.push(`${request.method()} ${new URL(request.url()).pathname}`)
      })
      // Record every text the heading ever shows, from the first parse on.
      yield* step(() =>
        tab.addInitScript(() => {
          const seen: Array<string> = []
          Object.assign(globalThis, { greetings: seen })
          new MutationObserver(() => {
            const text = document.getElementById("greeting")?.textContent
            if (text !== undefined && text !== null && seen.at(-1) !== text) seen.push(text)
          }).observe(document, { subtree: true, childList: true, characterData: true })
        })
      )
      const response = yield* step(() => tab.goto(`${origin}/`))
      const html = yield* step(() => response?.text() ?? Promise.resolve(""))
      assert.include(html, "Hello, Ada Lovelace")
      assert.include(html, "Analytical Engines")
      assert.include(html, email)

      // Hydrated: React owns the root (a StrictMode re-render ran), nothing was fetched again.
      yield* step(() => tab.waitForFunction(() => document.getElementById("root")?.firstElementChild !== null && "stackfxHydrationErrors" in globalThis))
      yield* step(() => tab.waitForTimeout(1_000))
      const errors = yield* step(() => tab.evaluate(() => (globalThis as unknown as { stackfxHydrationErrors: Array<string> }).stackfxHydrationErrors))
      assert.deepStrictEqual(errors, [])
      assert.deepStrictEqual(apiRequests, [])
      const greetings = yield* step(() => tab.evaluate(() => (globalThis as unknown as { greetings: Array<string> }).greetings))
      assert.deepStrictEqual(greetings, ["Hello, Ada Lovelace"])
      assert.strictEqual(yield* step(() => tab.textContent("#greeting")), "Hello, Ada Lovelace")

      // A visitor without cookies gets the signed-out page from the server, also with no request from the browser.
      const visitor = yield* step(() => browser.newPage())
      const anonymous = yield* step(() => visitor.goto(`${origin}/`))
      assert.include(yield* step(() => anonymous?.text() ?? Promise.resolve("")), "Signed out")
    }), { timeout: 60_000 })
})

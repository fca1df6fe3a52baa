/**
 * Server rendering (examples/ssr): the page request carries the session's cookies; the server
 * renders `useUser()`, the teams and the e-mail addresses into the HTML, and the browser hydrates
 * from the answers the server read, with no request to the API and no signed-out flash. Every
 * handler page and the component kit render on the server too, and hydrate with no error.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type { BrowserContext } from "playwright-core"
import { Emulator } from "../../src/emulator/emulator.ts"
import { serveSsrExample } from "../../examples/ssr/server.tsx"
import { launchChromium, step, watchedTab } from "./chromium.ts"
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

/** Every handler page and the kit, server-rendered for `path` and hydrated: what the HTML held, and what went wrong in the browser. */
const visit = (context: BrowserContext, origin: string, apiBase: string, path: string) =>
  Effect.gen(function*() {
    const { tab, problems, apiRequests } = yield* watchedTab(context, apiBase)
    const response = yield* step(() => tab.goto(`${origin}${path}`))
    const html = yield* step(() => response?.text() ?? Promise.resolve(""))
    yield* step(() => tab.waitForFunction(() => "stackfxHydrationErrors" in globalThis))
    yield* step(() => tab.waitForTimeout(500))
    const hydrationErrors = yield* step(() => tab.evaluate(() => (globalThis as unknown as { stackfxHydrationErrors: Array<string> }).stackfxHydrationErrors))
    yield* step(() => tab.close())
    return { html, problems: [...hydrationErrors, ...problems], apiRequests }
  })

describe("every handler page and the kit, server-rendered and hydrated in Chromium", () => {
  it.live("the HTML holds each page; hydrating logs no error; the sign-in form and the signed-in pages hydrate with no API request", () =>
    Effect.gen(function*() {
      const emu = yield* Effect.orDie(Emulator.serve({ port: 0 }))
      const config = { baseUrl: emu.info.baseUrl, projectId: emu.info.projectId, publishableClientKey: emu.info.publishableClientKey }
      const email = `ssr-pages-${Date.now().toString(36)}@example.com`
      const session = yield* signedUpUser(config, { email, displayName: "Grace Hopper", team: "Compilers" })
      const { origin } = yield* serveSsrExample(config)
      const browser = yield* launchChromium
      const visitor = yield* step(() => browser.newContext())
      const member = yield* step(() => browser.newContext())
      yield* addSessionCookies(member, origin, emu.info.projectId, session)

      // Signed out: the forms are in the HTML.
      const expectedSignedOut: ReadonlyArray<readonly [string, ReadonlyArray<string>]> = [
        ["/handler/sign-in", ["name=\"email\"", "name=\"password\"", "Sign in to"]],
        ["/handler/sign-up?after_auth_return_to=%2Fkit", ["name=\"password-repeat\"", "after_auth_return_to=%2Fkit"]],
        ["/handler/forgot-password", ["name=\"email\""]],
        ["/handler/password-reset?code=abc", ["name=\"password\""]],
        ["/handler/error?message=The%20link%20expired", ["The link expired"]],
        ["/handler/team-invitation?code=abc", ["You are invited to a team", "after_auth_return_to=%2Fhandler%2Fteam-invitation%3Fcode%3Dabc"]],
        ["/handler/no-such-page", ["Page not found"]],
        ["/kit", ["name=\"email\""]]
      ]
      for (const [path, markers] of expectedSignedOut) {
        const seen = yield* visit(visitor, origin, emu.info.baseUrl, path)
        for (const marker of markers) assert.include(seen.html, marker, `${path} holds ${marker}`)
        assert.notInclude(seen.html, "aria-busy=\"true\"", `${path} is rendered, not loading`)
        assert.deepStrictEqual(seen.problems, [], `${path} hydrates without errors`)
        assert.deepStrictEqual(seen.apiRequests, [], `${path} hydrates with no API request`)
      }

      // Signed in: the account settings and the kit hold the user; hydrating reads nothing again.
      for (const path of ["/handler/account-settings", "/kit"]) {
        // (A streamed boundary that waited writes its loading state, then the content: the content is what counts.)
        const seen = yield* visit(member, origin, emu.info.baseUrl, path)
        assert.include(seen.html, "Grace Hopper", `${path} holds the user`)
        assert.include(seen.html, "Compilers", `${path} holds the team`)
        assert.deepStrictEqual(seen.problems, [], `${path} hydrates without errors`)
        assert.deepStrictEqual(seen.apiRequests, [], `${path} hydrates with no API request`)
      }
      // The pages that act on arrival: rendered on the server, hydrated without a hydration error (they then act).
      for (const path of ["/handler/email-verification?code=abc", "/handler/magic-link-callback?code=abc", "/handler/oauth-callback", "/handler/team-invitation?code=abc", "/handler/sign-out"]) {
        const seen = yield* visit(member, origin, emu.info.baseUrl, path)
        assert.include(seen.html, "class=\"stackfx-page\"", `${path} is rendered, not only its loading state`)
        assert.notInclude(seen.html, "Page not found")
        assert.deepStrictEqual(seen.problems, [], `${path} hydrates without errors`)
      }
    }), { timeout: 120_000 })
})

/**
 * examples/next-app as a user runs it: `next build` once, `next start` against the emulator, walked in
 * Chromium. The server HTML holds the signed-in user (server and client components alike) and every
 * handler page's form; hydrating makes no API request and logs no error; the protected route sends a
 * signed-out visitor to sign in and back; a server action's change shows without a reload.
 */
import * as Fs from "node:fs"
import * as Path from "node:path"
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type { Page } from "playwright-core"
import { Emulator } from "../../src/emulator/emulator.ts"
import { buildNextApp, buildNextAppAt, builtChunks, next16App, nextAppDir, startNextApp } from "../../examples/next-app/serve.ts"
import { launchChromium, step, watchedTab } from "./chromium.ts"
import { addSessionCookies, signedUpUser } from "./session-cookies.ts"

const password = "correct horse battery"

/** Opens `url`, waits for hydration to settle, and gives the server's HTML. */
const open = (tab: Page, url: string) =>
  Effect.gen(function*() {
    const response = yield* step(() => tab.goto(url))
    // (After a redirect Chromium may no longer hold the first response's body: then there is no HTML to check.)
    const html = yield* step(() => response?.text().catch(() => "") ?? Promise.resolve(""))
    yield* step(() => tab.waitForLoadState("networkidle"))
    return html
  })

describe("examples/next-app: next build, next start, Chromium", () => {
  it.live("server-rendered user and handler pages, hydration with no request or error, middleware protection, a server action", () =>
    Effect.gen(function*() {
      yield* buildNextApp
      // The root layout's browser code (loaded on every route) holds neither the handler pages nor the
      // kit: only the routes that render them load them.
      const dist = Path.join(nextAppDir, ".next")
      const codeOf = (files: ReadonlyArray<string>) => files.map((file) => Fs.readFileSync(Path.join(dist, file), "utf8")).join("\n")
      const { entries } = builtChunks(dist)
      for (const [entry, marker] of [["/layout", "Reset your password"], ["/layout", "Create team"], ["/protected/page", "Create team"]] as const) {
        assert.notInclude(codeOf(entries[entry] ?? []), marker, `${entry} does not load ${marker}`)
      }
      assert.include(codeOf(entries["/handler/[...stack]/page"] ?? []), "Reset your password", "the handler route loads the handler pages")
      assert.include(codeOf(entries["/kit/page"] ?? []), "Create team", "the kit route loads the kit")
      const emu = yield* Effect.orDie(Emulator.serve({ port: 0 }))
      const config = { baseUrl: emu.info.baseUrl, projectId: emu.info.projectId, publishableClientKey: emu.info.publishableClientKey }
      const app = yield* startNextApp(config)
      const email = `next-${Date.now().toString(36)}@example.com`
      const session = yield* signedUpUser(config, { email, displayName: "Ada Lovelace", team: "Analytical Engines" })
      const browser = yield* launchChromium

      // Signed in: the server component and the client component both hold the user in the HTML.
      const member = yield* step(() => browser.newContext())
      yield* addSessionCookies(member, app.origin, emu.info.projectId, session)
      const home = yield* watchedTab(member, emu.info.baseUrl)
      const html = yield* open(home.tab, `${app.origin}/`)
      assert.include(html, "Hello, Ada Lovelace")
      assert.include(html, "Signed in as Ada Lovelace")
      assert.include(html, "Analytical Engines")
      assert.deepStrictEqual(home.problems, [], "hydrating / logs no error")
      assert.deepStrictEqual(home.apiRequests, [], "hydrating / makes no API request")

      // A server action renames the user: both components show it, and the page was not reloaded.
      yield* step(() => home.tab.evaluate(() => Object.assign(globalThis, { stillTheSamePage: true })))
      // Hydrated first (React has claimed the form): before that, Chromium would post the form natively.
      yield* step(() => home.tab.waitForFunction(() => {
        const input = document.querySelector("input[name=displayName]")
        return input !== null && Object.keys(input).some((key) => key.startsWith("__reactFiber"))
      }, undefined, { timeout: 30_000 }))
      yield* step(() => home.tab.fill("input[name=displayName]", "Ada King"))
      yield* step(() => home.tab.click("text=Rename"))
      yield* step(() => home.tab.locator("#server-greeting", { hasText: "Hello, Ada King" }).waitFor({ timeout: 30_000 }))
      yield* step(() => home.tab.locator("#client-greeting", { hasText: "Signed in as Ada King" }).waitFor({ timeout: 30_000 }))
      assert.isTrue(yield* step(() => home.tab.evaluate(() => "stillTheSamePage" in globalThis)), "no reload")
      assert.deepStrictEqual(home.problems, [], "the server action logs no error")

      // Signed in, the account settings page and the kit come from the server with the user in them.
      for (const path of ["/handler/account-settings", "/kit"]) {
        const page = yield* watchedTab(member, emu.info.baseUrl)
        const pageHtml = yield* open(page.tab, `${app.origin}${path}`)
        assert.include(pageHtml, "Ada King", `${path} holds the user`)
        assert.deepStrictEqual(page.problems, [], `${path} hydrates without errors`)
        assert.deepStrictEqual(page.apiRequests, [], `${path} hydrates with no API request`)
      }

      // Signed out: every handler page's form is in the server HTML; hydrating logs no error.
      const visitor = yield* step(() => browser.newContext())
      const forms: ReadonlyArray<readonly [string, ReadonlyArray<string>]> = [
        ["/handler/sign-in", ["name=\"email\"", "name=\"password\""]],
        ["/handler/sign-up", ["name=\"password-repeat\""]],
        ["/handler/forgot-password", ["name=\"email\""]],
        ["/handler/password-reset?code=abc", ["name=\"password\""]],
        ["/handler/error?message=The%20link%20expired", ["The link expired"]],
        ["/handler/team-invitation?code=abc", ["You are invited to a team"]],
        ["/handler/email-verification?code=abc", ["stackfx-page"]],
        ["/handler/magic-link-callback?code=abc", ["stackfx-page"]],
        ["/handler/oauth-callback", ["stackfx-page"]],
        ["/handler/sign-out", ["stackfx-page"]]
      ]
      for (const [path, markers] of forms) {
        const page = yield* watchedTab(visitor, emu.info.baseUrl)
        const pageHtml = yield* open(page.tab, `${app.origin}${path}`)
        for (const marker of markers) assert.include(pageHtml, marker, `${path} holds ${marker}`)
        assert.notInclude(pageHtml, "Page not found", path)
        assert.deepStrictEqual(page.problems, [], `${path} hydrates without errors`)
        yield* step(() => page.tab.close())
      }

      // The account settings need a user: the server sends a visitor to sign in first, with the way back
      // (Next.js streams the layout first, so its redirect is in the page: the router follows it on hydrating).
      const settings = yield* watchedTab(visitor, emu.info.baseUrl)
      yield* open(settings.tab, `${app.origin}/handler/account-settings`)
      yield* step(() => settings.tab.waitForURL((url) => url.pathname === "/handler/sign-in", { timeout: 15_000 }))
      assert.strictEqual(new URL(settings.tab.url()).pathname, "/handler/sign-in")
      assert.strictEqual(new URL(settings.tab.url()).searchParams.get("after_auth_return_to"), "/handler/account-settings")
      assert.deepStrictEqual(settings.problems, [])

      // The protected route: a signed-out visitor is sent to sign in, and comes back after.
      const guest = yield* watchedTab(visitor, emu.info.baseUrl)
      yield* open(guest.tab, `${app.origin}/protected`)
      assert.strictEqual(new URL(guest.tab.url()).pathname, "/handler/sign-in")
      assert.strictEqual(new URL(guest.tab.url()).searchParams.get("after_auth_return_to"), "/protected")
      yield* step(() => guest.tab.fill("input[name=email]", email))
      yield* step(() => guest.tab.fill("input[name=password]", password))
      yield* step(() => guest.tab.click("button[type=submit]"))
      yield* step(() => guest.tab.waitForURL(`${app.origin}/protected`, { timeout: 15_000 }))
      yield* step(() => guest.tab.locator("#protected", { hasText: "Protected page for Ada King" }).waitFor({ timeout: 15_000 }))
      assert.deepStrictEqual(guest.problems, [], "signing in logs no error")
      assert.notInclude(app.logs(), "Error", "next start logged no server error")
    }), { timeout: 600_000 })
})

// Next.js 16's walk (the \`next16\` dev dependency, \`proxy.ts\`, Turbopack) runs in this file, after
// Next.js 15's: two Next builds and servers at once on a small machine slowed the server action
// above past its wait.
describe("examples/next-app on Next.js 16: proxy.ts, next build (Turbopack), next start, Chromium", () => {
  it.live("server-rendered user and sign-in form, hydration with no request or error, the proxy's protection", () =>
    Effect.gen(function*() {
      const location = yield* next16App
      const built = yield* buildNextAppAt(location)
      assert.match(built, /Next\.js 16\.\d+\.\d+ \(Turbopack\)/)
      assert.include(built, "Proxy (Middleware)")
      const emu = yield* Effect.orDie(Emulator.serve({ port: 0 }))
      const config = { baseUrl: emu.info.baseUrl, projectId: emu.info.projectId, publishableClientKey: emu.info.publishableClientKey }
      const app = yield* startNextApp(config, location)
      const session = yield* signedUpUser(config, { email: `next16-${Date.now().toString(36)}@example.com`, displayName: "Grace Hopper", team: "Compilers" })
      const browser = yield* launchChromium

      const member = yield* step(() => browser.newContext())
      yield* addSessionCookies(member, app.origin, emu.info.projectId, session)
      const home = yield* watchedTab(member, emu.info.baseUrl)
      const response = yield* step(() => home.tab.goto(`${app.origin}/`))
      const html = yield* step(() => response?.text() ?? Promise.resolve(""))
      yield* step(() => home.tab.waitForLoadState("networkidle"))
      assert.include(html, "Hello, Grace Hopper")
      assert.include(html, "Signed in as Grace Hopper")
      assert.include(html, "Compilers")
      assert.deepStrictEqual(home.problems, [], "hydrating / logs no error")
      assert.deepStrictEqual(home.apiRequests, [], "hydrating / makes no API request")

      const visitor = yield* step(() => browser.newContext())
      const signIn = yield* watchedTab(visitor, emu.info.baseUrl)
      const signInResponse = yield* step(() => signIn.tab.goto(`${app.origin}/handler/sign-in`))
      const signInHtml = yield* step(() => signInResponse?.text() ?? Promise.resolve(""))
      yield* step(() => signIn.tab.waitForLoadState("networkidle"))
      assert.include(signInHtml, "name=\"password\"")
      assert.deepStrictEqual(signIn.problems, [], "the sign-in page hydrates without errors")

      yield* step(() => signIn.tab.goto(`${app.origin}/protected`))
      assert.strictEqual(new URL(signIn.tab.url()).pathname, "/handler/sign-in")
      assert.strictEqual(new URL(signIn.tab.url()).searchParams.get("after_auth_return_to"), "/protected")
      assert.notInclude(app.logs(), "Error", "next start logged no server error")
    }), { timeout: 600_000 })
})

/**
 * examples/next-app on Next.js 16 (the `next16` dev dependency, `npm:next@^16`): the middleware as
 * `proxy.ts`, `next build` with Turbopack (Next.js 16's default), `next start` against the emulator,
 * in Chromium: the server HTML holds the signed-in user and the sign-in form, hydrating makes no API
 * request and logs no error, the proxy sends a signed-out visitor of `/protected` to sign in with
 * the way back. (The full walk runs on Next.js 15 in next-app-in-chromium.test.ts.)
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { Emulator } from "../../src/emulator/emulator.ts"
import { buildNextAppAt, next16App, startNextApp } from "../../examples/next-app/serve.ts"
import { launchChromium, step, watchedTab } from "./chromium.ts"
import { addSessionCookies, signedUpUser } from "./session-cookies.ts"

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

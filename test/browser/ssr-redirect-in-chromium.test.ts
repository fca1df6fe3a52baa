/**
 * Plain server rendering (examples/ssr, `layerServerRender` outside stackfx/next) of a page that
 * needs a user (`useUser({ or: "redirect" })`): a signed-out visitor's request is answered with a
 * redirect to the sign-in page, with the way back (not a page that fails to render on the server and
 * is handed to the browser: React error #419), and after signing in the page comes from the server
 * with the user in it.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { Emulator } from "../../src/emulator/emulator.ts"
import { serveSsrExample } from "../../examples/ssr/server.tsx"
import { launchChromium, step, watchedTab } from "./chromium.ts"
import { addSessionCookies, signedUpUser } from "./session-cookies.ts"

describe("useUser({ or: \"redirect\" }) in a plain server render", () => {
  it.live("a signed-out request is redirected to sign in and back; signed in, the server renders the page", () =>
    Effect.gen(function*() {
      const emu = yield* Effect.orDie(Emulator.serve({ port: 0 }))
      const config = { baseUrl: emu.info.baseUrl, projectId: emu.info.projectId, publishableClientKey: emu.info.publishableClientKey }
      const { origin } = yield* serveSsrExample(config)

      // The server's own answer, before any browser: a redirect, not HTML.
      const answer = yield* step(() => fetch(`${origin}/account?tab=profile`, { redirect: "manual" }))
      assert.strictEqual(answer.status, 307)
      const target = new URL(answer.headers.get("location") ?? "", origin)
      assert.strictEqual(target.pathname, "/handler/sign-in")
      assert.strictEqual(target.searchParams.get("after_auth_return_to"), "/account?tab=profile")

      const browser = yield* launchChromium
      const visitor = yield* watchedTab(yield* step(() => browser.newContext()), emu.info.baseUrl)
      yield* step(() => visitor.tab.goto(`${origin}/account`))
      yield* step(() => visitor.tab.waitForLoadState("networkidle"))
      assert.strictEqual(new URL(visitor.tab.url()).pathname, "/handler/sign-in")
      assert.deepStrictEqual(visitor.problems, [], "no render error reaches the browser")

      // Signed in, the same address is rendered on the server with the user in it.
      const session = yield* signedUpUser(config, { email: `ssr-account-${Date.now().toString(36)}@example.com`, displayName: "Ada Lovelace" })
      const member = yield* step(() => browser.newContext())
      yield* addSessionCookies(member, origin, emu.info.projectId, session)
      const signedIn = yield* watchedTab(member, emu.info.baseUrl)
      const response = yield* step(() => signedIn.tab.goto(`${origin}/account`))
      assert.strictEqual(response?.status(), 200)
      assert.include(yield* step(() => response?.text() ?? Promise.resolve("")), "Account of Ada Lovelace")
      yield* step(() => signedIn.tab.waitForLoadState("networkidle"))
      assert.deepStrictEqual(signedIn.problems, [])
    }), { timeout: 120_000 })
})

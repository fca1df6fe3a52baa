/**
 * stackfx/browser in a real browser: the app page (pages/app.ts) in headless Chromium against the
 * emulator on another origin. Cookies shared by two tabs and kept across a reload, the whole OAuth
 * round trip through the emulator's consent page, and a passkey made by Chromium's virtual
 * authenticator.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type { Page } from "playwright-core"
import { tokenCookieNames } from "../../src/browser/index.ts"
import { startApp, step } from "./chromium.ts"

type Outcome = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly tag: string; readonly message: string }
type AppMethod = "signUp" | "signIn" | "user" | "signOut" | "registerPasskey" | "signInWithPasskey" | "watch"

const password = "correct horse battery"
let counter = 0
const freshEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}@example.com`

/** The emulator, the app page on its own origin, and a browser context (one cookie jar). */
const setup = Effect.gen(function*() {
  const { browser, emu, page } = yield* startApp("app")
  const context = yield* step(() => browser.newContext())
  /** A new tab on `path` of the app, once its script is ready. */
  const openTab = (path = "/") =>
    Effect.gen(function*() {
      const tab = yield* step(() => context.newPage())
      yield* step(() => tab.goto(`${page.origin}${path}`))
      yield* ready(tab)
      return tab
    })
  return { emu, page, context, openTab }
})

const ready = (tab: Page) => step(() => tab.waitForFunction(() => "stackfxApp" in globalThis, undefined, { timeout: 10_000 }))

/** Calls `window.stackfxApp[method](...args)` in `tab`. */
const call = (tab: Page, method: AppMethod, ...args: ReadonlyArray<string>) =>
  step(() =>
    tab.evaluate(
      ([name, values]) => {
        const app = (globalThis as unknown as { stackfxApp: Record<string, (...a: Array<string>) => Promise<unknown>> }).stackfxApp
        return app[name]!(...values)
      },
      [method, args] as const
    ) as Promise<Outcome>
  )

const valueOf = (outcome: Outcome): unknown => {
  assert.isTrue(outcome.ok, outcome.ok ? "" : `${outcome.tag}: ${outcome.message}`)
  return outcome.ok ? outcome.value : undefined
}

const userIdIn = (tab: Page) =>
  Effect.map(call(tab, "user"), (outcome) => (valueOf(outcome) as { readonly id: string } | null)?.id ?? null)

describe("stackfx/browser in Chromium", () => {
  it.live("two tabs share the cookie session; sign-out in one signs both out; a reload keeps the session", () =>
    Effect.gen(function*() {
      const { context, emu, openTab } = yield* setup
      const first = yield* openTab()
      const email = freshEmail("tabs")
      const userId = valueOf(yield* call(first, "signUp", email, password))
      const second = yield* openTab()
      assert.strictEqual(yield* userIdIn(second), userId)
      valueOf(yield* call(first, "watch"))
      // The session lives in the official SDK's cookies on the app's origin.
      const names = (yield* step(() => context.cookies())).map((cookie) => cookie.name)
      assert.include(names, tokenCookieNames(emu.info.projectId).refresh)
      assert.include(names, tokenCookieNames(emu.info.projectId).access)
      // ...and under the service's new name, as the current official SDK writes them.
      assert.include(names, tokenCookieNames(emu.info.projectId).hexclaveRefreshDefault(false))
      assert.include(names, tokenCookieNames(emu.info.projectId).hexclaveAccess)

      valueOf(yield* call(second, "signOut"))
      // The first tab hears of it from its 100 ms cookie poll, without calling the API.
      yield* step(() =>
        first.waitForFunction(
          () => (globalThis as unknown as { stackfxApp: { changes: Array<string> } }).stackfxApp.changes.includes("signed out"),
          undefined,
          { timeout: 5_000 }
        )
      )
      assert.isNull(yield* userIdIn(first))

      assert.strictEqual(valueOf(yield* call(first, "signIn", email, password)), userId)
      yield* step(() => first.reload())
      yield* ready(first)
      assert.strictEqual(yield* userIdIn(first), userId)
      const wrong = yield* call(second, "signIn", email, "not the password")
      assert.deepInclude(wrong, { ok: false, tag: "EmailPasswordMismatch" })
    }).pipe(Effect.scoped), 60_000)

  it.live("a session left by the official SDK under either cookie family is picked up; sign-out clears both families", () =>
    Effect.gen(function*() {
      const { browser, emu, page } = yield* startApp("app")
      const projectId = emu.info.projectId
      /** A session made over HTTP, as the official SDK would have made it. */
      const session = (email: string) =>
        step(async () => {
          const response = await fetch(`${emu.info.baseUrl}/api/v1/auth/password/sign-up`, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              "x-hexclave-project-id": projectId,
              "x-hexclave-access-type": "client",
              "x-hexclave-publishable-client-key": emu.info.publishableClientKey
            },
            body: JSON.stringify({ email, password })
          })
          return await response.json() as { readonly access_token: string; readonly refresh_token: string; readonly user_id: string }
        })
      const url = page.origin
      const families = {
        "older official SDKs (stack-*)": (tokens: { access_token: string; refresh_token: string }) => [
          { name: `stack-refresh-${projectId}`, value: tokens.refresh_token, url },
          { name: "stack-access", value: encodeURIComponent(JSON.stringify([tokens.refresh_token, tokens.access_token])), url }
        ],
        "the current official SDK (hexclave-*)": (tokens: { access_token: string; refresh_token: string }) => [
          { name: `hexclave-refresh-${projectId}--default`, value: encodeURIComponent(JSON.stringify({ refresh_token: tokens.refresh_token, updated_at_millis: Date.now() })), url },
          { name: "hexclave-access", value: encodeURIComponent(JSON.stringify([tokens.refresh_token, tokens.access_token])), url }
        ]
      }
      for (const [family, cookiesOf] of Object.entries(families)) {
        const tokens = yield* session(freshEmail("official-cookies"))
        const context = yield* step(() => browser.newContext())
        yield* step(() => context.addCookies(cookiesOf(tokens)))
        const tab = yield* step(() => context.newPage())
        yield* step(() => tab.goto(`${page.origin}/`))
        yield* ready(tab)
        assert.strictEqual(yield* userIdIn(tab), tokens.user_id, family)
        valueOf(yield* call(tab, "signOut"))
        const left = (yield* step(() => context.cookies())).map((cookie) => cookie.name)
        for (const name of [`stack-refresh-${projectId}`, `hexclave-refresh-${projectId}--default`, "stack-access", "hexclave-access"]) {
          assert.notInclude(left, name, `${family}: ${name} survives sign-out`)
        }
        yield* step(() => context.close())
      }
    }).pipe(Effect.scoped), 60_000)

  it.live("OAuth: the app leaves for the emulator's consent page and its callback page signs the user in", () =>
    Effect.gen(function*() {
      const { page, openTab } = yield* setup
      const tab = yield* openTab()
      const email = freshEmail("oauth")
      // The call navigates away, so its promise never settles in this page: start it and follow.
      yield* step(() =>
        tab.evaluate(() => {
          const app = (globalThis as unknown as { stackfxApp: { signInWithOAuth: (p: string) => Promise<unknown> } }).stackfxApp
          void app.signInWithOAuth("github")
        })
      )
      yield* step(() => tab.waitForURL(/\/emulator\/oauth\/github\/consent/, { timeout: 10_000 }))
      yield* step(() => tab.fill("#email", email))
      yield* step(() => tab.click("#approve"))
      // Callback page → sign-in → the after-sign-in page ("/"), with no code or state left in the URL.
      yield* step(() => tab.waitForURL(`${page.origin}/`, { timeout: 15_000 }))
      yield* ready(tab)
      const user = valueOf(yield* call(tab, "user")) as { readonly primaryEmail: string | null } | null
      assert.strictEqual(user?.primaryEmail, email)
      // Back does not return to the callback page with its code: that entry was replaced.
      yield* step(() => tab.goBack())
      assert.notInclude(tab.url(), "code=")
    }).pipe(Effect.scoped), 60_000)

  it.live("passkey: registered with Chromium's virtual authenticator, then used to sign back in", () =>
    Effect.gen(function*() {
      const { context, openTab } = yield* setup
      const tab = yield* openTab()
      const cdp = yield* step(() => context.newCDPSession(tab))
      yield* step(() => cdp.send("WebAuthn.enable"))
      const { authenticatorId } = yield* step(() =>
        cdp.send("WebAuthn.addVirtualAuthenticator", {
          options: {
            protocol: "ctap2",
            transport: "internal",
            hasResidentKey: true,
            hasUserVerification: true,
            isUserVerified: true,
            automaticPresenceSimulation: true
          }
        })
      )
      const userId = valueOf(yield* call(tab, "signUp", freshEmail("passkey"), password))
      valueOf(yield* call(tab, "registerPasskey"))
      const { credentials } = yield* step(() => cdp.send("WebAuthn.getCredentials", { authenticatorId }))
      assert.strictEqual(credentials.length, 1)
      valueOf(yield* call(tab, "signOut"))
      assert.isNull(yield* userIdIn(tab))
      assert.strictEqual(valueOf(yield* call(tab, "signInWithPasskey")), userId)
      assert.strictEqual(yield* userIdIn(tab), userId)
    }).pipe(Effect.scoped), 60_000)
})

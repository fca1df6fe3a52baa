/**
 * The example app (its layer is `layerBrowser(options)`, as the TSDoc shows) set up wrong, in
 * Chromium: a handler page shows a readable message and a Retry button, never a blank page.
 */
import * as Path from "node:path"
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { bundleBrowserEntry, servePage, startReactExample } from "../../examples/react-app/serve.ts"
import { Emulator } from "../../src/emulator/emulator.ts"
import { launchChromium, step } from "./chromium.ts"

const appScript = Path.resolve(import.meta.dirname, "../../examples/react-app/app.tsx")

/** The sign-in page's alert text for the example app served with `config`. */
const alertOnSignIn = (config: { baseUrl: string; projectId: string; publishableClientKey: string }, timeout: number) =>
  Effect.gen(function*() {
    const page = yield* servePage(yield* bundleBrowserEntry(appScript), config)
    const browser = yield* launchChromium
    const tab = yield* step(() => browser.newPage())
    const uncaught: Array<string> = []
    tab.on("pageerror", (error) => uncaught.push(error.message))
    yield* step(() => tab.goto(`${page.origin}/handler/sign-in`))
    const alert = tab.locator(".stackfx-error[role=alert]:not(:empty)")
    yield* step(() => alert.waitFor({ timeout }))
    const retry = yield* step(() => tab.locator("button", { hasText: "Retry" }).count())
    return { message: yield* step(() => alert.innerText()), retry, uncaught }
  })

describe("a misconfigured app in Chromium", () => {
  it.live("a wrong project id: the handler page says which option to check", () =>
    Effect.gen(function*() {
      const emu = yield* Effect.orDie(Emulator.serve({ port: 0 }))
      const shown = yield* alertOnSignIn({
        baseUrl: emu.info.baseUrl,
        projectId: "00000000-0000-4000-8000-00000000dead",
        publishableClientKey: emu.info.publishableClientKey
      }, 15_000)
      assert.include(shown.message, "projectId option")
      assert.strictEqual(shown.retry, 1)
      assert.deepStrictEqual(shown.uncaught, [])
    }).pipe(Effect.scoped), 60_000)

  it.live("an unreachable server: after the 5 attempts (15 s), the page says it cannot reach the service", () =>
    Effect.gen(function*() {
      // A port nothing listens on: every fetch is refused.
      const shown = yield* alertOnSignIn({ baseUrl: "http://127.0.0.1:9", projectId: "7ac5f2e0-0000-4000-8000-000000000001", publishableClientKey: "pck_x" }, 40_000)
      assert.include(shown.message, "Cannot reach the sign-in service")
      assert.strictEqual(shown.retry, 1)
    }).pipe(Effect.scoped), 90_000)

  it.live("a secret key as the publishable key: refused in the page, with the option named", () =>
    Effect.gen(function*() {
      const emu = yield* Effect.orDie(Emulator.serve({ port: 0 }))
      const shown = yield* alertOnSignIn({ baseUrl: emu.info.baseUrl, projectId: emu.info.projectId, publishableClientKey: emu.info.secretServerKey }, 15_000)
      assert.include(shown.message, "publishableClientKey option holds a secret server key")
      assert.notInclude(shown.message, emu.info.secretServerKey)
    }).pipe(Effect.scoped), 60_000)

  it.live("a sign-up whose return-to is untrusted is refused before the account exists, naming the URL", () =>
    Effect.gen(function*() {
      const { emu, page } = yield* startReactExample
      const browser = yield* launchChromium
      const tab = yield* step(() => browser.newPage())
      const email = `untrusted-return-${Date.now().toString(36)}@example.com`
      yield* step(() => tab.goto(`${page.origin}/handler/sign-up?after_auth_return_to=${encodeURIComponent("https://evil.example/steal")}`))
      yield* step(() => tab.fill("input[name=email]", email))
      yield* step(() => tab.fill("input[name=password]", "correct horse battery"))
      yield* step(() => tab.fill("input[name=password-repeat]", "correct horse battery"))
      yield* step(() => tab.click("button[type=submit]"))
      const alert = tab.locator(".stackfx-error[role=alert]:not(:empty)")
      yield* step(() => alert.waitFor({ timeout: 15_000 }))
      assert.include(yield* step(() => alert.innerText()), "https://evil.example/steal")
      const users = yield* emu.withState((data) => Effect.succeed(Object.values(data.contactChannels).filter((channel) => channel.value === email).length))
      assert.strictEqual(users, 0, "no account was created")
      // The same address then signs up from a trusted page: no "user already exists".
      yield* step(() => tab.goto(`${page.origin}/handler/sign-up`))
      yield* step(() => tab.fill("input[name=email]", email))
      yield* step(() => tab.fill("input[name=password]", "correct horse battery"))
      yield* step(() => tab.fill("input[name=password-repeat]", "correct horse battery"))
      yield* step(() => tab.click("button[type=submit]"))
      yield* step(() => tab.waitForURL(`${page.origin}/`, { timeout: 15_000 }))
    }).pipe(Effect.scoped), 60_000)
})

/**
 * examples/vite-app as a user runs it: `vite build` with the emulator's address and keys in
 * `VITE_STACK_*`, `vite preview`, walked in Chromium: sign up through the handler page, the home page
 * shows the user, sign out, sign in again; no error in the console on the way.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { Emulator } from "../../src/emulator/emulator.ts"
import { buildViteApp, previewViteApp } from "../../examples/vite-app/serve.ts"
import { launchChromium, signUpThroughPage, step } from "./chromium.ts"

const password = "correct horse battery"

describe("examples/vite-app: vite build, vite preview, Chromium", () => {
  it.live("signs up, shows the user, signs out and in again", () =>
    Effect.gen(function*() {
      const emu = yield* Effect.orDie(Emulator.serve({ port: 0 }))
      const config = { baseUrl: emu.info.baseUrl, projectId: emu.info.projectId, publishableClientKey: emu.info.publishableClientKey }
      yield* buildViteApp(config)
      const { origin } = yield* previewViteApp(config)
      const browser = yield* launchChromium
      const tab = yield* step(() => browser.newPage())
      const problems: Array<string> = []
      tab.on("console", (message) => {
        if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) problems.push(message.text())
      })
      tab.on("pageerror", (error) => problems.push(String(error)))
      const email = `vite-${Date.now().toString(36)}@example.com`

      yield* step(() => tab.goto(`${origin}/`))
      yield* step(() => tab.locator("#home h1", { hasText: "Signed out" }).waitFor({ timeout: 15_000 }))
      yield* signUpThroughPage(tab, origin, email, password)
      yield* step(() => tab.locator("#greeting", { hasText: `Hello, ${email}` }).waitFor({ timeout: 15_000 }))

      yield* step(() => tab.goto(`${origin}/handler/sign-out`))
      yield* step(() => tab.locator("button", { hasText: "Sign out" }).or(tab.locator("#home h1", { hasText: "Signed out" })).first().waitFor({ timeout: 15_000 }))
      // The sign-out page may ask for a click (a state-changing arrival); then it goes home.
      const asks = yield* step(() => tab.locator("main button", { hasText: "Sign out" }).count())
      if (asks > 0) yield* step(() => tab.locator("main button", { hasText: "Sign out" }).first().click())
      yield* step(() => tab.locator("#home h1", { hasText: "Signed out" }).waitFor({ timeout: 15_000 }))

      yield* step(() => tab.goto(`${origin}/handler/sign-in`))
      yield* step(() => tab.fill("input[name=email]", email))
      yield* step(() => tab.fill("input[name=password]", password))
      yield* step(() => tab.click("button[type=submit]"))
      yield* step(() => tab.waitForURL(`${origin}/`, { timeout: 15_000 }))
      yield* step(() => tab.locator("#greeting", { hasText: `Hello, ${email}` }).waitFor({ timeout: 15_000 }))
      assert.deepStrictEqual(problems, [])
    }), { timeout: 300_000 })
})

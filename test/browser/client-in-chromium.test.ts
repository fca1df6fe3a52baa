/**
 * The budgeted browser program in a real browser: the sign-in page (stackfx/client over `fetch`,
 * bundled by esbuild as the size benchmark bundles it) runs in headless Chromium, served from one
 * origin, against the emulator on another, so CORS preflights and exposed headers are exercised too.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { startApp, step } from "./chromium.ts"

describe("stackfx/client in Chromium", () => {
  it.live("signs up, meets a wrong password as EmailPasswordMismatch, signs in and reads the user, cross-origin", () =>
    Effect.gen(function*() {
      // 127.0.0.1 for the page, localhost for the emulator: two origins, so every call is a CORS request.
      const { browser, emu, page } = yield* startApp("sign-in", "127.0.0.1")
      const tab = yield* step(() => browser.newPage())
      yield* step(() => tab.goto(page.origin))
      const result = yield* step(() =>
        tab.waitForFunction(() => (globalThis as { stackfxResult?: unknown }).stackfxResult, undefined, { timeout: 15_000 })
          .then((handle) => handle.jsonValue())
      )
      assert.deepInclude(result, { ok: true })
      const { outcome } = result as { outcome: Record<string, string> }
      assert.strictEqual(outcome["signedInId"], outcome["signedUpId"])
      assert.strictEqual(outcome["wrongPassword"], "EmailPasswordMismatch 400")
      assert.match(outcome["email"] ?? "", /^browser-.*@example\.com$/)
      // The page's origin is not the emulator's: every call went through a CORS check.
      assert.notStrictEqual(new URL(page.origin).port, new URL(emu.info.baseUrl).port)
    }).pipe(Effect.scoped), 60_000)
})

/** TOTP sign-in follows the emulator's Clock. */
import { assert, describe, it } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { TestClock } from "effect/testing"
import { totpAt } from "../../src/emulator/totp.ts"
import { json, makeHarness } from "./emulator-harness.ts"

const secret = "MTIzNDU2Nzg5MDEyMzQ1Njc4OTA="
const attemptCode = (body: unknown): string => {
  const details = typeof body === "object" && body !== null ? Reflect.get(body, "details") : undefined
  return typeof details === "object" && details !== null ? String(Reflect.get(details, "attempt_code")) : ""
}

describe("emulator multi-factor sign-in", () => {
  it.effect("a TOTP is valid in its window only; a wrong one keeps the attempt code usable; attempt codes expire", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const user = yield* h.signUp()
      yield* h.call("PATCH", "/users/me", { user, json: { totp_secret_base64: secret } })
      const signIn = () => h.call("POST", "/auth/password/sign-in", { json: { email: user.email, password: user.password } })
      const code = attemptCode(yield* json(yield* signIn()))
      const stale = totpAt(secret, (yield* Clock.currentTimeMillis) - 120_000)
      const wrong = yield* h.call("POST", "/auth/mfa/sign-in", { json: { code, type: "totp", totp: stale } })
      assert.strictEqual(wrong.headers.get("x-stack-known-error"), "INVALID_TOTP_CODE")
      const current = totpAt(secret, yield* Clock.currentTimeMillis)
      const ok = yield* h.call("POST", "/auth/mfa/sign-in", { json: { code, type: "totp", totp: current } })
      assert.strictEqual(ok.status, 200)
      const later = attemptCode(yield* json(yield* signIn()))
      yield* TestClock.adjust("6 minutes")
      const expired = yield* h.call("POST", "/auth/mfa/sign-in", {
        json: { code: later, type: "totp", totp: totpAt(secret, yield* Clock.currentTimeMillis) }
      })
      assert.strictEqual(expired.headers.get("x-stack-known-error"), "VERIFICATION_CODE_EXPIRED")
    }))
})

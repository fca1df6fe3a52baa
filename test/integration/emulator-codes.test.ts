/** Magic-link and password-reset behaviour beyond the fixtures. */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { TestClock } from "effect/testing"
import { json, makeHarness, uniqueEmail } from "./emulator-harness.ts"

const callback = "http://localhost:3000/handler/magic-link-callback"
const field = (body: unknown, key: string): unknown =>
  typeof body === "object" && body !== null ? Reflect.get(body, key) : undefined

describe("emulator one-time codes and password reset", () => {
  it.effect("the six-character code plus the nonce signs in; an existing user is not new; the code works once", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const user = yield* h.signUp()
      yield* h.call("POST", "/contact-channels/verify", { json: { code: (yield* h.emu.outbox(user.email)).at(-1)?.code ?? "" } })
      const sent = yield* json(yield* h.call("POST", "/auth/otp/send-sign-in-code", { json: { email: user.email, callback_url: callback } }))
      const mail = (yield* h.emu.outbox(user.email)).at(-1)
      const otp = (mail?.code ?? "").slice(0, 6).toUpperCase()
      assert.include(mail?.subject ?? "", otp)
      const signIn = yield* json(yield* h.call("POST", "/auth/otp/sign-in", { json: { code: `${otp}${String(field(sent, "nonce"))}` } }))
      assert.strictEqual(field(signIn, "user_id"), user.userId)
      assert.strictEqual(field(signIn, "is_new_user"), false)
      const again = yield* h.call("POST", "/auth/otp/sign-in", { json: { code: mail?.code ?? "" } })
      assert.strictEqual(again.headers.get("x-stack-known-error"), "VERIFICATION_CODE_ALREADY_USED")
    }))

  it.effect("an unverified sign-in address cannot get a code; codes expire with the Clock", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const user = yield* h.signUp()
      const refused = yield* h.call("POST", "/auth/otp/send-sign-in-code", { json: { email: user.email, callback_url: callback } })
      assert.strictEqual(refused.headers.get("x-stack-known-error"), "USER_EMAIL_ALREADY_EXISTS")
      const email = uniqueEmail("late")
      yield* h.call("POST", "/auth/otp/send-sign-in-code", { json: { email, callback_url: callback } })
      const code = (yield* h.emu.outbox(email)).at(-1)?.code ?? ""
      yield* TestClock.adjust("8 days")
      const late = yield* h.call("POST", "/auth/otp/sign-in", { json: { code } })
      assert.strictEqual(late.headers.get("x-stack-known-error"), "VERIFICATION_CODE_EXPIRED")
    }))

  it.effect("a user with TOTP gets MULTI_FACTOR_AUTHENTICATION_REQUIRED from a magic link", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const email = uniqueEmail("mfa")
      yield* h.call("POST", "/auth/otp/send-sign-in-code", { json: { email, callback_url: callback } })
      const first = yield* json(yield* h.call("POST", "/auth/otp/sign-in", { json: { code: (yield* h.emu.outbox(email)).at(-1)?.code ?? "" } }))
      yield* h.call("PATCH", "/users/me", { user: { accessToken: String(field(first, "access_token")) }, json: { totp_secret_base64: "MTIzNDU2Nzg5MDEyMzQ1Njc4OTA=" } })
      yield* h.call("POST", "/auth/otp/send-sign-in-code", { json: { email, callback_url: callback } })
      const second = yield* h.call("POST", "/auth/otp/sign-in", { json: { code: (yield* h.emu.outbox(email)).at(-1)?.code ?? "" } })
      assert.strictEqual(second.headers.get("x-stack-known-error"), "MULTI_FACTOR_AUTHENTICATION_REQUIRED")
    }))

  it.effect("a reset sets the new password and ends every session; the old password stops working", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const user = yield* h.signUp()
      yield* h.call("POST", "/auth/password/send-reset-code", { json: { email: user.email, callback_url: "http://localhost:3000/reset" } })
      const code = (yield* h.emu.outbox(user.email)).at(-1)?.code ?? ""
      assert.strictEqual((yield* h.call("POST", "/auth/password/reset", { json: { code, password: "Brand-new-passw0rd" } })).status, 200)
      const refresh = yield* h.call("POST", "/auth/sessions/current/refresh", { user: { accessToken: user.accessToken, refreshToken: user.refreshToken } })
      assert.strictEqual(refresh.headers.get("x-stack-known-error"), "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED")
      const old = yield* h.call("POST", "/auth/password/sign-in", { json: { email: user.email, password: user.password } })
      assert.strictEqual(old.headers.get("x-stack-known-error"), "EMAIL_PASSWORD_MISMATCH")
      const fresh = yield* h.call("POST", "/auth/password/sign-in", { json: { email: user.email, password: "Brand-new-passw0rd" } })
      assert.strictEqual(fresh.status, 200)
      const unknown = yield* h.call("POST", "/auth/password/send-reset-code", { json: { email: uniqueEmail("nobody"), callback_url: "http://localhost:3000/reset" } })
      assert.strictEqual(unknown.status, 200)
    }))
})

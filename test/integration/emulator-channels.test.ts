/** Contact-channel behaviour beyond the fixtures: verification, conflicts, expiry with the Clock. */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { TestClock } from "effect/testing"
import { json, makeHarness, uniqueEmail } from "./emulator-harness.ts"

const callback = "http://localhost:3000/handler/email-verification"

describe("emulator contact channels", () => {
  it.effect("verifying by the e-mailed code marks the channel verified; a second verify is 409 already used", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const user = yield* h.signUp()
      const code = (yield* h.emu.outbox(user.email)).at(-1)?.code ?? ""
      assert.strictEqual(code.length, 45)
      assert.strictEqual((yield* h.call("POST", "/contact-channels/verify", { json: { code } })).status, 200)
      const again = yield* h.call("POST", "/contact-channels/verify", { json: { code } })
      assert.strictEqual(again.status, 409)
      assert.strictEqual(again.headers.get("x-stack-known-error"), "VERIFICATION_CODE_ALREADY_USED")
      const list = yield* json(yield* h.call("GET", "/contact-channels?user_id=me", { user: user }))
      assert.deepInclude(JSON.stringify(list), "\"is_verified\":true")
      const resend = yield* h.call("POST", "/contact-channels/send-verification-code", {
        user,
        json: { email: user.email, callback_url: callback }
      })
      assert.strictEqual(resend.headers.get("x-stack-known-error"), "EMAIL_ALREADY_VERIFIED")
    }))

  it.effect("verification codes expire when the Clock says so", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const user = yield* h.signUp()
      const code = (yield* h.emu.outbox(user.email)).at(-1)?.code ?? ""
      yield* TestClock.adjust("8 days")
      const late = yield* h.call("POST", "/contact-channels/verify", { json: { code } })
      assert.strictEqual(late.headers.get("x-stack-known-error"), "VERIFICATION_CODE_EXPIRED")
    }))

  it.effect("an address another user signs in with cannot be used for auth; nothing is created", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const first = yield* h.signUp()
      const second = yield* h.signUp()
      const taken = yield* h.call("POST", "/contact-channels", {
        user: second,
        json: { user_id: "me", value: first.email, type: "email", used_for_auth: true }
      })
      assert.strictEqual(taken.headers.get("x-stack-known-error"), "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE")
      const list = yield* json(yield* h.call("GET", "/contact-channels?user_id=me", { user: second }))
      assert.notInclude(JSON.stringify(list), first.email)
    }))

  it.effect("changing a channel's value makes it unverified; a client cannot touch another user's channels", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const user = yield* h.signUp()
      const other = yield* h.signUp()
      const created = yield* json(yield* h.call("POST", "/contact-channels", {
        accessType: "server",
        json: { user_id: user.userId, value: uniqueEmail("cc"), type: "email", used_for_auth: false, is_verified: true }
      }))
      const id = typeof created === "object" && created !== null && "id" in created ? String(created.id) : ""
      const changed = yield* json(yield* h.call("PATCH", `/contact-channels/me/${id}`, { user, json: { value: uniqueEmail("cc2") } }))
      assert.include(JSON.stringify(changed), "\"is_verified\":false")
      const foreign = yield* h.call("DELETE", `/contact-channels/${user.userId}/${id}`, { user: other })
      assert.strictEqual(foreign.status, 403)
      assert.strictEqual(yield* Effect.promise(() => foreign.text()), "Client can only delete contact channels for their own user.")
    }))
})

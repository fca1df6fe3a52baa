/**
 * Sign-in details as backend 2.8.86 answers them: the one-time code in its own paragraph of the
 * e-mail, the OTP-disabled text, the country a new account signs up from, an empty e-mail address,
 * passkey options (no empty `hints`; the testing switch for a fixed challenge), and a logged-out
 * client asking for a verification e-mail.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { json, makeHarness, text, uniqueEmail } from "./emulator-harness.ts"

const field = (body: unknown, key: string): unknown => (typeof body === "object" && body !== null ? Reflect.get(body, key) : undefined)
const callback = "http://localhost:3000/handler/magic-link-callback"

describe("emulator: sign-in details", () => {
  it.effect("the e-mailed code plus the nonce signs in; the new account keeps the country of the request that asked", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const email = uniqueEmail("otp")
      const sent = yield* json(yield* h.call("POST", "/auth/otp/send-sign-in-code", {
        json: { email, callback_url: callback },
        headers: { "x-vercel-ip-country": "ca" }
      }))
      const mails = yield* h.emu.outbox(email)
      const code = /<p>([A-Z0-9]{6})<\/p>/.exec(mails[0]?.html ?? "")?.[1]
      assert.isDefined(code)
      const signedIn = yield* json(yield* h.call("POST", "/auth/otp/sign-in", {
        json: { code: `${code ?? ""}${String(field(sent, "nonce"))}` },
        headers: { "x-vercel-ip-country": "US" }
      }))
      const user = yield* json(yield* h.call("GET", `/users/${String(field(signedIn, "user_id"))}`, { accessType: "server" }))
      assert.strictEqual(field(user, "country_code"), "CA")
    }))

  it.effect("OTP off is said as the service says it; an empty address is 'must not be empty'", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      yield* h.configure((data) => {
        const project = data.projects[h.keys.projectId]
        if (project !== undefined) data.projects[project.id] = { ...project, config: { ...project.config, magicLinkEnabled: false } }
      })
      const off = yield* h.call("POST", "/auth/otp/send-sign-in-code", { json: { email: uniqueEmail(), callback_url: callback } })
      assert.strictEqual(off.status, 403)
      assert.strictEqual(yield* text(off), "OTP sign-in is not enabled for this project")
      const empty = yield* json(yield* h.call("POST", "/auth/password/sign-in", { json: { email: "", password: "whatever" } }))
      assert.include(String(field(empty, "error")), "body.email must not be empty")
      assert.notInclude(String(field(empty, "error")), "valid email")
    }))

  it.effect("passkey registration options leave out an empty hints list; the testing switch fixes the challenge to MOCK", () =>
    Effect.gen(function*() {
      for (const hardcoded of [false, true]) {
        const h = yield* makeHarness({ hardcodedPasskeyChallenge: hardcoded })
        const user = yield* h.signUp()
        const registration = yield* json(yield* h.call("POST", "/auth/passkey/initiate-passkey-registration", { user, json: {} }))
        const options = field(registration, "options_json")
        assert.isFalse(typeof options === "object" && options !== null && "hints" in options)
        const authentication = yield* json(yield* h.call("POST", "/auth/passkey/initiate-passkey-authentication", { json: {} }))
        const challenges = [field(options, "challenge"), field(field(authentication, "options_json"), "challenge")]
        for (const challenge of challenges) {
          if (hardcoded) assert.strictEqual(challenge, "TU9DSw")
          else assert.notStrictEqual(challenge, "TU9DSw")
        }
      }
    }))

  it.effect("a client without a user asking for a verification e-mail gets CANNOT_GET_OWN_USER_WITHOUT_USER", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const user = yield* h.signUp()
      const channels = yield* json(yield* h.call("GET", "/contact-channels?user_id=me", { user }))
      const items = field(channels, "items")
      const channelId = Array.isArray(items) ? String(field(items[0], "id")) : ""
      const response = yield* h.call("POST", `/contact-channels/${user.userId}/${channelId}/send-verification-code`, { json: { callback_url: "http://localhost:3000/verify" } })
      assert.strictEqual(response.headers.get("x-stack-known-error"), "CANNOT_GET_OWN_USER_WITHOUT_USER")
    }))

  it.effect("a URL with spaces is reported twice, as the service's URL schema does", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const query = new URLSearchParams({
        client_id: h.keys.projectId, client_secret: h.keys.pck, redirect_uri: "not a url", scope: "legacy",
        response_type: "code", state: "s", grant_type: "authorization_code", code_challenge: "c", code_challenge_method: "plain"
      })
      const body = yield* json(yield* h.call("GET", `/auth/oauth/authorize/github?${query.toString()}`, { accessType: null }))
      assert.strictEqual(
        field(body, "error"),
        "Request validation failed on GET /api/v1/auth/oauth/authorize/github:\n  - query.redirect_uri contains spaces\n  - query.redirect_uri is not a valid URL"
      )
    }))
})

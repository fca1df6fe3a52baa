/** Passkey registration and sign-in with a software authenticator, verified by @simplewebauthn/server. */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { PasskeyAuthenticationInitiationResponse, PasskeyRegistrationInitiationResponse } from "../../src/wire/auth.ts"
import { type Harness, json, makeHarness, type TestUser } from "./emulator-harness.ts"
import { makeAuthenticator } from "./webauthn-fake.ts"

const origin = "http://localhost:3000"

const register = (h: Harness, user: TestUser, authenticator: ReturnType<typeof makeAuthenticator>, overrides: { readonly origin?: string } = {}) =>
  Effect.gen(function*() {
    const initiated = Schema.decodeUnknownSync(PasskeyRegistrationInitiationResponse)(
      yield* json(yield* h.call("POST", "/auth/passkey/initiate-passkey-registration", { user, json: {} }))
    )
    assert.strictEqual(initiated.options_json.rp.id, "THIS_VALUE_WILL_BE_REPLACED.example.com")
    const options = { ...initiated.options_json, rp: { ...initiated.options_json.rp, id: "localhost" } }
    return yield* h.call("POST", "/auth/passkey/register", { user, json: { credential: authenticator.register(options, overrides), code: initiated.code } })
  })

const signIn = (h: Harness, authenticator: ReturnType<typeof makeAuthenticator>) =>
  Effect.gen(function*() {
    const initiated = Schema.decodeUnknownSync(PasskeyAuthenticationInitiationResponse)(
      yield* json(yield* h.call("POST", "/auth/passkey/initiate-passkey-authentication", { json: {} }))
    )
    assert.strictEqual(initiated.options_json.rpId, "THIS_VALUE_WILL_BE_REPLACED.example.com")
    const response = authenticator.authenticate({ ...initiated.options_json, rpId: "localhost" })
    return yield* h.call("POST", "/auth/passkey/sign-in", { json: { authentication_response: response, code: initiated.code } })
  })

const allowLocalhost = (h: Harness, allowed: boolean) =>
  h.configure((data) => {
    const project = data.projects[h.keys.projectId]
    if (project !== undefined) data.projects[project.id] = { ...project, config: { ...project.config, allowLocalhost: allowed } }
  })

const field = (body: unknown, key: string): unknown => (typeof body === "object" && body !== null ? Reflect.get(body, key) : undefined)

describe("emulator passkeys", () => {
  it.effect("registers a passkey and signs in with it", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const user = yield* h.signUp()
      const authenticator = makeAuthenticator(origin)
      const registered = yield* register(h, user, authenticator)
      assert.strictEqual(registered.status, 200)
      assert.strictEqual(field(yield* json(registered), "user_handle"), authenticator.credentialId)
      const me = yield* json(yield* h.call("GET", "/users/me", { user }))
      assert.strictEqual(field(me, "passkey_auth_enabled"), true)
      const signedIn = yield* json(yield* signIn(h, authenticator))
      assert.strictEqual(field(signedIn, "user_id"), user.userId)
      assert.strictEqual(field(signedIn, "is_new_user"), false)
    }))

  it.effect("an unknown credential and a foreign origin are refused", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const user = yield* h.signUp()
      const stranger = yield* signIn(h, makeAuthenticator(origin))
      assert.strictEqual(stranger.headers.get("x-stack-known-error"), "PASSKEY_AUTHENTICATION_FAILED")
      // Like today's service (e2e passkey/wildcard-domains): registration failed, not authentication (2.7).
      const foreign = yield* register(h, user, makeAuthenticator(origin), { origin: "https://evil.example.com" })
      assert.strictEqual(foreign.status, 400)
      assert.strictEqual(foreign.headers.get("x-stack-known-error"), "PASSKEY_REGISTRATION_FAILED")
      assert.include(yield* Effect.promise(() => foreign.text()), "Passkey registration failed because the origin is not allowed")
    }))

  it.effect("registering or signing in from localhost when the project does not allow it is the same refusal", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const user = yield* h.signUp()
      yield* allowLocalhost(h, false)
      const authenticator = makeAuthenticator(origin)
      const refused = yield* register(h, user, authenticator)
      assert.strictEqual(refused.headers.get("x-stack-known-error"), "PASSKEY_REGISTRATION_FAILED")
      assert.include(yield* Effect.promise(() => refused.text()), "Passkey registration failed because the origin is not allowed")
      // A passkey registered while localhost was allowed cannot sign in from it afterwards; today's
      // service words it as for any origin it does not trust.
      yield* allowLocalhost(h, true)
      assert.strictEqual((yield* register(h, user, authenticator)).status, 200)
      yield* allowLocalhost(h, false)
      const signInRefused = yield* signIn(h, authenticator)
      assert.strictEqual(signInRefused.headers.get("x-stack-known-error"), "PASSKEY_AUTHENTICATION_FAILED")
      assert.include(yield* Effect.promise(() => signInRefused.text()), "Passkey authentication failed because the origin is not allowed")
    }))

  it.effect("passkeys off → PASSKEY_AUTHENTICATION_NOT_ENABLED", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      yield* h.configure((data) => {
        const project = data.projects[h.keys.projectId]
        if (project !== undefined) data.projects[project.id] = { ...project, config: { ...project.config, passkeyEnabled: false } }
      })
      const answer = yield* h.call("POST", "/auth/passkey/initiate-passkey-authentication", { json: {} })
      assert.strictEqual(answer.headers.get("x-stack-known-error"), "PASSKEY_AUTHENTICATION_NOT_ENABLED")
    }))
})

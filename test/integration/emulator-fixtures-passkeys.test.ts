/** Fixture replay for passkeys, with a software authenticator producing the browser's responses. */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { PasskeyAuthenticationInitiationResponse, PasskeyRegistrationInitiationResponse } from "../../src/wire/auth.ts"
import { json } from "./emulator-harness.ts"
import { type Bindings, type Case, type Harness, live, old, plain, replaySuite, signedIn } from "./emulator-setups.ts"
import { makeAuthenticator } from "./webauthn-fake.ts"

const origin = "http://localhost:3000"

const passkeysOff = (h: Harness) =>
  Effect.gen(function*() {
    yield* h.configure((data) => {
      const project = data.projects[h.keys.projectId]
      if (project !== undefined) data.projects[project.id] = { ...project, config: { ...project.config, passkeyEnabled: false } }
    })
    return yield* signedIn(h)
  })

/** A registration initiated for the signed-in user, answered by a fresh authenticator. */
const registration = (h: Harness) =>
  Effect.gen(function*() {
    const bindings = yield* signedIn(h)
    const user = { accessToken: bindings.jwt ?? "" }
    const initiated = Schema.decodeUnknownSync(PasskeyRegistrationInitiationResponse)(
      yield* json(yield* h.call("POST", "/auth/passkey/initiate-passkey-registration", { user, json: {} }))
    )
    const authenticator = makeAuthenticator(origin)
    const credential = authenticator.register({ ...initiated.options_json, rp: { ...initiated.options_json.rp, id: "localhost" } })
    return { bindings, user, authenticator, credential, code: initiated.code }
  })

const register = (h: Harness) =>
  Effect.map(registration(h), (r): Bindings => ({ ...r.bindings, overrides: { "body.credential": r.credential, "body.code": r.code } }))

const passkeySignIn = (h: Harness) =>
  Effect.gen(function*() {
    const r = yield* registration(h)
    yield* h.call("POST", "/auth/passkey/register", { user: r.user, json: { credential: r.credential, code: r.code } })
    const initiated = Schema.decodeUnknownSync(PasskeyAuthenticationInitiationResponse)(
      yield* json(yield* h.call("POST", "/auth/passkey/initiate-passkey-authentication", { json: {} }))
    )
    const response = r.authenticator.authenticate({ ...initiated.options_json, rpId: "localhost" })
    return { ...r.bindings, jwt: undefined, token: undefined, overrides: { "body.authentication_response": response, "body.code": initiated.code } } satisfies Bindings
  })

const cases: ReadonlyArray<Case> = [
  live("auth-passkey-initiate-registration-not-enabled.json", passkeysOff),
  old("auth-passkey-initiate-registration-not-enabled.json", passkeysOff),
  old("auth-passkey-initiate-registration.json", signedIn),
  old("auth-passkey-initiate-authentication.json", plain),
  old("auth-passkey-register-success.json", register),
  old("auth-passkey-sign-in-success.json", passkeySignIn)
]

replaySuite("emulator fixture replay: passkeys", cases)

/** StackClient passkeys with a software authenticator (test/integration/webauthn-fake.ts). */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as HttpClient from "effect/http/HttpClient"
import { StackClient, WebAuthn } from "../../src/client/index.ts"
import { Emulator, inProcessClient } from "../../src/emulator/emulator.ts"
import { layerMemoryTokenStore } from "../../src/session/token-store.ts"
import { makeAuthenticator } from "../integration/webauthn-fake.ts"
import { freshEmail, inProcess } from "./client-harness.ts"

const password = "correct horse battery"

const softwareWebAuthn = () => {
  const authenticator = makeAuthenticator("http://localhost:3000")
  let calls = 0
  const layer = Layer.succeed(WebAuthn, WebAuthn.of({
    rpId: Effect.succeed("localhost"),
    register: (options) => Effect.sync(() => (calls++, authenticator.register(options))),
    authenticate: (options) => Effect.sync(() => (calls++, authenticator.authenticate(options)))
  }))
  return { authenticator, layer, calls: () => calls }
}

/** A StackClient whose HTTP answers for passkey initiation carry another relying-party id. */
const tamperedClient = Layer.unwrap(Effect.gen(function*() {
  const emu = yield* Emulator
  const client = inProcessClient((request) =>
    Effect.gen(function*() {
      const response = yield* emu.handle(request)
      if (!new URL(request.url).pathname.endsWith("/initiate-passkey-registration")) return response
      const body = yield* Effect.promise(() => response.json())
      const text = JSON.stringify(body).replace(/"id":"THIS_VALUE_WILL_BE_REPLACED\.example\.com"/, "\"id\":\"evil.example.com\"")
      return new Response(text, { status: response.status, headers: response.headers })
    }))
  return StackClient.layer({ projectId: emu.info.projectId, publishableClientKey: emu.info.publishableClientKey, baseUrl: emu.info.baseUrl }).pipe(
    Layer.provide(Layer.merge(layerMemoryTokenStore(), Layer.succeed(HttpClient.HttpClient, client)))
  )
}))

describe("StackClient passkeys (in-process)", () => {
  it.effect("registers a passkey through the WebAuthn service, then signs in with it", () => {
    const webAuthn = softwareWebAuthn()
    return Effect.gen(function*() {
      const stack = yield* StackClient
      const signedUp = yield* stack.signUpWithPassword({ email: freshEmail("passkey"), password })
      const credentialId = yield* stack.registerPasskey()
      assert.strictEqual(credentialId, webAuthn.authenticator.credentialId)
      yield* stack.signOut()
      assert.isTrue(Option.isNone(yield* stack.getUser()))
      const signedIn = yield* stack.signInWithPasskey()
      assert.strictEqual(signedIn.userId, signedUp.userId)
      assert.isFalse(signedIn.isNewUser)
      assert.strictEqual(webAuthn.calls(), 2)
    }).pipe(Effect.provide(Layer.merge(inProcess(), webAuthn.layer)))
  })

  it.effect("server options with another rp id are PasskeyWebAuthnError before the authenticator is asked", () => {
    const webAuthn = softwareWebAuthn()
    return Effect.gen(function*() {
      const stack = yield* StackClient
      yield* stack.signUpWithPassword({ email: freshEmail("rp"), password })
      const error = yield* Effect.flip(stack.registerPasskey())
      assert.strictEqual(error._tag, "PasskeyWebAuthnError")
      assert.include(error.message, "evil.example.com")
      assert.strictEqual(webAuthn.calls(), 0)
    }).pipe(Effect.provide(Layer.merge(Layer.provide(tamperedClient, Emulator.layer()), webAuthn.layer)))
  })
})

/** The browser WebAuthn service: its failures are typed PasskeyWebAuthnErrors, never defects. */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { layerBrowserWebAuthn } from "../../src/browser/index.ts"
import { WebAuthn } from "../../src/client/index.ts"

const creation = {
  rp: { id: "localhost", name: "Demo" },
  user: { id: "dXNlcg", name: "ada", displayName: "Ada" },
  challenge: "Y2hhbGxlbmdl",
  pubKeyCredParams: [{ alg: -7, type: "public-key" }]
}

describe("browser WebAuthn", () => {
  it.effect("without WebAuthn (here: Node) the ceremony fails with the library's message and error name", () =>
    Effect.gen(function*() {
      const webAuthn = yield* WebAuthn
      const error = yield* Effect.flip(webAuthn.register(creation))
      assert.strictEqual(error._tag, "PasskeyWebAuthnError")
      assert.isTrue(error.message.length > 0)
      assert.isTrue(error.details.code.length > 0)
      const signIn = yield* Effect.flip(webAuthn.authenticate({ challenge: "Y2hhbGxlbmdl", rpId: "localhost" }))
      assert.strictEqual(signIn._tag, "PasskeyWebAuthnError")
    }).pipe(Effect.provide(layerBrowserWebAuthn)))

  it.effect("server options the browser cannot use are a PasskeyWebAuthnError naming the problem", () =>
    Effect.gen(function*() {
      const webAuthn = yield* WebAuthn
      const error = yield* Effect.flip(webAuthn.register({ ...creation, pubKeyCredParams: "nonsense" }))
      assert.strictEqual(error.details.code, "TypeError")
      assert.include(error.message, "passkey options are not usable")
    }).pipe(Effect.provide(layerBrowserWebAuthn)))
})

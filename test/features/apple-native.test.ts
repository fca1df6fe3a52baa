/**
 * `POST /auth/oauth/callback/apple/native` over the emulator, in-process and over a real socket:
 * Apple not enabled, Apple without bundle ids, an identity token the emulator cannot verify (it
 * cannot reach Apple's keys offline), a body without `id_token`.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { Emulator } from "../../src/emulator/emulator.ts"
import { sharedOAuthProvider } from "../../src/emulator/state.ts"
import { configure, transports } from "./features-harness.ts"

const appleStandard = { id: "apple", type: "standard" as const, clientId: "com.example.web", clientSecret: "s", facebookConfigId: null, microsoftTenantId: null }

describe.each([["in-process", false], ["over HTTP", true]] as const)("native Apple sign-in (%s)", (_name, overHttp) => {
  const post = (body: unknown) =>
    Effect.gen(function*() {
      const emu = yield* Emulator
      const init = {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-stack-project-id": emu.info.projectId,
          "x-stack-access-type": "client",
          "x-stack-publishable-client-key": emu.info.publishableClientKey
        },
        body: JSON.stringify(body)
      }
      const url = `${emu.info.baseUrl}/api/v1/auth/oauth/callback/apple/native`
      const response = yield* Effect.promise(() => overHttp ? fetch(url, init) : emu.fetch(url, init))
      return { status: response.status, code: response.headers.get("x-stack-known-error") }
    })

  it.effect("answers the service's checks, then refuses a token it cannot verify", () =>
    Effect.gen(function*() {
      yield* configure({ oauthProviders: [sharedOAuthProvider("google")] })
      assert.deepStrictEqual(yield* post({ id_token: "fake-token" }), { status: 400, code: "OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED" })
      yield* configure({ oauthProviders: [appleStandard] })
      assert.deepStrictEqual(yield* post({ id_token: "fake-token" }), { status: 400, code: "APPLE_BUNDLE_ID_NOT_CONFIGURED" })
      yield* configure({ oauthProviders: [{ ...appleStandard, appleBundleIds: ["com.example.ios"] }] })
      assert.deepStrictEqual(yield* post({ id_token: "invalid-jwt-token" }), { status: 400, code: "INVALID_APPLE_CREDENTIALS" })
      assert.deepStrictEqual(yield* post({}), { status: 400, code: "SCHEMA_ERROR" })
    }).pipe(Effect.provide(transports[overHttp ? 1 : 0][1]())))
})

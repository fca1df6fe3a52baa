/**
 * The request authentication core and the verified-token memory, in-process against the emulator
 * with the TestClock: where tokens are read from, what each refusal is, and that a remembered token
 * still expires and a forged one is never remembered.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as TestClock from "effect/testing/TestClock"
import type * as HttpClient from "effect/http/HttpClient"
import { Emulator } from "../../src/emulator/emulator.ts"
import { authenticate, authenticateOptional, errorResponse } from "../../src/http-api/index.ts"
import { rememberVerifiedTokens } from "../../src/http-api/verified-tokens.ts"
import { AccessTokenVerifier, type AccessTokenVerifierService } from "../../src/server/index.ts"
import { harnessFor } from "../integration/emulator-harness.ts"

const setup = Effect.gen(function*() {
  const emu = yield* Emulator
  const h = yield* harnessFor(emu)
  const verifier = yield* AccessTokenVerifier.make({ projectId: emu.info.projectId, baseUrl: emu.info.baseUrl })
  return { emu, h, verifier, options: { projectId: emu.info.projectId } }
})

const inProcess = <A, E>(effect: Effect.Effect<A, E, Emulator | HttpClient.HttpClient>) =>
  effect.pipe(Effect.provide(Emulator.layer()))

/** A verifier that counts the verifications it is asked for. */
const counting = (verifier: AccessTokenVerifierService) => {
  let calls = 0
  const service: AccessTokenVerifierService = { verify: (token, options) => Effect.suspend(() => { calls++; return verifier.verify(token, options) }) }
  return { service, calls: () => calls }
}

describe("authenticate(request)", () => {
  it.effect("reads the token from each place the service uses, and refuses each bad one with its error", () =>
    inProcess(Effect.gen(function*() {
      const { emu, h, options, verifier } = yield* setup
      const ada = yield* h.signUp()
      const run = (headers: Record<string, string>) =>
        authenticate(new Request("http://app.test/api", { headers }), options).pipe(
          Effect.provideService(AccessTokenVerifier, verifier),
          Effect.match({ onFailure: (error) => error._tag === "Unauthenticated" ? error.reason : error._tag, onSuccess: (caller) => caller.userId })
        )
      assert.strictEqual(yield* run({ "x-stack-access-token": ada.accessToken }), ada.userId)
      assert.strictEqual(yield* run({ "x-hexclave-access-token": ada.accessToken }), ada.userId)
      assert.strictEqual(yield* run({ authorization: `Bearer ${ada.accessToken}` }), ada.userId)
      assert.strictEqual(yield* run({ "x-stack-auth": JSON.stringify({ accessToken: ada.accessToken, refreshToken: ada.refreshToken }) }), ada.userId)
      const pair = encodeURIComponent(JSON.stringify([ada.refreshToken, ada.accessToken]))
      assert.strictEqual(yield* run({ cookie: `stack-refresh-${emu.info.projectId}=${ada.refreshToken}; stack-access=${pair}` }), ada.userId)
      assert.strictEqual(yield* run({ cookie: `hexclave-refresh-${emu.info.projectId}=${ada.refreshToken}; hexclave-access=${pair}` }), ada.userId)
      // The access cookie alone is not enough: it is shared by the domain's projects.
      assert.strictEqual(yield* run({ cookie: `stack-access=${pair}` }), "MissingAccessToken")
      assert.strictEqual(yield* run({}), "MissingAccessToken")
      assert.strictEqual(yield* run({ authorization: "Bearer not.a.jwt" }), "MalformedAccessToken")

      const anonymous = yield* h.anonymousUser
      assert.strictEqual(yield* run({ "x-stack-access-token": anonymous.accessToken }), "AnonymousUserNotAllowed")
      const allowed = yield* authenticate(new Headers({ "x-stack-access-token": anonymous.accessToken }), { ...options, allowAnonymous: true }).pipe(
        Effect.provideService(AccessTokenVerifier, verifier)
      )
      assert.isTrue(allowed.claims.isAnonymous)
      const none = yield* authenticateOptional({}, options).pipe(Effect.provideService(AccessTokenVerifier, verifier))
      assert.isTrue(Option.isNone(none))
    })))

  it.effect("a restricted user is a 403 RestrictedUserForbidden unless restricted users are allowed", () =>
    inProcess(Effect.gen(function*() {
      const { h, options, verifier } = yield* setup
      yield* h.configure((data) => {
        const project = data.projects[options.projectId]
        if (project !== undefined) data.projects[project.id] = { ...project, config: { ...project.config, requireEmailVerification: true } }
      })
      const ada = yield* h.signUp()
      const refused = yield* authenticate({ "x-stack-access-token": ada.accessToken }, options).pipe(
        Effect.provideService(AccessTokenVerifier, verifier),
        Effect.flip
      )
      assert.strictEqual(refused._tag, "RestrictedUserForbidden")
      const response = errorResponse(refused)
      assert.strictEqual(response.status, 403)
      assert.strictEqual(((yield* Effect.promise(() => response.json())) as { restrictedReason: unknown }).restrictedReason, "email_not_verified")
      const allowed = yield* authenticate({ "x-stack-access-token": ada.accessToken }, { ...options, allowRestricted: true }).pipe(
        Effect.provideService(AccessTokenVerifier, verifier)
      )
      assert.strictEqual(allowed.claims.restrictedReason, "email_not_verified")
    })))

  it.effect("a remembered token costs no verification, still expires by the clock; a forged one is never remembered", () =>
    inProcess(Effect.gen(function*() {
      const { h, verifier } = yield* setup
      const ada = yield* h.signUp()
      const inner = counting(verifier)
      const remembering = rememberVerifiedTokens(inner.service)
      yield* remembering.verify(ada.accessToken)
      const again = yield* remembering.verify(ada.accessToken)
      assert.strictEqual(again.userId, ada.userId)
      assert.strictEqual(inner.calls(), 1)

      const [head, payload] = ada.accessToken.split(".")
      const forged = `${head}.${payload}.AAAA`
      assert.strictEqual((yield* Effect.flip(remembering.verify(forged)))._tag, "InvalidAccessTokenSignature")
      assert.strictEqual((yield* Effect.flip(remembering.verify(forged)))._tag, "InvalidAccessTokenSignature")
      assert.strictEqual(inner.calls(), 3)

      yield* TestClock.adjust(again.expiresAtMillis + 31_000)
      const late = yield* Effect.flip(remembering.verify(ada.accessToken))
      assert.strictEqual(late._tag, "ExpiredAccessToken")
      assert.strictEqual(inner.calls(), 4)
    })))
})

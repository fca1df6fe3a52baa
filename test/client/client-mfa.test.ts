/** StackClient TOTP multi-factor sign-in against the emulator (codes from the otpauth package). */
import { assert, describe, it, layer } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as HttpClient from "effect/http/HttpClient"
import * as OTPAuth from "otpauth"
import { StackClient } from "../../src/client/index.ts"
import { Emulator, inProcessClient } from "../../src/emulator/emulator.ts"
import { layerMemoryTokenStore } from "../../src/session/token-store.ts"
import { freshEmail, inProcess, overHttp } from "./client-harness.ts"

const password = "correct horse battery"

const totpFor = (secret: OTPAuth.Secret) => (timestamp: number) =>
  new OTPAuth.TOTP({ secret, digits: 6, period: 30, algorithm: "SHA1" }).generate({ timestamp })

/** A user with TOTP enabled, signed out; returns the e-mail and the code generator. */
const mfaUser = Effect.gen(function*() {
  const stack = yield* StackClient
  const email = freshEmail("mfa")
  const secret = new OTPAuth.Secret({ size: 20 })
  const created = yield* stack.signUpWithPassword({ email, password })
  yield* stack.updateUser({ totpSecretBase64: Buffer.from(secret.bytes).toString("base64") })
  yield* stack.signOut()
  return { email, userId: created.userId, totp: totpFor(secret) }
})

describe("StackClient MFA (in-process)", () => {
  it.effect("password sign-in asks for MFA; the attempt code plus the current TOTP signs in", () =>
    Effect.gen(function*() {
      const stack = yield* StackClient
      const { email, totp, userId } = yield* mfaUser
      const required = yield* Effect.flip(stack.signInWithPassword({ email, password }))
      if (required._tag !== "MultiFactorAuthenticationRequired") return assert.fail(`expected MFA, got ${required._tag}`)
      assert.isTrue(Option.isNone(yield* stack.getUser()))
      const done = yield* stack.signInWithMfa(required.details.attempt_code, totp(yield* Clock.currentTimeMillis))
      assert.strictEqual(done.userId, userId)
      assert.isFalse(done.isNewUser)
      const user = yield* stack.getUser()
      assert.strictEqual(Option.getOrUndefined(Option.map(user, (u) => u.id)), userId)
    }).pipe(Effect.provide(inProcess())))

  it.effect("a wrong TOTP is InvalidTotpCode; an empty one too; neither signs in", () =>
    Effect.gen(function*() {
      const stack = yield* StackClient
      const { email, totp } = yield* mfaUser
      const required = yield* Effect.flip(stack.signInWithPassword({ email, password }))
      if (required._tag !== "MultiFactorAuthenticationRequired") return assert.fail(`expected MFA, got ${required._tag}`)
      const now = yield* Clock.currentTimeMillis
      const current = totp(now)
      const wrongCode = [totp(now - 300_000), totp(now + 300_000), "000000"].find((c) => c !== current) ?? "000000"
      const wrong = yield* Effect.flip(stack.signInWithMfa(required.details.attempt_code, wrongCode))
      assert.strictEqual(wrong._tag, "InvalidTotpCode")
      const empty = yield* Effect.flip(stack.signInWithMfa(required.details.attempt_code, ""))
      assert.strictEqual(empty._tag, "InvalidTotpCode")
      assert.isTrue(Option.isNone(yield* stack.getUser()))
    }).pipe(Effect.provide(inProcess())))

  it.effect("an empty or blank TOTP fails with InvalidTotpCode without sending a request", () => {
    const paths: Array<string> = []
    const counted = Layer.unwrap(Effect.gen(function*() {
      const emu = yield* Emulator
      const client = inProcessClient((request) => {
        paths.push(new URL(request.url).pathname)
        return emu.handle(request)
      })
      return StackClient.layer({ projectId: emu.info.projectId, publishableClientKey: emu.info.publishableClientKey, baseUrl: emu.info.baseUrl }).pipe(
        Layer.provide(Layer.merge(layerMemoryTokenStore(), Layer.succeed(HttpClient.HttpClient, client)))
      )
    }))
    return Effect.gen(function*() {
      const stack = yield* StackClient
      const { email } = yield* mfaUser
      const required = yield* Effect.flip(stack.signInWithPassword({ email, password }))
      if (required._tag !== "MultiFactorAuthenticationRequired") return assert.fail(`expected MFA, got ${required._tag}`)
      const before = paths.length
      const empty = yield* Effect.flip(stack.signInWithMfa(required.details.attempt_code, ""))
      assert.strictEqual(empty._tag, "InvalidTotpCode")
      const blank = yield* Effect.flip(stack.signInWithMfa(required.details.attempt_code, "   "))
      assert.strictEqual(blank._tag, "InvalidTotpCode")
      assert.strictEqual(paths.length, before)
      assert.isTrue(before > 0)
    }).pipe(Effect.provide(Layer.provide(counted, Emulator.layer())))
  })
})

layer(overHttp())("StackClient MFA (over HTTP)", (it) => {
  it.effect("MFA sign-in with the attempt code and a TOTP over a real socket", () =>
    Effect.gen(function*() {
      const stack = yield* StackClient
      const { email, totp, userId } = yield* mfaUser
      const required = yield* Effect.flip(stack.signInWithPassword({ email, password }))
      if (required._tag !== "MultiFactorAuthenticationRequired") return assert.fail(`expected MFA, got ${required._tag}`)
      const done = yield* stack.signInWithMfa(required.details.attempt_code, totp(yield* Clock.currentTimeMillis))
      assert.strictEqual(done.userId, userId)
    }))
})

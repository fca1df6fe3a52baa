/** StackClient magic-link / OTP and forgotten-password flows against the emulator. */
import { assert, describe, it, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { TestClock } from "effect/testing"
import { codeFromOtp, StackClient } from "../../src/client/index.ts"
import { freshEmail, inProcess, lastEmailTo, overHttp } from "./client-harness.ts"

const password = "correct horse battery"
const callbackUrl = "http://localhost:3000/handler/magic-link-callback"
const resetUrl = "http://localhost:3000/handler/password-reset"

const magicLink = Effect.gen(function*() {
  const stack = yield* StackClient
  const email = freshEmail("otp")
  yield* stack.sendMagicLinkEmail({ email, callbackUrl })
  const mail = yield* lastEmailTo(email)
  assert.isDefined(mail)
  const code = mail?.code ?? ""
  assert.isTrue(code.length > 6)
  assert.include(mail?.link ?? "", code)
  const created = yield* stack.signInWithMagicLink(code)
  assert.isTrue(created.isNewUser)
  yield* stack.signOut()
  const { nonce } = yield* stack.sendMagicLinkEmail({ email, callbackUrl })
  const second = (yield* lastEmailTo(email))?.code ?? ""
  assert.notStrictEqual(second, code)
  const again = yield* stack.signInWithMagicLink(codeFromOtp(second.slice(0, 6).toLowerCase(), nonce))
  assert.isFalse(again.isNewUser)
  assert.strictEqual(again.userId, created.userId)
  const reused = yield* Effect.flip(stack.signInWithMagicLink(second))
  assert.strictEqual(reused._tag, "VerificationCodeAlreadyUsed")
})

describe("StackClient OTP (in-process)", () => {
  it.effect("a link code signs up a new user; six characters + nonce sign the same user in; a used code is refused", () =>
    magicLink.pipe(Effect.provide(inProcess())))

  it.effect("a magic-link code expires when the clock moves past its lifetime", () =>
    Effect.gen(function*() {
      const stack = yield* StackClient
      const email = freshEmail("late")
      yield* stack.sendMagicLinkEmail({ email, callbackUrl })
      const code = (yield* lastEmailTo(email))?.code ?? ""
      yield* TestClock.adjust("8 days")
      const late = yield* Effect.flip(stack.signInWithMagicLink(code))
      assert.strictEqual(late._tag, "VerificationCodeExpired")
    }).pipe(Effect.provide(inProcess())))

  it.effect("forgotten password: the e-mailed code checks, resets the password, and the new one signs in", () =>
    Effect.gen(function*() {
      const stack = yield* StackClient
      const email = freshEmail("reset")
      const created = yield* stack.signUpWithPassword({ email, password })
      yield* stack.signOut()
      yield* stack.sendForgotPasswordEmail({ email, callbackUrl: resetUrl })
      const code = (yield* lastEmailTo(email))?.code ?? ""
      yield* stack.verifyPasswordResetCode(code)
      yield* stack.resetPassword({ code, password: "a brand new passw0rd" })
      const old = yield* Effect.flip(stack.signInWithPassword({ email, password }))
      assert.strictEqual(old._tag, "EmailPasswordMismatch")
      const signedIn = yield* stack.signInWithPassword({ email, password: "a brand new passw0rd" })
      assert.strictEqual(signedIn.userId, created.userId)
      const reused = yield* Effect.flip(stack.resetPassword({ code, password: "yet another passw0rd" }))
      assert.strictEqual(reused._tag, "VerificationCodeAlreadyUsed")
    }).pipe(Effect.provide(inProcess())))

  it.effect("an unknown reset code is VerificationCodeNotFound", () =>
    Effect.gen(function*() {
      const stack = yield* StackClient
      const missing = yield* Effect.flip(stack.verifyPasswordResetCode("x".repeat(45)))
      assert.strictEqual(missing._tag, "VerificationCodeNotFound")
    }).pipe(Effect.provide(inProcess())))
})

layer(overHttp())("StackClient OTP (over HTTP)", (it) => {
  it.effect("magic link sign-up, OTP sign-in and reuse over a real socket", () => magicLink)
})

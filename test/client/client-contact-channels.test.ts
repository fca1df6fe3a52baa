/** StackClient contact channels and e-mail verification against the emulator. */
import { assert, describe, it, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { StackClient } from "../../src/client/index.ts"
import { freshEmail, inProcess, lastEmailTo, overHttp } from "./client-harness.ts"

const password = "correct horse battery"
const verificationUrl = "http://localhost:3000/handler/email-verification"

const lifecycle = Effect.gen(function*() {
  const stack = yield* StackClient
  const email = freshEmail("cc")
  yield* stack.signUpWithPassword({ email, password })
  const initial = yield* stack.listContactChannels()
  assert.deepStrictEqual(initial.map((c) => c.value), [email])
  assert.isTrue(initial[0]?.isPrimary)
  const extra = freshEmail("second")
  const channel = yield* stack.createContactChannel({ value: extra })
  assert.strictEqual(channel.value, extra)
  assert.isFalse(channel.isVerified)
  assert.isFalse(channel.isPrimary)
  assert.strictEqual((yield* stack.listContactChannels()).length, 2)
  const updated = yield* stack.updateContactChannel(channel.id, { usedForAuth: true })
  assert.isTrue(updated.usedForAuth)
  yield* stack.sendContactChannelVerification(channel.id, { callbackUrl: verificationUrl })
  const mail = yield* lastEmailTo(extra)
  assert.isDefined(mail?.code)
  yield* stack.verifyEmail(mail?.code ?? "")
  const verified = (yield* stack.listContactChannels()).find((c) => c.id === channel.id)
  assert.isTrue(verified?.isVerified)
  yield* stack.deleteContactChannel(channel.id)
  assert.deepStrictEqual((yield* stack.listContactChannels()).map((c) => c.value), [email])
})

describe("StackClient contact channels (in-process)", () => {
  it.effect("list, create, update, verify by the e-mailed code, delete", () => lifecycle.pipe(Effect.provide(inProcess())))

  it.effect("making a channel primary moves the primary e-mail", () =>
    Effect.gen(function*() {
      const stack = yield* StackClient
      yield* stack.signUpWithPassword({ email: freshEmail("cc"), password })
      const extra = freshEmail("primary")
      const channel = yield* stack.createContactChannel({ value: extra })
      const primary = yield* stack.updateContactChannel(channel.id, { isPrimary: true })
      assert.isTrue(primary.isPrimary)
      const user = yield* stack.getUserOrFail()
      assert.strictEqual(user.primaryEmail, extra)
    }).pipe(Effect.provide(inProcess())))

  it.effect("sendVerificationEmail for the primary e-mail sends a code that verifies it", () =>
    Effect.gen(function*() {
      const stack = yield* StackClient
      const email = freshEmail("verify")
      yield* stack.signUpWithPassword({ email, password })
      yield* stack.sendVerificationEmail({ callbackUrl: verificationUrl })
      const mail = yield* lastEmailTo(email)
      yield* stack.verifyEmail(mail?.code ?? "")
      assert.isTrue((yield* stack.getUserOrFail()).primaryEmailVerified)
    }).pipe(Effect.provide(inProcess())))

  it.effect("without a primary e-mail, sendVerificationEmail is NoPrimaryEmail", () =>
    Effect.gen(function*() {
      const stack = yield* StackClient
      yield* stack.signUpAnonymously()
      const missing = yield* Effect.flip(stack.sendVerificationEmail({ callbackUrl: verificationUrl }))
      assert.strictEqual(missing._tag, "NoPrimaryEmail")
      assert.strictEqual(missing.message, "User does not have a primary email")
    }).pipe(Effect.provide(inProcess({}, { allowAnonymousUser: true }))))
})

layer(overHttp())("StackClient contact channels (over HTTP)", (it) => {
  it.effect("the channel lifecycle over a real socket", () => lifecycle)
})

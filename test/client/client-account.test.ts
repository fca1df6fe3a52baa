/** StackClient password and account flows against the emulator, in-process and over HTTP. */
import { assert, describe, it, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { StackClient } from "../../src/client/index.ts"
import { freshEmail, inProcess, overHttp } from "./client-harness.ts"

const password = "correct horse battery"

describe("StackClient accounts (in-process)", () => {
  it.effect("signs up, reads the user, updates the profile, signs out", () =>
    Effect.gen(function*() {
      const stack = yield* StackClient
      const email = freshEmail()
      const signUp = yield* stack.signUpWithPassword({ email, password })
      assert.isTrue(signUp.isNewUser)
      const user = yield* stack.getUser()
      assert.isTrue(Option.isSome(user))
      if (Option.isSome(user)) {
        assert.strictEqual(user.value.id, signUp.userId)
        assert.strictEqual(user.value.primaryEmail, email)
      }
      const updated = yield* stack.updateUser({ displayName: "Ada", clientMetadata: { theme: "dark" } })
      assert.strictEqual(updated.displayName, "Ada")
      assert.deepStrictEqual(updated.clientMetadata, { theme: "dark" })
      yield* stack.signOut()
      assert.isTrue(Option.isNone(yield* stack.getUser()))
      assert.strictEqual(yield* stack.sessionKey, "not logged in")
    }).pipe(Effect.provide(inProcess())))

  it.effect("signs back in; a wrong password is EmailPasswordMismatch and keeps nobody signed in", () =>
    Effect.gen(function*() {
      const stack = yield* StackClient
      const email = freshEmail()
      const created = yield* stack.signUpWithPassword({ email, password })
      yield* stack.signOut()
      const wrong = yield* Effect.flip(stack.signInWithPassword({ email, password: "not the password" }))
      assert.strictEqual(wrong._tag, "EmailPasswordMismatch")
      assert.isTrue(Option.isNone(yield* stack.getUser()))
      const signIn = yield* stack.signInWithPassword({ email, password })
      assert.strictEqual(signIn.userId, created.userId)
      assert.isFalse(signIn.isNewUser)
    }).pipe(Effect.provide(inProcess())))

  it.effect("signing up twice with one address is UserWithEmailAlreadyExists", () =>
    Effect.gen(function*() {
      const stack = yield* StackClient
      const email = freshEmail()
      yield* stack.signUpWithPassword({ email, password })
      const again = yield* Effect.flip(stack.signUpWithPassword({ email, password }))
      assert.strictEqual(again._tag, "UserWithEmailAlreadyExists")
    }).pipe(Effect.provide(inProcess())))

  it.effect("a short password is PasswordTooShort; a malformed e-mail is InvalidInput and nothing is sent", () =>
    Effect.gen(function*() {
      const stack = yield* StackClient
      const short = yield* Effect.flip(stack.signUpWithPassword({ email: freshEmail(), password: "short" }))
      assert.strictEqual(short._tag, "PasswordTooShort")
      const bad = yield* Effect.flip(stack.signUpWithPassword({ email: "not-an-email", password }))
      assert.strictEqual(bad._tag, "InvalidInput")
      if (bad._tag === "InvalidInput") {
        // The field in the caller's terms and what it should be.
        assert.strictEqual(bad.method, "StackClient.signUpWithPassword")
        assert.strictEqual(bad.message, "Expected an e-mail address, got \"not-an-email\"\n  at [\"email\"]")
      }
    }).pipe(Effect.provide(inProcess())))

  it.effect("a display name over the service's limit is InvalidInput naming displayName, and the user keeps the old one", () =>
    Effect.gen(function*() {
      const stack = yield* StackClient
      yield* stack.signUpWithPassword({ email: freshEmail(), password })
      const error = yield* Effect.flip(stack.updateUser({ displayName: "x".repeat(257) }))
      assert.strictEqual(error._tag, "InvalidInput")
      if (error._tag === "InvalidInput") {
        assert.match(error.message, /^Expected a value with a length of at most 256, got "x+…"\n {2}at \["displayName"\]$/)
      }
      const user = yield* stack.getUserOrFail()
      assert.strictEqual(user.displayName, null)
    }).pipe(Effect.provide(inProcess())))

  it.effect("getUserOrFail fails with the SPEC's message when signed out", () =>
    Effect.gen(function*() {
      const stack = yield* StackClient
      const error = yield* Effect.flip(stack.getUserOrFail())
      assert.strictEqual(error._tag, "UserNotSignedIn")
      assert.strictEqual(error.message, "User is not signed in but getUser was called with { or: 'throw' }")
    }).pipe(Effect.provide(inProcess())))

  it.effect("deleting the account ends the session and the account", () =>
    Effect.gen(function*() {
      const stack = yield* StackClient
      const email = freshEmail()
      yield* stack.signUpWithPassword({ email, password })
      yield* stack.deleteUser()
      assert.isTrue(Option.isNone(yield* stack.getUser()))
      const gone = yield* Effect.flip(stack.signInWithPassword({ email, password }))
      assert.strictEqual(gone._tag, "EmailPasswordMismatch")
    }).pipe(Effect.provide(inProcess())))

  it.effect("auth headers carry both tokens as JSON in x-stack-auth", () =>
    Effect.gen(function*() {
      const stack = yield* StackClient
      yield* stack.signUpWithPassword({ email: freshEmail(), password })
      const headers = yield* stack.getAuthHeaders()
      const parsed: unknown = JSON.parse(headers["x-stack-auth"])
      assert.isTrue(typeof parsed === "object" && parsed !== null && "accessToken" in parsed && "refreshToken" in parsed)
      const json = yield* stack.getAuthJson()
      assert.strictEqual(yield* stack.sessionKey, json.refreshToken)
    }).pipe(Effect.provide(inProcess())))
})

layer(overHttp())("StackClient over real HTTP", (it) => {
  it.effect("signs up, signs in and reads the user through a socket", () =>
    Effect.gen(function*() {
      const stack = yield* StackClient
      const email = freshEmail("http")
      const signUp = yield* stack.signUpWithPassword({ email, password })
      yield* stack.signOut()
      const signIn = yield* stack.signInWithPassword({ email, password })
      assert.strictEqual(signIn.userId, signUp.userId)
      const user = yield* stack.getUser()
      assert.strictEqual(Option.getOrUndefined(Option.map(user, (u) => u.primaryEmail)), email)
    }))
})

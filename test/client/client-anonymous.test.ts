/** StackClient anonymous users against the emulator. */
import { assert, describe, it, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { StackClient } from "../../src/client/index.ts"
import { inProcess, overHttp } from "./client-harness.ts"

const refusedCode = (error: { readonly _tag: string; readonly code?: string }) =>
  error._tag === "UnexpectedKnownError" ? error.code : error._tag

describe("StackClient anonymous users (in-process)", () => {
  it.effect("signUpAnonymously makes a new user; without allowAnonymousUser reading it is refused", () =>
    Effect.gen(function*() {
      const stack = yield* StackClient
      const anonymous = yield* stack.signUpAnonymously()
      assert.isTrue(anonymous.isNewUser)
      const refused = yield* Effect.flip(stack.getUser())
      assert.include(["ANONYMOUS_AUTHENTICATION_NOT_ALLOWED", "AnonymousAuthenticationNotAllowed"], refusedCode(refused))
    }).pipe(Effect.provide(inProcess())))

  it.effect("with allowAnonymousUser the user reads itself, is anonymous and has no e-mail", () =>
    Effect.gen(function*() {
      const stack = yield* StackClient
      const anonymous = yield* stack.signUpAnonymously()
      const user = yield* stack.getUser()
      assert.isTrue(Option.isSome(user))
      if (Option.isSome(user)) {
        assert.strictEqual(user.value.id, anonymous.userId)
        assert.isTrue(user.value.isAnonymous)
        assert.isNull(user.value.primaryEmail)
      }
    }).pipe(Effect.provide(inProcess({}, { allowAnonymousUser: true }))))
})

layer(overHttp())("StackClient anonymous users (over HTTP)", (it) => {
  it.effect("sign-up anonymously over a real socket; reading without the option is refused", () =>
    Effect.gen(function*() {
      const stack = yield* StackClient
      const anonymous = yield* stack.signUpAnonymously()
      assert.isTrue(anonymous.isNewUser)
      const refused = yield* Effect.flip(stack.getUser())
      assert.include(["ANONYMOUS_AUTHENTICATION_NOT_ALLOWED", "AnonymousAuthenticationNotAllowed"], refusedCode(refused))
    }))
})

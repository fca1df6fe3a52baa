/** Client-side password checks (SPEC.md §5). */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { checkPasswordConfirmation, checkPasswordLength } from "../../src/client/index.ts"

describe("client password checks", () => {
  it.effect("a confirmation that differs is PasswordConfirmationMismatch with the service's message", () =>
    Effect.gen(function*() {
      yield* checkPasswordConfirmation("same password", "same password")
      const error = yield* Effect.flip(checkPasswordConfirmation("one password", "another one"))
      assert.strictEqual(error._tag, "PasswordConfirmationMismatch")
      assert.strictEqual(error.message, "Passwords do not match.")
    }))

  it.effect("length rules give the service's errors and messages", () =>
    Effect.gen(function*() {
      const short = yield* Effect.flip(checkPasswordLength("1234567"))
      assert.strictEqual(short.message, "Password too short. Minimum length is 8.")
      const long = yield* Effect.flip(checkPasswordLength("x".repeat(71)))
      assert.strictEqual(long._tag, "PasswordTooLong")
      yield* checkPasswordLength("12345678")
    }))
})

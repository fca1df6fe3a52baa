/** Client-side password checks (SPEC.md §5) and how refused input is reported. */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { SendTestEmailInput } from "../../src/admin/stack-admin.ts"
import { checkPasswordConfirmation, checkPasswordLength } from "../../src/client/index.ts"
import { encodeInput } from "../../src/client/input.ts"
import { withModelKeys } from "../../src/model/camel.ts"
import { UserUpdate } from "../../src/model/user.ts"

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

describe("input refused by a model", () => {
  it.effect("names the caller's keys in its paths, nested ones too, and leaves the values it quotes alone", () =>
    Effect.gen(function*() {
      const top = yield* Effect.flip(encodeInput("updateUser", UserUpdate, { displayName: 5 } as never))
      assert.strictEqual(top._tag, "InvalidInput")
      assert.include(top.message, `at ["displayName"]`)
      assert.notInclude(top.message, "display_name")
      const nested = yield* Effect.flip(
        encodeInput("sendTestEmail", SendTestEmailInput, {
          recipientEmail: "owner@example.com",
          emailConfig: { host: "smtp.example.com", port: 587, username: "u", password: "p", senderEmail: ["not_an_address"], senderName: "n" }
        } as never)
      )
      assert.include(nested.message, `["emailConfig"]["senderEmail"]`)
      assert.include(withModelKeys(`Expected string, got ["not_an_address"]\n  at ["sender_email"]`), `got ["not_an_address"]`)
      assert.include(withModelKeys(`Expected string, got ["not_an_address"]\n  at ["sender_email"]`), `at ["senderEmail"]`)
    }))
})

import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import {
  AccessTokenExpired,
  BodyParsingError,
  EmailPasswordMismatch,
  InvalidAccessType,
  InvalidScope,
  MultiFactorAuthenticationRequired,
  PasskeyAuthenticationFailed,
  PasskeyRegistrationFailed,
  PasswordTooShort,
  UnsupportedError,
  UserWithEmailAlreadyExists
} from "../../src/errors/catalogue.ts"
import { decodeKnownError } from "../../src/errors/decode-known.ts"
import type { KnownErrorResponse } from "../../src/errors/decode.ts"
import type { StackResponseError, UnexpectedKnownError } from "../../src/errors/transport.ts"
import * as Create from "../../src/errors/create.ts"

const response = (code: string, status: number, body: unknown): KnownErrorResponse => ({
  code,
  status,
  body,
  method: "POST",
  url: "https://api.stack-auth.com/api/v1/auth/password/sign-up"
})

const body = (code: string, error: string, details?: unknown) =>
  details === undefined ? { code, error } : { code, details, error }

const expectResponseError = (error: { readonly _tag: string }, reason: StackResponseError["reason"]) => {
  assert.strictEqual(error._tag, "StackResponseError")
  if (error._tag === "StackResponseError" && "reason" in error) assert.strictEqual(error.reason, reason)
}

describe("decodeKnownError", () => {
  it("decodes a declared code into its class", () => {
    const error = decodeKnownError(
      [EmailPasswordMismatch, PasswordTooShort],
      response("PASSWORD_TOO_SHORT", 400, body("PASSWORD_TOO_SHORT", "Password too short. Minimum length is 8.", { min_length: 8 }))
    )
    assert.instanceOf(error, PasswordTooShort)
    if (error._tag === "PasswordTooShort") {
      assert.strictEqual(error.details.min_length, 8)
      assert.strictEqual(error.status, 400)
      assert.strictEqual(error.message, "Password too short. Minimum length is 8.")
    }
  })

  it("turns an unknown code into UnsupportedError, keeping what the server said", () => {
    const error = decodeKnownError(
      [EmailPasswordMismatch],
      response("SOMETHING_NEW", 418, body("SOMETHING_NEW", "A new kind of failure.", { a: 1 }))
    )
    assert.instanceOf(error, UnsupportedError)
    if (error._tag === "UnsupportedError") {
      assert.strictEqual(error.code, "UNSUPPORTED_ERROR")
      assert.strictEqual(error.status, 500)
      assert.deepStrictEqual(error.details, {
        originalErrorCode: "SOMETHING_NEW",
        originalMessage: "A new kind of failure.",
        originalStatus: 418,
        originalDetails: { a: 1 }
      })
      assert.strictEqual(
        error.message,
        "An error occurred that is not currently supported (possibly because it was added in a version of Stack that is newer than this client). The original unsupported error code was: SOMETHING_NEW"
      )
    }
  })

  it("wraps a catalogue code the method does not declare", () => {
    const error = decodeKnownError(
      [EmailPasswordMismatch],
      response("PASSWORD_TOO_SHORT", 400, body("PASSWORD_TOO_SHORT", "Password too short. Minimum length is 8.", { min_length: 8 }))
    )
    assert.strictEqual(error._tag, "UnexpectedKnownError")
    if (error._tag === "UnexpectedKnownError") {
      assert.strictEqual(error.code, "PASSWORD_TOO_SHORT")
      assert.strictEqual(error.status, 400)
      assert.strictEqual(error.message, "Password too short. Minimum length is 8.")
      assert.deepStrictEqual(error.details, { min_length: 8 })
    }
  })

  it("rejects a body whose code differs from the header", () => {
    const error = decodeKnownError(
      [EmailPasswordMismatch],
      response("EMAIL_PASSWORD_MISMATCH", 400, body("USER_NOT_FOUND", "User not found."))
    )
    expectResponseError(error, "KnownErrorHeaderMismatch")
  })

  it("rejects a status that contradicts the code, declared or not", () => {
    expectResponseError(
      decodeKnownError([EmailPasswordMismatch], response("EMAIL_PASSWORD_MISMATCH", 500, body("EMAIL_PASSWORD_MISMATCH", "Wrong e-mail or password."))),
      "StatusCodeMismatch"
    )
    expectResponseError(
      decodeKnownError([], response("EMAIL_PASSWORD_MISMATCH", 404, body("EMAIL_PASSWORD_MISMATCH", "Wrong e-mail or password."))),
      "StatusCodeMismatch"
    )
  })

  it("accepts both the 2.7 and the current status of a code whose status changed", () => {
    const old = decodeKnownError(
      [UserWithEmailAlreadyExists],
      response("USER_EMAIL_ALREADY_EXISTS", 400, body("USER_EMAIL_ALREADY_EXISTS", "User email already exists."))
    )
    assert.instanceOf(old, UserWithEmailAlreadyExists)
    if (old._tag === "UserWithEmailAlreadyExists") {
      // The 2.7 server sent no details: every key the current one sends is optional.
      assert.deepStrictEqual(old.details, {})
      assert.isUndefined(old.details.email)
    }
    const current = decodeKnownError(
      [UserWithEmailAlreadyExists],
      response(
        "USER_EMAIL_ALREADY_EXISTS",
        409,
        body("USER_EMAIL_ALREADY_EXISTS", "A user with email \"a@b.c\" already exists.", {
          email: "a@b.c",
          would_work_if_email_was_verified: false
        })
      )
    )
    assert.instanceOf(current, UserWithEmailAlreadyExists)
    if (current._tag === "UserWithEmailAlreadyExists") assert.strictEqual(current.details.email, "a@b.c")
    expectResponseError(
      decodeKnownError([UserWithEmailAlreadyExists], response("USER_EMAIL_ALREADY_EXISTS", 404, body("USER_EMAIL_ALREADY_EXISTS", "x"))),
      "StatusCodeMismatch"
    )
  })

  it("decodes 2.7-era ACCESS_TOKEN_EXPIRED details without the keys added later", () => {
    const error = decodeKnownError(
      [AccessTokenExpired],
      response(
        "ACCESS_TOKEN_EXPIRED",
        401,
        body("ACCESS_TOKEN_EXPIRED", "Access token has expired.", { expired_at_millis: 1738374988000 })
      )
    )
    assert.instanceOf(error, AccessTokenExpired)
    if (error._tag === "AccessTokenExpired") {
      assert.deepStrictEqual(error.details, { expired_at_millis: 1738374988000 })
      assert.isUndefined(error.details.project_id)
    }
  })

  it("ignores detail keys it does not know", () => {
    const error = decodeKnownError(
      [PasswordTooShort],
      response("PASSWORD_TOO_SHORT", 400, body("PASSWORD_TOO_SHORT", "Password too short. Minimum length is 8.", { min_length: 8, hint: "x" }))
    )
    assert.instanceOf(error, PasswordTooShort)
    if (error._tag === "PasswordTooShort") assert.deepStrictEqual(error.details, { min_length: 8 })
  })

  it("decodes the five codes that arrive without details from their error text", () => {
    const cases = [
      [BodyParsingError, "BODY_PARSING_ERROR", "Invalid JSON in request body"],
      [InvalidAccessType, "INVALID_ACCESS_TYPE", "The x-stack-access-type header must be 'client', 'server', or 'admin', but was 'superuser'."],
      [InvalidScope, "INVALID_SCOPE", "The scope \"openid email\" is not a valid OAuth scope for Stack."],
      [PasskeyRegistrationFailed, "PASSKEY_REGISTRATION_FAILED", "Passkey registration failed because the verification response is invalid"],
      [PasskeyAuthenticationFailed, "PASSKEY_AUTHENTICATION_FAILED", "Passkey not found"]
    ] as const
    const expected = cases.map(([known]) => known)
    for (const [known, code, text] of cases) {
      const error = decodeKnownError(expected, response(code, 400, body(code, text)))
      assert.isTrue(error instanceof known)
      assert.strictEqual(error.message, text)
      assert.notProperty(error, "details")
    }
    assert.strictEqual(
      Create.InvalidAccessType({ accessType: "superuser" }).message,
      "The x-stack-access-type header must be 'client', 'server', or 'admin', but was 'superuser'."
    )
    assert.strictEqual(Create.InvalidScope({ scope: "openid email" }).message, "The scope \"openid email\" is not a valid OAuth scope for Stack.")
    assert.strictEqual(Create.BodyParsingError({ message: "Invalid JSON in request body" }).message, "Invalid JSON in request body")
  })

  it("reports details of the wrong type as SchemaMismatch", () => {
    expectResponseError(
      decodeKnownError([PasswordTooShort], response("PASSWORD_TOO_SHORT", 400, body("PASSWORD_TOO_SHORT", "Password too short.", { min_length: "8" }))),
      "SchemaMismatch"
    )
  })

  it("reports missing required details as SchemaMismatch", () => {
    expectResponseError(
      decodeKnownError([PasswordTooShort], response("PASSWORD_TOO_SHORT", 400, body("PASSWORD_TOO_SHORT", "Password too short."))),
      "SchemaMismatch"
    )
  })

  it("reports a body that is not { code, error, details? } as SchemaMismatch", () => {
    for (const bad of [null, "Wrong e-mail or password.", [], { code: "EMAIL_PASSWORD_MISMATCH" }, { code: 1, error: "x" }]) {
      expectResponseError(decodeKnownError([EmailPasswordMismatch], response("EMAIL_PASSWORD_MISMATCH", 400, bad)), "SchemaMismatch")
    }
  })

  it("never puts detail secrets into a response error", () => {
    const attemptCode = "a".repeat(45)
    const error = decodeKnownError(
      [MultiFactorAuthenticationRequired],
      response("MULTI_FACTOR_AUTHENTICATION_REQUIRED", 500, body("MULTI_FACTOR_AUTHENTICATION_REQUIRED", "Multi-factor authentication is required for this user.", {
        attempt_code: attemptCode
      }))
    )
    expectResponseError(error, "StatusCodeMismatch")
    assert.notInclude(JSON.stringify(error), attemptCode)
    assert.notInclude(String(error), attemptCode)
  })

  it.effect("narrows with Effect.catchTag to the declared classes", () =>
    Effect.gen(function*() {
      const decoded = decodeKnownError(
        [EmailPasswordMismatch, PasswordTooShort],
        response("PASSWORD_TOO_SHORT", 400, body("PASSWORD_TOO_SHORT", "Password too short. Minimum length is 8.", { min_length: 8 }))
      )
      const program = Effect.fail(decoded).pipe(
        Effect.catchTag("PasswordTooShort", (error) => Effect.succeed(error.details.min_length))
      )
      // The remaining error channel is exactly the other possibilities.
      const typed: Effect.Effect<
        number,
        EmailPasswordMismatch | UnexpectedKnownError | UnsupportedError | StackResponseError
      > = program
      assert.strictEqual(yield* typed, 8)
    }))
})

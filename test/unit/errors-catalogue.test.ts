import * as Fs from "node:fs"
import * as Path from "node:path"
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { decodeErrorTable } from "../../scripts/errors-codegen.ts"
import { allKnownErrors, knownErrorByCode } from "../../src/errors/all.ts"
import {
  AccessTokenExpired,
  AccessTypeWithoutProjectId,
  AdminAccessTokenExpired,
  AllOverloadsFailed,
  ApiKeyNotFound,
  ContactChannelAlreadyUsedForAuthBySomeoneElse,
  CurrentProjectNotFound,
  EmailIsNotPrimaryEmail,
  EmailPasswordMismatch,
  InsufficientAccessType,
  InvalidOAuthClientIdOrSecret,
  InvalidProjectForAccessToken,
  InvalidPublishableClientKey,
  PasswordTooLong,
  PasswordTooShort,
  PermissionScopeMismatch,
  ProviderRejected,
  RefreshTokenNotFoundOrExpired,
  RestrictedUserNotAllowed,
  SchemaError,
  TeamMembershipNotFound,
  TeamPermissionRequired,
  UnparsableAccessToken,
  UnparsableAdminAccessToken,
  UserWithEmailAlreadyExists
} from "../../src/errors/catalogue.ts"
import { decodeKnownError } from "../../src/errors/decode-known.ts"
import * as Details from "../../src/errors/details-reader.ts"
import {
  isApiKeyNotValid,
  isInvalidAccessToken,
  isInvalidAdminAccessToken,
  isPasswordRequirementsNotMet,
  isProjectAuthenticationError,
  isRefreshTokenError,
  isRefreshTokenErrorCode,
  isSessionAuthenticationError,
  isVerificationError,
  type RefreshTokenError
} from "../../src/errors/families.ts"
import { toWireBody } from "../../src/errors/known-error.ts"
import { UnexpectedKnownError } from "../../src/errors/transport.ts"
import { loadFixtures, materialize, protocolDir } from "../conformance/fixture.ts"
import * as Create from "../../src/errors/create.ts"

const table = decodeErrorTable(JSON.parse(Fs.readFileSync(Path.join(protocolDir, "errors.json"), "utf8")))
const fixtures = loadFixtures()

const WireBody = Schema.Struct({ code: Schema.String, error: Schema.String, details: Schema.optionalKey(Schema.Unknown) })
const JsonObject = Schema.Record(Schema.String, Schema.Unknown)

/** The materialized body of a fixture (`<millis>` → a number, `<uuid>` → a UUID, in details and text alike). */
const fixtureBody = (name: string) => {
  const [folder, file] = name.split("/")
  const fixture = fixtures.find((candidate) => candidate.folder === folder && candidate.file === file)
  if (fixture === undefined) throw new Error(`no fixture ${name}`)
  return Schema.decodeUnknownSync(WireBody)(materialize(fixture.response.body))
}

/** Reads a fixture's details with `read` (the class's own reader, or a stricter one for lenient classes). */
const detailsOf = <A>(read: Details.DetailsReader<A>, name: string): A => {
  const details = read(fixtureBody(name).details)
  if (!details.ok) throw new Error(`${name}: ${details.issue}`)
  return details.value
}

const isoOf = (millis: number) => new Date(millis).toISOString()

describe("catalogue classes", () => {
  it("carry the current server's tag, code and status, for every concrete code", () => {
    const concrete = table.filter((row) => !row.abstract)
    assert.strictEqual(allKnownErrors.length, concrete.length)
    for (const row of concrete) {
      const known = knownErrorByCode(row.code)
      assert.isDefined(known, row.code)
      if (known === undefined) continue
      assert.strictEqual(known.identifier, row.nameNow ?? row.name)
      assert.strictEqual(known.code, row.code)
      assert.strictEqual(known.status, row.statusNow ?? row.status)
      assert.include(known.statuses, row.status ?? known.status)
      assert.include(known.statuses, known.status)
      assert.strictEqual("readDetails" in known, (row.detailsSentOnWireNow ?? row.detailsSentOnWire))
    }
    const byLiteral: typeof PasswordTooShort = knownErrorByCode("PASSWORD_TOO_SHORT")
    assert.strictEqual(byLiteral, PasswordTooShort)
    assert.isUndefined(knownErrorByCode("NOT_A_CODE"))
    assert.isUndefined(knownErrorByCode("PROJECT_AUTHENTICATION_ERROR"))
  })

  it("are typed, yieldable errors", () =>
    Effect.runPromise(Effect.gen(function*() {
      const failure = yield* Effect.flip(Effect.gen(function*() {
        return yield* Create.PasswordTooShort({ min_length: 8 })
      }))
      assert.strictEqual(failure._tag, "PasswordTooShort")
      assert.strictEqual(failure.details.min_length, 8)
      assert.instanceOf(failure, Error)
      assert.strictEqual(failure.name, "PasswordTooShort")
    })))

  it.effect("Effect.catchTag narrows to one class and keeps the others", () =>
    Effect.gen(function*() {
      const signIn = (fail: boolean): Effect.Effect<string, EmailPasswordMismatch | PasswordTooShort> =>
        fail ? Effect.fail(Create.PasswordTooShort({ min_length: 12 })) : Effect.fail(Create.EmailPasswordMismatch())
      const handled = (fail: boolean): Effect.Effect<string, EmailPasswordMismatch> =>
        signIn(fail).pipe(Effect.catchTag("PasswordTooShort", (error) => Effect.succeed(`min ${error.details.min_length}`)))
      assert.strictEqual(yield* handled(true), "min 12")
      const other = yield* Effect.flip(handled(false))
      assert.strictEqual(other._tag, "EmailPasswordMismatch")
      assert.strictEqual(other.message, "Wrong e-mail or password.")
    }))
})

describe("messages rendered from the templates equal what the server sends", () => {
  it("PASSWORD_TOO_SHORT", () => {
    const name = "fixtures/auth-password-sign-up-password-too-short.json"
    assert.strictEqual(Create.PasswordTooShort(detailsOf(PasswordTooShort.readDetails, name)).message, fixtureBody(name).error)
  })

  it("PASSWORD_TOO_LONG (camelCase maxLength)", () => {
    assert.strictEqual(Create.PasswordTooLong({ maxLength: 70 }).message, "Password too long. Maximum length is 70.")
    assert.deepStrictEqual(toWireBody(Create.PasswordTooLong({ maxLength: 70 })).details, { maxLength: 70 })
  })

  it("TEAM_MEMBERSHIP_NOT_FOUND", () => {
    assert.strictEqual(
      Create.TeamMembershipNotFound({ team_id: "t-1", user_id: "u-1" }).message,
      "User u-1 is not found in team t-1."
    )
  })

  it("INSUFFICIENT_ACCESS_TYPE, with one and with two allowed types", () => {
    for (const name of [
      "fixtures/auth-sessions-create-client-insufficient-access-type.json",
      "fixtures/internal-api-keys-list-server-insufficient-access-type.json",
      "fixtures-live/webhooks-svix-token-server-insufficient-access-type.json"
    ]) {
      assert.strictEqual(
        Create.InsufficientAccessType(detailsOf(InsufficientAccessType.readDetails, name)).message,
        fixtureBody(name).error
      )
    }
  })

  it("SCHEMA_ERROR", () => {
    for (const name of ["fixtures/users-me-patch-client-unknown-field-schema-error.json", "fixtures-live/users-list-server-invalid-cursor.json"]) {
      assert.strictEqual(Create.SchemaError(detailsOf(SchemaError.readDetails, name)).message, fixtureBody(name).error)
    }
  })

  it("CURRENT_PROJECT_NOT_FOUND", () => {
    const name = "fixtures-live/error-project-not-found.json"
    assert.strictEqual(Create.CurrentProjectNotFound(detailsOf(CurrentProjectNotFound.readDetails, name)).message, fixtureBody(name).error)
  })

  it("USER_EMAIL_ALREADY_EXISTS, current form (e-mail JSON-quoted, both suffixes)", () => {
    const name = "fixtures-live/users-create-server-email-already-exists.json"
    const details = detailsOf(Details.struct({ email: Details.string, would_work_if_email_was_verified: Details.boolean }), name)
    assert.strictEqual(Create.UserWithEmailAlreadyExists(details).message, fixtureBody(name).error)
    assert.strictEqual(
      Create.UserWithEmailAlreadyExists({ email: "a\"b@c.d", would_work_if_email_was_verified: true }).message,
      "A user with email \"a\\\"b@c.d\" already exists but the email is not verified. Please login to your existing account with the method you used to sign up, and then verify your email to sign in with this login method."
    )
  })

  it("ACCESS_TOKEN_EXPIRED, current form, with and without the token's ids", () => {
    const Current = Details.struct({
      expired_at_millis: Details.nullOr(Details.number),
      project_id: Details.nullOr(Details.string),
      user_id: Details.nullOr(Details.string),
      refresh_token_id: Details.nullOr(Details.string)
    })
    for (const name of ["fixtures-live/users-me-access-token-expired.json", "fixtures-live/auth-sessions-current-delete-without-access-token.json"]) {
      const details = detailsOf(Current, name)
      const expected = fixtureBody(name).error.replace("<iso-date>", isoOf(details.expired_at_millis ?? 0))
      assert.strictEqual(Create.AccessTokenExpired(details).message, expected)
    }
  })

  it("ADMIN_ACCESS_TOKEN_EXPIRED, with and without an expiry", () => {
    const name = "fixtures-live/error-admin-access-token-expired.json"
    const details = detailsOf(AdminAccessTokenExpired.readDetails, name)
    assert.strictEqual(
      Create.AdminAccessTokenExpired(details).message,
      fixtureBody(name).error.replace("<iso-date>", isoOf(details.expired_at_millis ?? 0))
    )
    assert.strictEqual(
      Create.AdminAccessTokenExpired({ expired_at_millis: null }).message,
      "Admin access token has expired. Please refresh it and try again."
    )
  })

  it("INVALID_PROJECT_FOR_ACCESS_TOKEN, current form", () => {
    assert.strictEqual(
      Create.InvalidProjectForAccessToken({ expected_project_id: "p1", actual_project_id: "internal" }).message,
      "Access token not valid for this project. Expected project ID \"p1\", but the token is for project ID \"internal\"."
    )
  })

  it("messages of other live fixtures", () => {
    const check = (name: string, message: string) => assert.strictEqual(message, fixtureBody(name).error, name)
    check(
      "fixtures-live/users-me-restricted-user-not-allowed.json",
      Create.RestrictedUserNotAllowed(detailsOf(RestrictedUserNotAllowed.readDetails, "fixtures-live/users-me-restricted-user-not-allowed.json")).message
    )
    check(
      "fixtures-live/auth-oauth-token-refresh-without-client-secret.json",
      Create.InvalidOAuthClientIdOrSecret({ client_id: null }).message
    )
    check(
      "fixtures-live/teams-patch-client-permission-required.json",
      Create.TeamPermissionRequired(detailsOf(TeamPermissionRequired.readDetails, "fixtures-live/teams-patch-client-permission-required.json")).message
    )
    check(
      "fixtures/projects-current-no-project-id.json",
      Create.AccessTypeWithoutProjectId({ request_type: "client" }).message
    )
    check(
      "fixtures/error-invalid-publishable-client-key.json",
      Create.InvalidPublishableClientKey({ project_id: "internal" }).message
    )
    check("fixtures-live/users-me-unparsable-access-token.json", Create.UnparsableAccessToken().message)
  })

  it("templates whose placeholders are computed", () => {
    assert.strictEqual(
      Create.PermissionScopeMismatch({ permission_id: "read", expected_scope: "team", actual_scope: null }).message,
      "Permission \"read\" not found. (It was found for a different scope null, but scope \"team\" was expected.)"
    )
    assert.strictEqual(
      Create.ContactChannelAlreadyUsedForAuthBySomeoneElse({
        type: "email",
        contact_channel_value: null,
        would_work_if_email_was_verified: false
      }).message,
      "This email  is already used for authentication by another account."
    )
    assert.strictEqual(
      Create.EmailIsNotPrimaryEmail({ email: "a@b.c", primary_email: null }).message,
      "The given e-mail (a@b.c) must equal the user's primary e-mail (null)."
    )
    assert.strictEqual(
      Create.AllOverloadsFailed({ overload_errors: [{ code: "A" }, { code: "B" }] }).message,
      "This endpoint has multiple overloads, but they all failed to process the request.\n\n  Overload 1: {\n    \"code\": \"A\"\n  }\n  \n  Overload 2: {\n    \"code\": \"B\"\n  }"
    )
  })
})

describe("wire bodies", () => {
  it("toWireBody reproduces every current-server fixture body, keys in the server's order", () => {
    const live = fixtures.filter((fixture) =>
      fixture.folder === "fixtures-live" && fixture.response.headers["x-stack-known-error"] !== undefined
    )
    assert.isAbove(live.length, 40)
    for (const fixture of live) {
      const body = materialize(fixture.response.body)
      const code = fixture.response.headers["x-stack-known-error"] ?? ""
      const status = Number(fixture.response.headers["x-stack-actual-status"] ?? fixture.response.status)
      const error = decodeKnownError(allKnownErrors, { code, status, body, method: "GET", url: "/" })
      assert.notStrictEqual(error._tag, "StackResponseError", fixture.file)
      if (error._tag === "StackResponseError" || error._tag === "UnsupportedError") continue
      const wire = toWireBody(error)
      assert.deepStrictEqual(wire, body, fixture.file)
      assert.deepStrictEqual(Object.keys(wire), Object.keys(Schema.decodeUnknownSync(JsonObject)(body)), fixture.file)
    }
  })

  it("round-trips: create → wire body → decode gives an equal error", () => {
    const errors = [
      Create.PasswordTooShort({ min_length: 8 }),
      Create.EmailPasswordMismatch(),
      Create.UserWithEmailAlreadyExists({ email: "a@b.c", would_work_if_email_was_verified: false }),
      Create.AccessTokenExpired({ expired_at_millis: 1, project_id: null, user_id: "u", refresh_token_id: null })
    ] as const
    for (const error of errors) {
      const body = toWireBody(error)
      const decoded = decodeKnownError(allKnownErrors, { code: error.code, status: error.status, body, method: "GET", url: "/" })
      assert.deepStrictEqual(decoded, error)
    }
    assert.deepStrictEqual(toWireBody(Create.EmailPasswordMismatch()), { code: "EMAIL_PASSWORD_MISMATCH", error: "Wrong e-mail or password." })
  })
})

describe("families", () => {
  it("guards recognise members, at any depth, and nothing else", () => {
    const refresh: RefreshTokenError = Create.ProviderRejected()
    assert.isTrue(isRefreshTokenError(refresh))
    assert.isTrue(isRefreshTokenError(Create.RefreshTokenNotFoundOrExpired()))
    assert.isFalse(isRefreshTokenError(Create.EmailPasswordMismatch()))
    assert.isTrue(isInvalidAccessToken(Create.UnparsableAccessToken()))
    assert.isTrue(isInvalidAccessToken(Create.AccessTokenExpired({ expired_at_millis: null, project_id: null, user_id: null, refresh_token_id: null })))
    assert.isTrue(isSessionAuthenticationError(Create.UnparsableAccessToken()))
    assert.isTrue(isInvalidAdminAccessToken(Create.UnparsableAdminAccessToken()))
    assert.isTrue(isProjectAuthenticationError(Create.UnparsableAdminAccessToken()))
    assert.isFalse(isInvalidAccessToken(Create.UnparsableAdminAccessToken()))
    assert.isTrue(isPasswordRequirementsNotMet(Create.PasswordTooLong({ maxLength: 70 })))
    assert.isFalse(isVerificationError(Create.PasswordTooShort({ min_length: 8 })))
    // Current ancestry: API_KEY_NOT_FOUND joined API_KEY_NOT_VALID.
    assert.isTrue(isApiKeyNotValid(Create.ApiKeyNotFound()))
    for (const other of [null, undefined, "ProviderRejected", { _tag: 1 }, {}]) assert.isFalse(isRefreshTokenError(other))
  })

  it("an undeclared member arrives as UnexpectedKnownError: the guard says no, the code predicate yes", () => {
    const wrapped = new UnexpectedKnownError({
      code: "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED",
      status: 401,
      message: "Refresh token not found for this project, or the session has expired/been revoked.",
      details: undefined
    })
    assert.isFalse(isRefreshTokenError(wrapped))
    assert.isTrue(isRefreshTokenErrorCode(wrapped.code))
    assert.isFalse(isRefreshTokenErrorCode("EMAIL_PASSWORD_MISMATCH"))
  })

  it("the families module imports no class", () => {
    const source = Fs.readFileSync(Path.resolve(import.meta.dirname, "../../src/errors/families.ts"), "utf8")
    assert.notMatch(source, /^import \{[^}]*\} from "\.\/catalogue\.ts"/m)
    assert.match(source, /^import type \{[^}]*\} from "\.\/catalogue\.ts"/m)
  })
})

/**
 * Bad input through the whole pipeline: every response a proxy, an older or newer server, or a broken
 * deployment can send ends as exactly one typed failure (never a defect), and no error shows a key or
 * a token.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientError from "effect/http/HttpClientError"
import type * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import { TestClock } from "effect/testing"
import * as Fiber from "effect/Fiber"
import {
  AccessTokenExpired,
  BodyParsingError,
  EmailPasswordMismatch,
  InvalidAccessType,
  InvalidScope,
  PasskeyAuthenticationFailed,
  PasskeyRegistrationFailed,
  TeamMembershipNotFound,
  TeamNotFound,
  UnsupportedError,
  UserNotFound
} from "../../src/errors/catalogue.ts"
import type { AnyKnownErrorClass } from "../../src/errors/decode.ts"
import { UnexpectedKnownError } from "../../src/errors/transport.ts"
import type { UserTokens } from "../../src/http/access.ts"
import { type Endpoint, json, jsonWith } from "../../src/http/endpoint.ts"
import { readUser } from "../../src/model/generated/readers.ts"
import { type PipelineConfig, send } from "../../src/http/send.ts"
import { noRetrySchedule, withRequestPolicy } from "../../src/http/retry.ts"
import { StackTransport } from "../../src/http/transport.ts"
import { transportFromHttpClient } from "../../src/http/transport-http-client.ts"

// ---------------------------------------------------------------------------------------------
// Fixtures

const serverKey = "ssk_9f8e7d6c5b4a39281706f5e4d3c2b1a0"
const adminKey = "sak_0a1b2c3d4e5f60718293a4b5c6d7e8f9"
const clientKey = "pck_1234567890abcdef1234567890abcdef"
const accessToken =
  "eyJhbGciOiJFUzI1NiIsImtpZCI6ImFiY2RlZmdoaWprbCJ9.eyJzdWIiOiJ1MSIsImV4cCI6OTk5OTk5OTk5OX0.c2lnbmF0dXJlLXNpZ25hdHVyZQ"
const refreshToken = "r7k2m9p4q8s1t6v3w5x0y2z7a9b4c6d8e1f3g5h7j9k2m"
const secrets = [serverKey, adminKey, clientKey, accessToken, refreshToken]

const config: PipelineConfig = {
  baseUrl: "https://stack.test",
  keys: {
    projectId: "11111111-2222-4333-8444-555555555555",
    publishableClientKey: Redacted.make(clientKey),
    secretServerKey: Redacted.make(serverKey),
    superSecretAdminKey: Redacted.make(adminKey)
  }
}
const signedIn: UserTokens = {
  accessToken: Option.some(Redacted.make(accessToken)),
  refreshToken: Option.some(Redacted.make(refreshToken))
}

const User = Schema.Struct({ id: Schema.String, display_name: Schema.NullOr(Schema.String) })

const endpoint = <const Errors extends ReadonlyArray<AnyKnownErrorClass>>(
  errors: Errors
): Endpoint<typeof User.Type, Errors> => ({
  method: "GET",
  path: "/users/u1",
  level: "admin",
  response: json(User),
  errors
})

const getUser = endpoint([UserNotFound, TeamNotFound])

/** Answers every request with `answer()`; records the requests. */
const fakeHttp = (answer: (request: HttpClientRequest.HttpClientRequest) => Response) =>
  HttpClient.make((request) => Effect.sync(() => HttpClientResponse.fromWeb(request, answer(request))))

const sendWith = <A, const Errors extends ReadonlyArray<AnyKnownErrorClass>>(
  target: Endpoint<A, Errors>,
  answer: () => Response
) =>
  send(config, target, signedIn).pipe(
    Effect.provideService(StackTransport, transportFromHttpClient(fakeHttp(answer))),
    // Reading responses is under test here, not retrying (a 502 to a read would be retried).
    withRequestPolicy({ retrySchedule: noRetrySchedule })
  )

/** Fails the test when the effect died or was interrupted: bad input must be a typed failure. */
const failureOf = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const exit = yield* Effect.exit(effect)
    if (Exit.isSuccess(exit)) return assert.fail(`expected a failure, got ${JSON.stringify(exit.value)}`)
    const failure = Cause.findErrorOption(exit.cause)
    if (Option.isNone(failure)) return assert.fail(`expected a typed failure, got ${Cause.pretty(exit.cause)}`)
    return failure.value
  })

const jsonHeaders = { "content-type": "application/json; charset=utf-8" }

const knownError = (
  code: string,
  status: number,
  body: unknown,
  options: { readonly override?: boolean } = {}
) =>
() =>
  new Response(JSON.stringify(body, undefined, 2), {
    status: options.override === true ? 200 : status,
    headers: {
      ...jsonHeaders,
      "x-stack-known-error": code,
      ...(options.override === true ? { "x-stack-actual-status": String(status) } : {})
    }
  })

const wire = (code: string, error: string, details?: unknown) =>
  details === undefined ? { code, error } : { code, details, error }

/** The part of an error a user sees. */
const view = (error: object) => ({
  tag: "_tag" in error ? error._tag : undefined,
  code: "code" in error ? error.code : undefined,
  status: "status" in error ? error.status : undefined,
  message: "message" in error ? error.message : undefined,
  details: "details" in error ? error.details : undefined,
  reason: "reason" in error ? error.reason : undefined
})

const assertNoSecrets = (error: object) => {
  const renderings = [String(error), JSON.stringify(error), "message" in error ? String(error.message) : ""]
  for (const rendering of renderings) {
    for (const secret of secrets) assert.notInclude(rendering, secret)
  }
}

// ---------------------------------------------------------------------------------------------

describe("send: responses that are not what the endpoint promises", () => {
  it.effect("malformed JSON on a 200 is a StackResponseError (MalformedJson), not a defect", () =>
    Effect.gen(function*() {
      const error = yield* failureOf(
        sendWith(getUser, () => new Response("{\"id\": \"u1\", \"display_name\": ", { status: 200, headers: jsonHeaders }))
      )
      assert.strictEqual(error._tag, "StackResponseError")
      if (error._tag !== "StackResponseError") return
      assert.strictEqual(error.reason, "MalformedJson")
      assert.strictEqual(error.status, 200)
      assert.include(error.description, "not valid JSON")
      assert.include(error.bodyExcerpt, "\"display_name\"")
      assert.include(error.message, "GET https://stack.test/api/v1/users/u1")
    }))

  it.effect("an HTML 502 page from a proxy is a StackResponseError with status 502 and a body excerpt", () =>
    Effect.gen(function*() {
      const page = `<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center>${
        "<!-- padding -->".repeat(40)
      }<hr><center>nginx</center></body></html>`
      const error = yield* failureOf(
        sendWith(getUser, () => new Response(page, { status: 502, headers: { "content-type": "text/html" } }))
      )
      assert.strictEqual(error._tag, "StackResponseError")
      if (error._tag !== "StackResponseError") return
      assert.strictEqual(error.status, 502)
      assert.strictEqual(error.reason, "UnexpectedStatus")
      assert.isTrue(error.bodyExcerpt.startsWith("<html><head><title>502 Bad Gateway</title>"))
      assert.isBelow(error.bodyExcerpt.length, page.length)
      assert.isAtMost(error.bodyExcerpt.length, 201)
      assert.include(error.message, "502")
    }))

  it.effect("an HTML 502 page is a StackResponseError even when the override header turned it into a 200", () =>
    Effect.gen(function*() {
      const error = yield* failureOf(
        sendWith(getUser, () =>
          new Response("<html><body>Bad gateway</body></html>", {
            status: 200,
            headers: { "content-type": "text/html", "x-stack-actual-status": "502" }
          }))
      )
      assert.deepInclude(view(error), { tag: "StackResponseError", status: 502, reason: "UnexpectedStatus" })
    }))

  it.effect("an empty body on a JSON endpoint is a StackResponseError (EmptyBody)", () =>
    Effect.gen(function*() {
      const error = yield* failureOf(sendWith(getUser, () => new Response("", { status: 200, headers: jsonHeaders })))
      assert.deepInclude(view(error), { tag: "StackResponseError", status: 200, reason: "EmptyBody" })
    }))

  it.effect("a 204 without body or content type on a JSON endpoint is a StackResponseError", () =>
    Effect.gen(function*() {
      const error = yield* failureOf(sendWith(getUser, () => new Response(null, { status: 204 })))
      assert.strictEqual(error._tag, "StackResponseError")
      if (error._tag === "StackResponseError") assert.strictEqual(error.status, 204)
    }))

  it.effect("text/plain on a JSON endpoint is a StackResponseError (UnexpectedContentType), even if it parses", () =>
    Effect.gen(function*() {
      const error = yield* failureOf(
        sendWith(getUser, () =>
          new Response("{\"id\":\"u1\",\"display_name\":null}", {
            status: 200,
            headers: { "content-type": "text/plain; charset=utf-8" }
          }))
      )
      assert.deepInclude(view(error), { tag: "StackResponseError", status: 200, reason: "UnexpectedContentType" })
      if (error._tag === "StackResponseError") assert.include(error.description, "text/plain")
    }))

  it.effect("a JSON body of the wrong shape is a StackResponseError (SchemaMismatch)", () =>
    Effect.gen(function*() {
      const error = yield* failureOf(
        sendWith(getUser, () => new Response("{\"id\":42}", { status: 200, headers: jsonHeaders }))
      )
      assert.deepInclude(view(error), { tag: "StackResponseError", status: 200, reason: "SchemaMismatch" })
    }))

  it.effect("a body a generated reader refuses is a SchemaMismatch naming the field and what it should be", () =>
    Effect.gen(function*() {
      const me: Endpoint<unknown, readonly []> = { method: "GET", path: "/users/me", level: "client", response: jsonWith(readUser), errors: [] }
      const error = yield* failureOf(sendWith(me, () => new Response("{\"id\":42}", { status: 200, headers: jsonHeaders })))
      assert.deepInclude(view(error), { tag: "StackResponseError", status: 200, reason: "SchemaMismatch" })
      if (error._tag === "StackResponseError") assert.strictEqual(error.description, "Expected string, got 42\n  at [\"id\"]")
    }))

  it.effect("a plain-text error (no x-stack-known-error) keeps its status and text", () =>
    Effect.gen(function*() {
      const error = yield* failureOf(
        sendWith(getUser, () =>
          new Response("Client user deletion is not enabled for this project", {
            status: 200,
            headers: { "content-type": "text/plain; charset=utf-8", "x-stack-actual-status": "400" }
          }))
      )
      assert.deepInclude(view(error), { tag: "StackResponseError", status: 400, reason: "UnexpectedStatus" })
      if (error._tag === "StackResponseError") {
        assert.strictEqual(error.bodyExcerpt, "Client user deletion is not enabled for this project")
      }
    }))

  it.effect("the current server's unrewritten 405 (no content type, empty body) and 500 text are StackResponseErrors", () =>
    Effect.gen(function*() {
      const framework405 = yield* failureOf(sendWith(getUser, () => new Response(null, { status: 405 })))
      assert.deepInclude(view(framework405), { tag: "StackResponseError", status: 405, reason: "UnexpectedStatus" })
      if (framework405._tag === "StackResponseError") assert.include(framework405.description, "empty body")
      const production500 = yield* failureOf(
        sendWith(getUser, () =>
          new Response(
            "Something went wrong. Please make sure the data you entered is correct.\n\nRequest ID: abcdefgh12345678",
            { status: 500, headers: { "content-type": "text/plain; charset=utf-8" } }
          ))
      )
      assert.deepInclude(view(production500), { tag: "StackResponseError", status: 500, reason: "UnexpectedStatus" })
      if (production500._tag === "StackResponseError") assert.include(production500.bodyExcerpt, "Request ID: abcdefgh12345678")
    }))

  it.effect("a nonsense x-stack-actual-status is a StackResponseError, not a crash", () =>
    Effect.gen(function*() {
      const error = yield* failureOf(
        sendWith(getUser, () =>
          new Response("{}", { status: 200, headers: { ...jsonHeaders, "x-stack-actual-status": "banana" } }))
      )
      assert.deepInclude(view(error), { tag: "StackResponseError", reason: "StatusCodeMismatch" })
    }))

  it.effect("a known error whose body is not JSON is a StackResponseError (MalformedJson)", () =>
    Effect.gen(function*() {
      const error = yield* failureOf(
        sendWith(getUser, () =>
          new Response("<html>oops</html>", {
            status: 404,
            headers: { "content-type": "text/html", "x-stack-known-error": "USER_NOT_FOUND" }
          }))
      )
      assert.deepInclude(view(error), { tag: "StackResponseError", status: 404, reason: "MalformedJson" })
    }))

  it.effect("a known-error header that contradicts the body's code is a StackResponseError", () =>
    Effect.gen(function*() {
      const error = yield* failureOf(
        sendWith(getUser, () =>
          new Response(JSON.stringify(wire("TEAM_NOT_FOUND", "Team t1 not found.", { team_id: "t1" })), {
            status: 404,
            headers: { ...jsonHeaders, "x-stack-known-error": "USER_NOT_FOUND" }
          }))
      )
      assert.deepInclude(view(error), { tag: "StackResponseError", status: 404, reason: "KnownErrorHeaderMismatch" })
    }))
})

describe("send: known errors", () => {
  it.effect("an unknown code becomes UnsupportedError carrying the original code, message, status and details", () =>
    Effect.gen(function*() {
      for (const override of [false, true]) {
        const error = yield* failureOf(
          sendWith(
            getUser,
            knownError("SOME_NEW_CODE", 409, wire("SOME_NEW_CODE", "Something new went wrong.", { thing_id: "x1" }), {
              override
            })
          )
        )
        assert.instanceOf(error, UnsupportedError)
        if (error._tag !== "UnsupportedError") continue
        assert.strictEqual(error.code, "UNSUPPORTED_ERROR")
        assert.deepStrictEqual(error.details, {
          originalErrorCode: "SOME_NEW_CODE",
          originalMessage: "Something new went wrong.",
          originalStatus: 409,
          originalDetails: { thing_id: "x1" }
        })
        assert.include(error.message, "SOME_NEW_CODE")
      }
    }))

  it.effect("an unknown code without details keeps no originalDetails", () =>
    Effect.gen(function*() {
      const error = yield* failureOf(
        sendWith(getUser, knownError("SOME_NEW_CODE", 400, wire("SOME_NEW_CODE", "New.")))
      )
      assert.instanceOf(error, UnsupportedError)
      if (error._tag === "UnsupportedError") {
        assert.deepStrictEqual(error.details, { originalErrorCode: "SOME_NEW_CODE", originalMessage: "New.", originalStatus: 400 })
      }
    }))

  it.effect("a status that contradicts the code (USER_NOT_FOUND with 200 or 500) is a StackResponseError", () =>
    Effect.gen(function*() {
      const body = wire("USER_NOT_FOUND", "User not found.")
      const plain200 = yield* failureOf(sendWith(getUser, knownError("USER_NOT_FOUND", 200, body)))
      assert.deepInclude(view(plain200), { tag: "StackResponseError", status: 200, reason: "StatusCodeMismatch" })
      const plain500 = yield* failureOf(sendWith(getUser, knownError("USER_NOT_FOUND", 500, body)))
      assert.deepInclude(view(plain500), { tag: "StackResponseError", status: 500, reason: "StatusCodeMismatch" })
      const overridden500 = yield* failureOf(sendWith(getUser, knownError("USER_NOT_FOUND", 500, body, { override: true })))
      assert.deepInclude(view(overridden500), { tag: "StackResponseError", status: 500, reason: "StatusCodeMismatch" })
      // The same for a catalogue code the endpoint does not declare.
      const undeclared = yield* failureOf(
        sendWith(getUser, knownError("EMAIL_PASSWORD_MISMATCH", 200, wire("EMAIL_PASSWORD_MISMATCH", "Wrong e-mail or password.")))
      )
      assert.deepInclude(view(undeclared), { tag: "StackResponseError", status: 200, reason: "StatusCodeMismatch" })
    }))

  it.effect("the five codes sent without details decode to their classes, message taken from `error`", () =>
    Effect.gen(function*() {
      const target = endpoint([BodyParsingError, InvalidAccessType, InvalidScope, PasskeyRegistrationFailed, PasskeyAuthenticationFailed])
      const cases = [
        [BodyParsingError, "Invalid JSON in request body: Unexpected token } in JSON at position 12"],
        [InvalidAccessType, "The x-stack-access-type header must be 'client', 'server', or 'admin', but was 'root'."],
        [InvalidScope, "The scope \"email admin\" is not a valid OAuth scope for Stack."],
        [PasskeyRegistrationFailed, "Failed to register passkey: challenge mismatch"],
        [PasskeyAuthenticationFailed, "Failed to authenticate with passkey: unknown credential"]
      ] as const
      for (const [Class, message] of cases) {
        for (const override of [false, true]) {
          const error = yield* failureOf(
            sendWith(target, knownError(Class.code, Class.status, wire(Class.code, message), { override }))
          )
          assert.isTrue(error instanceof Class, Class.code)
          assert.deepStrictEqual(view(error), {
            tag: Class.identifier,
            code: Class.code,
            status: 400,
            message,
            details: undefined,
            reason: undefined
          })
        }
      }
    }))

  it.effect("x-stack-actual-status: 200 + actual status decodes to the same error as the plain status", () =>
    Effect.gen(function*() {
      const target = endpoint([UserNotFound, TeamNotFound, TeamMembershipNotFound, EmailPasswordMismatch, AccessTokenExpired])
      const cases = [
        ["USER_NOT_FOUND", 404, wire("USER_NOT_FOUND", "User not found.")],
        ["TEAM_NOT_FOUND", 404, wire("TEAM_NOT_FOUND", "Team t1 not found.", { team_id: "t1" })],
        [
          "TEAM_MEMBERSHIP_NOT_FOUND",
          404,
          wire("TEAM_MEMBERSHIP_NOT_FOUND", "User u1 is not found in team t1.", { team_id: "t1", user_id: "u1" })
        ],
        ["EMAIL_PASSWORD_MISMATCH", 400, wire("EMAIL_PASSWORD_MISMATCH", "Wrong e-mail or password.")],
        [
          "ACCESS_TOKEN_EXPIRED",
          401,
          wire("ACCESS_TOKEN_EXPIRED", "Access token has expired. Please refresh it and try again.", { expired_at_millis: 1000 })
        ],
        // Catalogue code not declared by the endpoint, and a code the catalogue does not know.
        ["PASSWORD_TOO_SHORT", 400, wire("PASSWORD_TOO_SHORT", "Password too short. Minimum length is 8.", { min_length: 8 })],
        ["SOME_NEW_CODE", 418, wire("SOME_NEW_CODE", "Brand new.")]
      ] as const
      for (const [code, status, body] of cases) {
        const plain = yield* failureOf(sendWith(target, knownError(code, status, body)))
        const overridden = yield* failureOf(sendWith(target, knownError(code, status, body, { override: true })))
        assert.notStrictEqual(plain._tag, "StackResponseError", code)
        assert.deepStrictEqual(view(overridden), view(plain), code)
        assert.strictEqual(overridden.constructor, plain.constructor, code)
      }
    }))

  it.effect("a catalogue error the endpoint does not list arrives as UnexpectedKnownError", () =>
    Effect.gen(function*() {
      const error = yield* failureOf(
        sendWith(
          endpoint([UserNotFound]),
          knownError(
            "TEAM_MEMBERSHIP_NOT_FOUND",
            404,
            wire("TEAM_MEMBERSHIP_NOT_FOUND", "User u1 is not found in team t1.", { team_id: "t1", user_id: "u1" }),
            { override: true }
          )
        )
      )
      assert.instanceOf(error, UnexpectedKnownError)
      assert.deepStrictEqual(view(error), {
        tag: "UnexpectedKnownError",
        code: "TEAM_MEMBERSHIP_NOT_FOUND",
        status: 404,
        message: "User u1 is not found in team t1.",
        details: { team_id: "t1", user_id: "u1" },
        reason: undefined
      })
    }))

  it.effect("details that do not match the catalogue are a StackResponseError (SchemaMismatch)", () =>
    Effect.gen(function*() {
      const error = yield* failureOf(
        sendWith(getUser, knownError("TEAM_NOT_FOUND", 404, wire("TEAM_NOT_FOUND", "Team not found.", { team_id: 7 })))
      )
      assert.deepInclude(view(error), { tag: "StackResponseError", status: 404, reason: "SchemaMismatch" })
    }))
})

describe("send: no error shows a key or a token", () => {
  const echo = [
    `x-stack-refresh-token: ${refreshToken}`,
    `x-stack-access-token: ${accessToken}`,
    `x-stack-secret-server-key: ${serverKey}`,
    `x-stack-super-secret-admin-key: ${adminKey}`,
    `x-stack-publishable-client-key: ${clientKey}`
  ].join("\n")

  const scenarios: ReadonlyArray<readonly [string, () => Response]> = [
    ["HTML page echoing the request headers", () =>
      new Response(`<html><body><pre>${echo}</pre></body></html>`, { status: 502, headers: { "content-type": "text/html" } })],
    ["plain-text error echoing the request headers", () =>
      new Response(echo, { status: 200, headers: { "content-type": "text/plain", "x-stack-actual-status": "400" } })],
    ["malformed JSON echoing the headers", () =>
      new Response(`{"echo": "${echo.replace(/\n/g, " ")}`, { status: 200, headers: jsonHeaders })],
    ["wrong shape echoing the tokens", () =>
      new Response(JSON.stringify({ id: 1, access: accessToken, refresh: refreshToken, key: serverKey }), {
        status: 200,
        headers: jsonHeaders
      })],
    ["wrong content type", () => new Response(echo, { status: 200, headers: { "content-type": "text/plain" } })],
    ["unknown code echoing secrets in message and details", () =>
      knownError("SOME_NEW_CODE", 400, wire("SOME_NEW_CODE", `bad ${refreshToken}`, { seen: echo }))()],
    ["undeclared catalogue code echoing secrets", () =>
      knownError("SCHEMA_ERROR", 400, wire("SCHEMA_ERROR", `headers: ${echo}`, { message: `headers: ${echo}` }))()],
    ["known-error body mismatch echoing secrets", () =>
      knownError("USER_NOT_FOUND", 404, wire("TEAM_NOT_FOUND", echo, { team_id: refreshToken }))()],
    ["status mismatch echoing secrets", () =>
      knownError("USER_NOT_FOUND", 500, wire("USER_NOT_FOUND", echo))()]
  ]

  for (const [name, answer] of scenarios) {
    it.effect(name, () =>
      Effect.gen(function*() {
        const error = yield* failureOf(sendWith(getUser, answer))
        assertNoSecrets(error)
      }))
  }

  it.effect("a transport failure whose cause names the secrets", () =>
    Effect.gen(function*() {
      const http = HttpClient.make((request) =>
        Effect.fail(
          new HttpClientError.HttpClientError({
            reason: new HttpClientError.TransportError({ request, description: `socket hang up after sending ${echo}` })
          })
        )
      )
      const fiber = yield* Effect.forkChild(
        failureOf(send(config, getUser, signedIn).pipe(Effect.provideService(StackTransport, transportFromHttpClient(http))))
      )
      yield* TestClock.adjust("1 minute")
      const error = yield* Fiber.join(fiber)
      assert.strictEqual(error._tag, "StackTransportError")
      assertNoSecrets(error)
    }))

  it.effect("a transport failure keeps the runtime's cause chain, minus the secrets", () =>
    Effect.gen(function*() {
      const http = HttpClient.make((request) =>
        Effect.fail(
          new HttpClientError.HttpClientError({
            reason: new HttpClientError.TransportError({
              request,
              cause: new TypeError("fetch failed", {
                cause: new Error(`connect ECONNREFUSED 127.0.0.1:8102 while sending ${refreshToken}`)
              })
            })
          })
        )
      )
      const fiber = yield* Effect.forkChild(
        failureOf(send(config, getUser, signedIn).pipe(Effect.provideService(StackTransport, transportFromHttpClient(http))))
      )
      yield* TestClock.adjust("1 minute")
      const error = yield* Fiber.join(fiber)
      assert.strictEqual(error._tag, "StackTransportError")
      if (error._tag === "StackTransportError") {
        assert.include(error.diagnostics.cause, "TypeError: fetch failed")
        assert.include(error.diagnostics.cause, "connect ECONNREFUSED 127.0.0.1:8102")
      }
      assertNoSecrets(error)
    }))

  it.effect("the refresh grant's form fields never show up in an error", () =>
    Effect.gen(function*() {
      const grant: Endpoint<typeof User.Type, readonly []> = {
        method: "POST",
        path: "/auth/oauth/token",
        level: "none",
        body: {
          _tag: "Form",
          fields: [["refresh_token", refreshToken], ["grant_type", "refresh_token"], ["client_secret", clientKey]]
        },
        response: json(User),
        errors: []
      }
      const error = yield* failureOf(
        send(config, grant, { accessToken: Option.none(), refreshToken: Option.none() }).pipe(
          Effect.provideService(
            StackTransport,
            transportFromHttpClient(fakeHttp(() =>
              new Response(`Invalid grant: ${refreshToken} / ${clientKey}`, {
                status: 200,
                headers: { "content-type": "text/plain", "x-stack-actual-status": "400" }
              })
            ))
          )
        )
      )
      assertNoSecrets(error)
    }))
})

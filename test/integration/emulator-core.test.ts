/**
 * The emulator core, driven through `HttpClient`: the same scenarios in-process (`Emulator.layer`)
 * and over real HTTP (`Emulator.layerServe` on port 0 + `FetchHttpClient`). Time-dependent tests
 * (token expiry) run in-process under `TestClock`.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as HttpClient from "effect/http/HttpClient"
import { TestClock } from "effect/testing"
import * as Jose from "jose"
import { Emulator, type EmulatorInfo, type EmulatorOptions } from "../../src/emulator/emulator.ts"
import * as Reply from "../../src/emulator/reply.ts"
import { defineRoute } from "../../src/emulator/router.ts"
import { decodeState } from "../../src/emulator/state.ts"
import { type Answer, field, send, stringField } from "./emulator-client.ts"
import { uniqueEmail } from "./emulator-harness.ts"

// =============================================================================
// Helpers
// =============================================================================

const expectKnown = (answer: Answer, status: number, code: string) => {
  assert.strictEqual(answer.status, status, answer.text)
  assert.strictEqual(answer.headers["x-stack-known-error"], code, answer.text)
  assert.strictEqual(field(answer, "code"), code)
  assert.strictEqual(answer.headers["content-type"], "application/json; charset=utf-8")
  // Known errors are pretty-printed with the keys in the server's order.
  const keys = Object.keys(typeof answer.body === "object" && answer.body !== null ? answer.body : {})
  assert.deepStrictEqual(keys.filter((k) => k !== "details"), ["code", "error"])
  assert.ok(answer.text.startsWith("{\n  \"code\""), answer.text)
}

const signUp = (info: EmulatorInfo, email = uniqueEmail(), password = "correct-horse-battery") =>
  Effect.gen(function*() {
    const answer = yield* send(info, "POST", "/auth/password/sign-up", {
      json: { email, password, verification_callback_url: "http://localhost:3000/handler/email-verification" }
    })
    assert.strictEqual(answer.status, 200, answer.text)
    return {
      email,
      password,
      userId: stringField(answer, "user_id"),
      accessToken: stringField(answer, "access_token"),
      refreshToken: stringField(answer, "refresh_token")
    }
  })

/** Extra routes used to test the router itself (the extension point). */
const testRoutes = [
  defineRoute({
    method: "GET",
    path: "/test/needs-user",
    access: ["client", "server", "admin"],
    user: "required",
    handler: (ctx) => Reply.json(Schema.Struct({ id: Schema.String }), { id: ctx.user.id })
  }),
  defineRoute({
    method: "GET",
    path: "/test/crash",
    access: "none",
    handler: () => Effect.die(new Error("boom"))
  })
]

const options: EmulatorOptions = { extraRoutes: testRoutes, maxBodyBytes: 64 * 1024 }

type TestLayer = Layer.Layer<Emulator | HttpClient.HttpClient, unknown>

const transports: ReadonlyArray<readonly [string, () => TestLayer]> = [
  ["in-process", () => Emulator.layer(options)],
  ["over HTTP", () => Layer.merge(Emulator.layerServe({ ...options, port: 0 }), FetchHttpClient.layer)]
]

// =============================================================================
// Scenarios on both transports
// =============================================================================

for (const [transport, makeLayer] of transports) {
  describe(`emulator core (${transport})`, () => {
    const test = (name: string, body: (info: EmulatorInfo) => Effect.Effect<void, unknown, Emulator | HttpClient.HttpClient>) =>
      it.live(name, () =>
        Effect.gen(function*() {
          const emulator = yield* Emulator
          yield* body(emulator.info)
        }).pipe(Effect.provide(makeLayer())))

    // ---- generic behaviour

    test("API root text, without and with auth", (info) =>
      Effect.gen(function*() {
        const none = yield* send(info, "GET", "/", { accessType: null })
        assert.strictEqual(none.status, 200)
        assert.strictEqual(none.headers["content-type"], "text/plain; charset=utf-8")
        assert.strictEqual(
          none.text,
          "Welcome to the Stack API endpoint! Please refer to the documentation at https://docs.stack-auth.com.\n\nAuthentication: None"
        )
        const user = yield* signUp(info)
        const client = yield* send(info, "GET", "/", { accessToken: user.accessToken })
        assert.ok(client.text.endsWith(`Authentication: Client\n  Project: ${info.projectId}\n  User: ${user.email}`), client.text)
        const admin = yield* send(info, "GET", "/", { accessType: "admin" })
        assert.ok(admin.text.endsWith(`Authentication: Admin\n  Project: ${info.projectId}\n  User: None`))
      }))

    test("every API answer has a request id, no-store and CORS headers", (info) =>
      Effect.gen(function*() {
        const answer = yield* send(info, "GET", "/projects/current")
        assert.strictEqual(answer.status, 200)
        assert.match(answer.headers["x-stack-request-id"] ?? "", /^[0-9a-z]{16}$/)
        assert.strictEqual(answer.headers["cache-control"], "no-store, max-age=0")
        assert.strictEqual(answer.headers["access-control-allow-origin"], "*")
        // Today's service exposes its headers under both of its names (Stack Auth, Hexclave).
        assert.strictEqual(
          answer.headers["access-control-expose-headers"],
          "content-type, x-stack-actual-status, x-hexclave-actual-status, x-stack-known-error, x-hexclave-known-error, x-stack-request-id, x-hexclave-request-id"
        )
        assert.strictEqual(answer.headers["x-hexclave-request-id"], answer.headers["x-stack-request-id"])
        assert.ok(answer.headers["access-control-allow-headers"]?.includes("x-stack-allow-anonymous-user"))
      }))

    test("CORS preflight answers 200 without body", (info) =>
      Effect.gen(function*() {
        const answer = yield* send(info, "OPTIONS", "/users/me", {
          accessType: null,
          headers: { origin: "http://localhost:3000", "access-control-request-method": "GET" }
        })
        assert.strictEqual(answer.status, 200)
        assert.strictEqual(answer.text, "")
        assert.strictEqual(answer.headers["access-control-max-age"], "86400")
        assert.strictEqual(answer.headers["access-control-allow-methods"], "GET, POST, PUT, PATCH, DELETE, OPTIONS")
      }))

    test("unknown paths answer the catch-all 404 text; known paths with another method 405", (info) =>
      Effect.gen(function*() {
        const missing = yield* send(info, "GET", "/this-path-does-not-exist")
        assert.strictEqual(missing.status, 404)
        assert.strictEqual(missing.headers["content-type"], "text/plain; charset=utf-8")
        assert.ok(missing.text.startsWith("404 — this page does not exist in Stack Auth's API."))
        assert.ok(missing.text.endsWith(`URL: ${info.baseUrl}/api/v1/this-path-does-not-exist`), missing.text)
        const wrongMethod = yield* send(info, "PUT", "/projects/current", {
          headers: { "x-stack-override-error-status": "true" }
        })
        assert.strictEqual(wrongMethod.status, 405)
        assert.strictEqual(wrongMethod.text, "")
        assert.strictEqual(wrongMethod.headers["x-stack-actual-status"], undefined)
      }))

    test("override header: 4xx become 200 + x-stack-actual-status, 5xx stay", (info) =>
      Effect.gen(function*() {
        const overridden = yield* send(info, "GET", "/users/me", { headers: { "x-stack-override-error-status": "true" } })
        assert.strictEqual(overridden.status, 200)
        assert.strictEqual(overridden.headers["x-stack-actual-status"], "400")
        assert.strictEqual(overridden.headers["x-stack-known-error"], "CANNOT_GET_OWN_USER_WITHOUT_USER")
        const notFound = yield* send(info, "GET", "/nope", { headers: { "x-stack-override-error-status": "true" } })
        assert.strictEqual(notFound.status, 200)
        assert.strictEqual(notFound.headers["x-stack-actual-status"], "404")
        const crash = yield* send(info, "GET", "/test/crash", {
          accessType: null,
          headers: { "x-stack-override-error-status": "true" }
        })
        assert.strictEqual(crash.status, 500)
        assert.strictEqual(crash.headers["x-stack-actual-status"], undefined)
        assert.ok(crash.text.startsWith("Something went wrong."), crash.text)
        assert.ok(crash.text.includes(`Request ID: ${crash.headers["x-stack-request-id"]}`))
        // Success answers are not touched.
        const ok = yield* send(info, "GET", "/projects/current", { headers: { "x-stack-override-error-status": "true" } })
        assert.strictEqual(ok.status, 200)
        assert.strictEqual(ok.headers["x-stack-actual-status"], undefined)
      }))

    // ---- request validation

    test("strict bodies and queries: SCHEMA_ERROR in the server's format", (info) =>
      Effect.gen(function*() {
        const user = yield* signUp(info)
        const body = yield* send(info, "PATCH", "/users/me", {
          accessToken: user.accessToken,
          json: { display_name: "x", server_metadata: {}, nope: 1 }
        })
        expectKnown(body, 400, "SCHEMA_ERROR")
        assert.strictEqual(
          field(body, "error"),
          "Request validation failed on PATCH /api/v1/users/me:\n  - body contains unknown properties: server_metadata, nope"
        )
        assert.deepStrictEqual(field(body, "details"), { message: field(body, "error") })
        const query = yield* send(info, "GET", "/users/me?extra=1", { accessToken: user.accessToken })
        expectKnown(query, 400, "SCHEMA_ERROR")
        assert.strictEqual(field(query, "error"), "Request validation failed on GET /api/v1/users/me:\n  - query contains unknown properties: extra")
        const missing = yield* send(info, "POST", "/auth/password/sign-in", { json: { email: "a@example.com" } })
        assert.strictEqual(
          field(missing, "error"),
          "Request validation failed on POST /api/v1/auth/password/sign-in:\n  - body.password must be defined"
        )
        const tooLong = yield* send(info, "POST", "/auth/password/sign-in", {
          json: { email: "a@example.com", password: "x".repeat(71) }
        })
        assert.strictEqual(
          field(tooLong, "error"),
          "Request validation failed on POST /api/v1/auth/password/sign-in:\n  - body.password must be at most 70 characters"
        )
      }))

    test("auth.user must be defined on routes that need a user", (info) =>
      Effect.gen(function*() {
        const answer = yield* send(info, "GET", "/test/needs-user")
        expectKnown(answer, 400, "SCHEMA_ERROR")
        assert.strictEqual(field(answer, "error"), "Request validation failed on GET /api/v1/test/needs-user:\n  - auth.user must be defined")
        const user = yield* signUp(info)
        const ok = yield* send(info, "GET", "/test/needs-user", { accessToken: user.accessToken })
        assert.deepStrictEqual(ok.body, { id: user.userId })
      }))

    test("bad JSON, unknown content types and oversize bodies", (info) =>
      Effect.gen(function*() {
        const badJson = yield* send(info, "POST", "/auth/password/sign-in", {
          text: { body: "{not json", contentType: "application/json" }
        })
        expectKnown(badJson, 400, "BODY_PARSING_ERROR")
        assert.strictEqual(field(badJson, "error"), "Invalid JSON in request body")
        assert.strictEqual(field(badJson, "details"), undefined)
        const xml = yield* send(info, "POST", "/auth/password/sign-in", { text: { body: "<a/>", contentType: "application/xml" } })
        expectKnown(xml, 400, "BODY_PARSING_ERROR")
        assert.strictEqual(field(xml, "error"), "Unknown content type in request body: application/xml")
        const big = yield* send(info, "POST", "/auth/password/sign-in", {
          json: { email: "a@example.com", password: "x".repeat(70 * 1024) }
        })
        assert.strictEqual(big.status, 413)
        assert.strictEqual(big.headers["content-type"], "text/plain; charset=utf-8")
      }))

    // ---- authentication checks, in order

    test("access-type and project checks", (info) =>
      Effect.gen(function*() {
        expectKnown(yield* send(info, "GET", "/users/me", { accessType: null }), 400, "ACCESS_TYPE_REQUIRED")
        expectKnown(
          yield* send(info, "GET", "/users/me", { accessType: null, headers: { "x-stack-publishable-client-key": "pck_x" } }),
          400,
          "PROJECT_KEY_WITHOUT_ACCESS_TYPE"
        )
        const invalid = yield* send(info, "GET", "/users/me", { headers: { "x-stack-access-type": "superuser" } })
        expectKnown(invalid, 400, "INVALID_ACCESS_TYPE")
        assert.strictEqual(field(invalid, "error"), "The x-stack-access-type header must be 'client', 'server', or 'admin', but was 'superuser'.")
        const noProject = yield* send(info, "GET", "/projects/current", {
          accessType: null,
          headers: { "x-stack-access-type": "client" }
        })
        expectKnown(noProject, 400, "ACCESS_TYPE_WITHOUT_PROJECT_ID")
        assert.deepStrictEqual(field(noProject, "details"), { request_type: "client" })
        // The project is checked before any key (a bogus key is not reported).
        const unknown = yield* send(info, "GET", "/projects/current", {
          projectId: "00000000-0000-4000-8000-000000000000",
          keys: { pck: "pck_bogus" }
        })
        expectKnown(unknown, 400, "CURRENT_PROJECT_NOT_FOUND")
        assert.deepStrictEqual(field(unknown, "details"), { project_id: "00000000-0000-4000-8000-000000000000" })
        const branch = yield* send(info, "GET", "/projects/current", { headers: { "x-stack-branch-id": "dev" } })
        expectKnown(branch, 400, "BRANCH_DOES_NOT_EXIST")
      }))

    test("key checks per access type", (info) =>
      Effect.gen(function*() {
        // The publishable key is optional for client access, but a wrong one is rejected.
        assert.strictEqual((yield* send(info, "GET", "/projects/current", { keys: { pck: "" } })).status, 200)
        const wrongClient = yield* send(info, "GET", "/projects/current", { keys: { pck: "pck_wrong" } })
        expectKnown(wrongClient, 401, "INVALID_PUBLISHABLE_CLIENT_KEY")
        assert.deepStrictEqual(field(wrongClient, "details"), { project_id: info.projectId })
        expectKnown(yield* send(info, "GET", "/projects/current", { accessType: "server", keys: { ssk: "" } }), 401, "SERVER_AUTHENTICATION_REQUIRED")
        expectKnown(yield* send(info, "GET", "/projects/current", { accessType: "server", keys: { ssk: "ssk_wrong" } }), 401, "INVALID_SECRET_SERVER_KEY")
        expectKnown(yield* send(info, "GET", "/projects/current", { accessType: "admin", keys: { sak: "" } }), 401, "ADMIN_AUTHENTICATION_REQUIRED")
        expectKnown(yield* send(info, "GET", "/projects/current", { accessType: "admin", keys: { sak: "sak_wrong" } }), 401, "INVALID_SUPER_SECRET_ADMIN_KEY")
        // Server keys do not work for client access and vice versa: each type checks its own header.
        assert.strictEqual((yield* send(info, "GET", "/projects/current", { accessType: "server" })).status, 200)
        assert.strictEqual((yield* send(info, "GET", "/projects/current", { accessType: "admin" })).status, 200)
      }))

    test("INSUFFICIENT_ACCESS_TYPE with details", (info) =>
      Effect.gen(function*() {
        const user = yield* signUp(info)
        const answer = yield* send(info, "POST", "/auth/sessions", { json: { user_id: user.userId } })
        expectKnown(answer, 401, "INSUFFICIENT_ACCESS_TYPE")
        assert.deepStrictEqual(field(answer, "details"), { actual_access_type: "client", allowed_access_types: ["server", "admin"] })
        assert.strictEqual(field(answer, "error"), "The x-stack-access-type header must be 'server' or 'admin', but was 'client'.")
      }))

    test("access tokens are verified on every endpoint, before the project and keys", (info) =>
      Effect.gen(function*() {
        const unparsable = yield* send(info, "GET", "/projects/current", { accessToken: "not-a-jwt", keys: { pck: "pck_wrong" } })
        expectKnown(unparsable, 401, "UNPARSABLE_ACCESS_TOKEN")
        const user = yield* signUp(info)
        const otherProject = yield* send(info, "GET", "/projects/current", {
          projectId: "internal",
          keys: { pck: "" },
          accessToken: user.accessToken
        })
        expectKnown(otherProject, 401, "INVALID_PROJECT_FOR_ACCESS_TOKEN")
        assert.deepStrictEqual(field(otherProject, "details"), { expected_project_id: "internal", actual_project_id: info.projectId })
        // A token signed by someone else is unparsable even if its claims look right.
        const [header, payload] = user.accessToken.split(".")
        const forged = `${header}.${payload}.${"A".repeat(86)}`
        expectKnown(yield* send(info, "GET", "/users/me", { accessToken: forged }), 401, "UNPARSABLE_ACCESS_TOKEN")
      }))

    test("me substitution and CANNOT_GET_OWN_USER_WITHOUT_USER", (info) =>
      Effect.gen(function*() {
        expectKnown(yield* send(info, "GET", "/users/me"), 400, "CANNOT_GET_OWN_USER_WITHOUT_USER")
        expectKnown(
          yield* send(info, "POST", "/auth/sessions", { accessType: "server", json: { user_id: "me" } }),
          400,
          "CANNOT_GET_OWN_USER_WITHOUT_USER"
        )
        const user = yield* signUp(info)
        const own = yield* send(info, "POST", "/auth/sessions", { accessType: "server", accessToken: user.accessToken, json: { user_id: "me" } })
        assert.strictEqual(own.status, 200, own.text)
        const unknown = yield* send(info, "POST", "/auth/sessions", {
          accessType: "server",
          json: { user_id: "00000000-0000-4000-8000-000000000000" }
        })
        expectKnown(unknown, 400, "USER_ID_DOES_NOT_EXIST")
        const invalid = yield* send(info, "POST", "/auth/sessions", { accessType: "server", json: { user_id: "nope" } })
        expectKnown(invalid, 400, "SCHEMA_ERROR")
      }))

    // ---- flows

    test("sign-up sends a verification e-mail with code and link to the outbox", (info) =>
      Effect.gen(function*() {
        const emulator = yield* Emulator
        const user = yield* signUp(info)
        const mails = yield* emulator.outbox(user.email)
        assert.strictEqual(mails.length, 1)
        const mail = mails[0]
        assert.ok(mail !== undefined)
        assert.match(mail.code ?? "", /^[0-9a-hjkmnp-tv-z]{45}$/)
        assert.strictEqual(mail.link, `http://localhost:3000/handler/email-verification?code=${mail.code}`)
        assert.ok(mail.text.includes(mail.link ?? "-"))
        assert.strictEqual(mail.subject, "Verify your email at Emulator Project")
        // Also readable over the emulator's outbox URL.
        const listed = yield* send(info, "GET", `${info.outboxUrl}&to=${encodeURIComponent(user.email)}`, { accessType: null })
        assert.strictEqual(listed.status, 200)
        assert.ok(Array.isArray(listed.body) && listed.body.length === 1)
        assert.ok(listed.text.includes(mail.code ?? "-"))
      }))

    test("sign-up errors in the server's order; untrusted callback creates no user", (info) =>
      Effect.gen(function*() {
        const emulator = yield* Emulator
        const email = uniqueEmail()
        const untrusted = yield* send(info, "POST", "/auth/password/sign-up", {
          json: { email, password: "short", verification_callback_url: "https://evil.example.org/cb" }
        })
        expectKnown(untrusted, 400, "REDIRECT_URL_NOT_WHITELISTED")
        const users = yield* emulator.withState((data) => Effect.succeed(Object.keys(data.users).length))
        assert.strictEqual(users, 0)
        const short = yield* send(info, "POST", "/auth/password/sign-up", { json: { email, password: "short" } })
        expectKnown(short, 400, "PASSWORD_TOO_SHORT")
        assert.deepStrictEqual(field(short, "details"), { min_length: 8 })
        yield* signUp(info, email)
        const again = yield* send(info, "POST", "/auth/password/sign-up", { json: { email, password: "long-enough-1" } })
        expectKnown(again, 409, "USER_EMAIL_ALREADY_EXISTS")
        assert.deepStrictEqual(field(again, "details"), { email, would_work_if_email_was_verified: false })
      }))

    test("sign-in, users/me read, update and delete", (info) =>
      Effect.gen(function*() {
        const user = yield* signUp(info)
        const wrong = yield* send(info, "POST", "/auth/password/sign-in", { json: { email: user.email, password: "wrong-password" } })
        expectKnown(wrong, 400, "EMAIL_PASSWORD_MISMATCH")
        const signIn = yield* send(info, "POST", "/auth/password/sign-in", {
          json: { email: user.email.toUpperCase(), password: user.password }
        })
        assert.strictEqual(signIn.status, 200, signIn.text)
        assert.strictEqual(field(signIn, "user_id"), user.userId)
        // Form bodies are accepted wherever JSON is.
        const formSignIn = yield* send(info, "POST", "/auth/password/sign-in", { form: { email: user.email, password: user.password } })
        assert.strictEqual(formSignIn.status, 200, formSignIn.text)
        const accessToken = stringField(signIn, "access_token")

        const me = yield* send(info, "GET", "/users/me", { accessToken })
        assert.strictEqual(field(me, "primary_email"), user.email)
        assert.strictEqual(field(me, "has_password"), true)
        assert.strictEqual(field(me, "server_metadata"), undefined)
        const server = yield* send(info, "GET", "/users/me", { accessType: "server", accessToken })
        assert.strictEqual(field(server, "server_metadata"), null)
        assert.strictEqual(field(server, "primary_email_auth_enabled"), true)

        const patched = yield* send(info, "PATCH", "/users/me", {
          accessToken,
          json: { display_name: "Ada", client_metadata: { theme: "dark" }, otp_auth_enabled: true }
        })
        assert.strictEqual(patched.status, 200, patched.text)
        assert.strictEqual(field(patched, "display_name"), "Ada")
        assert.deepStrictEqual(field(patched, "client_metadata"), { theme: "dark" })
        assert.strictEqual(field(patched, "otp_auth_enabled"), true)
        const cleared = yield* send(info, "PATCH", "/users/me", { accessToken, json: { display_name: "" } })
        assert.strictEqual(field(cleared, "display_name"), null)
        const badImage = yield* send(info, "PATCH", "/users/me", { accessToken, json: { profile_image_url: "https://x.test/a.png" } })
        assert.strictEqual(badImage.status, 400)
        assert.strictEqual(badImage.text, "Invalid profile image URL")
        const passkey = yield* send(info, "PATCH", "/users/me", { accessToken, json: { passkey_auth_enabled: true } })
        assert.strictEqual(passkey.text, "Cannot manually enable passkey auth, it is enabled iff there is a passkey auth method")
        const team = yield* send(info, "PATCH", "/users/me", {
          accessToken,
          json: { selected_team_id: "00000000-0000-4000-8000-000000000000" }
        })
        expectKnown(team, 404, "TEAM_MEMBERSHIP_NOT_FOUND")
        const totp = yield* send(info, "PATCH", "/users/me", { accessToken, json: { totp_secret_base64: "MTIzNDU2Nzg5MDEyMzQ1Njc4OTA=" } })
        assert.strictEqual(field(totp, "requires_totp_mfa"), true)
        const mfa = yield* send(info, "POST", "/auth/password/sign-in", { json: { email: user.email, password: user.password } })
        expectKnown(mfa, 400, "MULTI_FACTOR_AUTHENTICATION_REQUIRED")
        assert.match(String(Reflect.get(Object(field(mfa, "details")), "attempt_code")), /^[0-9a-z]{45}$/)

        const serverPatch = yield* send(info, "PATCH", "/users/me", {
          accessType: "server",
          accessToken,
          json: { server_metadata: { plan: "pro" }, primary_email_verified: true }
        })
        assert.deepStrictEqual(field(serverPatch, "server_metadata"), { plan: "pro" })
        assert.strictEqual(field(serverPatch, "primary_email_verified"), true)

        const deleted = yield* send(info, "DELETE", "/users/me", { accessToken })
        assert.deepStrictEqual(deleted.body, { success: true })
        // The token still parses, but its user is gone.
        expectKnown(yield* send(info, "GET", "/users/me", { accessToken }), 400, "CANNOT_GET_OWN_USER_WITHOUT_USER")
      }))

    test("refresh grant (form and JSON), sign-out, then refresh fails", (info) =>
      Effect.gen(function*() {
        const user = yield* signUp(info)
        const grant = { grant_type: "refresh_token", refresh_token: user.refreshToken, client_id: info.projectId, client_secret: info.publishableClientKey }
        const form = yield* send(info, "POST", "/auth/oauth/token", { accessType: null, form: grant })
        assert.strictEqual(form.status, 200, form.text)
        assert.strictEqual(field(form, "token_type"), "Bearer")
        assert.strictEqual(field(form, "scope"), "legacy")
        assert.strictEqual(field(form, "after_callback_redirect_url"), null)
        assert.strictEqual(field(form, "refresh_token"), undefined)
        assert.strictEqual(form.headers["cache-control"], "no-store")
        assert.strictEqual(form.headers["pragma"], "no-cache")
        const json = yield* send(info, "POST", "/auth/oauth/token", { accessType: null, json: grant })
        assert.strictEqual(json.status, 200)
        const fresh = stringField(json, "access_token")
        assert.strictEqual((yield* send(info, "GET", "/users/me", { accessToken: fresh })).status, 200)

        const noSecret = yield* send(info, "POST", "/auth/oauth/token", {
          accessType: null,
          form: { grant_type: "refresh_token", refresh_token: user.refreshToken, client_id: info.projectId }
        })
        expectKnown(noSecret, 400, "INVALID_OAUTH_CLIENT_ID_OR_SECRET")
        const missing = yield* send(info, "POST", "/auth/oauth/token", {
          accessType: null,
          form: { grant_type: "refresh_token", client_id: info.projectId, client_secret: info.publishableClientKey }
        })
        assert.strictEqual(missing.status, 400)
        assert.deepStrictEqual(missing.body, { error: "invalid_request", error_description: "Missing parameter: `refresh_token`" })
        assert.strictEqual(missing.headers["x-stack-known-error"], undefined)

        const headerRefresh = yield* send(info, "POST", "/auth/sessions/current/refresh", { refreshToken: user.refreshToken })
        assert.strictEqual(headerRefresh.status, 200)

        const signOut = yield* send(info, "DELETE", "/auth/sessions/current", {
          accessToken: user.accessToken,
          refreshToken: user.refreshToken,
          json: {}
        })
        assert.deepStrictEqual(signOut.body, { success: true })
        expectKnown(yield* send(info, "POST", "/auth/oauth/token", { accessType: null, form: grant }), 401, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED")
        expectKnown(
          yield* send(info, "POST", "/auth/sessions/current/refresh", { refreshToken: user.refreshToken }),
          401,
          "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED"
        )
        // Signing out again: the session is gone.
        expectKnown(
          yield* send(info, "DELETE", "/auth/sessions/current", { accessToken: user.accessToken, json: {} }),
          401,
          "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED"
        )
        // Without an access token the current server cannot tell which session to end.
        const anonymousSignOut = yield* send(info, "DELETE", "/auth/sessions/current", { refreshToken: user.refreshToken, json: {} })
        expectKnown(anonymousSignOut, 401, "ACCESS_TOKEN_EXPIRED")
        const details = field(anonymousSignOut, "details")
        assert.strictEqual(Reflect.get(Object(details), "user_id"), null)
      }))

    test("JWKS verifies a minted token with jose", (info) =>
      Effect.gen(function*() {
        const user = yield* signUp(info)
        const jwks = yield* send(info, "GET", `/projects/${info.projectId}/.well-known/jwks.json`, { accessType: null })
        assert.strictEqual(jwks.status, 200)
        assert.strictEqual(jwks.headers["cache-control"], "public, max-age=3600")
        const keys = Schema.decodeUnknownSync(Schema.Struct({
          keys: Schema.Array(Schema.Struct({ kty: Schema.String, crv: Schema.String, alg: Schema.String, kid: Schema.String, x: Schema.String, y: Schema.String }))
        }))(jwks.body)
        assert.strictEqual(keys.keys.length, 2)
        const set = Jose.createLocalJWKSet({ keys: keys.keys.map((k) => ({ ...k })) })
        const verified = yield* Effect.promise(() =>
          Jose.jwtVerify(user.accessToken, set, {
            issuer: `${info.baseUrl}/api/v1/projects/${info.projectId}`,
            audience: info.projectId
          })
        )
        assert.strictEqual(verified.payload.sub, user.userId)
        assert.strictEqual(verified.payload["project_id"], info.projectId)
        assert.strictEqual(verified.payload["branch_id"], "main")
        assert.strictEqual(verified.payload["email"], user.email)
        assert.strictEqual(verified.payload["is_restricted"], false)
        assert.deepStrictEqual(Object.keys(verified.payload), [
          "sub", "project_id", "branch_id", "refresh_token_id", "role", "name", "email", "email_verified",
          "selected_team_id", "signed_up_at", "is_anonymous", "is_restricted", "restricted_reason",
          "requires_totp_mfa", "iss", "iat", "aud", "exp"
        ])
        assert.strictEqual((verified.payload.exp ?? 0) - (verified.payload.iat ?? 0), 600)
        const all = yield* send(info, "GET", `/projects/${info.projectId}/.well-known/jwks.json?include_anonymous=true`, { accessType: null })
        assert.strictEqual(Array.isArray(Reflect.get(Object(all.body), "keys")) ? Reflect.get(Object(all.body), "keys").length : 0, 6)
        const unknown = yield* send(info, "GET", "/projects/nope/.well-known/jwks.json", { accessType: null })
        assert.strictEqual(unknown.status, 404)
        assert.strictEqual(unknown.text, "Project not found")
        expectKnown(
          yield* send(info, "GET", `/projects/${info.projectId}/.well-known/jwks.json?include_anonymous=yes`, { accessType: null }),
          400,
          "SCHEMA_ERROR"
        )
      }))

    test("restricted and anonymous users need the allow headers", (info) =>
      Effect.gen(function*() {
        const emulator = yield* Emulator
        yield* emulator.withState((data) =>
          Effect.sync(() => {
            const project = data.projects[info.projectId]
            if (project !== undefined) {
              data.projects[project.id] = { ...project, config: { ...project.config, requireEmailVerification: true } }
            }
          })
        )
        const user = yield* signUp(info)
        const refused = yield* send(info, "GET", "/users/me", { accessToken: user.accessToken })
        expectKnown(refused, 403, "RESTRICTED_USER_NOT_ALLOWED")
        assert.deepStrictEqual(field(refused, "details"), { restricted_reason: { type: "email_not_verified" } })
        const allowed = yield* send(info, "GET", "/users/me", {
          accessToken: user.accessToken,
          headers: { "x-stack-allow-restricted-user": "true" }
        })
        assert.strictEqual(field(allowed, "is_restricted"), true)
        // Restricted tokens carry their own issuer and audience.
        const claims = Jose.decodeJwt(user.accessToken)
        assert.strictEqual(claims.aud, `${info.projectId}:restricted`)
        assert.strictEqual(claims.iss, `${info.baseUrl}/api/v1/projects-restricted-users/${info.projectId}`)
      }))
  })
}

// =============================================================================
// In-process only: time, concurrency, persistence
// =============================================================================

describe("emulator core (in-process, TestClock)", () => {
  it.effect("access tokens expire with the Clock; refreshing gives a working one", () =>
    Effect.gen(function*() {
      const { info } = yield* Emulator
      const user = yield* signUp(info)
      assert.strictEqual((yield* send(info, "GET", "/users/me", { accessToken: user.accessToken })).status, 200)
      yield* TestClock.adjust("9 minutes")
      assert.strictEqual((yield* send(info, "GET", "/users/me", { accessToken: user.accessToken })).status, 200)
      yield* TestClock.adjust("2 minutes")
      const expired = yield* send(info, "GET", "/users/me", { accessToken: user.accessToken })
      expectKnown(expired, 401, "ACCESS_TOKEN_EXPIRED")
      const details = field(expired, "details")
      assert.strictEqual(Reflect.get(Object(details), "expired_at_millis"), 600_000)
      assert.strictEqual(Reflect.get(Object(details), "user_id"), user.userId)
      assert.strictEqual(Reflect.get(Object(details), "project_id"), info.projectId)
      // Even endpoints that need no user verify the token.
      expectKnown(yield* send(info, "GET", "/projects/current", { accessToken: user.accessToken }), 401, "ACCESS_TOKEN_EXPIRED")
      const refreshed = yield* send(info, "POST", "/auth/sessions/current/refresh", { refreshToken: user.refreshToken })
      const fresh = stringField(refreshed, "access_token")
      assert.strictEqual((yield* send(info, "GET", "/users/me", { accessToken: fresh })).status, 200)
      // Sessions expire too.
      const session = yield* send(info, "POST", "/auth/sessions", {
        accessType: "server",
        json: { user_id: user.userId, expires_in_millis: 60_000 }
      })
      const shortLived = stringField(session, "refresh_token")
      yield* TestClock.adjust("61 seconds")
      expectKnown(
        yield* send(info, "POST", "/auth/sessions/current/refresh", { refreshToken: shortLived }),
        401,
        "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED"
      )
    }).pipe(Effect.provide(Emulator.layer({ accessTokenLifetimeSeconds: 600 }))))

  it.effect("the access-token lifetime is configurable", () =>
    Effect.gen(function*() {
      const { info } = yield* Emulator
      const user = yield* signUp(info)
      yield* TestClock.adjust("61 seconds")
      expectKnown(yield* send(info, "GET", "/users/me", { accessToken: user.accessToken }), 401, "ACCESS_TOKEN_EXPIRED")
    }).pipe(Effect.provide(Emulator.layer({ accessTokenLifetimeSeconds: 60 }))))

  it.effect("revoked and expired key sets are rejected", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator
      const { info } = emulator
      yield* emulator.withState((data) =>
        Effect.sync(() => {
          for (const [id, set] of Object.entries(data.apiKeySets)) {
            if (set.projectId === info.projectId) data.apiKeySets[id] = { ...set, manuallyRevokedAtMillis: 1 }
          }
        })
      )
      expectKnown(yield* send(info, "GET", "/projects/current", { accessType: "server" }), 401, "INVALID_SECRET_SERVER_KEY")
      yield* emulator.withState((data) =>
        Effect.sync(() => {
          for (const [id, set] of Object.entries(data.apiKeySets)) {
            if (set.projectId === info.projectId) {
              data.apiKeySets[id] = { ...set, manuallyRevokedAtMillis: null, expiresAtMillis: 1000 }
            }
          }
        })
      )
      assert.strictEqual((yield* send(info, "GET", "/projects/current", { accessType: "admin" })).status, 200)
      yield* TestClock.adjust("2 seconds")
      expectKnown(yield* send(info, "GET", "/projects/current", { accessType: "admin" }), 401, "INVALID_SUPER_SECRET_ADMIN_KEY")
    }).pipe(Effect.provide(Emulator.layer())))

  it.effect("PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT when the project requires the key", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator
      yield* emulator.withState((data) =>
        Effect.sync(() => {
          const project = data.projects[emulator.info.projectId]
          if (project !== undefined) {
            data.projects[project.id] = { ...project, config: { ...project.config, requirePublishableClientKey: true } }
          }
        })
      )
      const answer = yield* send(emulator.info, "GET", "/projects/current", { keys: { pck: "" } })
      expectKnown(answer, 401, "PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT")
    }).pipe(Effect.provide(Emulator.layer())))

  it.effect("admin access tokens: owner works, others are refused, expired ones too", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator
      const { info } = emulator
      const internalKeys = yield* emulator.withState((data) =>
        Effect.succeed(Object.values(data.apiKeySets).find((s) => s.projectId === "internal"))
      )
      const owner = yield* send(info, "POST", "/auth/password/sign-up", {
        projectId: "internal",
        keys: { pck: internalKeys?.publishableClientKey ?? "" },
        json: { email: uniqueEmail("dash"), password: "dashboard-password" }
      })
      const ownerToken = stringField(owner, "access_token")
      const adminHeaders = (token: string) => ({ "x-stack-admin-access-token": token })
      const notOwner = yield* send(info, "GET", "/projects/current", { accessType: "admin", keys: { sak: "" }, headers: adminHeaders(ownerToken) })
      expectKnown(notOwner, 401, "ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN")
      const ownerId = stringField(owner, "user_id")
      yield* emulator.withState((data) =>
        Effect.sync(() => {
          const team = Object.values(data.teamMemberships).find((m) => m.userId === ownerId)
          const project = data.projects[info.projectId]
          if (team !== undefined && project !== undefined) data.projects[project.id] = { ...project, ownerTeamId: team.teamId }
        })
      )
      const ok = yield* send(info, "GET", "/projects/current", { accessType: "admin", keys: { sak: "", ssk: "" }, headers: adminHeaders(ownerToken) })
      assert.strictEqual(ok.status, 200, ok.text)
      const user = yield* signUp(info)
      expectKnown(
        yield* send(info, "GET", "/projects/current", { accessType: "admin", headers: adminHeaders(user.accessToken) }),
        401,
        "ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN"
      )
      expectKnown(
        yield* send(info, "GET", "/projects/current", { accessType: "admin", headers: adminHeaders("garbage") }),
        401,
        "UNPARSABLE_ADMIN_ACCESS_TOKEN"
      )
      yield* TestClock.adjust("11 minutes")
      const expired = yield* send(info, "GET", "/projects/current", { accessType: "admin", headers: adminHeaders(ownerToken) })
      expectKnown(expired, 401, "ADMIN_ACCESS_TOKEN_EXPIRED")
      assert.deepStrictEqual(field(expired, "details"), { expired_at_millis: 600_000 })
    }).pipe(Effect.provide(Emulator.layer())))

  it.effect("anonymous users need x-stack-allow-anonymous-user", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator
      const { info } = emulator
      const { createUser } = yield* Effect.promise(() => import("../../src/emulator/accounts.ts"))
      const { createAuthTokens } = yield* Effect.promise(() => import("../../src/emulator/tokens.ts"))
      const tokens = yield* emulator.withState((data) =>
        Effect.gen(function*() {
          const project = data.projects[info.projectId]
          if (project === undefined) return yield* Effect.die(new Error("no project"))
          return yield* createAuthTokens(emulator.env, createUser(data, project, { isAnonymous: true }, 0), 0)
        })
      )
      const refused = yield* send(info, "GET", "/users/me", { accessToken: tokens.accessToken })
      expectKnown(refused, 401, "ANONYMOUS_AUTHENTICATION_NOT_ALLOWED")
      // The restricted header is not enough for anonymous users.
      expectKnown(
        yield* send(info, "GET", "/users/me", { accessToken: tokens.accessToken, headers: { "x-stack-allow-restricted-user": "true" } }),
        401,
        "ANONYMOUS_AUTHENTICATION_NOT_ALLOWED"
      )
      const allowed = yield* send(info, "GET", "/users/me", {
        accessToken: tokens.accessToken,
        headers: { "x-stack-allow-anonymous-user": "true" }
      })
      assert.strictEqual(field(allowed, "is_anonymous"), true)
      assert.deepStrictEqual(field(allowed, "restricted_reason"), { type: "anonymous" })
      assert.strictEqual(Jose.decodeJwt(tokens.accessToken).aud, `${info.projectId}:anon`)
      // Signing up with an anonymous session upgrades that user in place.
      const email = uniqueEmail()
      const upgraded = yield* send(info, "POST", "/auth/password/sign-up", {
        accessToken: tokens.accessToken,
        headers: { "x-stack-allow-anonymous-user": "true" },
        json: { email, password: "upgrade-password" }
      })
      assert.strictEqual(upgraded.status, 200, upgraded.text)
      assert.strictEqual(field(upgraded, "user_id"), field(allowed, "id"))
      const me = yield* send(info, "GET", "/users/me", { accessToken: stringField(upgraded, "access_token") })
      assert.strictEqual(field(me, "is_anonymous"), false)
      assert.strictEqual(field(me, "primary_email"), email)
    }).pipe(Effect.provide(Emulator.layer())))

  it.effect("concurrent PATCHes of one user leave a consistent state", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator
      const user = yield* signUp(emulator.info)
      const answers = yield* Effect.forEach(
        Array.from({ length: 25 }, (_, i) => i),
        (i) => send(emulator.info, "PATCH", "/users/me", {
          accessToken: user.accessToken,
          json: { display_name: `name-${i}`, client_metadata: { n: i } }
        }),
        { concurrency: "unbounded" }
      )
      assert.ok(answers.every((a) => a.status === 200))
      const final = yield* send(emulator.info, "GET", "/users/me", { accessToken: user.accessToken })
      const name = String(field(final, "display_name"))
      assert.deepStrictEqual(field(final, "client_metadata"), { n: Number(name.slice(5)) })
      // Every answer showed a state some single PATCH produced (no torn writes).
      for (const answer of answers) {
        const n = Reflect.get(Object(field(answer, "client_metadata")), "n")
        assert.strictEqual(field(answer, "display_name"), `name-${n}`)
      }
    }).pipe(Effect.provide(Emulator.layer())))

  it.effect("concurrent sign-ups with one e-mail create exactly one user", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator
      const email = uniqueEmail()
      const answers = yield* Effect.forEach(
        Array.from({ length: 8 }, () => email),
        (address) => send(emulator.info, "POST", "/auth/password/sign-up", { json: { email: address, password: "password-1234" } }),
        { concurrency: "unbounded" }
      )
      assert.strictEqual(answers.filter((a) => a.status === 200).length, 1)
      assert.strictEqual(answers.filter((a) => a.headers["x-stack-known-error"] === "USER_EMAIL_ALREADY_EXISTS").length, 7)
      const users = yield* emulator.withState((data) => Effect.succeed(Object.keys(data.users).length))
      assert.strictEqual(users, 1)
    }).pipe(Effect.provide(Emulator.layer())))

  it.effect("state saves to JSON and loads into a new emulator", () =>
    Effect.gen(function*() {
      const first = yield* Emulator.make()
      const user = yield* signUp(first.info).pipe(Effect.provideService(HttpClient.HttpClient, first.httpClient))
      const saved = yield* first.save
      const state = yield* decodeState(saved)
      const second = yield* Emulator.make({ state })
      assert.strictEqual(second.info.projectId, first.info.projectId)
      assert.strictEqual(second.info.publishableClientKey, first.info.publishableClientKey)
      const run = <A, E>(effect: Effect.Effect<A, E, HttpClient.HttpClient>) => Effect.provideService(effect, HttpClient.HttpClient, second.httpClient)
      // The old access token verifies (same keys), the password and the session still work.
      assert.strictEqual((yield* run(send(second.info, "GET", "/users/me", { accessToken: user.accessToken }))).status, 200)
      const signIn = yield* run(send(second.info, "POST", "/auth/password/sign-in", { json: { email: user.email, password: user.password } }))
      assert.strictEqual(signIn.status, 200)
      const refresh = yield* run(send(second.info, "POST", "/auth/sessions/current/refresh", { refreshToken: user.refreshToken }))
      assert.strictEqual(refresh.status, 200)
      assert.strictEqual((yield* second.outbox(user.email)).length, 1)
      // A corrupted file is refused, not cast.
      const broken = yield* Effect.flip(decodeState(saved.replace("\"version\": 1", "\"version\": 2")))
      assert.ok(broken.message.length > 0)
    }))
})

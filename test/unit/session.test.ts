/**
 * The Session over a fake Stack server (an HttpClient that counts refresh grants) and the TestClock,
 * which starts at 0 ms: every JWT's `exp` is relative to that.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientError from "effect/http/HttpClientError"
import type * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import { TestClock } from "effect/testing"
import { SignJWT } from "jose"
import { AccessTokenExpired, UserNotFound } from "../../src/errors/catalogue.ts"
import type { AnyKnownErrorClass } from "../../src/errors/decode.ts"
import { type UserTokens } from "../../src/http/access.ts"
import { type Endpoint, json } from "../../src/http/endpoint.ts"
import { type PipelineConfig, send } from "../../src/http/send.ts"
import { StackTransport } from "../../src/http/transport.ts"
import { transportFromHttpClient } from "../../src/http/transport-http-client.ts"
import { makeSession, refreshMarginMillis } from "../../src/session/session.ts"
import { makeMemoryTokenStore, TokenStore } from "../../src/session/token-store.ts"

// ---------------------------------------------------------------------------------------------
// Tokens

const signingKey = new TextEncoder().encode("a-test-signing-key-of-at-least-32-bytes!")
let serial = 0

/** An access token expiring `expiresInSeconds` after the TestClock's current time. */
const accessTokenExpiringIn = (expiresInSeconds: number) =>
  Effect.gen(function*() {
    const now = yield* Clock.currentTimeMillis
    const exp = Math.floor(now / 1000) + expiresInSeconds
    serial++
    return yield* Effect.promise(() =>
      new SignJWT({ sub: "u1", jti: `t${serial}` })
        .setProtectedHeader({ alg: "HS256" })
        .setExpirationTime(exp)
        .sign(signingKey)
    )
  })

const refreshToken = "r7k2m9p4q8s1t6v3w5x0y2z7a9b4c6d8e1f3g5h7j9k2m"
const clientKey = "pck_public_key_123456"

const config: PipelineConfig = {
  baseUrl: "https://stack.test",
  keys: { projectId: "p1", publishableClientKey: Redacted.make(clientKey) }
}

/** `null` stands for "no such token". */
const tokensOf = (accessToken: string | null, refresh: string | null = refreshToken): UserTokens => ({
  accessToken: accessToken === null ? Option.none() : Option.some(Redacted.make(accessToken)),
  refreshToken: refresh === null ? Option.none() : Option.some(Redacted.make(refresh))
})

const plain = (tokens: UserTokens) => ({
  accessToken: Option.getOrUndefined(Option.map(tokens.accessToken, Redacted.value)),
  refreshToken: Option.getOrUndefined(Option.map(tokens.refreshToken, Redacted.value))
})

// ---------------------------------------------------------------------------------------------
// The fake server

const jsonHeaders = { "content-type": "application/json; charset=utf-8" }

/** A known error as the server sends it with `x-stack-override-error-status` (status 200). */
const knownError = (code: string, status: number, error: string, details?: unknown) =>
  new Response(JSON.stringify(details === undefined ? { code, error } : { code, details, error }, undefined, 2), {
    status: 200,
    headers: { ...jsonHeaders, "x-stack-known-error": code, "x-stack-actual-status": String(status) }
  })

/** The current server's refresh-grant success (fixture `auth-oauth-token-refresh-success`). */
const grant = (accessToken: string) =>
  new Response(
    JSON.stringify({
      access_token: accessToken,
      token_type: "Bearer",
      expires_in: 3599,
      scope: "legacy",
      afterCallbackRedirectUrl: null,
      after_callback_redirect_url: null
    }),
    { status: 200, headers: { ...jsonHeaders, "cache-control": "no-store", pragma: "no-cache" } }
  )

type Answer = Response | "network-failure"

interface Server {
  /** Answers `POST /api/v1/auth/oauth/token`; default: a token living 10 minutes. */
  refresh: () => Effect.Effect<Answer>
  /** Answers every other request. */
  api: (request: HttpClientRequest.HttpClientRequest) => Effect.Effect<Answer>
  readonly refreshRequests: Array<HttpClientRequest.HttpClientRequest>
  readonly apiRequests: Array<HttpClientRequest.HttpClientRequest>
  /** The access tokens the refresh grants handed out, in order. */
  readonly minted: Array<string>
}

const makeServer = (): Server => {
  const server: Server = {
    refresh: () =>
      Effect.map(accessTokenExpiringIn(600), (token) => {
        server.minted.push(token)
        return grant(token)
      }),
    api: () => Effect.succeed(new Response(JSON.stringify({ id: "u1" }), { status: 200, headers: jsonHeaders })),
    refreshRequests: [],
    apiRequests: [],
    minted: []
  }
  return server
}

const fakeHttp = (server: Server) =>
  HttpClient.make((request) =>
    Effect.gen(function*() {
      const isRefresh = request.method === "POST" && new URL(request.url).pathname === "/api/v1/auth/oauth/token"
      ;(isRefresh ? server.refreshRequests : server.apiRequests).push(request)
      const answer = yield* (isRefresh ? server.refresh() : server.api(request))
      if (answer === "network-failure") {
        return yield* Effect.fail(
          new HttpClientError.HttpClientError({
            reason: new HttpClientError.TransportError({ request, description: "fetch failed" })
          })
        )
      }
      return HttpClientResponse.fromWeb(request, answer)
    })
  )

const formOf = (request: HttpClientRequest.HttpClientRequest): Array<[string, string]> => {
  const body = request.body
  if (body._tag !== "Uint8Array") return []
  return [...new URLSearchParams(new TextDecoder().decode(body.body)).entries()]
}

/** A session over a memory store holding `initial`, talking to `server`. */
const setup = (initial: UserTokens, server: Server = makeServer()) =>
  Effect.gen(function*() {
    const store = yield* makeMemoryTokenStore(initial)
    const http = fakeHttp(server)
    const session = yield* makeSession(config).pipe(
      Effect.provideService(TokenStore, store),
      Effect.provideService(StackTransport, transportFromHttpClient(http))
    )
    const stored = Effect.map(store.get, plain)
    /** Sends `endpoint` with the session's tokens, refreshing and retrying once like the client does. */
    const call = <A, const Errors extends ReadonlyArray<AnyKnownErrorClass>>(endpoint: Endpoint<A, Errors>) =>
      session.use((tokens) => send(config, endpoint, tokens).pipe(Effect.provideService(StackTransport, transportFromHttpClient(http))))
    return { session, store, stored, server, call }
  })

const Me = Schema.Struct({ id: Schema.String })
const getMe: Endpoint<typeof Me.Type, readonly [typeof UserNotFound, typeof AccessTokenExpired]> = {
  method: "GET",
  path: "/users/me",
  level: "client",
  response: json(Me),
  errors: [UserNotFound, AccessTokenExpired]
}
/** The same call declaring no invalid-access-token error: the rejection arrives as UnexpectedKnownError. */
const getMeUndeclared: Endpoint<typeof Me.Type, readonly [typeof UserNotFound]> = { ...getMe, errors: [UserNotFound] }

const accessTokenHeader = (request: HttpClientRequest.HttpClientRequest) => request.headers["x-stack-access-token"]

const accessTokenExpiredAnswer = () =>
  knownError(
    "ACCESS_TOKEN_EXPIRED",
    401,
    "Access token has expired. Please refresh it and try again.",
    { expired_at_millis: 0 }
  )

// ---------------------------------------------------------------------------------------------

describe("Session: when to refresh", () => {
  it.effect("a missing access token is refreshed before the call, with the refresh grant of PROTOCOL §5.1", () =>
    Effect.gen(function*() {
      const { call, server, stored } = yield* setup(tokensOf(null))
      const me = yield* call(getMe)
      assert.deepStrictEqual(me, { id: "u1" })
      assert.strictEqual(server.refreshRequests.length, 1)
      const request = server.refreshRequests[0]
      assert.isDefined(request)
      if (request === undefined) return
      assert.deepStrictEqual(formOf(request), [
        ["refresh_token", refreshToken],
        ["grant_type", "refresh_token"],
        ["client_id", "p1"],
        ["client_secret", clientKey]
      ])
      assert.isUndefined(request.headers["x-stack-access-token"])
      assert.isUndefined(request.headers["x-stack-refresh-token"])
      assert.strictEqual(accessTokenHeader(server.apiRequests[0]!), server.minted[0])
      assert.deepStrictEqual(yield* stored, { accessToken: server.minted[0], refreshToken })
    }))

  it.effect("an access token expiring within 20 s is refreshed first; one living longer is used as is", () =>
    Effect.gen(function*() {
      const soon = yield* accessTokenExpiringIn(refreshMarginMillis / 1000 - 1)
      const expiring = yield* setup(tokensOf(soon))
      yield* expiring.call(getMe)
      assert.strictEqual(expiring.server.refreshRequests.length, 1)
      assert.strictEqual(accessTokenHeader(expiring.server.apiRequests[0]!), expiring.server.minted[0])

      const valid = yield* accessTokenExpiringIn(60)
      const fresh = yield* setup(tokensOf(valid))
      yield* fresh.call(getMe)
      yield* fresh.call(getMe)
      assert.strictEqual(fresh.server.refreshRequests.length, 0)
      assert.deepStrictEqual(fresh.server.apiRequests.map(accessTokenHeader), [valid, valid])
      assert.strictEqual(fresh.server.apiRequests[0]?.headers["x-stack-refresh-token"], refreshToken)
    }))

  it.effect("a token becomes due as the clock moves: refreshed once it is within 20 s of expiring", () =>
    Effect.gen(function*() {
      const token = yield* accessTokenExpiringIn(60)
      const { call, server, stored } = yield* setup(tokensOf(token))
      yield* TestClock.adjust("39 seconds")
      yield* call(getMe)
      assert.strictEqual(server.refreshRequests.length, 0)
      yield* TestClock.adjust("2 seconds")
      yield* call(getMe)
      assert.strictEqual(server.refreshRequests.length, 1)
      assert.deepStrictEqual(server.apiRequests.map(accessTokenHeader), [token, server.minted[0]])
      assert.deepStrictEqual(yield* stored, { accessToken: server.minted[0], refreshToken })
    }))

  it.effect("an expired access token is refreshed; a signed-out session sends no tokens and never refreshes", () =>
    Effect.gen(function*() {
      const expired = yield* accessTokenExpiringIn(-5)
      const withExpired = yield* setup(tokensOf(expired))
      assert.deepStrictEqual(plain(yield* withExpired.session.tokens), {
        accessToken: withExpired.server.minted[0],
        refreshToken
      })
      assert.strictEqual(withExpired.server.refreshRequests.length, 1)

      const signedOut = yield* setup(tokensOf(null, null))
      yield* signedOut.call(getMe)
      assert.strictEqual(signedOut.server.refreshRequests.length, 0)
      assert.isUndefined(accessTokenHeader(signedOut.server.apiRequests[0]!))
      assert.isUndefined(signedOut.server.apiRequests[0]?.headers["x-stack-refresh-token"])
    }))
})

describe("Session: single flight", () => {
  it.effect("100 concurrent calls on an expired access token make exactly one refresh and all succeed", () =>
    Effect.gen(function*() {
      const expired = yield* accessTokenExpiringIn(-1)
      const renewed = yield* accessTokenExpiringIn(600)
      const server = makeServer()
      server.refresh = () =>
        Effect.andThen(
          Effect.sleep("1 second"),
          Effect.sync(() => {
            server.minted.push(renewed)
            return grant(renewed)
          })
        )
      const { call, stored } = yield* setup(tokensOf(expired), server)
      const fiber = yield* Effect.forkChild(
        Effect.all(Array.from({ length: 100 }, () => call(getMe)), { concurrency: "unbounded" })
      )
      yield* TestClock.adjust("2 seconds")
      const results = yield* Fiber.join(fiber)
      assert.strictEqual(results.length, 100)
      assert.isTrue(results.every((me) => me.id === "u1"))
      assert.strictEqual(server.refreshRequests.length, 1)
      assert.strictEqual(server.apiRequests.length, 100)
      assert.isTrue(server.apiRequests.every((request) => accessTokenHeader(request) === server.minted[0]))
      assert.deepStrictEqual(yield* stored, { accessToken: server.minted[0], refreshToken })
    }))

  it.effect("100 concurrent calls while the network is down share one failing refresh (5 attempts), tokens kept", () =>
    Effect.gen(function*() {
      const expired = yield* accessTokenExpiringIn(-1)
      const server = makeServer()
      server.refresh = () => Effect.succeed("network-failure")
      const { call, stored } = yield* setup(tokensOf(expired), server)
      const fiber = yield* Effect.forkChild(
        Effect.all(Array.from({ length: 100 }, () => Effect.flip(call(getMe))), { concurrency: "unbounded" })
      )
      yield* TestClock.adjust("1 minute")
      const errors = yield* Fiber.join(fiber)
      assert.strictEqual(errors.length, 100)
      assert.isTrue(errors.every((error) => error._tag === "StackTransportError"))
      assert.strictEqual(server.refreshRequests.length, 5)
      assert.strictEqual(server.apiRequests.length, 0)
      assert.deepStrictEqual(yield* stored, { accessToken: expired, refreshToken })
    }))
})

describe("Session: refresh outcomes", () => {
  for (
    const [code, status, error] of [
      [
        "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED",
        401,
        "Refresh token not found for this project, or the session has expired/been revoked."
      ],
      ["PROVIDER_REJECTED", 401, "The provider refused to refresh their token."]
    ] as const
  ) {
    it.effect(`${code} → Revoked, tokens cleared from the store, later calls signed out`, () =>
      Effect.gen(function*() {
        const server = makeServer()
        server.refresh = () => Effect.succeed(knownError(code, status, error))
        const expired = yield* accessTokenExpiringIn(-1)
        const { call, session, stored } = yield* setup(tokensOf(expired), server)
        const outcome = yield* session.refresh
        assert.strictEqual(outcome._tag, "Revoked")
        if (outcome._tag === "Revoked") assert.strictEqual(outcome.error.code, code)
        assert.deepStrictEqual(yield* stored, { accessToken: undefined, refreshToken: undefined })
        assert.strictEqual(yield* session.key, "not logged in")
        yield* call(getMe)
        assert.isUndefined(accessTokenHeader(server.apiRequests[0]!))
        assert.strictEqual(server.refreshRequests.length, 1)
      }))
  }

  it.effect("a revocation arriving through `tokens` signs out instead of failing the call", () =>
    Effect.gen(function*() {
      const server = makeServer()
      server.refresh = () =>
        Effect.succeed(knownError("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED", 401, "Refresh token not found."))
      const { session, stored } = yield* setup(tokensOf(null), server)
      assert.deepStrictEqual(plain(yield* session.tokens), { accessToken: undefined, refreshToken: undefined })
      assert.deepStrictEqual(yield* stored, { accessToken: undefined, refreshToken: undefined })
    }))

  it.effect("a network failure → Transient after 5 attempts on the backoff schedule; the user stays signed in", () =>
    Effect.gen(function*() {
      const server = makeServer()
      server.refresh = () => Effect.succeed("network-failure")
      const expired = yield* accessTokenExpiringIn(-1)
      const { session, stored } = yield* setup(tokensOf(expired), server)
      const fiber = yield* Effect.forkChild(session.refresh)
      yield* TestClock.adjust("14 seconds")
      assert.strictEqual(server.refreshRequests.length, 4)
      yield* TestClock.adjust("1 second")
      const outcome = yield* Fiber.join(fiber)
      assert.strictEqual(outcome._tag, "Transient")
      if (outcome._tag === "Transient") {
        assert.strictEqual(outcome.error._tag, "StackTransportError")
        if (outcome.error._tag === "StackTransportError") assert.strictEqual(outcome.error.attempts, 5)
      }
      assert.strictEqual(server.refreshRequests.length, 5)
      assert.deepStrictEqual(yield* stored, { accessToken: expired, refreshToken })
      assert.strictEqual(yield* session.key, refreshToken)
    }))

  it.effect("with the real FetchHttpClient: fetch throwing a TypeError → Transient after 5 attempts, tokens kept", () =>
    Effect.gen(function*() {
      let calls = 0
      const throwingFetch: typeof globalThis.fetch = () => {
        calls++
        return Promise.reject(new TypeError("fetch failed"))
      }
      const http = yield* HttpClient.HttpClient.pipe(
        Effect.provide(FetchHttpClient.layer),
        Effect.provideService(FetchHttpClient.Fetch, throwingFetch)
      )
      const expired = yield* accessTokenExpiringIn(-1)
      const store = yield* makeMemoryTokenStore(tokensOf(expired))
      const session = yield* makeSession(config).pipe(
        Effect.provideService(TokenStore, store),
        Effect.provideService(StackTransport, transportFromHttpClient(http))
      )
      const fiber = yield* Effect.forkChild(Effect.flip(session.tokens))
      yield* TestClock.adjust("1 minute")
      const error = yield* Fiber.join(fiber)
      assert.strictEqual(error._tag, "StackTransportError")
      if (error._tag === "StackTransportError") {
        assert.strictEqual(error.attempts, 5)
        assert.include(error.diagnostics.cause, "fetch failed")
        assert.notInclude(JSON.stringify(error), refreshToken)
      }
      assert.strictEqual(calls, 5)
      assert.deepStrictEqual(plain(yield* store.get), { accessToken: expired, refreshToken })
    }))

  it.effect("the network coming back during the retries refreshes normally", () =>
    Effect.gen(function*() {
      const server = makeServer()
      const mint = server.refresh
      server.refresh = () => server.refreshRequests.length < 3 ? Effect.succeed("network-failure") : mint()
      const { session, stored } = yield* setup(tokensOf(null), server)
      const fiber = yield* Effect.forkChild(session.tokens)
      yield* TestClock.adjust("10 seconds")
      const tokens = yield* Fiber.join(fiber)
      assert.strictEqual(server.refreshRequests.length, 3)
      assert.deepStrictEqual(plain(tokens), { accessToken: server.minted[0], refreshToken })
      assert.deepStrictEqual(yield* stored, { accessToken: server.minted[0], refreshToken })
    }))

  for (
    const [name, answer] of [
      // A 500 is final; a 502/503/504 to a refresh is retried like a read.
      ["an HTML 500 from a proxy", () => new Response("<html>500 Internal Server Error</html>", { status: 500, headers: { "content-type": "text/html" } })],
      ["malformed JSON", () => new Response("{\"access_token\":", { status: 200, headers: jsonHeaders })],
      ["INVALID_OAUTH_CLIENT_ID_OR_SECRET", () =>
        knownError("INVALID_OAUTH_CLIENT_ID_OR_SECRET", 400, "The OAuth client ID or secret is invalid.", { client_id: null })]
    ] as const
  ) {
    it.effect(`${name} → Transient at once, tokens kept, the call fails with the typed error`, () =>
      Effect.gen(function*() {
        const server = makeServer()
        server.refresh = () => Effect.succeed(answer())
        const expired = yield* accessTokenExpiringIn(-1)
        const { call, session, stored } = yield* setup(tokensOf(expired), server)
        const outcome = yield* session.refresh
        assert.strictEqual(outcome._tag, "Transient")
        const error = yield* Effect.flip(call(getMe))
        assert.include(["StackResponseError", "InvalidOAuthClientIdOrSecret"], error._tag)
        assert.strictEqual(server.refreshRequests.length, 2)
        assert.strictEqual(server.apiRequests.length, 0)
        assert.deepStrictEqual(yield* stored, { accessToken: expired, refreshToken })
      }))
  }
})

describe("Session: a call rejected for its access token", () => {
  it.effect("ACCESS_TOKEN_EXPIRED → marks it expired, refreshes, retries once with the new token, succeeds", () =>
    Effect.gen(function*() {
      const token = yield* accessTokenExpiringIn(600)
      const server = makeServer()
      server.api = (request) =>
        Effect.succeed(
          accessTokenHeader(request) === token
            ? accessTokenExpiredAnswer()
            : new Response(JSON.stringify({ id: "u1" }), { status: 200, headers: jsonHeaders })
        )
      const { call, stored } = yield* setup(tokensOf(token), server)
      const me = yield* call(getMe)
      assert.deepStrictEqual(me, { id: "u1" })
      assert.strictEqual(server.refreshRequests.length, 1)
      assert.deepStrictEqual(server.apiRequests.map(accessTokenHeader), [token, server.minted[0]])
      assert.deepStrictEqual(yield* stored, { accessToken: server.minted[0], refreshToken })
    }))

  it.effect("the same works when the endpoint does not declare the error (UnexpectedKnownError)", () =>
    Effect.gen(function*() {
      const token = yield* accessTokenExpiringIn(600)
      const server = makeServer()
      server.api = (request) =>
        Effect.succeed(
          accessTokenHeader(request) === token
            ? accessTokenExpiredAnswer()
            : new Response(JSON.stringify({ id: "u1" }), { status: 200, headers: jsonHeaders })
        )
      const { call } = yield* setup(tokensOf(token), server)
      assert.deepStrictEqual(yield* call(getMeUndeclared), { id: "u1" })
      assert.strictEqual(server.refreshRequests.length, 1)
      assert.strictEqual(server.apiRequests.length, 2)
    }))

  it.effect("100 concurrent calls rejected with ACCESS_TOKEN_EXPIRED share one refresh and all succeed on retry", () =>
    Effect.gen(function*() {
      const token = yield* accessTokenExpiringIn(600)
      // Signed up front: jose signs asynchronously, which the TestClock cannot wait for mid-adjust.
      const renewed = yield* accessTokenExpiringIn(600)
      const server = makeServer()
      server.refresh = () =>
        Effect.andThen(
          Effect.sleep("500 millis"),
          Effect.sync(() => {
            server.minted.push(renewed)
            return grant(renewed)
          })
        )
      server.api = (request) =>
        Effect.andThen(
          Effect.sleep("10 millis"),
          Effect.succeed(
            accessTokenHeader(request) === token
              ? accessTokenExpiredAnswer()
              : new Response(JSON.stringify({ id: "u1" }), { status: 200, headers: jsonHeaders })
          )
        )
      const { call, stored } = yield* setup(tokensOf(token), server)
      const fiber = yield* Effect.forkChild(
        Effect.all(Array.from({ length: 100 }, () => call(getMe)), { concurrency: "unbounded" })
      )
      yield* TestClock.adjust("5 seconds")
      const results = yield* Fiber.join(fiber)
      assert.strictEqual(results.length, 100)
      assert.strictEqual(server.refreshRequests.length, 1)
      assert.strictEqual(server.apiRequests.length, 200)
      assert.strictEqual(server.apiRequests.filter((request) => accessTokenHeader(request) === server.minted[0]).length, 100)
      assert.deepStrictEqual(yield* stored, { accessToken: server.minted[0], refreshToken })
    }))

  it.effect("a second expiry surfaces the error: one refresh, two attempts, no loop", () =>
    Effect.gen(function*() {
      const token = yield* accessTokenExpiringIn(600)
      const server = makeServer()
      server.api = () => Effect.succeed(accessTokenExpiredAnswer())
      const { call, stored } = yield* setup(tokensOf(token), server)
      const error = yield* Effect.flip(call(getMe))
      assert.instanceOf(error, AccessTokenExpired)
      assert.strictEqual(server.refreshRequests.length, 1)
      assert.strictEqual(server.apiRequests.length, 2)
      // The refreshed token is kept: the server's rejection of it is not a reason to sign out.
      assert.deepStrictEqual(yield* stored, { accessToken: server.minted[0], refreshToken })
    }))

  it.effect("an access token without refresh token: the rejection surfaces, the call is not re-run signed out", () =>
    Effect.gen(function*() {
      const token = yield* accessTokenExpiringIn(600)
      const server = makeServer()
      server.api = () => Effect.succeed(accessTokenExpiredAnswer())
      const { call } = yield* setup(tokensOf(token, null), server)
      const error = yield* Effect.flip(call(getMe))
      assert.instanceOf(error, AccessTokenExpired)
      assert.strictEqual(server.refreshRequests.length, 0)
      assert.strictEqual(server.apiRequests.length, 1)
    }))

  it.effect("other errors are not retried", () =>
    Effect.gen(function*() {
      const token = yield* accessTokenExpiringIn(600)
      const server = makeServer()
      server.api = () => Effect.succeed(knownError("USER_NOT_FOUND", 404, "User not found."))
      const { call } = yield* setup(tokensOf(token), server)
      const error = yield* Effect.flip(call(getMe))
      assert.instanceOf(error, UserNotFound)
      assert.strictEqual(server.refreshRequests.length, 0)
      assert.strictEqual(server.apiRequests.length, 1)
    }))
})

describe("Session: key and token input", () => {
  it.effect("the key is the refresh token, else the access token, else `not logged in`", () =>
    Effect.gen(function*() {
      const token = yield* accessTokenExpiringIn(600)
      const { session } = yield* setup(tokensOf(token))
      assert.strictEqual(yield* session.key, refreshToken)
      yield* session.setTokens({ accessToken: token })
      assert.strictEqual(yield* session.key, token)
      yield* session.setTokens({ refreshToken: Redacted.make("rt-only-0123456789") })
      assert.strictEqual(yield* session.key, "rt-only-0123456789")
      yield* session.invalidate
      assert.strictEqual(yield* session.key, "not logged in")
    }))

  it.effect("the text `undefined` is rejected as a token with InvalidTokenValue; the store is unchanged", () =>
    Effect.gen(function*() {
      const token = yield* accessTokenExpiringIn(600)
      const { session, stored } = yield* setup(tokensOf(token))
      for (
        const input of [
          { accessToken: "undefined" },
          { refreshToken: "undefined" },
          { accessToken: token, refreshToken: "undefined" },
          { accessToken: Redacted.make("undefined") }
        ]
      ) {
        const error = yield* Effect.flip(session.setTokens(input))
        assert.strictEqual(error._tag, "InvalidTokenValue")
        assert.include(error.message, "undefined")
        assert.deepStrictEqual(yield* stored, { accessToken: token, refreshToken })
      }
    }))

  it.effect("setTokens stores the given tokens; null and empty strings mean none", () =>
    Effect.gen(function*() {
      const { session, stored } = yield* setup(tokensOf(null, null))
      yield* session.setTokens({ accessToken: "", refreshToken: "rt-0123456789" })
      assert.deepStrictEqual(yield* stored, { accessToken: undefined, refreshToken: "rt-0123456789" })
      yield* session.setTokens({ accessToken: null, refreshToken: null })
      assert.deepStrictEqual(yield* stored, { accessToken: undefined, refreshToken: undefined })
    }))

  it.effect("markAccessTokenExpired forgets only the token it names", () =>
    Effect.gen(function*() {
      const token = yield* accessTokenExpiringIn(600)
      const { session, stored } = yield* setup(tokensOf(token))
      yield* session.markAccessTokenExpired(Redacted.make("some-other-token"))
      assert.deepStrictEqual(yield* stored, { accessToken: token, refreshToken })
      yield* session.markAccessTokenExpired(Redacted.make(token))
      assert.deepStrictEqual(yield* stored, { accessToken: undefined, refreshToken })
    }))
})

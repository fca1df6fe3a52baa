/**
 * Local access-token verification against the in-process emulator: tokens it mints verify without
 * any API call but the JWKS fetch; forged, expired, foreign and malformed tokens fail with typed
 * errors; expiry follows the TestClock with a 30 s tolerance; the JWKS is fetched once.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as HttpClient from "effect/http/HttpClient"
import { TestClock } from "effect/testing"
import * as Jose from "jose"
import { generateProjectSigningKeys } from "../../src/emulator/tokens.ts"
import { layerRequestTokenStore, requestUser } from "../../src/server/request-token-store.ts"
import {
  AccessTokenVerifier,
  type AccessTokenVerifierOptions,
  type VerifiedAccessToken,
  verifyAccessToken,
  type VerifyAccessTokenError
} from "../../src/server/verify-token.ts"
import { makeHarness } from "./emulator-harness.ts"

/** A harness plus a verifier for its default project whose HTTP requests are recorded. */
const setup = (options: Partial<AccessTokenVerifierOptions> = {}) =>
  Effect.gen(function*() {
    const h = yield* makeHarness()
    const requests: Array<string> = []
    const http = HttpClient.tapRequest(h.emu.httpClient, (request) => Effect.sync(() => requests.push(request.url)))
    const verifier = yield* AccessTokenVerifier.make({
      projectId: h.keys.projectId,
      baseUrl: h.emu.info.baseUrl,
      ...options
    }).pipe(Effect.provideService(HttpClient.HttpClient, http))
    return { h, http, requests, verifier }
  })

/** The error of a failed verification (fails the test if it succeeded). */
const failure = (effect: Effect.Effect<VerifiedAccessToken, VerifyAccessTokenError>) =>
  Effect.gen(function*() {
    const exit = yield* Effect.exit(effect)
    if (Exit.isSuccess(exit)) return assert.fail(`expected a failure, got user ${exit.value.userId}`)
    const error = Exit.findErrorOption(exit)
    if (Option.isNone(error)) return assert.fail(`expected a typed failure, got ${String(exit.cause)}`)
    return error.value
  })

/** A token with `claims` signed by a key the project never published. */
const forge = (claims: Jose.JWTPayload, kid: string) =>
  Effect.promise(async () => {
    const { privateKey } = await Jose.generateKeyPair("ES256")
    return new Jose.SignJWT(claims).setProtectedHeader({ alg: "ES256", kid }).sign(privateKey)
  })

const b64 = (text: string) => Buffer.from(text).toString("base64url")

describe("verifyAccessToken against the emulator", () => {
  it.effect("a signed-up user's token verifies locally with the claims the server minted", () =>
    Effect.gen(function*() {
      const { h, requests, verifier } = yield* setup()
      const user = yield* h.signUp()
      const verified = yield* verifier.verify(user.accessToken)
      assert.strictEqual(verified.userId, user.userId)
      assert.strictEqual(verified.projectId, h.keys.projectId)
      assert.strictEqual(verified.branchId, "main")
      assert.strictEqual(verified.primaryEmail, user.email)
      assert.strictEqual(verified.primaryEmailVerified, false)
      assert.strictEqual(verified.role, "authenticated")
      assert.strictEqual(verified.isAnonymous, false)
      assert.strictEqual(verified.isRestricted, false)
      assert.strictEqual(verified.restrictedReason, null)
      assert.strictEqual(verified.issuedAtMillis, 0)
      assert.strictEqual(verified.expiresAtMillis, 600_000)
      const session = yield* h.emu.withState((data) =>
        Effect.succeed(Object.values(data.refreshTokens).find((s) => s.token === user.refreshToken))
      )
      assert.strictEqual(verified.refreshTokenId, session?.id)
      // Redacted tokens are accepted too.
      const again = yield* verifier.verify(Redacted.make(user.accessToken))
      assert.strictEqual(again.userId, user.userId)
      assert.deepStrictEqual(requests, [
        `${h.api}/projects/${h.keys.projectId}/.well-known/jwks.json?include_anonymous=true`
      ])
    }))

  it.effect("the JWKS is fetched once for 100 verifications, also when they run concurrently", () =>
    Effect.gen(function*() {
      const { h, requests, verifier } = yield* setup()
      const users = yield* Effect.all([h.signUp(), h.signUp()])
      const tokens = Array.from({ length: 100 }, (_, i) => users[i % 2]?.accessToken ?? "")
      const verified = yield* Effect.forEach(tokens, (token) => verifier.verify(token), { concurrency: "unbounded" })
      assert.strictEqual(verified.length, 100)
      assert.strictEqual(verified[1]?.userId, users[1]?.userId)
      assert.strictEqual(requests.length, 1)
      yield* Effect.forEach(tokens, (token) => verifier.verify(token))
      assert.strictEqual(requests.length, 1)
    }))

  it.effect("a token signed by another key fails with InvalidAccessTokenSignature", () =>
    Effect.gen(function*() {
      const { h, requests, verifier } = yield* setup()
      const user = yield* h.signUp()
      const claims = Jose.decodeJwt(user.accessToken)
      const { kid } = Jose.decodeProtectedHeader(user.accessToken)
      // Same claims and key id as the real token, other key.
      const forged = yield* forge(claims, kid ?? "")
      const error = yield* failure(verifier.verify(forged))
      assert.strictEqual(error._tag, "InvalidAccessTokenSignature")
      // Changed claims under the real signature.
      const [header, , signature] = user.accessToken.split(".")
      const tampered = `${header}.${b64(JSON.stringify({ ...claims, sub: "someone-else" }))}.${signature}`
      assert.strictEqual((yield* failure(verifier.verify(tampered)))._tag, "InvalidAccessTokenSignature")
      // An unknown key id right after the fetch: rejected without refetching (cooldown).
      const unknownKid = yield* forge(claims, "unknown-kid1")
      const unknown = yield* failure(verifier.verify(unknownKid))
      assert.strictEqual(unknown._tag, "InvalidAccessTokenSignature")
      assert.strictEqual(requests.length, 1)
      // alg "none" is refused.
      const unsigned = `${b64(JSON.stringify({ alg: "none", kid }))}.${b64(JSON.stringify(claims))}.`
      assert.strictEqual((yield* failure(verifier.verify(unsigned)))._tag, "InvalidAccessTokenSignature")
    }))

  it.effect("expiry follows the Clock with a 30 s tolerance", () =>
    Effect.gen(function*() {
      const { h, verifier } = yield* setup()
      const user = yield* h.signUp()
      yield* TestClock.adjust("629 seconds")
      const lenient = yield* verifier.verify(user.accessToken)
      assert.strictEqual(lenient.userId, user.userId)
      yield* TestClock.adjust("2 seconds")
      const error = yield* failure(verifier.verify(user.accessToken))
      assert.strictEqual(error._tag, "ExpiredAccessToken")
      if (error._tag === "ExpiredAccessToken") {
        assert.strictEqual(error.expiredAtMillis, 600_000)
        assert.strictEqual(error.userId, user.userId)
      }
    }))

  it.effect("a token issued in the future beyond the clock tolerance fails with MalformedAccessToken", () =>
    Effect.gen(function*() {
      const { h, verifier } = yield* setup()
      const user = yield* h.signUp()
      // Signed by the project's own key, so only the issue time can be wrong.
      const early = yield* h.oldAccessToken(user.refreshToken, -20_000)
      assert.strictEqual((yield* verifier.verify(early)).userId, user.userId)
      const future = yield* h.oldAccessToken(user.refreshToken, -24 * 60 * 60 * 1000)
      const error = yield* failure(verifier.verify(future))
      assert.strictEqual(error._tag, "MalformedAccessToken")
      assert.match(error.message, /"iat" claim lies in the future/)
    }))

  it.effect("the clock tolerance is configurable", () =>
    Effect.gen(function*() {
      const { h, verifier } = yield* setup({ clockTolerance: "0 seconds" })
      const user = yield* h.signUp()
      yield* TestClock.adjust("599 seconds")
      yield* verifier.verify(user.accessToken)
      yield* TestClock.adjust("1 second")
      assert.strictEqual((yield* failure(verifier.verify(user.accessToken)))._tag, "ExpiredAccessToken")
    }))

  it.effect("a token of another project (internal) fails with WrongAccessTokenAudience", () =>
    Effect.gen(function*() {
      const { h, requests, verifier } = yield* setup()
      const dashboardUser = yield* h.signUp({ keys: h.internalKeys })
      const error = yield* failure(verifier.verify(dashboardUser.accessToken))
      assert.strictEqual(error._tag, "WrongAccessTokenAudience")
      if (error._tag === "WrongAccessTokenAudience") assert.strictEqual(error.actual, "internal")
      // Found before any key is needed.
      assert.strictEqual(requests.length, 0)
      // A verifier of the internal project accepts it.
      const internal = yield* AccessTokenVerifier.make({ projectId: "internal", baseUrl: h.emu.info.baseUrl }).pipe(
        Effect.provideService(HttpClient.HttpClient, h.emu.httpClient)
      )
      assert.strictEqual((yield* internal.verify(dashboardUser.accessToken)).userId, dashboardUser.userId)
    }))

  it.effect("a token from another API base fails with WrongAccessTokenIssuer", () =>
    Effect.gen(function*() {
      const { h, verifier } = yield* setup({ issuerBaseUrl: "https://api.example.com" })
      const user = yield* h.signUp()
      const error = yield* failure(verifier.verify(user.accessToken))
      assert.strictEqual(error._tag, "WrongAccessTokenIssuer")
      if (error._tag === "WrongAccessTokenIssuer") {
        assert.strictEqual(error.actual, `${h.api}/projects/${h.keys.projectId}`)
        assert.deepStrictEqual(error.expected, [`https://api.example.com/api/v1/projects/${h.keys.projectId}`])
      }
    }))

  it.effect("tokens of the service under either name (api.stack-auth.com, api.hexclave.com) verify; a third domain does not", () =>
    Effect.gen(function*() {
      for (const [minted, configured] of [
        ["https://api.hexclave.com", "https://api.stack-auth.com"],
        ["https://api.stack-auth.com", "https://api.hexclave.com"],
        ["https://api.hexclave.com", "https://api.hexclave.com/"]
      ] as const) {
        const h = yield* makeHarness({ baseUrl: minted })
        const verifier = yield* AccessTokenVerifier.make({ projectId: h.keys.projectId, baseUrl: configured }).pipe(
          Effect.provideService(HttpClient.HttpClient, h.emu.httpClient)
        )
        const user = yield* h.signUp()
        assert.strictEqual((yield* verifier.verify(user.accessToken)).userId, user.userId, `${minted} tokens for ${configured}`)
      }
      const h = yield* makeHarness({ baseUrl: "https://api.hexclave.example" })
      const verifier = yield* AccessTokenVerifier.make({ projectId: h.keys.projectId, baseUrl: "https://api.stack-auth.com" }).pipe(
        Effect.provideService(HttpClient.HttpClient, h.emu.httpClient)
      )
      const error = yield* failure(verifier.verify((yield* h.signUp()).accessToken))
      assert.strictEqual(error._tag, "WrongAccessTokenIssuer")
      if (error._tag === "WrongAccessTokenIssuer") {
        assert.deepStrictEqual(error.expected, [
          `https://api.stack-auth.com/api/v1/projects/${h.keys.projectId}`,
          `https://api.hexclave.com/api/v1/projects/${h.keys.projectId}`
        ])
      }
    }))

  it.effect("signed by the project's own key: a future nbf, a critical header extension, a missing sub or a non-numeric iat fail", () =>
    Effect.gen(function*() {
      const { h, verifier } = yield* setup()
      const user = yield* h.signUp()
      const claims = Jose.decodeJwt(user.accessToken)
      const { kid = "" } = Jose.decodeProtectedHeader(user.accessToken)
      const key = yield* h.emu.withState((data) => Effect.succeed(data.signingKeys[h.keys.projectId]?.normal.find((each) => each.kid === kid)))
      if (key === undefined) return assert.fail("the project's signing key is not in the emulator's state")
      // Signed by hand (WebCrypto): jose refuses to sign a header with "crit".
      const sign = (payload: Jose.JWTPayload, header: Record<string, unknown> = { alg: "ES256", kid }) =>
        Effect.promise(async () => {
          const privateKey = await crypto.subtle.importKey("jwk", { ...key.privateJwk }, { name: "ECDSA", namedCurve: "P-256" }, false, ["sign"])
          const input = `${b64(JSON.stringify(header))}.${b64(JSON.stringify(payload))}`
          const signature = await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, privateKey, new TextEncoder().encode(input))
          return `${input}.${Buffer.from(signature).toString("base64url")}`
        })
      // The same claims under the project's key verify: the key is the right one.
      assert.strictEqual((yield* verifier.verify(yield* sign(claims))).userId, user.userId)
      const now = Math.floor((yield* Clock.currentTimeMillis) / 1000)
      const notYet = yield* failure(verifier.verify(yield* sign({ ...claims, nbf: now + 120 })))
      assert.strictEqual(notYet._tag, "MalformedAccessToken")
      assert.match(notYet.message, /"nbf" claim is invalid/)
      // Within the tolerance, a near nbf passes.
      assert.strictEqual((yield* verifier.verify(yield* sign({ ...claims, nbf: now + 10 }))).userId, user.userId)
      const critical = yield* failure(verifier.verify(yield* sign(claims, { alg: "ES256", kid, crit: ["exp"], exp: 1 })))
      assert.strictEqual(critical._tag, "InvalidAccessTokenSignature")
      const { sub: _sub, ...withoutSub } = claims
      const noSub = yield* failure(verifier.verify(yield* sign(withoutSub)))
      assert.strictEqual(noSub._tag, "MalformedAccessToken")
      assert.match(noSub.message, /"sub" claim is invalid: missing/)
      const textIat = yield* failure(verifier.verify(yield* sign({ ...claims, iat: "yesterday" } as unknown as Jose.JWTPayload)))
      assert.strictEqual(textIat._tag, "MalformedAccessToken")
      // A signature of the wrong length (a DER one, say) is a bad signature, not a crash.
      const [header, payload] = user.accessToken.split(".")
      const long = yield* failure(verifier.verify(`${header}.${payload}.${b64("x".repeat(70))}`))
      assert.strictEqual(long._tag, "InvalidAccessTokenSignature")
    }))

  it.effect("malformed strings fail with MalformedAccessToken", () =>
    Effect.gen(function*() {
      const { h, requests, verifier } = yield* setup()
      const user = yield* h.signUp()
      const [header] = user.accessToken.split(".")
      const malformed = [
        "",
        "undefined",
        "not-a-jwt",
        "a.b",
        "a.b.c",
        "...",
        `${user.accessToken}.extra`,
        `${header}.${b64("not json")}.sig`,
        `${header}.${b64("[1,2]")}.sig`,
        `${b64("{\"alg\":\"ES256\"}")}.${b64("{}")}.sig`
      ]
      for (const token of malformed) {
        const error = yield* failure(verifier.verify(token))
        assert.strictEqual(error._tag, "MalformedAccessToken", `token ${JSON.stringify(token)}: ${error.message}`)
      }
      assert.strictEqual(requests.length, 0)
    }))

  it.effect("anonymous users are rejected unless allowed", () =>
    Effect.gen(function*() {
      const { h, verifier } = yield* setup()
      const anonymous = yield* h.anonymousUser
      const error = yield* failure(verifier.verify(anonymous.accessToken))
      assert.strictEqual(error._tag, "AnonymousUserNotAllowed")
      // allowRestricted alone does not admit anonymous users.
      const stillRejected = yield* failure(verifier.verify(anonymous.accessToken, { allowRestricted: true }))
      assert.strictEqual(stillRejected._tag, "AnonymousUserNotAllowed")
      const verified = yield* verifier.verify(anonymous.accessToken, { allowAnonymous: true })
      assert.strictEqual(verified.userId, anonymous.userId)
      assert.strictEqual(verified.isAnonymous, true)
      assert.strictEqual(verified.restrictedReason, "anonymous")
      // Also as a verifier-wide option.
      const lenient = yield* AccessTokenVerifier.make({
        projectId: h.keys.projectId,
        baseUrl: h.emu.info.baseUrl,
        allowAnonymous: true
      }).pipe(Effect.provideService(HttpClient.HttpClient, h.emu.httpClient))
      assert.strictEqual((yield* lenient.verify(anonymous.accessToken)).isAnonymous, true)
    }))

  it.effect("restricted users (unverified e-mail) are rejected unless allowed", () =>
    Effect.gen(function*() {
      const { h, verifier } = yield* setup()
      yield* h.configure((data) => {
        const project = data.projects[h.keys.projectId]
        if (project !== undefined) {
          data.projects[project.id] = { ...project, config: { ...project.config, requireEmailVerification: true } }
        }
      })
      const user = yield* h.signUp()
      const error = yield* failure(verifier.verify(user.accessToken))
      assert.strictEqual(error._tag, "RestrictedUserNotAllowed")
      if (error._tag === "RestrictedUserNotAllowed") assert.strictEqual(error.restrictedReason, "email_not_verified")
      const verified = yield* verifier.verify(user.accessToken, { allowRestricted: true })
      assert.strictEqual(verified.isRestricted, true)
      assert.strictEqual(verified.isAnonymous, false)
      assert.strictEqual(verified.restrictedReason, "email_not_verified")
    }))

  it.effect("rotated keys: an unknown kid refetches the JWKS once (after the cooldown)", () =>
    Effect.gen(function*() {
      const { h, requests, verifier } = yield* setup()
      const before = yield* h.signUp()
      yield* verifier.verify(before.accessToken)
      assert.strictEqual(requests.length, 1)
      const keys = yield* generateProjectSigningKeys
      yield* h.configure((data) => {
        data.signingKeys[h.keys.projectId] = keys
      })
      yield* TestClock.adjust("31 seconds")
      const after = yield* h.signUp()
      const verified = yield* verifier.verify(after.accessToken)
      assert.strictEqual(verified.userId, after.userId)
      assert.strictEqual(requests.length, 2)
      // The old key is gone from the new set: its tokens no longer verify, without another fetch.
      assert.strictEqual((yield* failure(verifier.verify(before.accessToken)))._tag, "InvalidAccessTokenSignature")
      assert.strictEqual(requests.length, 2)
    }))

  it.effect("the JWKS is refetched when older than its max age", () =>
    Effect.gen(function*() {
      const { h, requests, verifier } = yield* setup({ jwksMaxAge: "5 minutes" })
      const user = yield* h.signUp()
      yield* verifier.verify(user.accessToken)
      yield* TestClock.adjust("4 minutes")
      yield* verifier.verify(user.accessToken)
      assert.strictEqual(requests.length, 1)
      yield* TestClock.adjust("2 minutes")
      yield* verifier.verify(user.accessToken)
      assert.strictEqual(requests.length, 2)
    }))

  it.effect("an unknown project's JWKS fails with JwksUnavailable; the failure answers for 5 s, then the endpoint is asked again", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      let calls = 0
      const http = HttpClient.tapRequest(h.emu.httpClient, () => Effect.sync(() => calls++))
      const verifier = yield* AccessTokenVerifier.make({ projectId: "no-such-project", baseUrl: h.emu.info.baseUrl }).pipe(
        Effect.provideService(HttpClient.HttpClient, http)
      )
      const claims = { sub: "u", iss: `${h.api}/projects/no-such-project`, aud: "no-such-project", iat: 0, exp: 600 }
      const token = yield* forge(claims, "kid-one")
      const error = yield* failure(verifier.verify(token))
      assert.strictEqual(error._tag, "JwksUnavailable")
      if (error._tag === "JwksUnavailable") assert.match(error.message, /404/)
      // Right after a failure the same failure answers, with no fetch: 100 verifications, 1 fetch.
      const burst = yield* Effect.forEach(Array.from({ length: 100 }, () => token), (t) => failure(verifier.verify(t)), {
        concurrency: "unbounded"
      })
      assert.deepStrictEqual(new Set(burst.map((e) => e._tag)), new Set(["JwksUnavailable"]))
      assert.strictEqual(calls, 1)
      // After the 5 s cooldown the endpoint is asked again, once for concurrent verifications.
      yield* TestClock.adjust("5 seconds")
      const errors = yield* Effect.forEach(Array.from({ length: 10 }, () => token), (t) => failure(verifier.verify(t)), {
        concurrency: "unbounded"
      })
      assert.deepStrictEqual(new Set(errors.map((e) => e._tag)), new Set(["JwksUnavailable"]))
      assert.strictEqual(calls, 2)
    }))

  it.effect("a handler gets the request's user from its cookies with no request but the JWKS", () =>
    Effect.gen(function*() {
      const { h, http, requests } = yield* setup()
      const user = yield* h.signUp()
      const request = new Request("http://app.test/dashboard", {
        headers: {
          cookie: `other=1; stack-refresh-${h.keys.projectId}=${user.refreshToken}; stack-access=${
            encodeURIComponent(JSON.stringify([user.refreshToken, user.accessToken]))
          }`
        }
      })
      const found = yield* requestUser().pipe(
        Effect.provide(layerRequestTokenStore(request, { projectId: h.keys.projectId })),
        Effect.provide(AccessTokenVerifier.layer({ projectId: h.keys.projectId, baseUrl: h.emu.info.baseUrl })),
        Effect.provideService(HttpClient.HttpClient, http)
      )
      assert.strictEqual(Option.getOrUndefined(found)?.userId, user.userId)
      assert.strictEqual(requests.length, 1)
      // No token: no user, and no request at all.
      const none = yield* verifyNothing(h.keys.projectId, h.emu.info.baseUrl, http)
      assert.isTrue(Option.isNone(none))
      assert.strictEqual(requests.length, 1)
    }))

  it.effect("verifyAccessToken reads the verifier from context", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const user = yield* h.signUp()
      const verified = yield* verifyAccessToken(user.accessToken).pipe(
        Effect.provide(AccessTokenVerifier.layer({ projectId: h.keys.projectId, baseUrl: h.emu.info.baseUrl })),
        Effect.provideService(HttpClient.HttpClient, h.emu.httpClient)
      )
      assert.strictEqual(verified.userId, user.userId)
    }))
})

const verifyNothing = (projectId: string, baseUrl: string, http: HttpClient.HttpClient) =>
  requestUser().pipe(
    Effect.provide(layerRequestTokenStore(new Request("http://app.test/"), { projectId })),
    Effect.provide(AccessTokenVerifier.layer({ projectId, baseUrl })),
    Effect.provideService(HttpClient.HttpClient, http)
  )

/** The offline OAuth flow: authorize → consent → callback → code → token, PKCE, link, errors. */
import { assert, describe, it } from "@effect/vitest"
import * as Crypto from "node:crypto"
import * as Effect from "effect/Effect"
import { json, makeHarness } from "./emulator-harness.ts"
import { exchange, oauthDance } from "./oauth-dance.ts"

const field = (body: unknown, key: string): unknown => (typeof body === "object" && body !== null ? Reflect.get(body, key) : undefined)
const s256 = (verifier: string) => Crypto.createHash("sha256").update(verifier).digest("base64url")

describe("emulator OAuth", () => {
  it.effect("the whole dance signs a new user up, then the same identity signs in again", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const verifier = "v".repeat(43)
      const first = yield* oauthDance(h, { codeChallenge: s256(verifier), codeChallengeMethod: "S256", email: "octo@example.com" })
      assert.strictEqual(first.authorize.status, 307)
      assert.include(first.consentHtml, "<form")
      // The service answers the outer callback with 303 (its OAuth server's redirect).
      assert.strictEqual(first.final.status, 303)
      assert.isTrue(first.location.startsWith("http://localhost:3000/handler/oauth-callback?"))
      assert.strictEqual(first.state, "app-state")
      const tokens = yield* json(yield* exchange(h, { code: first.code, verifier }))
      assert.strictEqual(field(tokens, "is_new_user"), true)
      const me = yield* json(yield* h.call("GET", "/users/me", { user: { accessToken: String(field(tokens, "access_token")) } }))
      assert.strictEqual(field(me, "primary_email"), "octo@example.com")
      assert.strictEqual(field(me, "primary_email_verified"), true)
      const second = yield* oauthDance(h, { codeChallenge: s256(verifier), codeChallengeMethod: "S256", email: "octo@example.com" })
      const again = yield* json(yield* exchange(h, { code: second.code, verifier }))
      assert.strictEqual(field(again, "is_new_user"), false)
      assert.strictEqual(field(again, "refresh_token") !== undefined, true)
    }))

  it.effect("a wrong verifier, a reused code and a different redirect_uri are refused", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const verifier = "w".repeat(43)
      const dance = yield* oauthDance(h, { codeChallenge: s256(verifier), codeChallengeMethod: "S256" })
      const wrongVerifier = yield* exchange(h, { code: dance.code, verifier: "x".repeat(43) })
      assert.strictEqual(wrongVerifier.headers.get("x-stack-known-error"), "INVALID_AUTHORIZATION_CODE")
      const wrongRedirect = yield* exchange(h, { code: dance.code, verifier, redirectUri: "http://localhost:3000/elsewhere" })
      // Backend 2.8.86 answers a plain-text 400 here (2.7 answered REDIRECT_URL_NOT_WHITELISTED).
      assert.strictEqual(wrongRedirect.status, 400)
      assert.strictEqual(
        yield* Effect.promise(() => wrongRedirect.text()),
        "Invalid redirect URI. Your redirect URI must be the same as the one used to get the authorization code."
      )
      assert.strictEqual((yield* exchange(h, { code: dance.code, verifier })).status, 200)
      const reused = yield* exchange(h, { code: dance.code, verifier })
      assert.strictEqual(reused.headers.get("x-stack-known-error"), "INVALID_AUTHORIZATION_CODE")
    }))

  it.effect("link attaches the provider account to the signed-in user, whose connected-account token then works", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const user = yield* h.signUp()
      const linked = yield* oauthDance(h, { type: "link", token: user.accessToken, email: "someone-else@example.com", scopes: "repo" })
      const tokens = yield* json(yield* exchange(h, { code: linked.code, verifier: "some-code-challenge" }))
      assert.strictEqual(field(tokens, "is_new_user"), false)
      const me = yield* json(yield* h.call("GET", "/users/me", { user }))
      assert.include(JSON.stringify(field(me, "oauth_providers")), "github")
      const token = yield* json(yield* h.call("POST", "/connected-accounts/me/github/access-token", { user, json: { scope: "repo" } }))
      assert.isTrue(String(field(token, "access_token")).length > 10)
      const missingScope = yield* h.call("POST", "/connected-accounts/me/github/access-token", { user, json: { scope: "admin:org" } })
      assert.strictEqual(missingScope.headers.get("x-stack-known-error"), "OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE")
    }))

  it.effect("denying consent sends the user back to the app's trusted callback with the error code", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const denied = yield* oauthDance(h, { deny: true })
      assert.strictEqual(denied.final.status, 307)
      const target = new URL(denied.location)
      // Like the service: the trusted redirect_uri first, the error page only when it is not trusted.
      assert.strictEqual(target.pathname, "/handler/oauth-callback")
      assert.strictEqual(target.searchParams.get("error"), "server_error")
      assert.strictEqual(target.searchParams.get("errorCode"), "OAUTH_PROVIDER_ACCESS_DENIED")
    }))

  it.effect("a user with TOTP gets MULTI_FACTOR_AUTHENTICATION_REQUIRED from the code exchange", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const first = yield* oauthDance(h, { email: "mfa-oauth@example.com" })
      const tokens = yield* json(yield* exchange(h, { code: first.code, verifier: "some-code-challenge" }))
      yield* h.call("PATCH", "/users/me", { user: { accessToken: String(field(tokens, "access_token")) }, json: { totp_secret_base64: "MTIzNDU2Nzg5MDEyMzQ1Njc4OTA=" } })
      const second = yield* oauthDance(h, { email: "mfa-oauth@example.com" })
      const exchanged = yield* exchange(h, { code: second.code, verifier: "some-code-challenge" })
      assert.strictEqual(exchanged.headers.get("x-stack-known-error"), "MULTI_FACTOR_AUTHENTICATION_REQUIRED")
    }))
})

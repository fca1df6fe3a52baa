/**
 * The mock OAuth provider on its own origin (`mockOAuthBaseUrl` / `--mock-oauth-port`): the
 * interaction protocol of Stack Auth's development mock server, connected-account tokens that follow
 * the provider (revoked access token → refreshed; refused refresh → scope error), the callback's
 * checks and texts, the token endpoint's public-client sentinel, and config overrides.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { type Harness, json, makeHarness, text } from "./emulator-harness.ts"

const mockOrigin = "http://localhost:8114"
const appCallback = "http://localhost:3000/handler/oauth-callback"
const field = (body: unknown, key: string): unknown => (typeof body === "object" && body !== null ? Reflect.get(body, key) : undefined)

/** A browser-like request to any origin the in-process emulator answers (cookies passed by hand). */
const send = (h: Harness, url: string, init: { readonly method?: string; readonly form?: Record<string, string>; readonly cookie?: string; readonly headers?: Record<string, string> } = {}) =>
  h.emu.handle(new Request(url, {
    method: init.method ?? "GET",
    headers: {
      ...(init.form === undefined ? {} : { "content-type": "application/x-www-form-urlencoded" }),
      ...(init.cookie === undefined ? {} : { cookie: init.cookie }),
      ...init.headers
    },
    body: init.form === undefined ? null : new URLSearchParams(init.form).toString(),
    redirect: "manual"
  }))

const location = (response: Response, base: string) => new URL(response.headers.get("location") ?? "", base).toString()

/** `name=value` of the first `set-cookie`. */
const cookiePair = (response: Response) => (response.headers.get("set-cookie") ?? "").split(";")[0] ?? ""

/** Authorize at the emulator, then log in and consent at the provider: the provider's callback URL and the inner cookie. */
const toProviderCallback = (h: Harness, options: { readonly email: string; readonly extra?: Record<string, string> }) =>
  Effect.gen(function*() {
    const query = new URLSearchParams({
      client_id: h.keys.projectId,
      client_secret: h.keys.pck,
      redirect_uri: appCallback,
      scope: "legacy",
      response_type: "code",
      state: "app-state",
      grant_type: "authorization_code",
      code_challenge: "plain-challenge",
      code_challenge_method: "plain",
      ...options.extra
    })
    const authorize = yield* send(h, `${h.api}/auth/oauth/authorize/github?${query.toString()}`)
    assert.strictEqual(authorize.status, 307)
    const providerUrl = new URL(authorize.headers.get("location") ?? "")
    assert.strictEqual(providerUrl.origin, mockOrigin)
    assert.strictEqual(providerUrl.pathname, "/auth")
    assert.strictEqual(providerUrl.searchParams.get("client_id"), "github")
    assert.strictEqual(providerUrl.searchParams.get("scope"), "openid offline_access")
    assert.strictEqual(providerUrl.searchParams.get("code_challenge_method"), "S256")
    assert.match(authorize.headers.get("set-cookie") ?? "", /^stack-oauth-inner-[^;]+=true; Path=\/; Expires=[^;]+; Max-Age=600; HttpOnly$/)
    const start = yield* send(h, providerUrl.toString())
    assert.strictEqual(start.status, 303)
    const loginUrl = location(start, mockOrigin)
    const loginPage = yield* send(h, loginUrl)
    assert.include(yield* text(loginPage), "<form")
    const loggedIn = yield* send(h, loginUrl, { method: "POST", form: { prompt: "login", login: options.email, password: "anything" } })
    assert.strictEqual(loggedIn.status, 303)
    const toConsent = yield* send(h, location(loggedIn, loginUrl))
    assert.strictEqual(toConsent.status, 303)
    const consentUrl = location(toConsent, mockOrigin)
    const consented = yield* send(h, consentUrl, { method: "POST", form: { prompt: "consent" } })
    assert.strictEqual(consented.status, 303)
    const back = yield* send(h, location(consented, consentUrl))
    assert.strictEqual(back.status, 303)
    const callbackUrl = new URL(location(back, mockOrigin))
    assert.strictEqual(`${callbackUrl.origin}${callbackUrl.pathname}`, `${h.emu.info.baseUrl}/api/v1/auth/oauth/callback/github`)
    assert.strictEqual(callbackUrl.searchParams.get("iss"), mockOrigin)
    return { callbackUrl, cookie: cookiePair(authorize) }
  })

/** The whole sign-in: returns the app's tokens. */
const signInWithProvider = (h: Harness, email: string) =>
  Effect.gen(function*() {
    const { callbackUrl, cookie } = yield* toProviderCallback(h, { email })
    const callback = yield* send(h, callbackUrl.toString(), { cookie })
    assert.strictEqual(callback.status, 303)
    const outer = new URL(callback.headers.get("location") ?? "")
    assert.strictEqual(outer.searchParams.get("state"), "app-state")
    const tokens = yield* json(yield* h.call("POST", "/auth/oauth/token", {
      accessType: null,
      form: {
        grant_type: "authorization_code",
        client_id: h.keys.projectId,
        client_secret: h.keys.pck,
        code: outer.searchParams.get("code") ?? "",
        redirect_uri: appCallback,
        code_verifier: "plain-challenge"
      }
    }))
    return { accessToken: String(field(tokens, "access_token")), refreshToken: String(field(tokens, "refresh_token")) }
  })

const userinfo = (h: Harness, token: string) => send(h, `${mockOrigin}/me`, { headers: { authorization: `Bearer ${token}` } })

const providerPost = (h: Harness, path: string, body: Record<string, string>) =>
  h.emu.handle(new Request(`${mockOrigin}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }))

describe("emulator mock OAuth provider on its own origin", () => {
  it.effect("signs a user up through the interaction protocol; the account id and e-mail are the login", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness({ mockOAuthBaseUrl: mockOrigin })
      const user = yield* signInWithProvider(h, "mock-login@example.com")
      const me = yield* json(yield* h.call("GET", "/users/me", { user }))
      assert.strictEqual(field(me, "primary_email"), "mock-login@example.com")
      assert.strictEqual(field(me, "primary_email_verified"), true)
      const list = yield* json(yield* h.call("GET", "/connected-accounts/me", { user }))
      assert.deepStrictEqual(field(list, "items"), [{ user_id: field(me, "id"), provider: "github", provider_account_id: "mock-login@example.com" }])
    }))

  it.effect("a connected-account token works at the provider's userinfo, and a revoked one is refreshed", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness({ mockOAuthBaseUrl: mockOrigin })
      const user = yield* signInWithProvider(h, "refresh@example.com")
      const first = String(field(yield* json(yield* h.call("POST", "/connected-accounts/me/github/access-token", { user, json: { scope: "openid" } })), "access_token"))
      const info = yield* userinfo(h, first)
      assert.strictEqual(info.status, 200)
      assert.deepStrictEqual(yield* json(info), { sub: "refresh@example.com" })
      const revoked = yield* providerPost(h, "/revoke-access-token", { token: first })
      assert.deepStrictEqual(yield* json(revoked), { success: true, message: "Access token has been revoked" })
      assert.strictEqual((yield* userinfo(h, first)).status, 401)
      const again = yield* h.call("POST", "/connected-accounts/me/github/access-token", { user, json: { scope: "openid" } })
      assert.strictEqual(again.status, 201)
      const second = String(field(yield* json(again), "access_token"))
      assert.notStrictEqual(second, first)
      assert.strictEqual((yield* userinfo(h, second)).status, 200)
    }))

  it.effect("a refused refresh (revoked grant or a simulated provider error) asks the user to connect again", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness({ mockOAuthBaseUrl: mockOrigin })
      for (const [email, prepare] of [
        ["grant@example.com", (token: string) => providerPost(h, "/revoke-refresh-token", { token })],
        ["simulated@example.com", (token: string) =>
          Effect.andThen(providerPost(h, "/simulate-refresh-error", { token, error_type: "consent_required" }), providerPost(h, "/revoke-access-token", { token }))]
      ] as const) {
        const user = yield* signInWithProvider(h, email)
        const token = String(field(yield* json(yield* h.call("POST", "/connected-accounts/me/github/access-token", { user, json: { scope: "openid" } })), "access_token"))
        assert.strictEqual((yield* prepare(token)).status, 200)
        const refused = yield* h.call("POST", "/connected-accounts/me/github/access-token", { user, json: { scope: "openid" } })
        assert.strictEqual(refused.status, 400)
        assert.strictEqual(refused.headers.get("x-stack-known-error"), "OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE")
      }
    }))

  it.effect("per-account tokens: an unknown provider account is not connected; listing needs a user for `me`", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness({ mockOAuthBaseUrl: mockOrigin })
      const user = yield* signInWithProvider(h, "per-account@example.com")
      const byAccount = yield* h.call("POST", `/connected-accounts/me/github/${encodeURIComponent("per-account@example.com")}/access-token`, { user, json: {} })
      assert.strictEqual(byAccount.status, 201)
      const unknown = yield* h.call("POST", "/connected-accounts/me/github/someone-else/access-token", { user, json: {} })
      assert.strictEqual(unknown.headers.get("x-stack-known-error"), "OAUTH_CONNECTION_NOT_CONNECTED_TO_USER")
      const noUser = yield* h.call("GET", "/connected-accounts/me")
      assert.strictEqual(noUser.headers.get("x-stack-known-error"), "CANNOT_GET_OWN_USER_WITHOUT_USER")
      const notUuid = yield* json(yield* h.call("GET", "/connected-accounts/not-a-uuid", { accessType: "server" }))
      assert.include(String(field(notUuid, "error")), "params.user_id must be a valid UUID")
    }))

  it.effect("the callback: unknown state, missing cookie and a wrong code, with the service's texts", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness({ mockOAuthBaseUrl: mockOrigin })
      const badState = yield* send(h, `${h.api}/auth/oauth/callback/github?state=nope&code=x`)
      assert.strictEqual(yield* text(badState), "Invalid OAuth state. Please try signing in again.")
      const first = yield* toProviderCallback(h, { email: "cb@example.com" })
      const noCookie = yield* send(h, first.callbackUrl.toString())
      assert.strictEqual(noCookie.status, 400)
      assert.match(yield* text(noCookie), /^Inner OAuth cookie not found\./)
      assert.match(noCookie.headers.get("set-cookie") ?? "", /^stack-oauth-inner-[^=]+=; Path=\/; Expires=Thu, 01 Jan 1970/)
      const second = yield* toProviderCallback(h, { email: "cb@example.com" })
      const wrongCode = new URL(second.callbackUrl)
      wrongCode.searchParams.set("code", "invalid-code")
      const refused = yield* send(h, wrongCode.toString(), { cookie: second.cookie })
      assert.strictEqual(yield* text(refused), "Inner OAuth callback failed due to invalid grant. Please try again.")
    }))

  it.effect("JSON mode answers the provider location and sets no cookie", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness({ mockOAuthBaseUrl: mockOrigin })
      const query = new URLSearchParams({
        client_id: h.keys.projectId, client_secret: h.keys.pck, redirect_uri: appCallback, scope: "legacy",
        response_type: "code", state: "s", grant_type: "authorization_code", code_challenge: "c",
        code_challenge_method: "plain", stack_response_mode: "json"
      })
      const response = yield* send(h, `${h.api}/auth/oauth/authorize/github?${query.toString()}`)
      assert.strictEqual(response.status, 200)
      assert.isNull(response.headers.get("set-cookie"))
      assert.isTrue(String(field(yield* json(response), "location")).startsWith(`${mockOrigin}/auth?client_id=github&`))
    }))

  it.effect("the token endpoint takes the public-client sentinel unless the project requires a key", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const body = { grant_type: "authorization_code", client_id: h.keys.projectId, client_secret: "__stack_public_client__", code: "x", redirect_uri: appCallback, code_verifier: "v" }
      const allowed = yield* h.call("POST", "/auth/oauth/token", { accessType: null, form: body })
      assert.strictEqual(allowed.headers.get("x-stack-known-error"), "INVALID_AUTHORIZATION_CODE")
      const override = yield* h.call("PATCH", "/internal/config/override/project", {
        accessType: "admin",
        json: { config_override_string: JSON.stringify({ "project.requirePublishableClientKey": true }) }
      })
      assert.deepStrictEqual(yield* json(override), { success: true })
      const required = yield* h.call("POST", "/auth/oauth/token", { accessType: null, form: body })
      assert.strictEqual(required.status, 401)
      assert.strictEqual(required.headers.get("x-stack-known-error"), "PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT")
      const { client_secret: _secret, ...withoutSecret } = body
      const missing = yield* h.call("POST", "/auth/oauth/token", { accessType: null, form: withoutSecret })
      assert.strictEqual(missing.headers.get("x-stack-known-error"), "PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT")
    }))

  it.effect("config overrides: nested objects and OAuth providers apply, unknown keys are refused, /api/latest works", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const patch = (config: unknown) =>
        h.emu.handle(new Request(`${h.emu.info.baseUrl}/api/latest/internal/config/override/environment`, {
          method: "PATCH",
          headers: {
            "content-type": "application/json",
            "x-stack-access-type": "admin",
            "x-stack-project-id": h.keys.projectId,
            "x-stack-super-secret-admin-key": h.keys.sak
          },
          body: JSON.stringify({ config_override_string: JSON.stringify(config) })
        }))
      assert.strictEqual((yield* patch({ onboarding: { requireEmailVerification: true }, "auth.oauth.providers.spotify": { type: "spotify", isShared: true } })).status, 200)
      const config = yield* h.emu.withState((data) => Effect.succeed(data.projects[h.keys.projectId]?.config))
      assert.strictEqual(config?.requireEmailVerification, true)
      assert.isTrue(config?.oauthProviders.some((p) => p.id === "spotify" && p.type === "shared"))
      const refused = yield* patch({ "nonExistentField": true })
      assert.strictEqual(refused.status, 400)
    }))

  it.effect("`responseHeaderNames: stack` answers like servers before the Hexclave rename", () =>
    Effect.gen(function*() {
      const both = yield* makeHarness()
      const stack = yield* makeHarness({ responseHeaderNames: "stack" })
      const a = yield* both.call("GET", "/users/me")
      const b = yield* stack.call("GET", "/users/me")
      assert.isNotNull(a.headers.get("x-hexclave-known-error"))
      assert.isNull(b.headers.get("x-hexclave-known-error"))
      assert.isNull(b.headers.get("x-hexclave-request-id"))
      assert.strictEqual(b.headers.get("x-stack-known-error"), a.headers.get("x-stack-known-error"))
      assert.notInclude(b.headers.get("access-control-expose-headers") ?? "", "hexclave")
    }))
})

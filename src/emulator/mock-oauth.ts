/**
 * The mock OAuth provider on its own origin (`--mock-oauth-port`, `Emulator.layer({ mockOAuthBaseUrl })`):
 * an OpenID-style provider speaking the interaction protocol of Stack Auth's development mock server,
 * so apps and suites written against Stack Auth's dev setup run unchanged.
 *
 * Browser side: `GET /auth?client_id=<provider type>&redirect_uri=...&state=...` → 303 to
 * `/interaction/{uid}` (a login page) → `POST /interaction/{uid}` with `prompt=login&login=<e-mail>`
 * (any password) → 303 to `/auth/{uid}` → 303 to a consent interaction → `POST prompt=consent` (or a
 * `GET`, which approves at once) → 303 to `/auth/{uid}` → 303 to the redirect URI with `code`, `state`
 * and `iss`. The account id (`sub`) is the login e-mail, as in the dev server.
 *
 * Back side: `POST /token` (authorization_code with PKCE, refresh_token), `GET /me` (userinfo),
 * and the dev server's test hooks `POST /revoke-access-token`, `POST /revoke-refresh-token`,
 * `POST /simulate-refresh-error`. The emulator itself exchanges codes and refreshes tokens by calling
 * this module directly (same process), not over HTTP.
 *
 * State is in memory only: like the dev server, a restart forgets every grant.
 */
import * as Crypto from "node:crypto"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Ids from "./ids.ts"

/** The providers the dev mock server registers as clients (`client_id` = the provider type). */
export const mockOAuthClientIds: ReadonlyArray<string> = [
  "github", "facebook", "google", "microsoft", "spotify", "discord", "gitlab", "bitbucket", "x", "apple", "linkedin", "twitch"
]

/** The client secret every mock client uses. */
export const mockOAuthClientSecret = "MOCK-SERVER-SECRET"

/** What the Stack backend asks every mock provider for (the dev backend's `MockProvider.baseScope`). */
export const mockOAuthBaseScope = "openid offline_access"

const interactionMillis = 10 * 60 * 1000
const codeMillis = 60 * 1000
const accessTokenSeconds = 3600

interface Interaction {
  readonly uid: string
  readonly clientId: string
  readonly redirectUri: string
  readonly state: string | null
  readonly scope: string
  readonly codeChallenge: string | null
  readonly codeChallengeMethod: string
  /** `login`: waiting for the e-mail; `consent`: waiting for approval; `*-done`: resume at `/auth/{uid}`. */
  stage: "login" | "login-done" | "consent" | "consent-done"
  accountId: string | null
  readonly expiresAtMillis: number
}

interface Grant {
  readonly id: string
  readonly clientId: string
  readonly accountId: string
  readonly scope: string
  revoked: boolean
}

interface AuthorizationCode {
  readonly grantId: string
  readonly redirectUri: string
  readonly codeChallenge: string | null
  readonly codeChallengeMethod: string
  readonly expiresAtMillis: number
  used: boolean
}

interface AccessToken {
  readonly grantId: string
  readonly expiresAtMillis: number
  revoked: boolean
}

/** A token response of the provider. */
export interface MockTokenSet {
  readonly accessToken: string
  readonly refreshToken: string | null
  readonly expiresAtMillis: number
  readonly scope: string
  /** `sub` of the grant: the e-mail the user signed in with. */
  readonly accountId: string
}

/** The OAuth error body of the token endpoint. */
export interface MockOAuthError {
  readonly error: string
  readonly error_description: string
}

/** Errors `/simulate-refresh-error` can arm, with the dev server's descriptions. */
const simulatedErrors: Readonly<Record<string, MockOAuthError>> = {
  invalid_grant: { error: "invalid_grant", error_description: "The refresh token is invalid or expired" },
  access_denied: { error: "access_denied", error_description: "The resource owner denied the request" },
  consent_required: { error: "consent_required", error_description: "User consent is required" },
  invalid_token: { error: "invalid_token", error_description: "The token is invalid" },
  unauthorized_client: { error: "unauthorized_client", error_description: "The client is not authorized" }
}

const invalidGrant: MockOAuthError = { error: "invalid_grant", error_description: "grant request is invalid" }

/** The provider's whole state and behaviour; one per emulator. */
export interface MockOAuthProvider {
  /** Its own origin, e.g. `http://localhost:8114` (the issuer). */
  readonly baseUrl: string
  /** The redirect URI a client must use: the emulator's callback for that provider type. */
  readonly callbackUrlFor: (clientId: string) => string
  /** Answers one request on the provider's origin. */
  readonly answer: (request: Request, nowMillis: number) => Promise<Response>
  /** The authorization-code grant (what the emulator's callback does with the provider's code). */
  readonly exchangeCode: (
    input: { readonly clientId: string; readonly code: string; readonly redirectUri: string; readonly codeVerifier: string },
    nowMillis: number
  ) => MockTokenSet | MockOAuthError
  /** The refresh-token grant. */
  readonly refresh: (refreshToken: string, nowMillis: number) => MockTokenSet | MockOAuthError
  /** `valid`, `invalid` (revoked, expired or grant gone) or `unknown` (not issued by this instance). */
  readonly accessTokenStatus: (accessToken: string, nowMillis: number) => "valid" | "invalid" | "unknown"
}

const isError = (value: MockTokenSet | MockOAuthError): value is MockOAuthError => "error" in value

/** Whether a token-endpoint answer is an error. */
export const isMockOAuthError = isError

const pkceMatches = (method: string, challenge: string, verifier: string): boolean =>
  method === "plain"
    ? challenge === verifier
    : Crypto.createHash("sha256").update(verifier).digest("base64url") === challenge

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")

/**
 * The dev mock server runs on Express and its responses say so; the suite's snapshots show the
 * header, so the emulator's provider sends it too (nothing else depends on it).
 */
const baseHeaders = { "x-powered-by": "Express", "cache-control": "no-store" }

const json = (status: number, value: unknown) =>
  new Response(JSON.stringify(value), { status, headers: { ...baseHeaders, "content-type": "application/json; charset=utf-8" } })

const html = (status: number, body: string) =>
  new Response(body, { status, headers: { ...baseHeaders, "content-type": "text/html; charset=utf-8" } })

/** A 303 whose body is a short text (like the provider's redirects to pages). */
const seeOtherWithText = (location: string, cookies: ReadonlyArray<string> = []) => {
  const headers = new Headers({ ...baseHeaders, location, "content-type": "text/html; charset=utf-8" })
  for (const cookie of cookies) headers.append("set-cookie", cookie)
  return new Response(`Redirecting to ${escapeHtml(location)}.`, { status: 303, headers })
}

/** A 303 with no body (the answers to form posts). */
const seeOther = (location: string) => new Response(null, { status: 303, headers: { ...baseHeaders, location } })

const loginPage = (uid: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>Sign-in</title>` +
  `<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto}input{width:100%;padding:.4rem}` +
  `button{margin-top:1rem;padding:.5rem 1rem}</style></head><body>` +
  `<h1>Mock OAuth Sign-in</h1><p>The stackfx emulator's mock OAuth provider. Any e-mail signs in; no password needed.</p>` +
  `<form method="post" action="/interaction/${escapeHtml(uid)}">` +
  `<input type="hidden" name="prompt" value="login">` +
  `<label>E-mail <input id="login" type="email" name="login" required placeholder="email@example.com"></label>` +
  `<button type="submit" id="sign-in">Sign in</button></form>` +
  `<p><a href="/interaction/${escapeHtml(uid)}/abort" id="abort">Cancel</a></p></body></html>`

/** Reads a form or JSON body into string fields. */
const readFields = async (request: Request): Promise<Record<string, string>> => {
  const text = await request.text()
  const type = request.headers.get("content-type") ?? ""
  if (type.includes("application/json")) {
    try {
      const parsed: unknown = JSON.parse(text)
      if (typeof parsed !== "object" || parsed === null) return {}
      const out: Record<string, string> = {}
      for (const [key, value] of Object.entries(parsed)) if (typeof value === "string") out[key] = value
      return out
    } catch {
      return {}
    }
  }
  return Object.fromEntries(new URLSearchParams(text).entries())
}

/** Client credentials from HTTP Basic or the body. */
const clientCredentials = (request: Request, fields: Record<string, string>) => {
  const header = request.headers.get("authorization") ?? ""
  if (header.toLowerCase().startsWith("basic ")) {
    const decoded = Buffer.from(header.slice(6), "base64").toString("utf8")
    const index = decoded.indexOf(":")
    if (index > 0) {
      return { id: decodeURIComponent(decoded.slice(0, index)), secret: decodeURIComponent(decoded.slice(index + 1)) }
    }
  }
  return { id: fields["client_id"] ?? "", secret: fields["client_secret"] ?? "" }
}

const withParams = (url: string, params: Readonly<Record<string, string | null>>): string => {
  const target = new URL(url)
  for (const [key, value] of Object.entries(params)) if (value !== null) target.searchParams.set(key, value)
  return target.toString()
}

/** Creates an empty provider at `baseUrl` serving the emulator at `emulatorBaseUrl`. */
export const makeMockOAuthProvider = (options: { readonly baseUrl: string; readonly emulatorBaseUrl: () => string }): MockOAuthProvider => {
  const baseUrl = options.baseUrl.replace(/\/+$/, "")
  const interactions = new Map<string, Interaction>()
  const grants = new Map<string, Grant>()
  const codes = new Map<string, AuthorizationCode>()
  const accessTokens = new Map<string, AccessToken>()
  /** Refresh token → grant id (revoking the grant revokes it). */
  const refreshTokens = new Map<string, string>()
  /** Grant id → the error its next refresh answers (`/simulate-refresh-error`). */
  const armedErrors = new Map<string, MockOAuthError>()

  const callbackUrlFor = (clientId: string) => `${options.emulatorBaseUrl()}/api/v1/auth/oauth/callback/${clientId}`

  const issueTokens = (grant: Grant, nowMillis: number, withRefresh: boolean): MockTokenSet => {
    const accessToken = Ids.base32(43)
    const expiresAtMillis = nowMillis + accessTokenSeconds * 1000
    accessTokens.set(accessToken, { grantId: grant.id, expiresAtMillis, revoked: false })
    let refreshToken: string | null = null
    if (withRefresh && grant.scope.split(" ").includes("offline_access")) {
      refreshToken = Ids.base32(43)
      refreshTokens.set(refreshToken, grant.id)
    }
    return { accessToken, refreshToken, expiresAtMillis, scope: grant.scope, accountId: grant.accountId }
  }

  const liveInteraction = (uid: string, nowMillis: number) => {
    const interaction = interactions.get(uid)
    return interaction === undefined || interaction.expiresAtMillis <= nowMillis ? undefined : interaction
  }

  const sessionGone = () => html(410, "Session not found or expired")

  const authorize = (url: URL, nowMillis: number): Response => {
    const q = url.searchParams
    const clientId = q.get("client_id") ?? ""
    if (!mockOAuthClientIds.includes(clientId)) return json(400, { error: "invalid_client", error_description: "client is invalid" })
    const redirectUri = q.get("redirect_uri") ?? ""
    if (redirectUri !== callbackUrlFor(clientId)) {
      return json(400, { error: "invalid_redirect_uri", error_description: "redirect_uri did not match any of the client's registered redirect_uris" })
    }
    if (q.get("response_type") !== "code") {
      return json(400, { error: "unsupported_response_type", error_description: "unsupported response_type requested" })
    }
    const uid = Ids.base32(21)
    interactions.set(uid, {
      uid,
      clientId,
      redirectUri,
      state: q.get("state"),
      scope: q.get("scope") ?? "openid",
      codeChallenge: q.get("code_challenge"),
      codeChallengeMethod: q.get("code_challenge_method") ?? "plain",
      stage: "login",
      accountId: null,
      expiresAtMillis: nowMillis + interactionMillis
    })
    return seeOtherWithText(`/interaction/${uid}`, [
      `_interaction=${uid}; path=/interaction/${uid}; samesite=lax; httponly`,
      `_interaction_resume=${uid}; path=/auth/${uid}; samesite=lax; httponly`
    ])
  }

  /** `/auth/{uid}`: resume after an interaction step. */
  const resume = (uid: string, nowMillis: number): Response => {
    const interaction = liveInteraction(uid, nowMillis)
    if (interaction === undefined) return sessionGone()
    if (interaction.stage === "login-done" && interaction.accountId !== null) {
      interactions.delete(uid)
      const next = Ids.base32(21)
      interactions.set(next, { ...interaction, uid: next, stage: "consent", expiresAtMillis: nowMillis + interactionMillis })
      return seeOtherWithText(`/interaction/${next}`, [
        `_interaction=${next}; path=/interaction/${next}; samesite=lax; httponly`,
        `_interaction_resume=${next}; path=/auth/${next}; samesite=lax; httponly`
      ])
    }
    if (interaction.stage === "consent-done" && interaction.accountId !== null) {
      interactions.delete(uid)
      const grant: Grant = { id: Ids.base32(21), clientId: interaction.clientId, accountId: interaction.accountId, scope: interaction.scope, revoked: false }
      grants.set(grant.id, grant)
      const code = Ids.base32(43)
      codes.set(code, {
        grantId: grant.id,
        redirectUri: interaction.redirectUri,
        codeChallenge: interaction.codeChallenge,
        codeChallengeMethod: interaction.codeChallengeMethod,
        expiresAtMillis: nowMillis + codeMillis,
        used: false
      })
      return seeOtherWithText(withParams(interaction.redirectUri, { code, state: interaction.state, iss: baseUrl }))
    }
    return seeOtherWithText(`/interaction/${uid}`)
  }

  const finishLogin = (interaction: Interaction, login: string): Response => {
    const accountId = login.trim()
    if (accountId === "") return html(400, loginPage(interaction.uid))
    interaction.accountId = accountId
    interaction.stage = "login-done"
    return seeOther(`${baseUrl}/auth/${interaction.uid}`)
  }

  const finishConsent = (interaction: Interaction): Response => {
    interaction.stage = "consent-done"
    return seeOther(`${baseUrl}/auth/${interaction.uid}`)
  }

  const interaction = async (request: Request, uid: string, action: string | undefined, nowMillis: number): Promise<Response> => {
    const found = liveInteraction(uid, nowMillis)
    if (found === undefined) return sessionGone()
    if (action === "abort") {
      interactions.delete(uid)
      return seeOtherWithText(withParams(found.redirectUri, {
        error: "access_denied",
        error_description: "End-User aborted interaction",
        state: found.state,
        iss: baseUrl
      }))
    }
    if (request.method === "GET") {
      if (found.stage === "login") return html(200, loginPage(uid))
      // Consent is approved without a page, as in the dev server.
      if (found.stage === "consent") return finishConsent(found)
      return seeOther(`${baseUrl}/auth/${uid}`)
    }
    const fields = await readFields(request)
    const prompt = action === "login" ? "login" : fields["prompt"]
    if (prompt === "login" && found.stage === "login") return finishLogin(found, fields["login"] ?? "")
    if (prompt === "consent" && found.stage === "consent") return finishConsent(found)
    return json(400, { error: "invalid_request", error_description: "unexpected interaction step" })
  }

  const exchangeCode: MockOAuthProvider["exchangeCode"] = (input, nowMillis) => {
    const code = codes.get(input.code)
    if (code === undefined || code.used || code.expiresAtMillis <= nowMillis) return invalidGrant
    const grant = grants.get(code.grantId)
    if (grant === undefined || grant.revoked || grant.clientId !== input.clientId) return invalidGrant
    if (code.redirectUri !== input.redirectUri) return invalidGrant
    if (code.codeChallenge !== null && !pkceMatches(code.codeChallengeMethod, code.codeChallenge, input.codeVerifier)) return invalidGrant
    code.used = true
    return issueTokens(grant, nowMillis, true)
  }

  const refresh: MockOAuthProvider["refresh"] = (refreshToken, nowMillis) => {
    const grantId = refreshTokens.get(refreshToken)
    const grant = grantId === undefined ? undefined : grants.get(grantId)
    if (grant === undefined || grant.revoked) return invalidGrant
    const armed = armedErrors.get(grant.id)
    if (armed !== undefined) {
      armedErrors.delete(grant.id)
      return armed
    }
    // The refresh token stays valid (no rotation), as the dev server is configured.
    return { ...issueTokens(grant, nowMillis, false), refreshToken }
  }

  const accessTokenStatus: MockOAuthProvider["accessTokenStatus"] = (token, nowMillis) => {
    const record = accessTokens.get(token)
    if (record === undefined) return "unknown"
    const grant = grants.get(record.grantId)
    return record.revoked || record.expiresAtMillis <= nowMillis || grant === undefined || grant.revoked ? "invalid" : "valid"
  }

  const tokenEndpoint = async (request: Request, nowMillis: number): Promise<Response> => {
    const fields = await readFields(request)
    const client = clientCredentials(request, fields)
    if (!mockOAuthClientIds.includes(client.id) || client.secret !== mockOAuthClientSecret) {
      return json(401, { error: "invalid_client", error_description: "client authentication failed" })
    }
    const grantType = fields["grant_type"]
    const result = grantType === "authorization_code"
      ? exchangeCode({
        clientId: client.id,
        code: fields["code"] ?? "",
        redirectUri: fields["redirect_uri"] ?? "",
        codeVerifier: fields["code_verifier"] ?? ""
      }, nowMillis)
      : grantType === "refresh_token"
      ? refresh(fields["refresh_token"] ?? "", nowMillis)
      : { error: "unsupported_grant_type", error_description: "unsupported grant_type requested" }
    if (isError(result)) return json(400, result)
    return json(200, {
      access_token: result.accessToken,
      expires_in: accessTokenSeconds,
      ...(result.refreshToken === null ? {} : { refresh_token: result.refreshToken }),
      scope: result.scope,
      token_type: "Bearer"
    })
  }

  const userinfo = (request: Request, nowMillis: number): Response => {
    const header = request.headers.get("authorization") ?? ""
    const token = header.toLowerCase().startsWith("bearer ") ? header.slice(7).trim() : ""
    const record = accessTokens.get(token)
    const grant = record === undefined ? undefined : grants.get(record.grantId)
    if (record === undefined || grant === undefined || accessTokenStatus(token, nowMillis) !== "valid") {
      return json(401, { error: "invalid_token", error_description: "invalid token provided" })
    }
    return json(200, { sub: grant.accountId })
  }

  const missingToken = () => json(400, { error: "invalid_request", error_description: "Missing token parameter" })

  const revokeAccessToken = async (request: Request): Promise<Response> => {
    const token = (await readFields(request))["token"] ?? ""
    if (token === "") return missingToken()
    const record = accessTokens.get(token)
    if (record !== undefined) record.revoked = true
    return json(200, { success: true, message: "Access token has been revoked" })
  }

  const revokeRefreshToken = async (request: Request): Promise<Response> => {
    const token = (await readFields(request))["token"] ?? ""
    if (token === "") return missingToken()
    const record = accessTokens.get(token)
    if (record === undefined) return json(400, { error: "invalid_token", error_description: "Access token not found" })
    record.revoked = true
    const grant = grants.get(record.grantId)
    if (grant !== undefined) {
      grant.revoked = true
      return json(200, { success: true, message: "Grant and associated refresh tokens have been revoked" })
    }
    return json(200, { success: true, message: "Access token marked as revoked (refresh token association not found)" })
  }

  const simulateRefreshError = async (request: Request): Promise<Response> => {
    const fields = await readFields(request)
    const token = fields["token"] ?? ""
    if (token === "") return missingToken()
    const record = accessTokens.get(token)
    if (record === undefined) return json(400, { error: "invalid_token", error_description: "Access token not found" })
    const errorType = fields["error_type"] ?? ""
    const armed = simulatedErrors[errorType]
    if (armed === undefined) {
      return json(400, {
        error: "invalid_request",
        error_description: `Invalid error_type. Valid types: ${Object.keys(simulatedErrors).join(", ")}`
      })
    }
    armedErrors.set(record.grantId, armed)
    return json(200, { success: true, message: `Next refresh attempt for this token will return ${errorType} error` })
  }

  const answer: MockOAuthProvider["answer"] = async (request, nowMillis) => {
    const url = new URL(request.url)
    const path = url.pathname.replace(/\/+$/, "") || "/"
    const method = request.method
    if (method === "GET" && path === "/auth") return authorize(url, nowMillis)
    const resumeMatch = /^\/auth\/([^/]+)$/.exec(path)
    if (method === "GET" && resumeMatch !== null) return resume(resumeMatch[1] ?? "", nowMillis)
    const interactionMatch = /^\/interaction\/([^/]+)(?:\/(login|abort))?$/.exec(path)
    if (interactionMatch !== null && (method === "GET" || method === "POST")) {
      return interaction(request, interactionMatch[1] ?? "", interactionMatch[2], nowMillis)
    }
    if (method === "POST" && path === "/token") return tokenEndpoint(request, nowMillis)
    if ((method === "GET" || method === "POST") && path === "/me") return userinfo(request, nowMillis)
    if (method === "POST" && path === "/revoke-access-token") return revokeAccessToken(request)
    if (method === "POST" && path === "/revoke-refresh-token") return revokeRefreshToken(request)
    if (method === "POST" && path === "/simulate-refresh-error") return simulateRefreshError(request)
    if (method === "GET" && path === "/.well-known/openid-configuration") {
      return json(200, {
        issuer: baseUrl,
        authorization_endpoint: `${baseUrl}/auth`,
        token_endpoint: `${baseUrl}/token`,
        userinfo_endpoint: `${baseUrl}/me`,
        response_types_supported: ["code"],
        grant_types_supported: ["authorization_code", "refresh_token"],
        code_challenge_methods_supported: ["S256", "plain"],
        scopes_supported: ["openid", "offline_access", "email", "profile"]
      })
    }
    return json(404, { error: "invalid_request", error_description: "unrecognized route or not allowed method" })
  }

  return { baseUrl, callbackUrlFor, answer, exchangeCode, refresh, accessTokenStatus }
}

/** Answers one provider request at the `Clock`'s time. */
export const answerMockOAuth = (provider: MockOAuthProvider, request: Request): Effect.Effect<Response> =>
  Effect.flatMap(Clock.currentTimeMillis, (now) => Effect.promise(() => provider.answer(request, now)))

/**
 * OAuth sign-in and account linking: the authorize URL with PKCE S256, and
 * the exchange of the callback's `code` for a session. The browser redirect itself belongs to the
 * browser layer; here the URL and the secrets to keep until the callback are returned.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import {
  InvalidAuthorizationCode,
  InvalidOAuthClientIdOrSecret,
  MultiFactorAuthenticationRequired
} from "../../errors/catalogue.ts"
import { apiRoot } from "../../http/send.ts"
import { jsonWith } from "../../http/endpoint.ts"
import { readAuthorizationCodeTokens } from "../../model/generated/readers.ts"
import { readSubject } from "../../session/jwt.ts"
import type { OAuthFlowType } from "../../wire/auth.ts"
import { type SignInResult, StackClientCore } from "../context.ts"
import { OAuthCallbackInvalid } from "./oauth-callback-invalid.ts"

export { OAuthCallbackInvalid }

/** What `getOAuthAuthorizeUrl` needs. */
export interface OAuthAuthorizeOptions {
  /** Provider id, e.g. `github`; sent lower-cased. */
  readonly provider: string
  /** The app's OAuth callback page (absolute); any `code`/`state` parameters are removed. */
  readonly redirectUrl: string
  /** Where the server sends the user on OAuth errors (absolute). */
  readonly errorRedirectUrl: string
  /** `authenticate` (default) signs in; `link` connects the provider to the signed-in user. */
  readonly type?: OAuthFlowType | undefined
  /** Where to go after the callback (the SDK passes the current page for `link`). */
  readonly afterCallbackRedirectUrl?: string | undefined
  /** Extra provider scopes (`link` only, as the server accepts them only there). */
  readonly providerScope?: ReadonlyArray<string> | undefined
}

/** The authorize URL and what must be kept until the callback. */
export interface OAuthAuthorization {
  readonly url: string
  /** Random state; the callback must bring back the same. */
  readonly state: string
  /** PKCE verifier (base64url of 32 random bytes); secret until the code exchange. */
  readonly codeVerifier: Redacted.Redacted<string>
  /** The redirect URI as sent, which the code exchange must repeat exactly. */
  readonly redirectUri: string
}


/** A completed OAuth sign-in. */
export interface OAuthSignInResult extends SignInResult {
  /** `after_callback_redirect_url` of the authorize request, if any. */
  readonly afterCallbackRedirectUrl: string | null
}

// No RedirectUrlNotWhitelisted: the current service answers a redirect_uri other than the authorize
// request's with a plain-text 400 (2.7 answered REDIRECT_URL_NOT_WHITELISTED); the whitelist itself is
// checked before the code is issued.
const exchangeErrors = [InvalidAuthorizationCode, InvalidOAuthClientIdOrSecret, MultiFactorAuthenticationRequired] as const

const base64Url = (bytes: Uint8Array): string => {
  let binary = ""
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")
}

const randomBase64Url = (size: number): string => base64Url(crypto.getRandomValues(new Uint8Array(size)))

/** base64url(SHA-256(verifier)): the S256 PKCE challenge. */
export const pkceChallenge = (verifier: string): Effect.Effect<string> =>
  Effect.map(
    Effect.promise(() => crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))),
    (digest) => base64Url(new Uint8Array(digest))
  )

/** `url` without its `code` and `state` query parameters (and without a fragment). */
export const withoutCodeAndState = (url: string): string => {
  const parsed = new URL(url)
  parsed.searchParams.delete("code")
  parsed.searchParams.delete("state")
  parsed.hash = ""
  return parsed.toString()
}

/** Builds the authorize URL (PKCE S256, scope `legacy`); it carries the current access token, if any (`link` needs one). */
export const getOAuthAuthorizeUrl = /*#__PURE__*/ Effect.fnUntraced(function*(options: OAuthAuthorizeOptions) {
  const { runtime, session } = yield* StackClientCore
  const { config } = runtime
  const type = options.type ?? "authenticate"
  const state = randomBase64Url(32)
  const verifier = randomBase64Url(32)
  const redirectUri = withoutCodeAndState(options.redirectUrl)
  const params = new URLSearchParams([
    ["client_id", config.keys.projectId],
    ["client_secret", config.keys.publishableClientKey === undefined ? "" : Redacted.value(config.keys.publishableClientKey)],
    ["redirect_uri", redirectUri],
    ["scope", "legacy"],
    ["state", state],
    ["grant_type", "authorization_code"],
    ["code_challenge", yield* pkceChallenge(verifier)],
    ["code_challenge_method", "S256"],
    ["response_type", "code"],
    ["type", type],
    ["error_redirect_url", options.errorRedirectUrl]
  ])
  if (options.afterCallbackRedirectUrl !== undefined) params.append("after_callback_redirect_url", options.afterCallbackRedirectUrl)
  // Like the official SDK, the signed-in user's access token goes along on every flow: `link` needs
  // it, and an anonymous user signing in this way is upgraded in place (same id) by the service.
  const tokens = yield* session.tokens
  if (type === "link" || Option.isSome(tokens.accessToken)) {
    params.append("token", Option.match(tokens.accessToken, { onNone: () => "", onSome: Redacted.value }))
  }
  if (type === "link") {
    if (options.providerScope !== undefined && options.providerScope.length > 0) {
      params.append("provider_scope", options.providerScope.join(" "))
    }
  }
  const url = `${apiRoot(config.baseUrl)}/auth/oauth/authorize/${encodeURIComponent(options.provider.toLowerCase())}?${params}`
  return { url, state, codeVerifier: Redacted.make(verifier), redirectUri } satisfies OAuthAuthorization
})

/**
 * Completes the flow from the callback page's URL: checks `state`, exchanges `code` with the PKCE
 * verifier and starts the session. A user with TOTP gets `MultiFactorAuthenticationRequired`.
 */
export const completeOAuthSignIn = /*#__PURE__*/ Effect.fnUntraced(function*(
  callbackUrl: string,
  authorization: Pick<OAuthAuthorization, "state" | "codeVerifier" | "redirectUri">
) {
  const { runtime, startSession } = yield* StackClientCore
  const { config } = runtime
  const params = URL.canParse(callbackUrl) ? new URL(callbackUrl).searchParams : new URLSearchParams()
  const code = params.get("code")
  const state = params.get("state")
  if (code === null || state === null || code.length === 0) {
    return yield* new OAuthCallbackInvalid({ message: "The OAuth callback URL has no code and state." })
  }
  if (state !== authorization.state) {
    return yield* new OAuthCallbackInvalid({ message: "The OAuth callback's state does not match this sign-in." })
  }
  const tokens = yield* runtime.anonymous({
    method: "POST",
    path: "/auth/oauth/token",
    level: "none",
    body: {
      _tag: "Form",
      fields: [
        ["redirect_uri", authorization.redirectUri],
        ["code_verifier", Redacted.value(authorization.codeVerifier)],
        ["code", code],
        ["grant_type", "authorization_code"],
        ["client_id", config.keys.projectId],
        ["client_secret", config.keys.publishableClientKey === undefined ? "" : Redacted.value(config.keys.publishableClientKey)]
      ]
    },
    response: jsonWith(readAuthorizationCodeTokens),
    errors: exchangeErrors
  })
  const started = yield* startSession(
    {
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      // The token response has no user id; the access token's subject is it.
      userId: Option.getOrElse(readSubject(tokens.accessToken), () => ""),
      isNewUser: tokens.isNewUser
    },
    false
  )
  return { ...started, afterCallbackRedirectUrl: tokens.afterCallbackRedirectUrl } satisfies OAuthSignInResult
})

/** Every operation of this module, for the StackClient object. */
export const oauthOperations = { getOAuthAuthorizeUrl, completeOAuthSignIn }

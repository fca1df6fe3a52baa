/**
 * OAuth in the browser: `signInWithOAuth` keeps the PKCE verifier in
 * the cookie `stack-oauth-outer-<state>` (1 hour) and sends the page to the provider;
 * `handleOAuthCallback` (on the callback page) takes the verifier back, exchanges the code and goes to
 * the after-callback URL, else after-sign-up or after-sign-in. A callback without its cookie is
 * ignored, as the official SDK does (a reload, another tab).
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import { completeOAuthSignIn, getOAuthAuthorizeUrl, type OAuthAuthorizeOptions } from "../client/auth/oauth.ts"
import { HandlerUrlsConfig, redirectAfterSignIn } from "../client/redirects.ts"
import { handlerPageUrl } from "../urls/handler-urls.ts"
import { constructCallbackUrl } from "../urls/return-to.ts"
import { Navigation, redirectTo } from "../urls/navigation.ts"
import { withoutCodeAndState } from "../client/auth/oauth.ts"
import { CookieJar, cookieAssignment, cookieDeletion, cookieValue } from "./cookies.ts"
import { OAuthCallbackIgnored } from "./oauth-callback-ignored.ts"

/** Lifetime of the verifier cookie. */
export const verifierCookieMaxAgeSeconds = 3600

/** The cookie that keeps one flow's PKCE verifier (also written as `hexclave-oauth-outer-<state>`). */
export const verifierCookieName = (state: string) => `stack-oauth-outer-${state}`

/** Both names of the verifier cookie, the service's new name first. */
const verifierCookieNames = (state: string) => [`hexclave-oauth-outer-${state}`, verifierCookieName(state)] as const

/** Options of `signInWithOAuth`. */
export interface BrowserOAuthOptions extends Partial<Pick<OAuthAuthorizeOptions, "type" | "providerScope" | "afterCallbackRedirectUrl">> {
  readonly provider: string
}

const absolute = (path: string, current: string) => new URL(path, current).toString()

/** A handler page as a callback URL: absolute, keeping the current page's `after_auth_return_to`. */
const callback = (path: string, current: string) => constructCallbackUrl(path, current) ?? absolute(path, current)

/** Starts an OAuth sign-in (or `type: "link"`): keeps the verifier in a cookie and leaves for the provider. */
export const signInWithOAuth = /*#__PURE__*/ Effect.fnUntraced(function*(options: BrowserOAuthOptions) {
  const navigation = yield* Navigation
  const jar = yield* CookieJar
  const urls = yield* HandlerUrlsConfig
  const current = yield* navigation.current
  const authorization = yield* getOAuthAuthorizeUrl({
    provider: options.provider,
    // The callback keeps where the user was going (`after_auth_return_to`) through the provider.
    redirectUrl: callback(urls.oauthCallback, current),
    errorRedirectUrl: callback(urls.error, current),
    ...(options.type === undefined ? {} : { type: options.type }),
    ...(options.providerScope === undefined ? {} : { providerScope: options.providerScope }),
    ...(options.afterCallbackRedirectUrl === undefined ? {} : { afterCallbackRedirectUrl: options.afterCallbackRedirectUrl })
  })
  for (const name of verifierCookieNames(authorization.state)) {
    yield* jar.write(cookieAssignment(name, Redacted.value(authorization.codeVerifier), {
      maxAgeSeconds: verifierCookieMaxAgeSeconds,
      secure: current.startsWith("https:"),
      sameSite: "lax"
    }))
  }
  // The provider is another origin: this navigation does not go through the same-origin check.
  yield* navigation.assign(authorization.url)
  return authorization
})

/** On the OAuth callback page: finishes the sign-in and redirects like the official SDK. */
export const handleOAuthCallback = /*#__PURE__*/ Effect.fnUntraced(function*() {
  const navigation = yield* Navigation
  const jar = yield* CookieJar
  const current = yield* navigation.current
  const url = new URL(current)
  const state = url.searchParams.get("state")
  if (url.searchParams.get("code") === null || state === null) {
    return yield* new OAuthCallbackIgnored({ message: "This page has no OAuth code and state." })
  }
  const cookies = yield* jar.read
  const [hexclaveName, stackName] = verifierCookieNames(state)
  const verifier = cookieValue(cookies, hexclaveName) ?? cookieValue(cookies, stackName)
  if (verifier === undefined) {
    return yield* new OAuthCallbackIgnored({ message: "No OAuth verifier cookie for this state: the callback was already handled, or started elsewhere." })
  }
  for (const name of verifierCookieNames(state)) yield* jar.write(cookieDeletion(name))
  // The code and state must not survive in the address bar (a reload would replay them). Only the
  // address changes: loading the page again here would end this sign-in before it completes.
  yield* navigation.rewrite(withoutCodeAndState(current))
  const result = yield* completeOAuthSignIn(current, {
    state,
    codeVerifier: Redacted.make(verifier),
    redirectUri: withoutCodeAndState(current)
  })
  const after = Option.fromNullishOr(result.afterCallbackRedirectUrl)
  yield* Option.isSome(after) ? redirectTo(after.value, { replace: true }) : redirectAfterSignIn(result)
  return result
})

/** The absolute callback page URL for a base path, for configuring providers. */
export const oauthCallbackPage = (handlerPath: string, origin: string) => absolute(handlerPageUrl(handlerPath, "oauthCallback"), origin)

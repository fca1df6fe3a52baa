/**
 * The return-to rules: the query parameter `after_auth_return_to` carries the page a user
 * wanted before being sent to sign in, through the sign-in page, email links and the OAuth round
 * trip, and back.
 *
 * - Sign-in and sign-up redirects carry the current page's `after_auth_return_to` over, or add the
 *   current page (path + query + hash) when it is same-origin and none is set yet.
 * - After-sign-in and after-sign-up redirects go to `after_auth_return_to` when present.
 * - Callback URLs sent to the server (email links, OAuth `redirect_uri`) keep it and drop the hash.
 * - The OAuth redirect strips existing `code` and `state`; the callback page reads them and then
 *   removes them from the address.
 *
 * The return-to value comes from the address bar, so it is attacker-controlled: these functions only
 * choose the target; `redirectTo` runs the trusted-redirect check on whatever they choose.
 */
import * as Option from "effect/Option"
import type { HandlerName } from "./handler-urls.ts"

/** The query parameter that carries the return target. */
export const AFTER_AUTH_RETURN_TO = "after_auth_return_to"

/** The OAuth callback query parameters. */
export const OAUTH_CODE_PARAM = "code"
export const OAUTH_STATE_PARAM = "state"

/** Options of every `redirectTo*`. */
export interface RedirectOptions {
  /** Replace the current history entry instead of pushing a new one. */
  readonly replace?: boolean | undefined
  /** Skip the return-to rules (used e.g. by the OAuth callback page falling back to sign-in). */
  readonly noRedirectBack?: boolean | undefined
}

const parse = (url: string | URL, base?: URL): URL | undefined => {
  try {
    return base === undefined ? new URL(url) : new URL(url, base)
  } catch {
    return undefined
  }
}

/** Path + query + fragment of a URL: what stays when the origin is dropped. */
export const relativePart = (url: URL): string => `${url.pathname}${url.search}${url.hash}`

/** True when both URLs have the same protocol and host (host includes the port). */
export const isSameOrigin = (a: URL, b: URL): boolean => a.protocol === b.protocol && a.host === b.host

/** The `after_auth_return_to` of a URL, if it has one. */
export const readReturnTo = (url: string | URL): Option.Option<string> => {
  const parsed = parse(url)
  if (parsed === undefined) return Option.none()
  return Option.fromNullishOr(parsed.searchParams.get(AFTER_AUTH_RETURN_TO))
}

/**
 * The sign-in or sign-up target as it should be navigated to from `currentUrl`:
 * the current page's `after_auth_return_to` is copied over; otherwise, when the target is on the
 * current origin and does not set one yet, the current page (path + query + hash) becomes it.
 * A same-origin result is returned as its relative part; a target on another origin is returned
 * absolute and unchanged (the trusted-redirect check will refuse it).
 */
export const signInTargetWithReturnTo = (target: string, currentUrl: string | URL): string => {
  const current = parse(currentUrl)
  if (current === undefined) return target
  const next = parse(target, current)
  if (next === undefined) return target
  if (!isSameOrigin(current, next)) return target
  const carried = current.searchParams.get(AFTER_AUTH_RETURN_TO)
  if (carried !== null) {
    next.searchParams.set(AFTER_AUTH_RETURN_TO, carried)
  } else if (!next.searchParams.has(AFTER_AUTH_RETURN_TO)) {
    next.searchParams.set(AFTER_AUTH_RETURN_TO, relativePart(current))
  }
  return relativePart(next)
}

/** The after-sign-in or after-sign-up target: the current page's `after_auth_return_to` wins. */
export const afterAuthTarget = (target: string, currentUrl: string | URL): string =>
  Option.getOrElse(readReturnTo(currentUrl), () => target)

/**
 * Applies the return-to rules for a redirect to the handler page `name` whose configured URL is
 * `target`, from `currentUrl`. With `noRedirectBack` the target is returned unchanged.
 */
export const applyReturnToRules = (
  name: HandlerName,
  target: string,
  currentUrl: string | URL,
  options: Pick<RedirectOptions, "noRedirectBack"> = {}
): string => {
  if (options.noRedirectBack === true) return target
  switch (name) {
    case "signIn":
    case "signUp":
      return signInTargetWithReturnTo(target, currentUrl)
    case "afterSignIn":
    case "afterSignUp":
      return afterAuthTarget(target, currentUrl)
    default:
      return target
  }
}

/**
 * An absolute callback URL to send to the server (email links, OAuth `redirect_uri`,
 * `error_redirect_url`): `target` resolved against the current page, with the current page's
 * `after_auth_return_to` copied onto it and the fragment removed. Without a parseable current URL
 * the target must itself be absolute; otherwise `undefined`.
 */
export const constructCallbackUrl = (target: string, currentUrl: string | URL): string | undefined => {
  const current = parse(currentUrl)
  const url = current === undefined ? parse(target) : parse(target, current)
  if (url === undefined) return undefined
  const carried = current?.searchParams.get(AFTER_AUTH_RETURN_TO) ?? null
  if (carried !== null) url.searchParams.set(AFTER_AUTH_RETURN_TO, carried)
  url.hash = ""
  return url.href
}

/** A URL without the OAuth `code` and `state` query parameters (everything else kept). */
export const stripOAuthParams = (url: string | URL): string => {
  const parsed = parse(url)
  if (parsed === undefined) return typeof url === "string" ? url : url.href
  parsed.searchParams.delete(OAUTH_CODE_PARAM)
  parsed.searchParams.delete(OAUTH_STATE_PARAM)
  return parsed.href
}

/** What the OAuth callback page reads from its address. */
export interface OAuthCallbackParams {
  readonly code: Option.Option<string>
  readonly state: Option.Option<string>
  /** The address without `code` and `state`, to put back with `history.replaceState`. */
  readonly cleanedUrl: string
}

/** Reads `code` and `state` from the callback page's URL and gives the URL without them. */
export const readOAuthCallbackParams = (url: string | URL): OAuthCallbackParams => {
  const parsed = parse(url)
  if (parsed === undefined) {
    return { code: Option.none(), state: Option.none(), cleanedUrl: typeof url === "string" ? url : url.href }
  }
  return {
    code: Option.fromNullishOr(parsed.searchParams.get(OAUTH_CODE_PARAM)),
    state: Option.fromNullishOr(parsed.searchParams.get(OAUTH_STATE_PARAM)),
    cleanedUrl: stripOAuthParams(parsed)
  }
}

/**
 * A TokenStore bound to one incoming request: the tokens a browser or another service sent along,
 * so a server handler can act as that user (and, with `requestUser`, know who it is without a single
 * API call: the access token is verified locally, see `verify-token.ts`).
 *
 * Where the tokens are read from, first source that yields a token wins (sources are never mixed,
 * so an access token and a refresh token always come from the same sender):
 *
 * 1. the `x-stack-auth` header: JSON `{"accessToken": ..., "refreshToken": ...}` (what the official
 *    SDK's `getAuthHeaders()` produces); a value that is not such JSON is ignored;
 * 2. `Authorization: Bearer stackauth_<base64 of that JSON>` (or `hexclave_`), what the official
 *    SDK's `getAuthorizationHeader()` sends;
 * 3. the `x-hexclave-access-token` / `x-hexclave-refresh-token` headers, else their `x-stack-` twins;
 * 4. the cookies the browser SDKs write, under both of the service's names:
 *    - refresh token: `[__Host-]hexclave-refresh-<projectId>--default`, `[__Host-]stack-refresh-<projectId>--default`
 *      and their `--custom-<domain>` forms (values `{"refresh_token", "updated_at_millis"}`, the
 *      newest wins), else `hexclave-refresh-<projectId>`, `stack-refresh-<projectId>`, the legacy
 *      `stack-refresh` (plain values);
 *      A `__Host-` refresh cookie (set only by the app's own host, over https) outranks all others,
 *      and with `hostOnlyCookies` nothing else is read: a sibling subdomain cannot toss one in;
 *    - access token: `__Host-hexclave-access`, `hexclave-access`, else `stack-access`, the JSON pair
 *      `[refreshToken, accessToken]`, used only when its refresh token is the one found above (the
 *      cookie is shared by every project of the domain).
 *
 * Cookie parsing never fails: pairs without `=`, empty names, bad percent-encoding and bad JSON are
 * skipped (or kept raw), and the first occurrence of a name wins (RFC 6265 §5.4 sends the most
 * specific path first).
 *
 * Writes: `set` and `clear` change the tokens of this store only, for the rest of the request (a
 * Session that refreshes the access token keeps using the new one). Nothing is written back to the
 * request or to a response: the store has no response to set cookies on. An app that wants refreshed
 * tokens persisted reads `get` (or `changes`) at the end and sets its own cookies.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import { noTokens, type UserTokens } from "../http/access.ts"
import { makeMemoryTokenStore, TokenStore } from "../session/token-store.ts"
import {
  AccessTokenVerifier,
  type VerifiedAccessToken,
  type VerifyAccessTokenError,
  type VerifyOptions
} from "./verify-token.ts"

// =============================================================================
// Inputs
// =============================================================================

/** A header value as Node (`IncomingHttpHeaders`) or a plain object holds it. */
export type HeaderValue = string | ReadonlyArray<string> | undefined

/** What a request's headers can be given as: a web `Request`, `Headers`, or a plain record. */
export type RequestHeadersInput =
  | { readonly headers: Headers }
  | Headers
  | Readonly<Record<string, HeaderValue>>

const isHeaders = (value: unknown): value is Headers => typeof Headers !== "undefined" && value instanceof Headers

/** Reads one header case-insensitively; repeated values are joined like `Headers` does. */
export const readHeader = (input: RequestHeadersInput, name: string): string | undefined => {
  const lower = name.toLowerCase()
  if (isHeaders(input)) return input.get(lower) ?? undefined
  if ("headers" in input && isHeaders(input.headers)) return input.headers.get(lower) ?? undefined
  for (const [key, value] of Object.entries(input)) {
    if (key.toLowerCase() !== lower || value === undefined) continue
    if (typeof value === "string") return value
    if (Array.isArray(value)) {
      const strings = value.filter((item): item is string => typeof item === "string")
      // Several Cookie headers join with "; ", other headers with ", ".
      return strings.join(lower === "cookie" ? "; " : ", ")
    }
  }
  return undefined
}

// =============================================================================
// Cookies
// =============================================================================

const decodeCookieValue = (raw: string): string => {
  const unquoted = raw.length >= 2 && raw.startsWith("\"") && raw.endsWith("\"") ? raw.slice(1, -1) : raw
  try {
    return decodeURIComponent(unquoted)
  } catch {
    return unquoted
  }
}

/**
 * Parses a `Cookie` header into name → value. Never throws; the first occurrence of a name wins.
 * Values are percent-decoded when they can be, and surrounding double quotes removed.
 */
export const parseCookieHeader = (header: string | undefined): ReadonlyMap<string, string> => {
  const cookies = new Map<string, string>()
  if (header === undefined) return cookies
  for (const part of header.split(";")) {
    const eq = part.indexOf("=")
    if (eq < 0) continue
    const name = part.slice(0, eq).trim()
    if (name.length === 0 || cookies.has(name)) continue
    cookies.set(name, decodeCookieValue(part.slice(eq + 1).trim()))
  }
  return cookies
}

/** `stack-refresh-<projectId>`: the 2.7-era refresh cookie and the stem of the newer ones. */
export const refreshCookieName = (projectId: string): string => `stack-refresh-${projectId}`

/** `[__Host-]stack-refresh-<projectId>--default`: the current refresh cookie (`__Host-` when Secure). */
export const defaultRefreshCookieName = (projectId: string, secure: boolean): string =>
  `${secure ? "__Host-" : ""}${refreshCookieName(projectId)}--default`

/** The legacy, project-less refresh cookie (read as a last resort). */
export const legacyRefreshCookieName = "stack-refresh"

/** The access cookie: JSON `[refreshToken, accessToken]`, shared by all projects. */
export const accessCookieName = "stack-access"

/** The service's new name for the refresh cookie stem (`hexclave-refresh-<projectId>`). */
export const hexclaveRefreshCookieName = (projectId: string): string => `hexclave-refresh-${projectId}`

/** The access cookie under the service's new name. */
export const hexclaveAccessCookieName = "hexclave-access"

const StructuredRefresh = Schema.fromJsonString(Schema.Struct({
  refresh_token: Schema.String,
  updated_at_millis: Schema.optionalKey(Schema.NullOr(Schema.Number))
}))
const decodeStructuredRefresh = Schema.decodeUnknownOption(StructuredRefresh)

const AccessPair = Schema.fromJsonString(Schema.Tuple([Schema.String, Schema.String]))
const decodeAccessPair = Schema.decodeUnknownOption(AccessPair)

/** The refresh token a cookie value holds: the structured form, or the plain token. */
const refreshFromCookie = (value: string): { readonly token: string; readonly updatedAt: number } | undefined => {
  if (value.trimStart().startsWith("{")) {
    const structured = decodeStructuredRefresh(value)
    if (Option.isNone(structured)) return undefined
    return { token: structured.value.refresh_token, updatedAt: structured.value.updated_at_millis ?? 0 }
  }
  return value.length > 0 ? { token: value, updatedAt: 0 } : undefined
}

/** The access cookie stackfx writes on https pages, where only `__Host-` cookies are trusted. */
export const hostAccessCookieName = "__Host-hexclave-access"

/**
 * The tokens in a request's cookies for `projectId` (see the module comment for the names).
 * `__Host-` cookies (only ever set by the app's own host, over https) outrank every other: when one
 * is there, no cookie another subdomain could have tossed in with `Domain=<parent>` is read.
 * `hostOnly` reads nothing else even when none is there (an app served only over https).
 */
export const tokensFromCookies = (cookies: ReadonlyMap<string, string>, projectId: string, hostOnly = false): {
  readonly accessToken: string | undefined
  readonly refreshToken: string | undefined
} => {
  const stems = [hexclaveRefreshCookieName(projectId), refreshCookieName(projectId)]
  const newest = (names: ReadonlyArray<string>) => {
    let refresh: { readonly token: string; readonly updatedAt: number } | undefined
    for (const name of names) {
      const value = cookies.get(name)
      const found = value === undefined ? undefined : refreshFromCookie(value)
      if (found !== undefined && (refresh === undefined || found.updatedAt > refresh.updatedAt)) refresh = found
    }
    return refresh
  }
  let refresh = newest([...cookies.keys()].filter((name) => stems.some((stem) => name.startsWith(`__Host-${stem}--`))))
  // Structured cookies of both names (Hexclave's first), the newest wins.
  if (refresh === undefined && !hostOnly) {
    refresh = newest(stems.flatMap((stem) => [
      `${stem}--default`,
      ...[...cookies.keys()].filter((name) => name.startsWith(`${stem}--custom-`))
    ]))
  }
  if (refresh === undefined && !hostOnly) {
    for (const name of [hexclaveRefreshCookieName(projectId), refreshCookieName(projectId), legacyRefreshCookieName]) {
      const value = cookies.get(name)
      refresh = value === undefined ? undefined : refreshFromCookie(value)
      if (refresh !== undefined) break
    }
  }
  const accessOf = (name: string) => {
    const pairValue = cookies.get(name)
    const pair = pairValue === undefined ? Option.none() : decodeAccessPair(pairValue)
    return Option.isSome(pair) && refresh !== undefined && pair.value[0] === refresh.token && pair.value[1] !== ""
      ? pair.value[1]
      : undefined
  }
  // An access pair names its refresh token, so one from any cookie is used only with the session
  // found above: a tossed pair cannot name a token its sender does not know.
  const accessToken = accessOf(hostAccessCookieName) ?? accessOf(hexclaveAccessCookieName) ?? accessOf(accessCookieName)
  return { accessToken, refreshToken: refresh?.token }
}

// =============================================================================
// Reading a request
// =============================================================================

const StackAuthHeader = Schema.fromJsonString(Schema.Struct({
  accessToken: Schema.optionalKey(Schema.NullOr(Schema.String)),
  refreshToken: Schema.optionalKey(Schema.NullOr(Schema.String))
}))
const decodeStackAuthHeader = Schema.decodeUnknownOption(StackAuthHeader)

/** A usable token: present, non-empty and not the text `undefined`. */
const usable = (value: string | null | undefined): Option.Option<Redacted.Redacted<string>> => {
  const trimmed = value?.trim()
  return trimmed === undefined || trimmed.length === 0 || trimmed === "undefined"
    ? Option.none()
    : Option.some(Redacted.make(trimmed))
}

const tokensOf = (accessToken: string | null | undefined, refreshToken: string | null | undefined): UserTokens => ({
  accessToken: usable(accessToken),
  refreshToken: usable(refreshToken)
})

const hasAny = (tokens: UserTokens): boolean => Option.isSome(tokens.accessToken) || Option.isSome(tokens.refreshToken)

/** Which part of the request the tokens came from. */
export type TokenSource = "x-stack-auth" | "authorization" | "headers" | "cookies" | "none"

/**
 * The tokens of an `Authorization: Bearer stackauth_<base64url JSON>` header (`hexclave_` is the
 * service's new prefix), what the official SDK's `getAuthorizationHeader()` sends; other bearer
 * tokens are not ours and are ignored.
 */
const bearerAuthJson = (header: string | undefined) => {
  const match = /^Bearer\s+(?:stackauth|hexclave)_([A-Za-z0-9_\-+/=]+)$/i.exec(header?.trim() ?? "")
  if (match === null) return undefined
  const text = decodeBase64Text(match[1] ?? "")
  if (text === undefined) return undefined
  const decoded = decodeStackAuthHeader(text)
  return Option.isSome(decoded) ? decoded.value : undefined
}

/** base64 or base64url to UTF-8 text; `undefined` when it is neither. */
const decodeBase64Text = (encoded: string): string | undefined => {
  try {
    const binary = atob(encoded.replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "").padEnd(Math.ceil(encoded.replace(/=+$/, "").length / 4) * 4, "="))
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)))
  } catch {
    return undefined
  }
}

/** Which project's tokens a request is read for, and how. */
export interface RequestTokenOptions {
  readonly projectId: string
  /**
   * Read only `__Host-` session cookies (what stackfx's browser store writes on https pages): set
   * it when the app is served only over https, so a cookie tossed in by a sibling subdomain is
   * never read, even from a visitor who has no session of their own. Default: `__Host-` cookies
   * win when present, others are read otherwise (http development, older SDKs).
   */
  readonly hostOnlyCookies?: boolean | undefined
}

/** Reads a request's tokens for `projectId` (see the module comment for the order). */
export const readRequestTokens = (
  request: RequestHeadersInput,
  options: RequestTokenOptions
): { readonly tokens: UserTokens; readonly source: TokenSource } => {
  const authHeader = readHeader(request, "x-stack-auth")
  if (authHeader !== undefined) {
    const decoded = decodeStackAuthHeader(authHeader)
    if (Option.isSome(decoded)) {
      const tokens = tokensOf(decoded.value.accessToken, decoded.value.refreshToken)
      if (hasAny(tokens)) return { tokens, source: "x-stack-auth" }
    }
  }
  const bearer = bearerAuthJson(readHeader(request, "authorization"))
  if (bearer !== undefined) {
    const tokens = tokensOf(bearer.accessToken, bearer.refreshToken)
    if (hasAny(tokens)) return { tokens, source: "authorization" }
  }
  const fromHeaders = tokensOf(
    readHeader(request, "x-hexclave-access-token") ?? readHeader(request, "x-stack-access-token"),
    readHeader(request, "x-hexclave-refresh-token") ?? readHeader(request, "x-stack-refresh-token")
  )
  if (hasAny(fromHeaders)) return { tokens: fromHeaders, source: "headers" }
  const fromCookies = tokensFromCookies(parseCookieHeader(readHeader(request, "cookie")), options.projectId, options.hostOnlyCookies)
  const cookieTokens = tokensOf(fromCookies.accessToken, fromCookies.refreshToken)
  if (hasAny(cookieTokens)) return { tokens: cookieTokens, source: "cookies" }
  return { tokens: noTokens, source: "none" }
}

// =============================================================================
// The store
// =============================================================================

/** A TokenStore holding `request`'s tokens; writes stay in the store (see the module comment). */
export const makeRequestTokenStore = (
  request: RequestHeadersInput,
  options: RequestTokenOptions
): Effect.Effect<TokenStore["Service"]> => makeMemoryTokenStore(readRequestTokens(request, options).tokens)

/** The request-bound TokenStore as a Layer (build one per request). */
export const layerRequestTokenStore = (
  request: RequestHeadersInput,
  options: RequestTokenOptions
): Layer.Layer<TokenStore> => Layer.effect(TokenStore, makeRequestTokenStore(request, options))

/**
 * The user of the current TokenStore's access token, verified locally (no API request once the
 * verifier has the project's keys). `None` when there is no access token; a token that does not
 * verify (expired included: the caller may refresh through a Session) fails with its error.
 */
export const requestUser = (
  options?: VerifyOptions
): Effect.Effect<Option.Option<VerifiedAccessToken>, VerifyAccessTokenError, TokenStore | AccessTokenVerifier> =>
  Effect.gen(function*() {
    const store = yield* TokenStore
    const verifier = yield* AccessTokenVerifier
    const tokens = yield* store.get
    if (Option.isNone(tokens.accessToken)) return Option.none()
    return Option.some(yield* verifier.verify(tokens.accessToken.value, options))
  })

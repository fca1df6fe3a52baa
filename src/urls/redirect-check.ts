/**
 * The trusted-redirect check: a redirect may go only to a relative URL, or to an absolute
 * URL on the current origin. Anything else fails with
 * `Redirect URL <url> is not trusted; should be relative.`
 *
 * The check is deliberately stricter than "the WHATWG parser resolves it to the same origin": a
 * string is refused whenever a browser, a server or a naive parser could read it differently
 * (backslashes, control characters, surrounding whitespace, invisible characters, percent-encoded
 * slashes at the start of the path, user info, an authority that is not written exactly as the
 * current host, a scheme without `//`, ...). What is checked is what is navigated to: callers use the
 * returned, resolved URL, never the raw string.
 *
 * Absolute URLs: `https:` on the current host. `http:` only when the current page itself is `http:`
 * on that origin (local development), so a downgrade from an `https:` page is always refused, and
 * so is an upgrade (a different origin).
 *
 * Trusted domains (`trustedDomains`, the project's `domains.trustedDomains` base URLs): an absolute
 * URL on one of them is accepted too, matched by the rules the service (and the emulator) apply
 * (`trusted-domain.ts`: exact base URLs with their ports, `*.example.com` for one label,
 * `**.example.com` for any, a pattern without a port only on the default port). Its authority must
 * be written plainly: ASCII letters, digits, dots and hyphens and an optional port, no user info,
 * no percent-escapes (`%2e`), no non-ASCII characters (IDN lookalikes, fullwidth dots), no empty
 * label and no trailing dot; what the URL parser reads must be exactly what is written.
 */
import * as Effect from "effect/Effect"
import * as Data from "effect/Data"
import { matchesTrustedDomain } from "./trusted-domain.ts"

// ---------------------------------------------------------------------------------------------
// Error

/** A redirect target that is not a relative URL or a URL on the current origin. */
export class UntrustedRedirectUrl extends Data.TaggedError("UntrustedRedirectUrl")<{
  /** The target exactly as it was given. */
  readonly url: string
}> {
  override get message(): string {
    return untrustedRedirectMessage(this.url)
  }
}

/** The message of {@link UntrustedRedirectUrl}, as the official SDK words it. */
export const untrustedRedirectMessage = (url: string): string =>
  `Redirect URL ${url} is not trusted; should be relative.`

// ---------------------------------------------------------------------------------------------
// Character and shape rules

/** C0 controls, DEL and C1 controls: browsers strip or mangle them (tab and newline are removed). */
const controlCharacters = /[\u0000-\u001F\u007F-\u009F]/

/** Zero-width, joiner, bidi-override and BOM characters: invisible, so the string reads as something else. */
const invisibleCharacters = /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFFF]/

/** Any whitespace (ASCII and Unicode) at either end: the WHATWG parser trims some of it, others do not. */
const surroundingWhitespace = /^\s|\s$/

/** A scheme at the very start (`https:`, `javascript:`, `data:` ...). */
const leadingScheme = /^[A-Za-z][A-Za-z0-9+.-]*:/

/** Two slashes or backslashes in a row at the start: a network-path reference in some parser. */
const leadingAuthority = /^[/\\]{2}/

/** An absolute URL written the only way we accept: `http(s)://authority` (any case), capturing the authority. */
const absoluteForm = /^(https?):\/\/([^/?#]*)/i

const maxDecodingRounds = 6

/** Decodes only ASCII percent-escapes (`%00`–`%7F`); never throws, never produces UTF-8 artefacts. */
const decodeAsciiEscapes = (text: string): string =>
  text.replace(/%([0-7][0-9A-Fa-f])/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))

/** Full UTF-8 percent-decoding where the text allows it. */
const decodeUtf8 = (text: string): string => {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/**
 * The readings of a path another component might see: the text itself, its percent-decodings
 * (repeatedly, to catch double encoding) and the NFKC normal form of each (fullwidth `／` becomes `/`).
 */
const pathReadings = (path: string): ReadonlyArray<string> => {
  const readings = new Set<string>()
  let ascii = path
  let utf8 = path
  for (let round = 0; round < maxDecodingRounds; round++) {
    readings.add(ascii)
    readings.add(utf8)
    const nextAscii = decodeAsciiEscapes(ascii)
    const nextUtf8 = decodeUtf8(utf8)
    if (nextAscii === ascii && nextUtf8 === utf8) break
    ascii = nextAscii
    utf8 = nextUtf8
  }
  readings.add(ascii)
  readings.add(utf8)
  for (const reading of [...readings]) readings.add(reading.normalize("NFKC"))
  return [...readings]
}

/** True when a reading of the path could leave the origin or be mangled on the way. */
const isDangerousPath = (path: string, options: { readonly relative: boolean }): boolean =>
  pathReadings(path).some((reading) =>
    leadingAuthority.test(reading) ||
    reading.startsWith("\\") ||
    reading.includes("\\") ||
    controlCharacters.test(reading) ||
    invisibleCharacters.test(reading) ||
    // an encoded scheme (`javascript%3A...`) in a relative reference becomes a real one once decoded
    (options.relative && reading !== path && leadingScheme.test(reading))
  )

/** The part of a URL string before its query and fragment. */
const pathPart = (text: string): string => {
  const end = text.search(/[?#]/)
  return end === -1 ? text : text.slice(0, end)
}

const defaultPorts: Readonly<Record<string, string>> = { "http:": "80", "https:": "443" }

const parseUrl = (text: string | URL, base?: URL): URL | undefined => {
  try {
    return base === undefined ? new URL(text) : new URL(text, base)
  } catch {
    return undefined
  }
}

/** A plainly written authority: lower-case-insensitive ASCII labels joined by single dots, then an optional port. */
const plainAuthority = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::[0-9]{1,5})?$/

/**
 * Whether `resolved` (parsed from an absolute target whose authority was written as `authority`)
 * is on one of `trustedDomains`: the authority plain and read back unchanged, then the service's
 * exact/wildcard rules.
 */
const isOnTrustedDomain = (resolved: URL, authority: string, trustedDomains: ReadonlyArray<string>): boolean => {
  if (!plainAuthority.test(authority)) return false
  const readBack = resolved.port === "" ? resolved.hostname : `${resolved.hostname}:${resolved.port}`
  const writtenDefault = `${resolved.hostname}:${defaultPorts[resolved.protocol] ?? ""}`
  if (authority !== readBack && authority !== writtenDefault) return false
  return trustedDomains.some((domain) => matchesTrustedDomain(resolved, domain))
}

/** Options of the redirect check. */
export interface RedirectCheckOptions {
  /** Base URLs or wildcard patterns (`https://*.example.com`) of other origins a redirect may go to. */
  readonly trustedDomains?: ReadonlyArray<string> | undefined
}

// ---------------------------------------------------------------------------------------------
// The check

/**
 * Resolves `target` against `currentUrl` if it is a trusted redirect, else `undefined`.
 * A pure version of {@link checkRedirectUrl}.
 */
export const resolveTrustedRedirectUrl = (
  target: string,
  currentUrl: string | URL,
  options: RedirectCheckOptions = {}
): URL | undefined => {
  const current = parseUrl(currentUrl)
  if (current === undefined) return undefined
  if (current.protocol !== "https:" && current.protocol !== "http:") return undefined
  if (current.origin === "null") return undefined

  if (
    controlCharacters.test(target) ||
    invisibleCharacters.test(target) ||
    surroundingWhitespace.test(target) ||
    target.includes("\\")
  ) return undefined

  let resolved: URL | undefined
  if (leadingScheme.test(target)) {
    // Absolute: `http(s)://` then an authority written exactly as the current host.
    const match = absoluteForm.exec(target)
    if (match === null) return undefined
    const authority = (match[2] ?? "").toLowerCase()
    const explicitDefault = `${current.hostname}:${defaultPorts[current.protocol] ?? ""}`
    const onCurrentHost = authority === current.host || authority === explicitDefault
    const trustedDomains = options.trustedDomains ?? []
    if (!onCurrentHost && trustedDomains.length === 0) return undefined
    resolved = parseUrl(target)
    if (resolved === undefined) return undefined
    if (resolved.username !== "" || resolved.password !== "") return undefined
    if (isDangerousPath(pathPart(target.slice(match[0].length)), { relative: false })) return undefined
    if (!onCurrentHost) {
      // Another origin: only a plainly written one of the trusted domains.
      if (!isOnTrustedDomain(resolved, authority, trustedDomains)) return undefined
      if (isDangerousPath(resolved.pathname, { relative: false })) return undefined
      return resolved
    }
  } else {
    if (isDangerousPath(pathPart(target), { relative: true })) return undefined
    resolved = parseUrl(target, current)
    if (resolved === undefined) return undefined
  }

  if (resolved.origin !== current.origin) return undefined
  // After dot-segment removal (`/.//x`, `/%2e//x`) the path must still not read as an authority.
  if (isDangerousPath(resolved.pathname, { relative: false })) return undefined
  return resolved
}

/** True when `target` is a trusted redirect from `currentUrl`. */
export const isTrustedRedirectUrl = (target: string, currentUrl: string | URL, options: RedirectCheckOptions = {}): boolean =>
  resolveTrustedRedirectUrl(target, currentUrl, options) !== undefined

/**
 * Succeeds with `target` resolved against `currentUrl` when it is a relative URL, an absolute URL
 * on the current origin, or one on a trusted domain of `options`; fails with {@link UntrustedRedirectUrl} otherwise. Navigate to the
 * returned URL, not to the raw string.
 */
export const checkRedirectUrl = (
  target: string,
  currentUrl: string | URL,
  options: RedirectCheckOptions = {}
): Effect.Effect<URL, UntrustedRedirectUrl> =>
  Effect.suspend(() => {
    const resolved = resolveTrustedRedirectUrl(target, currentUrl, options)
    return resolved === undefined
      ? Effect.fail(new UntrustedRedirectUrl({ url: target }))
      : Effect.succeed(resolved)
  })

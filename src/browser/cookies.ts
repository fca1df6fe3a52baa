/**
 * The browser's cookie jar as a service (`document.cookie` by default), so the cookie token store and
 * the OAuth verifier can be tested without a browser.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"

/** Reading and writing cookies. */
export interface CookieJarService {
  /** The `name=value; ...` string, like `document.cookie`. */
  readonly read: Effect.Effect<string>
  /** Writes one `Set-Cookie`-style assignment, like `document.cookie = ...`. */
  readonly write: (assignment: string) => Effect.Effect<void>
}

/** The cookie jar in use. */
export class CookieJar extends Context.Service<CookieJar, CookieJarService>()("stackfx/CookieJar") {}

/** The value of cookie `name` in a `document.cookie` string. */
export const cookieValue = (cookies: string, name: string): string | undefined => {
  for (const part of cookies.split(";")) {
    const index = part.indexOf("=")
    if (index > 0 && part.slice(0, index).trim() === name) {
      const raw = part.slice(index + 1).trim()
      try {
        return decodeURIComponent(raw)
      } catch {
        return raw
      }
    }
  }
  return undefined
}

/** Options of a cookie write. */
export interface CookieOptions {
  readonly maxAgeSeconds?: number | undefined
  readonly secure?: boolean | undefined
  readonly sameSite?: "strict" | "lax" | "none" | undefined
  /** Chromium's `Priority` attribute: which cookies go last when a site holds too many. */
  readonly priority?: "low" | "medium" | "high" | undefined
  readonly path?: string | undefined
}

const capitalized = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`

/** `name=value; Path=/; Max-Age=...` (value URI-encoded). */
export const cookieAssignment = (name: string, value: string, options: CookieOptions = {}): string =>
  [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${options.path ?? "/"}`,
    ...(options.maxAgeSeconds === undefined ? [] : [`Max-Age=${options.maxAgeSeconds}`]),
    ...(options.sameSite === undefined ? [] : [`SameSite=${capitalized(options.sameSite)}`]),
    ...(options.priority === undefined ? [] : [`Priority=${capitalized(options.priority)}`]),
    // SameSite=None is only kept by browsers on a Secure cookie.
    ...(options.secure === true || options.sameSite === "none" ? ["Secure"] : [])
  ].join("; ")

/** Every cookie name in a `document.cookie` string, in order. */
export const cookieNames = (cookies: string): ReadonlyArray<string> =>
  cookies.split(";").flatMap((part) => {
    const index = part.indexOf("=")
    return index > 0 ? [part.slice(0, index).trim()] : []
  })

/** True when the page is served over https (cookies should then be `Secure`). */
export const pageIsSecure = (): boolean => globalThis.location?.protocol === "https:"

/** An assignment that deletes cookie `name` (one set for `domain`, when given). */
export const cookieDeletion = (name: string, path = "/", domain?: string): string =>
  `${name}=; Path=${path}; Max-Age=0${domain === undefined ? "" : `; Domain=${domain}`}`

/**
 * The parent domains of the page's host (`a.b.example.com`: `b.example.com`, `example.com`), where
 * another subdomain could have set a cookie this page receives. None for an IP address or localhost.
 */
export const parentDomains = (): ReadonlyArray<string> => {
  const host = globalThis.location?.hostname ?? ""
  if (!host.includes(".") || /^[\d.]+$/.test(host) || host.startsWith("[")) return []
  const labels = host.split(".")
  return labels.slice(1, -1).map((_, index) => labels.slice(index + 1).join("."))
}

/** The real `document.cookie` (browsers only). */
export const layerDocumentCookieJar: Layer.Layer<CookieJar> = Layer.succeed(CookieJar, CookieJar.of({
  read: Effect.sync(() => globalThis.document?.cookie ?? ""),
  write: (assignment) =>
    Effect.sync(() => {
      if (globalThis.document !== undefined) globalThis.document.cookie = assignment
    })
}))

/**
 * An in-memory jar that honours `Max-Age=0` deletions (tests, server-side rendering), holding at
 * first the cookies of `initial` (a request's `Cookie` header; the first of a name wins).
 */
export const makeMemoryCookieJar = (initial = ""): CookieJarService => {
  const jar = new Map<string, string>()
  for (const part of initial.split(";")) {
    const index = part.indexOf("=")
    const name = part.slice(0, index).trim()
    if (index > 0 && name !== "" && !jar.has(name)) jar.set(name, part.slice(index + 1).trim())
  }
  return {
    read: Effect.sync(() => [...jar.entries()].map(([name, value]) => `${name}=${value}`).join("; ")),
    write: (assignment) =>
      Effect.sync(() => {
        const [pair = "", ...attributes] = assignment.split(";").map((s) => s.trim())
        const index = pair.indexOf("=")
        const name = pair.slice(0, index)
        if (attributes.some((a) => a.toLowerCase() === "max-age=0")) jar.delete(name)
        else jar.set(name, pair.slice(index + 1))
      })
  }
}

/**
 * A TokenStore in the browser's cookies, compatible with every version of the official SDK, under
 * both of the service's names (Stack Auth and Hexclave):
 *
 * - refresh token: written as `stack-refresh-<projectId>` (plain, read by every official version)
 *   and `hexclave-refresh-<projectId>--default` (`__Host-` prefixed on https; JSON
 *   `{"refresh_token","updated_at_millis"}`, what the current official SDK prefers), 1 year. Read
 *   from the newest `hexclave-refresh-<projectId>--*` cookie, else the plain `hexclave-refresh-` /
 *   `stack-refresh-<projectId>` / legacy `stack-refresh`, else the newest `stack-refresh-<projectId>--*`.
 *   Any other refresh cookie of the project is deleted on write, so a stale one never wins later.
 * - access token: `hexclave-access` and `stack-access` hold `[refreshToken, accessToken]` (1 day),
 *   accepted only when it belongs to the refresh token found.
 * - On https pages only `__Host-` cookies are read and written (`__Host-hexclave-refresh-<projectId>--default`,
 *   `__Host-hexclave-access`): a browser keeps a `__Host-` cookie only from this very host, so a page
 *   on a sibling subdomain cannot toss in a session with `Domain=<parent>`. Other session cookies of
 *   the project are deleted on every write, for this host and each parent domain.
 *
 * Cookies are `SameSite=Lax` and, on https pages, `Secure` by default. Other tabs hear of a write at
 * once through a `BroadcastChannel` (where there is one), and notice any other change (the official
 * SDK's tabs, an expired cookie) by polling the cookies every 100 ms, for as long as the layer lives.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Data from "effect/Data"
import { projectIdPattern } from "../client/options-check.ts"
import { noTokens, type UserTokens } from "../http/access.ts"
import { TokenStore } from "../session/token-store.ts"
import {
  CookieJar,
  cookieAssignment,
  cookieDeletion,
  cookieNames,
  type CookieOptions,
  cookieValue,
  pageIsSecure,
  parentDomains
} from "./cookies.ts"

/** Cookie lifetimes of the official SDK. */
export const refreshCookieMaxAgeSeconds = 31_536_000
export const accessCookieMaxAgeSeconds = 86_400
/** How often other tabs' changes are looked for. */
export const cookiePollMillis = 100

/** A project id that cannot be part of a cookie name: nothing was stored. */
export class InvalidProjectId extends Data.TaggedError("InvalidProjectId")<{
  readonly projectId: string
  readonly message: string
}> {}


/** Checks that `projectId` can name cookies. */
export const validateProjectId = (projectId: string): Effect.Effect<string, InvalidProjectId> =>
  projectIdPattern.test(projectId)
    ? Effect.succeed(projectId)
    : Effect.fail(new InvalidProjectId({
      projectId,
      message: `The projectId option must be the project's id (letters, digits, "-" and "_"), got ${JSON.stringify(projectId)}`
    }))

/** `text` parsed as JSON, or `undefined` when it is not JSON (cookies hold what any page wrote). */
const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The `[refreshToken, accessToken]` pair of an access cookie, or `undefined` when it is not one. */
const accessPairOf = (text: string): readonly [string, string] | undefined => {
  const value = parseJson(text)
  if (!Array.isArray(value) || value.length !== 2) return undefined
  const [refresh, access]: ReadonlyArray<unknown> = value
  return typeof refresh === "string" && typeof access === "string" ? [refresh, access] : undefined
}

/** A structured refresh cookie (`{"refresh_token","updated_at_millis"}`), or `undefined` when it is not one. */
const structuredRefreshOf = (
  text: string
): { readonly refresh_token: string; readonly updated_at_millis: number | null | undefined } | undefined => {
  const value = parseJson(text)
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined
  const refresh = "refresh_token" in value ? value.refresh_token : undefined
  const at = "updated_at_millis" in value ? value.updated_at_millis : undefined
  if (typeof refresh !== "string") return undefined
  return at === undefined || at === null || typeof at === "number" ? { refresh_token: refresh, updated_at_millis: at } : undefined
}

/** The names of a project's cookies (both families). */
export const tokenCookieNames = (projectId: string) => ({
  /** Plain refresh token, read by every version of the official SDK. */
  refresh: `stack-refresh-${projectId}`,
  /** Plain refresh token under the new name. */
  hexclaveRefresh: `hexclave-refresh-${projectId}`,
  /** The structured refresh cookie the current official SDK writes (`__Host-` on https). */
  hexclaveRefreshDefault: (secure: boolean) => `${secure ? "__Host-" : ""}hexclave-refresh-${projectId}--default`,
  legacyRefresh: "stack-refresh",
  access: "stack-access",
  hexclaveAccess: "hexclave-access",
  /** The access cookie on https pages, where only `__Host-` cookies are trusted. */
  hostAccess: "__Host-hexclave-access"
})

const structuredPrefixes = (base: string) => [`${base}--`, `__Host-${base}--`]

/** The refresh token of the newest structured cookie whose name starts with one of `prefixes`. */
const newestStructured = (cookies: string, prefixes: ReadonlyArray<string>): string | undefined => {
  let newest: { readonly token: string; readonly at: number } | undefined
  for (const name of cookieNames(cookies)) {
    if (!prefixes.some((prefix) => name.startsWith(prefix))) continue
    const parsed = structuredRefreshOf(cookieValue(cookies, name) ?? "")
    if (parsed === undefined) continue
    const at = parsed.updated_at_millis ?? Number.NEGATIVE_INFINITY
    if (newest === undefined || at > newest.at) newest = { token: parsed.refresh_token, at }
  }
  return newest?.token
}

const nonEmpty = (value: string | undefined) => (value === undefined || value === "" ? undefined : value)

/**
 * The refresh token the cookies hold, in the official SDK's order of preference. `hostOnly` (https
 * pages) trusts only `__Host-` cookies: a browser keeps such a cookie only when this very host set
 * it, so a sibling subdomain cannot toss one in with `Domain=<parent>` and fix the session.
 */
const readRefreshToken = (cookies: string, projectId: string, hostOnly: boolean): string | undefined => {
  const names = tokenCookieNames(projectId)
  if (hostOnly) return newestStructured(cookies, [`__Host-${names.hexclaveRefresh}--`, `__Host-${names.refresh}--`])
  return newestStructured(cookies, structuredPrefixes(names.hexclaveRefresh)) ??
    nonEmpty(cookieValue(cookies, names.hexclaveRefresh)) ??
    nonEmpty(cookieValue(cookies, names.refresh)) ??
    nonEmpty(cookieValue(cookies, names.legacyRefresh)) ??
    newestStructured(cookies, structuredPrefixes(names.refresh))
}

/** The tokens the cookies hold (`hostOnly`: only `__Host-` cookies, what https pages trust). */
export const readTokenCookies = (cookies: string, projectId: string, hostOnly = false): UserTokens => {
  const names = tokenCookieNames(projectId)
  const refresh = readRefreshToken(cookies, projectId, hostOnly)
  if (refresh === undefined) return noTokens
  const accessOf = (name: string): string | undefined => {
    const pair = accessPairOf(cookieValue(cookies, name) ?? "")
    return pair !== undefined && pair[0] === refresh ? pair[1] : undefined
  }
  // A pair names its refresh token, so any cookie's pair is safe to use with the session found.
  const access = accessOf(names.hostAccess) ?? accessOf(names.hexclaveAccess) ?? accessOf(names.access)
  return {
    refreshToken: Option.some(Redacted.make(refresh)),
    accessToken: access === undefined ? Option.none() : Option.some(Redacted.make(access))
  }
}

/** Every session cookie of the project present in `cookies` (both families, every form, access too). */
const sessionCookiesPresent = (cookies: string, projectId: string): ReadonlyArray<string> => {
  const names = tokenCookieNames(projectId)
  const exact = new Set([
    names.refresh,
    names.hexclaveRefresh,
    names.legacyRefresh,
    names.access,
    names.hexclaveAccess,
    names.hostAccess
  ])
  const prefixes = [...structuredPrefixes(names.refresh), ...structuredPrefixes(names.hexclaveRefresh)]
  return cookieNames(cookies).filter((name) => exact.has(name) || prefixes.some((prefix) => name.startsWith(prefix)))
}

const plain = (tokens: UserTokens) => ({
  refresh: Option.getOrUndefined(Option.map(tokens.refreshToken, Redacted.value)),
  access: Option.getOrUndefined(Option.map(tokens.accessToken, Redacted.value))
})

/** How the token cookies are written. */
export interface CookieTokenStoreOptions {
  /** Default: `true` on https pages. */
  readonly secure?: boolean | undefined
  /** Default `"lax"`: sent on top-level navigations back from a provider, not on cross-site requests. */
  readonly sameSite?: "strict" | "lax" | "none" | undefined
  /** Chromium's cookie priority; unset by default. */
  readonly priority?: CookieOptions["priority"]
  /** How often the cookies are compared for other tabs' changes (default 100 ms). */
  readonly pollMillis?: number | undefined
  /**
   * Whether to follow other tabs' changes (default true). A server writing one request's cookies
   * (Next.js middleware, a server action) has no other tabs: no poll, no channel.
   */
  readonly watchOtherTabs?: boolean | undefined
}

/** The channel tabs announce their token writes on. */
export const tokenChannelName = (projectId: string) => `stackfx-tokens-${projectId}`

/** A cookie TokenStore for `projectId` over the CookieJar in context; polls while the scope lives. */
export const makeCookieTokenStore = (projectId: string, options: CookieTokenStoreOptions = {}) =>
  Effect.gen(function*() {
    yield* validateProjectId(projectId)
    const jar = yield* CookieJar
    const names = tokenCookieNames(projectId)
    const secure = options.secure ?? pageIsSecure()
    const attributes: CookieOptions = { secure, sameSite: options.sameSite ?? "lax", priority: options.priority }
    const defaultRefreshName = names.hexclaveRefreshDefault(secure)
    const listeners = new Set<(tokens: UserTokens) => void>()
    let seen = yield* jar.read

    const get = Effect.map(jar.read, (cookies) => readTokenCookies(cookies, projectId, secure))
    const notify = (tokens: UserTokens) => {
      for (const listener of listeners) listener(tokens)
    }
    // On https only `__Host-` cookies are written (and read); plain pages keep both families.
    const refreshNames = secure ? [defaultRefreshName] : [names.refresh, defaultRefreshName]
    const accessNames = secure ? [names.hostAccess] : [names.hexclaveAccess, names.access]
    const set = (tokens: UserTokens) =>
      Effect.gen(function*() {
        const { access, refresh } = plain(tokens)
        const kept = new Set(refresh === undefined ? [] : access === undefined ? refreshNames : [...refreshNames, ...accessNames])
        for (const name of sessionCookiesPresent(yield* jar.read, projectId)) {
          if (kept.has(name)) continue
          yield* jar.write(cookieDeletion(name))
          // A cookie tossed in by a sibling subdomain (`Domain=<parent>`) is deleted only by naming
          // its domain: try each parent of this host, so it does not outlive a sign-in or sign-out.
          for (const domain of parentDomains()) yield* jar.write(cookieDeletion(name, "/", domain))
        }
        if (refresh !== undefined) {
          const refreshAttributes = { ...attributes, maxAgeSeconds: refreshCookieMaxAgeSeconds }
          const updatedAt = yield* Clock.currentTimeMillis
          if (!secure) yield* jar.write(cookieAssignment(names.refresh, refresh, refreshAttributes))
          yield* jar.write(cookieAssignment(
            defaultRefreshName,
            JSON.stringify({ refresh_token: refresh, updated_at_millis: updatedAt }),
            refreshAttributes
          ))
          if (access !== undefined) {
            for (const name of accessNames) {
              yield* jar.write(cookieAssignment(name, JSON.stringify([refresh, access]), { ...attributes, maxAgeSeconds: accessCookieMaxAgeSeconds }))
            }
          }
        }
        seen = yield* jar.read
        notify(tokens)
        yield* announce
      })

    // Another tab may sign in or out: compare the cookies, on its message or every 100 ms.
    const compare = Effect.gen(function*() {
      const now = yield* jar.read
      if (now !== seen) {
        seen = now
        notify(readTokenCookies(now, projectId, secure))
      }
    })
    const watch = options.watchOtherTabs ?? true
    const channel = yield* Effect.acquireRelease(
      Effect.sync(() => {
        if (!watch || typeof BroadcastChannel === "undefined") return undefined
        const opened = new BroadcastChannel(tokenChannelName(projectId))
        opened.onmessage = () => Effect.runFork(compare)
        return opened
      }),
      (opened) => Effect.sync(() => opened?.close())
    )
    const announce = Effect.sync(() => channel?.postMessage("tokens"))
    const pollMillis = options.pollMillis ?? cookiePollMillis
    // A plain loop, not `Effect.repeat(Schedule.spaced(...))`, forked and interrupted with the layer
    // like `forkScoped` would: the same waits without that code in every browser app's first load.
    if (watch) {
      yield* Effect.acquireRelease(
        Effect.forkDetach(Effect.gen(function*() {
          while (true) {
            yield* compare
            yield* Effect.sleep(pollMillis)
          }
        })),
        Fiber.interrupt
      )
    }

    return TokenStore.of({
      get,
      set,
      clear: set(noTokens),
      subscribe: (listener) =>
        Effect.sync(() => {
          listeners.add(listener)
          return Effect.sync(() => {
            listeners.delete(listener)
          })
        })
    })
  })

/**
 * The cookie TokenStore as a layer (needs a CookieJar: `layerDocumentCookieJar` in browsers). A
 * project id that cannot name a cookie fails the layer with `InvalidProjectId`.
 */
export const layerCookieTokenStore = (projectId: string, options: CookieTokenStoreOptions = {}) =>
  Layer.effect(TokenStore, makeCookieTokenStore(projectId, options))

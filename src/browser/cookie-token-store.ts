/**
 * A TokenStore in the browser's cookies, compatible with the official SDK's (SDK-SURFACE §3.3): the
 * refresh token in `stack-refresh-<projectId>` (1 year; the legacy `stack-refresh` is read, then
 * deleted), the access token in `stack-access` as `[refreshToken, accessToken]` (1 day), accepted
 * only when it belongs to the current refresh token. Other tabs' writes are noticed by polling the
 * cookies every 100 ms (SPEC.md §9) for as long as the layer lives.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Schedule from "effect/Schedule"
import * as Schema from "effect/Schema"
import { noTokens, type UserTokens } from "../http/access.ts"
import { TokenStore } from "../session/token-store.ts"
import { CookieJar, cookieAssignment, cookieDeletion, type CookieOptions, cookieValue } from "./cookies.ts"

/** Cookie lifetimes of the official SDK. */
export const refreshCookieMaxAgeSeconds = 31_536_000
export const accessCookieMaxAgeSeconds = 86_400
/** How often other tabs' changes are looked for. */
export const cookiePollMillis = 100

const AccessPair = Schema.fromJsonString(Schema.Tuple([Schema.String, Schema.String]))

/** The names of a project's cookies. */
export const tokenCookieNames = (projectId: string) => ({
  refresh: `stack-refresh-${projectId}`,
  legacyRefresh: "stack-refresh",
  access: "stack-access"
})

/** The tokens the cookies hold. */
export const readTokenCookies = (cookies: string, projectId: string): UserTokens => {
  const names = tokenCookieNames(projectId)
  const refresh = cookieValue(cookies, names.refresh) ?? cookieValue(cookies, names.legacyRefresh)
  if (refresh === undefined || refresh === "") return noTokens
  const pair = Schema.decodeUnknownOption(AccessPair)(cookieValue(cookies, names.access) ?? "")
  const access = Option.filter(pair, ([owner]) => owner === refresh)
  return {
    refreshToken: Option.some(Redacted.make(refresh)),
    accessToken: Option.map(access, ([, token]) => Redacted.make(token))
  }
}

const plain = (tokens: UserTokens) => ({
  refresh: Option.getOrUndefined(Option.map(tokens.refreshToken, Redacted.value)),
  access: Option.getOrUndefined(Option.map(tokens.accessToken, Redacted.value))
})

/** A cookie TokenStore for `projectId` over the CookieJar in context; polls while the scope lives. */
export const makeCookieTokenStore = (projectId: string, options: Pick<CookieOptions, "secure" | "sameSite"> = {}) =>
  Effect.gen(function*() {
    const jar = yield* CookieJar
    const names = tokenCookieNames(projectId)
    const listeners = new Set<(tokens: UserTokens) => void>()
    let seen = yield* jar.read

    const get = Effect.map(jar.read, (cookies) => readTokenCookies(cookies, projectId))
    const notify = (tokens: UserTokens) => {
      for (const listener of listeners) listener(tokens)
    }
    const set = (tokens: UserTokens) =>
      Effect.gen(function*() {
        const { access, refresh } = plain(tokens)
        yield* refresh === undefined
          ? jar.write(cookieDeletion(names.refresh))
          : jar.write(cookieAssignment(names.refresh, refresh, { ...options, maxAgeSeconds: refreshCookieMaxAgeSeconds }))
        yield* access === undefined || refresh === undefined
          ? jar.write(cookieDeletion(names.access))
          : jar.write(cookieAssignment(names.access, JSON.stringify([refresh, access]), { ...options, maxAgeSeconds: accessCookieMaxAgeSeconds }))
        yield* jar.write(cookieDeletion(names.legacyRefresh))
        seen = yield* jar.read
        notify(tokens)
      })

    // Another tab may sign in or out: compare the cookies every 100 ms and tell the listeners.
    yield* Effect.forkScoped(
      Effect.gen(function*() {
        const now = yield* jar.read
        if (now !== seen) {
          seen = now
          notify(readTokenCookies(now, projectId))
        }
      }).pipe(Effect.repeat(Schedule.spaced(cookiePollMillis)))
    )

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

/** The cookie TokenStore as a layer (needs a CookieJar: `layerDocumentCookieJar` in browsers). */
export const layerCookieTokenStore = (projectId: string, options: Pick<CookieOptions, "secure" | "sameSite"> = {}) =>
  Layer.effect(TokenStore, makeCookieTokenStore(projectId, options))

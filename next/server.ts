/**
 * `stackfx/next` on the server: the signed-in user, the project and the user's teams for server
 * components, server actions and route handlers, as effects (typed errors) and as plain async
 * functions. The session comes from the request's cookies (`next/headers`); a refreshed token is
 * written back where Next.js lets a response carry cookies (server actions, route handlers) and kept
 * for the rest of the request where it does not (server components: the middleware refreshes there).
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { cookies, headers } from "next/headers.js"
import { redirect } from "next/navigation.js"
import { getUser } from "../src/client/account.ts"
import type { StackClientCore } from "../src/client/context.ts"
import { layerCoreFetch } from "../src/client/core.ts"
import { UserNotSignedIn } from "../src/client/not-signed-in.ts"
import type { InvalidStackOptions } from "../src/client/options-check.ts"
import { getProject } from "../src/client/project.ts"
import { HandlerUrlsConfig } from "../src/client/redirects.ts"
import { listTeams } from "../src/client/teams.ts"
import { type InvalidProjectId, makeCookieTokenStore } from "../src/browser/cookie-token-store.ts"
import { CookieJar } from "../src/browser/cookies.ts"
import { inertNavigation, unknownPageUrl } from "../src/browser/outside-browser.ts"
import type { FetchFunction } from "../src/http/transport-fetch.ts"
import { TokenStore } from "../src/session/token-store.ts"
import { Navigation } from "../src/urls/navigation.ts"
import { applyReturnToRules } from "../src/urls/return-to.ts"
import type { CurrentUser } from "../react/hooks.ts"
import { layerHandlerUrls, type StackNextOptions } from "./options.ts"
import { cookieHeaderOf, cookieWriteOf, makeRequestCookieJar } from "./request-cookies.ts"

/**
 * Where the code runs: a server component cannot set cookies (Next.js refuses), a server action and
 * a route handler can.
 */
export type NextContext = "server-component" | "server-action" | "route-handler"

/** The header stackfx's middleware forwards the page's path and query in (for the return-to of a redirect). */
export const pageUrlHeader = "x-stackfx-url"

/** Everything a server-side stackfx effect may use: the client core as the request's user, its tokens and the page's address. */
export type NextServerServices = StackClientCore | TokenStore | Navigation

/** A signed-out visitor asked for a page that needs a user (`currentUser({ or: "redirect" })`): `url` is the sign-in page, with the way back. */
export class SignInRequired extends Schema.TaggedError<SignInRequired>()("SignInRequired", {
  message: Schema.String,
  url: Schema.String
}) {}

/** The request as Next.js gives it to server code (`await cookies()`, `await headers()`). */
export interface NextRequestInput {
  readonly cookies: {
    getAll(): ReadonlyArray<{ readonly name: string; readonly value: string }>
    set(cookie: { name: string; value: string; path?: string; maxAge?: number; sameSite?: "strict" | "lax" | "none"; secure?: boolean; priority?: "low" | "medium" | "high" }): unknown
  }
  readonly headers: { get(name: string): string | null }
}

/**
 * The request-bound layer: the client core acting as the user whose cookies the request carries.
 * In a server action or route handler, refreshed tokens go back to the browser as cookies; in a server
 * component they stay in this request (writing would throw there).
 */
export const layerNextRequest = (
  options: StackNextOptions & { readonly fetch?: FetchFunction | undefined },
  request: NextRequestInput,
  context: NextContext = "server-component"
): Layer.Layer<NextServerServices, InvalidStackOptions | InvalidProjectId> => {
  const writes = context !== "server-component"
  const jar = makeRequestCookieJar(
    cookieHeaderOf(request.cookies.getAll()),
    writes ? (assignment) => void request.cookies.set(cookieWriteOf(assignment)) : undefined
  )
  const secure = request.headers.get("x-forwarded-proto") === "https"
  const page = request.headers.get(pageUrlHeader)
  const origin = `${secure ? "https" : "http"}://${request.headers.get("host") ?? "localhost"}`
  const url = page === null ? unknownPageUrl : new URL(page, origin).href
  const tokens = Layer.effect(TokenStore, makeCookieTokenStore(options.projectId, { secure, watchOtherTabs: false })).pipe(
    Layer.provide(Layer.succeed(CookieJar, jar))
  )
  return Layer.mergeAll(
    layerCoreFetch(options, options.fetch).pipe(Layer.provideMerge(tokens)),
    // Only Navigation.current is read (the return-to of a redirect); Next's redirect() does the navigating.
    Layer.succeed(Navigation, inertNavigation(url)),
    layerHandlerUrls(options)
  )
}

/** What {@link currentUser} does when nobody is signed in. */
export interface CurrentUserOptions {
  /** `return-null` (default): null; `throw`: `UserNotSignedIn`; `redirect`: `SignInRequired` (the async form calls Next's `redirect()`). */
  readonly or?: "return-null" | "throw" | "redirect"
}

/** The signed-in user (one API call), or what `or` says when there is none. */
export function currentUser(options?: { readonly or?: "return-null" }): Effect.Effect<CurrentUser | null, Effect.Error<ReturnType<typeof getUser>>, NextServerServices>
export function currentUser(options: { readonly or: "throw" }): Effect.Effect<CurrentUser, Effect.Error<ReturnType<typeof getUser>> | UserNotSignedIn, NextServerServices>
export function currentUser(options: { readonly or: "redirect" }): Effect.Effect<CurrentUser, Effect.Error<ReturnType<typeof getUser>> | SignInRequired, NextServerServices>
export function currentUser(options?: CurrentUserOptions): Effect.Effect<CurrentUser | null, Effect.Error<ReturnType<typeof getUser>> | UserNotSignedIn | SignInRequired, NextServerServices>
export function currentUser(
  options: CurrentUserOptions = {}
): Effect.Effect<CurrentUser | null, Effect.Error<ReturnType<typeof getUser>> | UserNotSignedIn | SignInRequired, NextServerServices> {
  return Effect.gen(function*() {
    const user = yield* getUser()
    if (Option.isSome(user)) return user.value
    switch (options.or) {
      case "throw":
        return yield* new UserNotSignedIn({ message: "Nobody is signed in, and currentUser was called with { or: \"throw\" }" })
      case "redirect": {
        const urls = yield* HandlerUrlsConfig
        const current = yield* (yield* Navigation).current
        const url = applyReturnToRules("signIn", urls.signIn, current)
        return yield* new SignInRequired({ message: `Nobody is signed in: redirecting to ${url}`, url })
      }
      default:
        return null
    }
  })
}

/** The project's client settings (sign-in methods, OAuth providers, team creation). */
export const project = () => getProject()

/** The signed-in user's teams. */
export const teams = () => listTeams()

/** `stackfx/next` for one app: the options, and every server helper bound to them. */
export interface StackNext {
  readonly options: StackNextOptions
  /** The request-bound layer for the current request (call it inside a request: it reads `cookies()` and `headers()`). */
  readonly layer: (context?: NextContext) => Promise<Layer.Layer<NextServerServices, InvalidStackOptions | InvalidProjectId>>
  /**
   * Runs a stackfx effect as the request's user. Resolves with its value; a failure rejects with the
   * typed error itself (Next.js shows the nearest `error.tsx`), except `SignInRequired`, which calls
   * Next's `redirect()`.
   */
  readonly run: <A, E>(effect: Effect.Effect<A, E, NextServerServices>, context?: NextContext) => Promise<A>
  /** The signed-in user, or what `or` says when there is none (`redirect` uses Next's `redirect()`, keeping the way back). */
  readonly currentUser: {
    (options?: { readonly or?: "return-null" }, context?: NextContext): Promise<CurrentUser | null>
    (options: { readonly or: "throw" | "redirect" }, context?: NextContext): Promise<CurrentUser>
  }
  /** The project's client settings. */
  readonly project: (context?: NextContext) => Promise<Effect.Success<ReturnType<typeof getProject>>>
  /** The signed-in user's teams. */
  readonly teams: (context?: NextContext) => Promise<Effect.Success<ReturnType<typeof listTeams>>>
}

/**
 * The server helpers of an app, bound to its options (make it once, in a module of its own).
 *
 * @example
 * // lib/stack.ts
 * export const stack = stackNext({ projectId: "…", publishableClientKey: "pck_…" })
 * // app/page.tsx (a server component)
 * const user = await stack.currentUser({ or: "redirect" })
 * // a server action: refreshed tokens are written back
 * await stack.run(updateUser({ displayName }), "server-action")
 */
export const stackNext = (options: StackNextOptions): StackNext => {
  // `cookies()` and `headers()` are awaited outside any effect: what Next throws from them (a static
  // render finding the page dynamic) must reach Next untouched.
  const layer = async (context: NextContext = "server-component") =>
    layerNextRequest(options, { cookies: await cookies(), headers: await headers() }, context)
  const run = async <A, E>(effect: Effect.Effect<A, E, NextServerServices>, context: NextContext = "server-component"): Promise<A> => {
    const exit = await Effect.runPromiseExit(Effect.provide(effect, await layer(context)))
    if (Exit.isSuccess(exit)) return exit.value
    const error = Cause.squash(exit.cause)
    if (error instanceof SignInRequired) redirect(error.url)
    throw error
  }
  return {
    options,
    layer,
    run,
    currentUser: ((userOptions: CurrentUserOptions = {}, context?: NextContext) => run(currentUser(userOptions), context)) as StackNext["currentUser"],
    project: (context) => run(getProject(), context),
    teams: (context) => run(listTeams(), context)
  }
}

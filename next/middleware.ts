/**
 * `stackfx/next/middleware`: Next.js middleware (edge runtime; `proxy.ts` on Next.js 16) that keeps
 * the session fresh and protects paths. Per request: the access token from the cookies is verified
 * locally (jose, against the project's cached keys: no API call), refreshed through the service
 * when it has expired (the new cookies go to the browser and to the rest of this request, so server
 * components see the fresh session), and a signed-out visitor of a protected path is sent to the
 * sign-in page with the way back. Every path is public until `protect` names it.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Option from "effect/Option"
import * as Exit from "effect/Exit"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import { NextResponse, type NextRequest } from "next/server.js"
import { StackClientCore } from "../src/client/context.ts"
import { layerCoreFetch } from "../src/client/core.ts"
import { makeCookieTokenStore } from "../src/browser/cookie-token-store.ts"
import { CookieJar, type CookieJarService } from "../src/browser/cookies.ts"
import { AccessTokenVerifier } from "../src/server/verify-token.ts"
import { TokenStore } from "../src/session/token-store.ts"
import { resolveHandlerUrls } from "../src/urls/handler-urls.ts"
import { signInTargetWithReturnTo } from "../src/urls/return-to.ts"
import type { StackNextOptions } from "./options.ts"
import { makeRequestCookieJar } from "./request-cookies.ts"
import { pageUrlHeader } from "./server.ts"

/** Options of {@link stackMiddleware}. */
export interface StackMiddlewareOptions extends StackNextOptions {
  /**
   * The paths that need a signed-in user: path prefixes (`"/dashboard"` covers `/dashboard/...`),
   * regular expressions over the path, or a predicate. Default: none (every path public).
   */
  readonly protect?: ReadonlyArray<string | RegExp> | ((request: NextRequest) => boolean) | undefined
}

/** Who the request is from, as the middleware found out. */
export type SessionState =
  | { readonly _tag: "SignedIn"; readonly userId: string }
  | { readonly _tag: "SignedOut" }
  /** The refresh could not reach the service: not known (the page decides; nobody is signed out for a network failure). */
  | { readonly _tag: "Unknown" }

const matches = (protect: StackMiddlewareOptions["protect"], request: NextRequest): boolean => {
  if (protect === undefined) return false
  if (typeof protect === "function") return protect(request)
  const path = request.nextUrl.pathname
  return protect.some((rule) => typeof rule === "string" ? path === rule || path.startsWith(rule.endsWith("/") ? rule : `${rule}/`) : rule.test(path))
}

/**
 * The middleware: `export default stackMiddleware({ ...options, protect: ["/dashboard"] })` in
 * `middleware.ts` (Next.js 15) or `proxy.ts` (Next.js 16), with a matcher that skips static files.
 *
 * @example
 * export default stackMiddleware({ projectId, publishableClientKey, protect: ["/protected"] })
 * export const config = { matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"] }
 */
export const stackMiddleware = (options: StackMiddlewareOptions): ((request: NextRequest) => Promise<NextResponse>) => {
  // One verifier for every request: it fetches the project's keys once and caches them.
  const runtime = ManagedRuntime.make(
    AccessTokenVerifier.layer({ projectId: options.projectId, baseUrl: options.baseUrl ?? defaultBaseUrl }).pipe(Layer.provide(FetchHttpClient.layer))
  )
  const signIn = resolveHandlerUrls(options.urls).signIn

  /** The session of the request's cookies, refreshed if its access token has expired; writes go to `jar`. */
  const sessionOf = (jar: CookieJarService, secure: boolean) => {
    const tokens = Layer.effect(TokenStore, makeCookieTokenStore(options.projectId, { secure, watchOtherTabs: false })).pipe(
      Layer.provide(Layer.succeed(CookieJar, jar))
    )
    return Effect.gen(function*() {
      const { session } = yield* StackClientCore
      const current = yield* Effect.exit(session.tokens)
      if (Exit.isFailure(current)) return unknown
      const access = current.value.accessToken
      if (Option.isNone(access)) return signedOut
      const verifier = yield* AccessTokenVerifier
      const verified = yield* Effect.exit(verifier.verify(access.value))
      if (Exit.isSuccess(verified)) return { _tag: "SignedIn", userId: verified.value.userId } as const
      // The project's keys out of reach is not the visitor's fault; a token that does not verify is no session.
      return Exit.findErrorOption(verified).pipe(Option.exists((error) => error._tag === "JwksUnavailable")) ? unknown : signedOut
    }).pipe(Effect.provide(layerCoreFetch(options).pipe(Layer.provide(tokens))))
  }

  return async (request) => {
    const written: Array<string> = []
    const jar = makeRequestCookieJar(request.headers.get("cookie") ?? "", (assignment) => written.push(assignment))
    const found = await runtime.runPromiseExit(sessionOf(jar, request.nextUrl.protocol === "https:"))
    if (Exit.isFailure(found)) {
      // Only the options can fail here (a project id that cannot name a cookie, a bad base URL).
      const reason = Option.getOrUndefined(Exit.findErrorOption(found))
      return new NextResponse(`stackfx middleware: ${reason === undefined ? "failed" : reason.message}`, { status: 500, headers: { "content-type": "text/plain" } })
    }
    const state: SessionState = found.value
    const path = `${request.nextUrl.pathname}${request.nextUrl.search}`
    let response: NextResponse
    if (state._tag === "SignedOut" && matches(options.protect, request)) {
      response = NextResponse.redirect(new URL(signInTargetWithReturnTo(signIn, request.nextUrl.href), request.nextUrl))
    } else {
      // The rest of this request (server components, route handlers) sees the refreshed cookies and the page's address.
      const forwarded = new Headers(request.headers)
      forwarded.set(pageUrlHeader, path)
      if (written.length > 0) forwarded.set("cookie", await Effect.runPromise(jar.read))
      response = NextResponse.next({ request: { headers: forwarded } })
    }
    for (const assignment of written) response.headers.append("set-cookie", assignment)
    return response
  }
}

const defaultBaseUrl = "https://api.stack-auth.com"
const unknown = { _tag: "Unknown" } as const
const signedOut = { _tag: "SignedOut" } as const

/**
 * Stack authentication for `HttpApi` servers, declared the `HttpApi` way: the security schemes the
 * service uses appear in the OpenAPI document, the errors are declared so generated clients decode
 * them, and the caller is provided to handlers as `CurrentUser`.
 *
 * @example
 * class Api extends HttpApi.make("api").add(
 *   HttpApiGroup.make("me").add(HttpApiEndpoint.get("me", "/me", { success: Me })).middleware(StackAuthentication)
 * ) {}
 * // handler: Effect.map(CurrentUser.asEffect(), (caller) => ({ id: caller.userId }))
 * HttpApiBuilder.layer(Api).pipe(Layer.provide(MeHandlers), Layer.provide(layerStackAuthentication()))
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import type * as HttpServerResponse from "effect/http/HttpServerResponse"
import * as HttpApiMiddleware from "effect/http-api/HttpApiMiddleware"
import * as HttpApiSecurity from "effect/http-api/HttpApiSecurity"
import * as OpenApi from "effect/http-api/OpenApi"
import type { unhandled } from "effect/Types"
import { StackServer } from "../server/stack-server.ts"
import { AccessTokenVerifier } from "../server/verify-token.ts"
import { type AuthenticateOptions, authenticateOptional, missingAccessToken } from "./authenticate.ts"
import { CurrentUser, makeCurrentUser, OptionalCurrentUser } from "./current-user.ts"
import { rememberVerifiedTokens } from "./verified-tokens.ts"
import { type AuthenticationError, AuthServiceUnavailable, RestrictedUserForbidden, UnauthenticatedResponse } from "./errors.ts"

const described = <A extends HttpApiSecurity.HttpApiSecurity>(scheme: A, description: string): A =>
  HttpApiSecurity.annotate(scheme, OpenApi.Description, description)

/**
 * The places a Stack access token travels, as OpenAPI security schemes (any one of them
 * authenticates). The session cookies hold the JSON pair `[refreshToken, accessToken]` and count
 * only beside the project's refresh cookie (`stack-refresh-<projectId>--default` /
 * `hexclave-refresh-<projectId>--default`), whose name depends on the project.
 */
export const stackSecuritySchemes = {
  stackAccessToken: described(
    HttpApiSecurity.apiKey({ key: "x-stack-access-token", in: "header" }),
    "A Stack Auth access token (the JWT a signed-in client holds)."
  ),
  hexclaveAccessToken: described(
    HttpApiSecurity.apiKey({ key: "x-hexclave-access-token", in: "header" }),
    "The same access token under the service's new name (Hexclave)."
  ),
  bearer: described(
    HttpApiSecurity.bearer.pipe(HttpApiSecurity.annotate(OpenApi.Format, "JWT")),
    "`Authorization: Bearer <access token>`."
  ),
  stackAccessCookie: described(
    HttpApiSecurity.apiKey({ key: "stack-access", in: "cookie" }),
    "The browser SDK's session cookie `[refreshToken, accessToken]`, with the project's `stack-refresh-<projectId>` cookie."
  ),
  hexclaveAccessCookie: described(
    HttpApiSecurity.apiKey({ key: "hexclave-access", in: "cookie" }),
    "The session cookie under the service's new name, with the project's `hexclave-refresh-<projectId>` cookie."
  )
}

/** The errors authentication answers with; both middlewares declare them. */
const authenticationErrors = [UnauthenticatedResponse, RestrictedUserForbidden, AuthServiceUnavailable] as const

/**
 * Requires a signed-in caller: verifies the request's access token locally and provides
 * `CurrentUser`; 401 `Unauthenticated` (with `WWW-Authenticate`), 403 `RestrictedUserForbidden`,
 * 503 `AuthServiceUnavailable` otherwise. Generated clients attach the token through
 * `layerStackAuthenticationClient`.
 */
export class StackAuthentication extends HttpApiMiddleware.Service<StackAuthentication, { provides: CurrentUser }>()(
  "stackfx/http-api/StackAuthentication",
  { security: stackSecuritySchemes, error: authenticationErrors, requiredForClient: true }
) {}

/**
 * Authentication that may be absent: provides `OptionalCurrentUser` (none without a token). A token
 * that is sent but does not verify is still refused, with the same errors as `StackAuthentication`.
 */
export class StackOptionalAuthentication
  extends HttpApiMiddleware.Service<StackOptionalAuthentication, { provides: OptionalCurrentUser }>()(
    "stackfx/http-api/StackOptionalAuthentication",
    { error: authenticationErrors, requiredForClient: true }
  )
{}

/** Which callers the middlewares accept. */
export type StackAuthenticationOptions = Omit<AuthenticateOptions, "projectId">

/** The endpoint's response effect, as a middleware receives it. */
type Respond<R> = Effect.Effect<HttpServerResponse.HttpServerResponse, unhandled, R>

/** The caller of the request in context, none without a token, verified with `verifier`. */
const makeRequestAuthenticator = Effect.gen(function*() {
  const verifier = rememberVerifiedTokens(yield* AccessTokenVerifier)
  const stack = yield* StackServer
  return (options: StackAuthenticationOptions = {}) => {
    const settings: AuthenticateOptions = { ...options, projectId: stack.projectId }
    const realm = options.realm ?? "stackfx"
    return Effect.flatMap(Effect.service(HttpServerRequest.HttpServerRequest), (request) =>
      authenticateOptional(request.headers, settings).pipe(
        Effect.provideService(AccessTokenVerifier, AccessTokenVerifier.of(verifier)),
        Effect.map(Option.map((caller) => makeCurrentUser(caller, stack, realm)))
      ))
  }
})

/**
 * The `StackAuthentication` middleware, verifying with the `AccessTokenVerifier` and reading full
 * users with the `StackServer` of the context (their project is the one served).
 */
export const layerStackAuthentication = (
  options: StackAuthenticationOptions = {}
): Layer.Layer<StackAuthentication, never, AccessTokenVerifier | StackServer> =>
  Layer.effect(
    StackAuthentication,
    Effect.gen(function*() {
      const authenticateRequest = (yield* makeRequestAuthenticator)(options)
      const realm = options.realm ?? "stackfx"
      // The builder tries each declared scheme in turn while they fail; every scheme reads the whole
      // request (see authenticate.ts), so one verdict per request is kept and repeated.
      const refused = new WeakMap<object, AuthenticationError>()
      const authenticated = (httpEffect: Respond<CurrentUser>) =>
        Effect.flatMap(Effect.service(HttpServerRequest.HttpServerRequest), (request) => {
          const earlier = refused.get(request)
          if (earlier !== undefined) return Effect.fail(earlier)
          return authenticateRequest.pipe(
            Effect.flatMap((caller) => Option.isSome(caller) ? Effect.succeed(caller.value) : Effect.fail(missingAccessToken(realm))),
            Effect.tapError((error) => Effect.sync(() => refused.set(request, error))),
            Effect.flatMap((caller) => Effect.provideService(httpEffect, CurrentUser, caller))
          )
        })
      return StackAuthentication.of({
        stackAccessToken: authenticated,
        hexclaveAccessToken: authenticated,
        bearer: authenticated,
        stackAccessCookie: authenticated,
        hexclaveAccessCookie: authenticated
      })
    })
  )

/** The `StackOptionalAuthentication` middleware (same requirements as `layerStackAuthentication`). */
export const layerStackOptionalAuthentication = (
  options: StackAuthenticationOptions = {}
): Layer.Layer<StackOptionalAuthentication, never, AccessTokenVerifier | StackServer> =>
  Layer.effect(
    StackOptionalAuthentication,
    Effect.map(makeRequestAuthenticator, (make) => {
      const authenticateRequest = make(options)
      return StackOptionalAuthentication.of((httpEffect) =>
        Effect.flatMap(authenticateRequest, (caller) => Effect.provideService(httpEffect, OptionalCurrentUser, caller))
      )
    })
  )

/** A token for a generated client's request: a string, a redacted one, or none (sent without). */
export type ClientAccessToken = string | Redacted.Redacted<string> | null | undefined

const withAccessToken = (request: HttpClientRequest.HttpClientRequest, token: ClientAccessToken) =>
  token === null || token === undefined
    ? request
    : HttpClientRequest.setHeader(request, "x-stack-access-token", Redacted.isRedacted(token) ? Redacted.value(token) : token)

/**
 * The client side of `StackAuthentication` for an `HttpApiClient`: each request carries the access
 * token `accessToken` yields (e.g. the signed-in stackfx client's), in `x-stack-access-token`.
 */
export const layerStackAuthenticationClient = <R = never>(
  accessToken: ClientAccessToken | Effect.Effect<ClientAccessToken, never, R>
) =>
  HttpApiMiddleware.layerClient(StackAuthentication, ({ next, request }) =>
    Effect.isEffect(accessToken)
      ? Effect.flatMap(accessToken, (token) => next(withAccessToken(request, token)))
      : next(withAccessToken(request, accessToken)))

/** The client side of `StackOptionalAuthentication` (see `layerStackAuthenticationClient`). */
export const layerStackOptionalAuthenticationClient = <R = never>(
  accessToken: ClientAccessToken | Effect.Effect<ClientAccessToken, never, R>
) =>
  HttpApiMiddleware.layerClient(StackOptionalAuthentication, ({ next, request }) =>
    Effect.isEffect(accessToken)
      ? Effect.flatMap(accessToken, (token) => next(withAccessToken(request, token)))
      : next(withAccessToken(request, accessToken)))

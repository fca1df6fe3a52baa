/**
 * Authentication for fetch-style servers (`Request` → `Response`: Hono, Bun, Deno, Cloudflare
 * Workers, Node through an adapter), with Web APIs only. `makeFetchAuthenticator` holds one
 * `AccessTokenVerifier` (the project's keys are fetched once) and answers promises that never
 * reject: either the caller, or the refusal with its ready `Response` (401 with `WWW-Authenticate`,
 * 403, 503). Effect code uses `authenticate` / `authenticateOptional` from this entry instead.
 *
 * @example
 * const auth = makeFetchAuthenticator({ projectId, baseUrl })
 * export default {
 *   async fetch(request: Request) {
 *     const result = await auth.authenticate(request)
 *     return result.ok ? Response.json({ id: result.caller.userId }) : result.response
 *   }
 * }
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import type * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import type { RequestHeadersInput } from "../server/request-token-store.ts"
import { AccessTokenVerifier, type AccessTokenVerifierOptions } from "../server/verify-token.ts"
import { type AuthenticatedCaller, authenticate, authenticateOptional, type AuthenticateOptions } from "./authenticate.ts"
import {
  ApiKeyRejected,
  type AuthenticationError,
  AuthServiceUnavailable,
  ProjectPermissionDenied,
  RestrictedUserForbidden,
  TeamPermissionDenied,
  Unauthenticated,
  wwwAuthenticate
} from "./errors.ts"

/** Every error this entry answers a request with. */
export type StackHttpError =
  | AuthenticationError
  | TeamPermissionDenied
  | ProjectPermissionDenied
  | ApiKeyRejected

const StackHttpErrorBody = /*#__PURE__*/ Schema.Union([
  Unauthenticated,
  RestrictedUserForbidden,
  AuthServiceUnavailable,
  TeamPermissionDenied,
  ProjectPermissionDenied,
  ApiKeyRejected
])
const encodeErrorBody = /*#__PURE__*/ Schema.encodeSync(StackHttpErrorBody)

/** The HTTP status of an error: what its `HttpApi` declaration says. */
export const statusOf = (error: StackHttpError): 401 | 403 | 503 =>
  error._tag === "Unauthenticated" ? 401 : error._tag === "AuthServiceUnavailable" ? 503 : 403

/**
 * The `Response` for an error: its status, the JSON error as body (the same as an `HttpApi` server
 * answers), and for a 401 the `WWW-Authenticate` challenge.
 */
export const errorResponse = (error: StackHttpError): Response => {
  const headers = new Headers({ "content-type": "application/json" })
  if (error._tag === "Unauthenticated") headers.set("www-authenticate", wwwAuthenticate(error))
  return new Response(JSON.stringify(encodeErrorBody(error)), { status: statusOf(error), headers })
}

/** What a fetch authenticator needs: the project, the API, and which callers to accept. */
export type FetchAuthenticatorOptions =
  & Omit<AccessTokenVerifierOptions, "allowAnonymous" | "allowRestricted">
  & AuthenticateOptions

/** The outcome of authenticating a request: the caller, or the refusal and its response. */
export type FetchAuthentication<A> =
  | { readonly ok: true; readonly caller: A }
  | { readonly ok: false; readonly error: AuthenticationError; readonly response: Response }

/** Promise-returning authentication for fetch handlers (see the module comment). */
export interface FetchAuthenticator {
  /** The caller; no token or a bad one is a refusal (401/403/503) with its response. */
  readonly authenticate: (request: RequestHeadersInput) => Promise<FetchAuthentication<AuthenticatedCaller>>
  /** The caller or none without a token; a token that does not verify is still a refusal. */
  readonly authenticateOptional: (
    request: RequestHeadersInput
  ) => Promise<FetchAuthentication<Option.Option<AuthenticatedCaller>>>
  /** Releases the verifier (its cached keys). */
  readonly dispose: () => Promise<void>
}

/** A `FetchAuthenticator` for one project, fetching its keys with the platform's `fetch`. */
export const makeFetchAuthenticator = (options: FetchAuthenticatorOptions): FetchAuthenticator => {
  const runtime = ManagedRuntime.make(AccessTokenVerifier.layer(options).pipe(Layer.provide(FetchHttpClient.layer)))
  const settle = <A>(effect: Effect.Effect<A, AuthenticationError, AccessTokenVerifier>) =>
    runtime.runPromise(effect.pipe(
      Effect.match({
        onSuccess: (caller): FetchAuthentication<A> => ({ ok: true, caller }),
        onFailure: (error): FetchAuthentication<A> => ({ ok: false, error, response: errorResponse(error) })
      })
    ))
  return {
    authenticate: (request) => settle(authenticate(request, options)),
    authenticateOptional: (request) => settle(authenticateOptional(request, options)),
    dispose: () => runtime.dispose()
  }
}

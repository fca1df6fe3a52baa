/**
 * Authenticating one request from its headers alone, with Web APIs only (`Headers`, `crypto`
 * through `jose`, `fetch` for the project's keys): the core shared by the `HttpApi` middleware and
 * the fetch handlers (Hono, Bun, Deno, Cloudflare Workers).
 *
 * The access token is taken from, first found wins:
 *
 * 1. `Authorization: Bearer <access token>` (a JWT; what `HttpApiSecurity.bearer` clients send);
 * 2. everything `readRequestTokens` reads, in its order: `x-stack-auth`, `Authorization: Bearer
 *    stackauth_…` / `hexclave_…`, `x-hexclave-access-token` / `x-stack-access-token`, then the session
 *    cookies of either name family (`hexclave-access` / `stack-access` with their refresh cookie).
 *
 * It is verified locally by the `AccessTokenVerifier` (no API call per request). Anonymous and
 * restricted users are refused unless allowed, as the service does: an anonymous user's token is a
 * 401, a restricted user's a 403.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import { readHeader, readRequestTokens, type RequestHeadersInput } from "../server/request-token-store.ts"
import {
  AccessTokenVerifier,
  type VerifiedAccessToken,
  type VerifyAccessTokenError
} from "../server/verify-token.ts"
import { type AuthenticationError, AuthServiceUnavailable, RestrictedUserForbidden, Unauthenticated } from "./errors.ts"

/** Which requests authenticate, and how refusals are worded. */
export interface AuthenticateOptions {
  /** The project whose session cookies are read (the verifier checks the token's project). */
  readonly projectId: string
  /** Accept anonymous users' tokens (and restricted ones, like the service's header). Default false. */
  readonly allowAnonymous?: boolean | undefined
  /** Accept restricted users' tokens (e.g. e-mail not verified). Default false. */
  readonly allowRestricted?: boolean | undefined
  /** The `realm` of the 401's `WWW-Authenticate` challenge. Default `stackfx`. */
  readonly realm?: string | undefined
}

/** Who sent a request whose access token verified. */
export interface AuthenticatedCaller {
  /** The user's id (the token's `sub`). */
  readonly userId: string
  /** What the verified token says about the user and session. */
  readonly claims: VerifiedAccessToken
  /** The access token itself, to act as the user against the Stack API. */
  readonly accessToken: Redacted.Redacted<string>
}

/** `Bearer <token>` where the token is not the SDK's `stackauth_` / `hexclave_` JSON form. */
const plainBearer = (header: string | undefined): string | undefined => {
  const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(header ?? "")
  const token = match?.[1]
  return token === undefined || /^(?:stackauth|hexclave)_/i.test(token) ? undefined : token
}

/** The access token a request carries (see the module comment for the order); none without one. */
export const requestAccessToken = (request: RequestHeadersInput, projectId: string): Option.Option<Redacted.Redacted<string>> => {
  const bearer = plainBearer(readHeader(request, "authorization"))
  if (bearer !== undefined) return Option.some(Redacted.make(bearer))
  return readRequestTokens(request, { projectId }).tokens.accessToken
}

/** A verification failure as the error an HTTP API answers with. */
export const toAuthenticationError = (error: VerifyAccessTokenError, realm: string): AuthenticationError => {
  switch (error._tag) {
    case "RestrictedUserNotAllowed":
      return new RestrictedUserForbidden({ message: error.message, userId: error.userId, restrictedReason: error.restrictedReason === null ? null : narrowReason(error.restrictedReason) })
    case "JwksUnavailable":
      return new AuthServiceUnavailable({ message: error.message })
    default:
      return new Unauthenticated({ reason: error._tag, message: error.message, realm })
  }
}

const knownReasons = ["anonymous", "email_not_verified", "restricted_by_administrator"] as const
const narrowReason = (reason: string) => knownReasons.find((known) => known === reason) ?? null

/** The 401 of a request without an access token. */
export const missingAccessToken = (realm: string): Unauthenticated =>
  new Unauthenticated({ reason: "MissingAccessToken", message: "The request carries no access token.", realm })

/** The caller of a request, or none when it carries no access token; a token that does not verify fails. */
export const authenticateOptional = (
  request: RequestHeadersInput,
  options: AuthenticateOptions
): Effect.Effect<Option.Option<AuthenticatedCaller>, AuthenticationError, AccessTokenVerifier> => {
  const accessToken = requestAccessToken(request, options.projectId)
  if (Option.isNone(accessToken)) return Effect.succeed(Option.none())
  const realm = options.realm ?? "stackfx"
  return Effect.flatMap(Effect.service(AccessTokenVerifier), (verifier) =>
    verifier.verify(accessToken.value, { allowAnonymous: options.allowAnonymous, allowRestricted: options.allowRestricted }).pipe(
      Effect.map((claims) => Option.some<AuthenticatedCaller>({ userId: claims.userId, claims, accessToken: accessToken.value })),
      Effect.mapError((error) => toAuthenticationError(error, realm))
    ))
}

/** The caller of a request; no access token is `Unauthenticated` (`MissingAccessToken`). */
export const authenticate = (
  request: RequestHeadersInput,
  options: AuthenticateOptions
): Effect.Effect<AuthenticatedCaller, AuthenticationError, AccessTokenVerifier> =>
  Effect.flatMap(authenticateOptional(request, options), (caller) =>
    Option.isSome(caller) ? Effect.succeed(caller.value) : Effect.fail(missingAccessToken(options.realm ?? "stackfx")))

/**
 * The errors an authenticated endpoint answers with, declared as `HttpApi` error schemas so the
 * OpenAPI document and the clients generated from the API know them:
 *
 * - 401 `Unauthenticated` (no token, or one that does not verify), with `WWW-Authenticate`
 *   (RFC 6750: `Bearer realm=…`, plus `error="invalid_token"` when a token was sent);
 * - 403 `RestrictedUserForbidden` (like the service's `RESTRICTED_USER_NOT_ALLOWED`),
 *   `TeamPermissionDenied`, `ProjectPermissionDenied`, `ApiKeyRejected`;
 * - 503 `AuthServiceUnavailable`: the project's keys or the Stack API could not be reached, which is
 *   not the caller's fault.
 */
import * as Schema from "effect/Schema"
import * as HttpApiSchema from "effect/http-api/HttpApiSchema"

// =============================================================================
// 401
// =============================================================================

/** Why a request is not authenticated. */
export const UnauthenticatedReason = /*#__PURE__*/ Schema.Literals([
  "MissingAccessToken",
  "MalformedAccessToken",
  "InvalidAccessTokenSignature",
  "ExpiredAccessToken",
  "WrongAccessTokenAudience",
  "WrongAccessTokenIssuer",
  "AnonymousUserNotAllowed",
  "UserDeleted"
])
/** Why a request is not authenticated. */
export type UnauthenticatedReason = typeof UnauthenticatedReason.Type

const unauthenticatedFields = {
  reason: UnauthenticatedReason,
  message: Schema.String,
  /** The `realm` of the `WWW-Authenticate` challenge. */
  realm: Schema.String
}

/** 401: the request carries no access token of this project's users, or one that does not verify. */
export class Unauthenticated extends Schema.TaggedError<Unauthenticated>()("Unauthenticated", unauthenticatedFields) {}

/** A quoted-string of RFC 9110 holds no `"` or `\` unescaped; the realm is the app's, keep it safe. */
const quoted = (value: string): string => `"${value.replace(/["\\]/g, "\\$&")}"`

/** The RFC 6750 challenge of an `Unauthenticated` error. */
export const wwwAuthenticate = (error: Pick<Unauthenticated, "reason" | "realm">): string =>
  error.reason === "MissingAccessToken"
    ? `Bearer realm=${quoted(error.realm)}`
    : `Bearer realm=${quoted(error.realm)}, error="invalid_token", error_description=${quoted(error.reason)}`

const UnauthenticatedBody = /*#__PURE__*/ Schema.Struct({
  _tag: Schema.Literal("Unauthenticated"),
  ...unauthenticatedFields
}).pipe(HttpApiSchema.status(401))

/**
 * `Unauthenticated` on the wire: a 401 whose JSON body is the error and whose `WWW-Authenticate`
 * header is its challenge. This is the schema the authentication middleware declares.
 */
export const UnauthenticatedResponse = /*#__PURE__*/ Unauthenticated.pipe(
  HttpApiSchema.encodeToWithHeaders({
    body: UnauthenticatedBody,
    headers: { "www-authenticate": Schema.String }
  }, {
    decode: ({ body }) => new Unauthenticated({ reason: body.reason, message: body.message, realm: body.realm }),
    encode: (error) => ({
      body: { _tag: "Unauthenticated" as const, reason: error.reason, message: error.message, realm: error.realm },
      headers: { "www-authenticate": wwwAuthenticate(error) }
    })
  })
)

// =============================================================================
// 403
// =============================================================================

/** Why the service restricts a user (the access token's `restricted_reason.type`). */
export const RestrictedReason = /*#__PURE__*/ Schema.Literals(["anonymous", "email_not_verified", "restricted_by_administrator"])

/**
 * 403: the token is valid but its user is restricted (e.g. e-mail not verified while the project
 * requires it) and restricted users are not allowed, like the service's `RESTRICTED_USER_NOT_ALLOWED`.
 */
export class RestrictedUserForbidden extends Schema.TaggedError<RestrictedUserForbidden>()("RestrictedUserForbidden", {
  message: Schema.String,
  userId: Schema.String,
  restrictedReason: Schema.NullOr(RestrictedReason)
}, { httpApiStatus: 403 }) {}

/** 403: the signed-in user does not hold a permission in a team (or is not a member). */
export class TeamPermissionDenied extends Schema.TaggedError<TeamPermissionDenied>()("TeamPermissionDenied", {
  message: Schema.String,
  userId: Schema.String,
  teamId: Schema.String,
  permissionId: Schema.String
}, { httpApiStatus: 403 }) {}

/** 403: the signed-in user does not hold a project-level permission. */
export class ProjectPermissionDenied extends Schema.TaggedError<ProjectPermissionDenied>()("ProjectPermissionDenied", {
  message: Schema.String,
  userId: Schema.String,
  permissionId: Schema.String
}, { httpApiStatus: 403 }) {}

/** Why an API key was refused (the service's check errors, or none sent). */
export const ApiKeyRejectedReason = /*#__PURE__*/ Schema.Literals([
  "MissingApiKey",
  "ApiKeyNotFound",
  "ApiKeyRevoked",
  "ApiKeyExpired",
  "WrongApiKeyType"
])
/** Why an API key was refused. */
export type ApiKeyRejectedReason = typeof ApiKeyRejectedReason.Type

/** 403: the request's user or team API key is missing, unknown, revoked, expired or of the other kind. */
export class ApiKeyRejected extends Schema.TaggedError<ApiKeyRejected>()("ApiKeyRejected", {
  message: Schema.String,
  reason: ApiKeyRejectedReason
}, { httpApiStatus: 403 }) {}

// =============================================================================
// 503
// =============================================================================

/** 503: the project's public keys or the Stack API could not be reached to decide. */
export class AuthServiceUnavailable extends Schema.TaggedError<AuthServiceUnavailable>()("AuthServiceUnavailable", {
  message: Schema.String
}, { httpApiStatus: 503 }) {}

/** Every way authenticating a request fails. */
export type AuthenticationError = Unauthenticated | RestrictedUserForbidden | AuthServiceUnavailable

/**
 * Users on the wire: `/users/me`, `/users`,
 * `/users/{user_id}`.
 *
 * Fields the current server added (restriction state, risk scores, ...) are optional: 2.7-era servers
 * do not send them, and both must decode. Deletes answer `{"success": true}` (`SuccessBody`).
 */
import * as Schema from "effect/Schema"
import { isCountryCode } from "./field-checks.ts"
import { Json, Millis, PaginatedListOf, extendStruct, structWith } from "./common.ts"
import { BooleanQuery, ClientTeam, Email, ProfileImageUrl, ServerTeam, Uuid } from "./teams.ts"

// =============================================================================
// Responses
// =============================================================================

/** One OAuth account linked to a user: `id` is the provider id (`github`, ...). */
export const OAuthProvider = /*#__PURE__*/ Schema.Struct({
  id: Schema.String,
  account_id: Schema.String,
  // The server schema leaves it optional (nullable, not `defined`), so tolerate its absence.
  email: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(Schema.String))
})
export type OAuthProvider = typeof OAuthProvider.Type

/** Why a user is restricted (current server). */
export const RestrictedReasonType = /*#__PURE__*/ Schema.Literals(["anonymous", "email_not_verified", "restricted_by_administrator"])
export type RestrictedReasonType = typeof RestrictedReasonType.Type

/** `{"type": ...}`, present iff `is_restricted`. */
export const RestrictedReason = /*#__PURE__*/ Schema.Struct({ type: RestrictedReasonType })
export type RestrictedReason = typeof RestrictedReason.Type

/** Sign-up risk scores (server view, current server). */
export const SignUpRiskScores = /*#__PURE__*/ Schema.Struct({
  bot: Schema.Number,
  free_trial_abuse: Schema.Number
})
export type SignUpRiskScores = typeof SignUpRiskScores.Type

/** `risk_scores` of a server user. */
export const RiskScores = /*#__PURE__*/ Schema.Struct({ sign_up: SignUpRiskScores })
export type RiskScores = typeof RiskScores.Type

/** `ClientUser`: `/users/me` with client access. */
export const ClientUser = /*#__PURE__*/ Schema.Struct({
  id: Schema.String,
  primary_email: /*#__PURE__*/ Schema.NullOr(Schema.String),
  primary_email_verified: Schema.Boolean,
  display_name: /*#__PURE__*/ Schema.NullOr(Schema.String),
  client_metadata: Json,
  client_read_only_metadata: Json,
  profile_image_url: /*#__PURE__*/ Schema.NullOr(Schema.String),
  signed_up_at_millis: Millis,
  has_password: Schema.Boolean,
  /** Deprecated upstream (= has_password || otp_auth_enabled), still sent. */
  auth_with_email: Schema.Boolean,
  oauth_providers: /*#__PURE__*/ Schema.Array(OAuthProvider),
  selected_team_id: /*#__PURE__*/ Schema.NullOr(Schema.String),
  selected_team: /*#__PURE__*/ Schema.NullOr(ClientTeam),
  requires_totp_mfa: Schema.Boolean,
  otp_auth_enabled: Schema.Boolean,
  passkey_auth_enabled: Schema.Boolean,
  is_anonymous: /*#__PURE__*/ Schema.optionalKey(Schema.Boolean),
  is_restricted: /*#__PURE__*/ Schema.optionalKey(Schema.Boolean),
  restricted_reason: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(RestrictedReason)),
  restricted_by_admin: /*#__PURE__*/ Schema.optionalKey(Schema.Boolean),
  restricted_by_admin_reason: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(Schema.String))
})
export type ClientUser = typeof ClientUser.Type

/** `ServerUser`: server/admin view of a user; `selected_team` is a ServerTeam. */
export const ServerUser = /*#__PURE__*/ extendStruct(ClientUser, {
  selected_team: /*#__PURE__*/ Schema.NullOr(ServerTeam),
  primary_email_auth_enabled: Schema.Boolean,
  server_metadata: Json,
  last_active_at_millis: Millis,
  restricted_by_admin_private_details: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(Schema.String)),
  country_code: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(Schema.String)),
  risk_scores: /*#__PURE__*/ Schema.optionalKey(RiskScores)
})
export type ServerUser = typeof ServerUser.Type

/** `GET /users`: the only paginated list (`pagination.next_cursor`). */
export const ServerUserList = /*#__PURE__*/ PaginatedListOf(ServerUser)
export type ServerUserList = typeof ServerUserList.Type

// =============================================================================
// Requests
// =============================================================================

/** A password as the server accepts it in bodies (at most 70 characters). */
export const Password = /*#__PURE__*/ Schema.String.check(/*#__PURE__*/ Schema.isMaxLength(70))

/** A TOTP secret, base64; `null` disables TOTP MFA. */
export const TotpSecretBase64 = /*#__PURE__*/ Schema.String.check(/*#__PURE__*/ Schema.isBase64())

/** A user's display name as requests may set it (the service refuses more than 256 characters). */
export const UserDisplayName = /*#__PURE__*/ Schema.String.check(/*#__PURE__*/ Schema.isMaxLength(256))

/** `PATCH /users/me` body, client access. */
export const ClientUserUpdate = /*#__PURE__*/ Schema.Struct({
  display_name: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(UserDisplayName)),
  /** Client access only accepts base64 images (`data:image/...;base64,...`); checked by the server. */
  profile_image_url: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(ProfileImageUrl)),
  client_metadata: /*#__PURE__*/ Schema.optionalKey(Json),
  selected_team_id: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(Uuid)),
  totp_secret_base64: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(TotpSecretBase64)),
  otp_auth_enabled: /*#__PURE__*/ Schema.optionalKey(Schema.Boolean),
  /** Only `false` is accepted (it deletes the passkey); `true` is a text error (400). */
  passkey_auth_enabled: /*#__PURE__*/ Schema.optionalKey(Schema.Boolean),
  /**
   * A new primary e-mail (unverified until verified; it signs in if the old one did), or `null` to
   * have none. An address another account signs in with is USER_EMAIL_ALREADY_EXISTS.
   */
  primary_email: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(Email))
})
export type ClientUserUpdate = typeof ClientUserUpdate.Type

/** Fields shared by `POST /users` and server `PATCH /users/{user_id}` (and `/users/me`). */
const serverUserWritableFields = {
  display_name: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(UserDisplayName)),
  profile_image_url: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(ProfileImageUrl)),
  client_metadata: /*#__PURE__*/ Schema.optionalKey(Json),
  client_read_only_metadata: /*#__PURE__*/ Schema.optionalKey(Json),
  server_metadata: /*#__PURE__*/ Schema.optionalKey(Json),
  /** `null` deletes the primary e-mail channel; an empty string is rejected. */
  primary_email: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(Email)),
  primary_email_verified: /*#__PURE__*/ Schema.optionalKey(Schema.Boolean),
  primary_email_auth_enabled: /*#__PURE__*/ Schema.optionalKey(Schema.Boolean),
  passkey_auth_enabled: /*#__PURE__*/ Schema.optionalKey(Schema.Boolean),
  otp_auth_enabled: /*#__PURE__*/ Schema.optionalKey(Schema.Boolean),
  password: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(Password)),
  /** A Modular Crypt Format hash (e.g. bcrypt); not together with `password`. */
  password_hash: /*#__PURE__*/ Schema.optionalKey(Schema.NonEmptyString),
  totp_secret_base64: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(TotpSecretBase64)),
  /** Restricts the user (`restricted_reason: {type: "restricted_by_administrator"}`); reason and details only with `true`. */
  restricted_by_admin: /*#__PURE__*/ Schema.optionalKey(Schema.Boolean),
  /** Shown to the user. */
  restricted_by_admin_reason: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(Schema.String)),
  /** For administrators only. */
  restricted_by_admin_private_details: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(Schema.String))
}

/**
 * A country code as the service accepts it in bodies: two letters, any case, surrounding spaces
 * allowed (it stores them trimmed and upper-cased).
 */
export const CountryCodeInput = /*#__PURE__*/ Schema.String.check(
  /*#__PURE__*/ Schema.makeFilter(isCountryCode, { expected: "a 2-letter country code", readerCheck: "isCountryCode" })
)

/** `PATCH /users/{user_id}` (and `/users/me` with server/admin access) body. */
export const ServerUserUpdate = /*#__PURE__*/ structWith(serverUserWritableFields, {
  /** Where the user is (normally captured at sign-up); `null` forgets it. */
  country_code: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(CountryCodeInput)),
  selected_team_id: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(Uuid)),
  /** Only `false`: an anonymous user becomes a regular one. */
  is_anonymous: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.Literals([false]))
})
export type ServerUserUpdate = typeof ServerUserUpdate.Type

/** An OAuth account to attach when creating a user. */
export const OAuthProviderInput = /*#__PURE__*/ Schema.Struct({
  id: Schema.String,
  account_id: Schema.String,
  email: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(Schema.String))
})
export type OAuthProviderInput = typeof OAuthProviderInput.Type

/** `POST /users` body (server/admin). Every field is optional. */
export const ServerUserCreate = /*#__PURE__*/ structWith(serverUserWritableFields, {
  oauth_providers: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.Array(OAuthProviderInput)),
  /** An anonymous user (restricted: `restricted_reason: {type: "anonymous"}`). */
  is_anonymous: /*#__PURE__*/ Schema.optionalKey(Schema.Boolean)
})
export type ServerUserCreate = typeof ServerUserCreate.Type

/** `GET /users/{user_id}` query (server/admin): accepted, a user read by id is answered whatever kind it is. */
export const UserReadQuery = /*#__PURE__*/ Schema.Struct({
  include_anonymous: /*#__PURE__*/ Schema.optionalKey(BooleanQuery),
  include_restricted: /*#__PURE__*/ Schema.optionalKey(BooleanQuery)
})

/** `order_by` of `GET /users`: the only (and default) value. */
export const UsersOrderBy = /*#__PURE__*/ Schema.Literal("signed_up_at")

/** `GET /users` query (server/admin). Encodes to the strings of the query string. */
export const UsersListQuery = /*#__PURE__*/ Schema.Struct({
  /** Id of the first user of the page (inclusive), from `pagination.next_cursor`. */
  cursor: /*#__PURE__*/ Schema.optionalKey(Uuid),
  limit: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.FiniteFromString.check(/*#__PURE__*/ Schema.isInt(), /*#__PURE__*/ Schema.isGreaterThanOrEqualTo(1))),
  order_by: /*#__PURE__*/ Schema.optionalKey(UsersOrderBy),
  desc: /*#__PURE__*/ Schema.optionalKey(BooleanQuery),
  /** Case-insensitive substring of display name or contact-channel value, or an exact user id. */
  query: /*#__PURE__*/ Schema.optionalKey(Schema.String),
  /** Only members of this team. */
  team_id: /*#__PURE__*/ Schema.optionalKey(Uuid),
  /** Also anonymous users (and restricted ones); default false. */
  include_anonymous: /*#__PURE__*/ Schema.optionalKey(BooleanQuery),
  /** Only anonymous users; needs `include_anonymous=true`. */
  only_anonymous: /*#__PURE__*/ Schema.optionalKey(BooleanQuery),
  /** Also restricted users (unverified e-mail where required, or restricted by an admin); default false. */
  include_restricted: /*#__PURE__*/ Schema.optionalKey(BooleanQuery)
})
export type UsersListQuery = typeof UsersListQuery.Type

/**
 * User models (camelCase), derived from the wire schemas of ../wire/users.ts. Decoding takes wire
 * JSON; encoding gives the exact wire body (unset options stay absent).
 */
import * as Schema from "effect/Schema"
import { PaginatedListOf } from "../wire/common.ts"
import * as Wire from "../wire/users.ts"
import { camelize } from "./camel.ts"
import { ServerTeam, Team } from "./team.ts"

// =============================================================================
// Responses
// =============================================================================

/** An OAuth account linked to a user (`id` = provider id, `accountId`, `email`). */
export const OAuthProvider = /*#__PURE__*/ camelize(Wire.OAuthProvider)
export type OAuthProvider = typeof OAuthProvider.Type

/** Why a user is restricted: `{type}`. */
export const RestrictedReason = /*#__PURE__*/ camelize(Wire.RestrictedReason)
export type RestrictedReason = typeof RestrictedReason.Type

/** `{signUp: {bot, freeTrialAbuse}}`. */
export const RiskScores = /*#__PURE__*/ camelize(Wire.RiskScores, { sign_up: /*#__PURE__*/ camelize(Wire.SignUpRiskScores) })
export type RiskScores = typeof RiskScores.Type

/** The current user as client access sees it (`GET /users/me`). */
export const User = /*#__PURE__*/ camelize(Wire.ClientUser, {
  oauth_providers: /*#__PURE__*/ Schema.Array(OAuthProvider),
  selected_team: /*#__PURE__*/ Schema.NullOr(Team),
  restricted_reason: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(RestrictedReason))
})
export type User = typeof User.Type

/** A user as server/admin access sees it. */
export const ServerUser = /*#__PURE__*/ camelize(Wire.ServerUser, {
  oauth_providers: /*#__PURE__*/ Schema.Array(OAuthProvider),
  selected_team: /*#__PURE__*/ Schema.NullOr(ServerTeam),
  restricted_reason: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(RestrictedReason)),
  risk_scores: /*#__PURE__*/ Schema.optionalKey(RiskScores)
})
export type ServerUser = typeof ServerUser.Type

/** `pagination` of `GET /users`: `nextCursor` is the first user of the next page, or null. */
export const Pagination = /*#__PURE__*/ camelize(/*#__PURE__*/ Schema.Struct({ next_cursor: /*#__PURE__*/ Schema.NullOr(Schema.String) }))
export type Pagination = typeof Pagination.Type

/** One page of `GET /users`. */
export const ServerUserList = /*#__PURE__*/ camelize(/*#__PURE__*/ PaginatedListOf(ServerUser), { pagination: /*#__PURE__*/ Schema.optional(Pagination) })
export type ServerUserList = typeof ServerUserList.Type

// =============================================================================
// Requests
// =============================================================================

/** Options of `PATCH /users/me`, client access. */
export const UserUpdate = /*#__PURE__*/ camelize(Wire.ClientUserUpdate)
export type UserUpdate = typeof UserUpdate.Type

/** Options of `PATCH /users/{user_id}` (or `/users/me`), server/admin access. */
export const ServerUserUpdate = /*#__PURE__*/ camelize(Wire.ServerUserUpdate)
export type ServerUserUpdate = typeof ServerUserUpdate.Type

/** An OAuth account to attach at creation (`id`, `accountId`, `email`). */
export const OAuthProviderInput = /*#__PURE__*/ camelize(Wire.OAuthProviderInput)
export type OAuthProviderInput = typeof OAuthProviderInput.Type

/** Options of `POST /users` (server/admin). */
export const ServerUserCreate = /*#__PURE__*/ camelize(Wire.ServerUserCreate, {
  oauth_providers: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.Array(OAuthProviderInput))
})
export type ServerUserCreate = typeof ServerUserCreate.Type

/** Query of `GET /users`: `{cursor, limit, orderBy, desc, query, teamId}`; encodes to query strings. */
export const UsersListQuery = /*#__PURE__*/ camelize(Wire.UsersListQuery)
export type UsersListQuery = typeof UsersListQuery.Type

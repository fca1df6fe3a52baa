/**
 * Team permissions on the wire: `GET /team-permissions`,
 * `POST|DELETE /team-permissions/{team_id}/{user_id}/{permission_id}`.
 *
 * Grant and revoke send the body `{}` (`EmptyBody`); revoke answers `{"success": true}`.
 */
import * as Schema from "effect/Schema"
import { ListOf, extendStruct } from "./common.ts"
import { BooleanQuery, UserIdOrMe, Uuid } from "./teams.ts"

/**
 * A permission id in a request: custom ids match `^[a-z0-9_:]+$`, system ids start with `$`
 * (`$update_team`, `$delete_team`, `$read_members`, `$remove_members`, `$invite_members`).
 */
export const PermissionId = /*#__PURE__*/ Schema.String.check(
  /*#__PURE__*/ Schema.isPattern(/^(?:\$[a-z0-9_:]+|[a-z0-9_:]+)$/, {
    expected: "a permission id (lowercase letters, digits, \":\", \"_\", or a \"$\" system id)"
  })
)

// =============================================================================
// Responses
// =============================================================================

/** A permission a user holds in a team (directly, or through containment when listed recursively). */
export const TeamPermission = /*#__PURE__*/ Schema.Struct({
  id: Schema.String,
  user_id: Schema.String,
  team_id: Schema.String
})
export type TeamPermission = typeof TeamPermission.Type

/** `GET /team-permissions`: sorted by team id, user id, permission id. */
export const TeamPermissionList = /*#__PURE__*/ ListOf(TeamPermission)
export type TeamPermissionList = typeof TeamPermissionList.Type

// =============================================================================
// Requests
// =============================================================================

/** `GET /team-permissions` query, client access: `user_id` must be `me` (or the caller's id). */
export const ClientTeamPermissionsListQuery = /*#__PURE__*/ Schema.Struct({
  team_id: /*#__PURE__*/ Schema.optionalKey(Uuid),
  user_id: UserIdOrMe,
  permission_id: /*#__PURE__*/ Schema.optionalKey(PermissionId),
  /** Expand contained permissions. */
  recursive: /*#__PURE__*/ Schema.optionalKey(BooleanQuery)
})
export type ClientTeamPermissionsListQuery = typeof ClientTeamPermissionsListQuery.Type

/** `GET /team-permissions` query, server/admin access: every filter optional. */
export const ServerTeamPermissionsListQuery = /*#__PURE__*/ extendStruct(ClientTeamPermissionsListQuery, {
  user_id: /*#__PURE__*/ Schema.optionalKey(UserIdOrMe)
})
export type ServerTeamPermissionsListQuery = typeof ServerTeamPermissionsListQuery.Type

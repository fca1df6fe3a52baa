/**
 * Team permission models (camelCase), derived from ../wire/team-permissions.ts.
 */
import { ListOf } from "../wire/common.ts"
import * as Wire from "../wire/team-permissions.ts"
import { camelize } from "./camel.ts"

/** A team permission held by a user: `{id, userId, teamId}` (`id` is the permission id). */
export const Permission = /*#__PURE__*/ camelize(Wire.TeamPermission)
export type Permission = typeof Permission.Type

/** `GET /team-permissions`. */
export const PermissionList = /*#__PURE__*/ camelize(/*#__PURE__*/ ListOf(Permission))
export type PermissionList = typeof PermissionList.Type

/** Query of `GET /team-permissions`, client access (`userId: "me"`); encodes `recursive` as a string. */
export const TeamPermissionsListQuery = /*#__PURE__*/ camelize(Wire.ClientTeamPermissionsListQuery)
export type TeamPermissionsListQuery = typeof TeamPermissionsListQuery.Type

/** Query of `GET /team-permissions`, server/admin access. */
export const ServerTeamPermissionsListQuery = /*#__PURE__*/ camelize(Wire.ServerTeamPermissionsListQuery)
export type ServerTeamPermissionsListQuery = typeof ServerTeamPermissionsListQuery.Type

/**
 * Project (user-level) permissions on the wire: `GET /project-permissions` (a client lists only its
 * own: `user_id=me`), `POST|DELETE /project-permissions/{user_id}/{permission_id}` (server: grant,
 * revoke). Shapes from the service's source (backend 2.8.86).
 */
import * as Schema from "effect/Schema"
import { ListOf } from "./common.ts"
import { PermissionId } from "./team-permissions.ts"
import { BooleanQuery, UserIdOrMe } from "./teams.ts"

/** A permission a user holds: `(user_id, id)` identify it. */
export const ProjectPermission = /*#__PURE__*/ Schema.Struct({ id: Schema.String, user_id: Schema.String })
export type ProjectPermission = typeof ProjectPermission.Type

/** `GET /project-permissions`: sorted by user id, then permission id. */
export const ProjectPermissionList = /*#__PURE__*/ ListOf(ProjectPermission)
export type ProjectPermissionList = typeof ProjectPermissionList.Type

/** `GET /project-permissions` query: every filter optional on the server; a client must name itself. */
export const ProjectPermissionsListQuery = /*#__PURE__*/ Schema.Struct({
  user_id: /*#__PURE__*/ Schema.optionalKey(UserIdOrMe),
  permission_id: /*#__PURE__*/ Schema.optionalKey(PermissionId),
  /** Expand contained permissions (only `true` does). */
  recursive: /*#__PURE__*/ Schema.optionalKey(BooleanQuery)
})
export type ProjectPermissionsListQuery = typeof ProjectPermissionsListQuery.Type

/** Path parameters of a grant or revocation. */
export const ProjectPermissionParams = /*#__PURE__*/ Schema.Struct({ user_id: UserIdOrMe, permission_id: PermissionId })
export type ProjectPermissionParams = typeof ProjectPermissionParams.Type

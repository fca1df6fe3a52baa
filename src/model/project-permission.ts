/**
 * Project permission models (camelCase), derived from the wire schemas of
 * ../wire/project-permissions.ts.
 */
import { ListOf } from "../wire/common.ts"
import * as Wire from "../wire/project-permissions.ts"
import { camelize } from "./camel.ts"

/** A permission a user holds in the project: `{id, userId}`. */
export const ProjectPermission = /*#__PURE__*/ camelize(Wire.ProjectPermission)
export type ProjectPermission = typeof ProjectPermission.Type

/** `GET /project-permissions`. */
export const ProjectPermissionList = /*#__PURE__*/ camelize(/*#__PURE__*/ ListOf(ProjectPermission))
export type ProjectPermissionList = typeof ProjectPermissionList.Type

/**
 * Project permissions from server code (official: `user.grantPermission(id)`,
 * `user.revokePermission(id)`, `user.listPermissions()`, `user.hasPermission(id)` without a team).
 */
import * as Effect from "effect/Effect"
import { PermissionNotFound, PermissionScopeMismatch, UserNotFound } from "../errors/catalogue.ts"
import { json, segment } from "../http/endpoint.ts"
import { ProjectPermission, ProjectPermissionList } from "../model/project-permission.ts"
import { SuccessBody } from "../wire/common.ts"
import type { KeyProjectErrorClass, KeyRuntime } from "./runtime.ts"

const grantPath = (userId: string, permissionId: string) => `/project-permissions/${segment(userId)}/${segment(permissionId)}`

/** The project permission operations of StackServer (and StackAdmin). */
export const makeServerProjectPermissions = <P extends KeyProjectErrorClass>(runtime: KeyRuntime<P>) => {
  /** Grants a defined project permission to a user (a team permission's id is `PermissionScopeMismatch`). */
  const grantProjectPermission = Effect.fn("StackServer.grantProjectPermission")(function*(userId: string, permissionId: string) {
    return yield* runtime.call({
      method: "POST",
      path: grantPath(userId, permissionId),
      body: { _tag: "Json", value: {} },
      response: json(ProjectPermission),
      errors: [UserNotFound, PermissionNotFound, PermissionScopeMismatch]
    })
  })

  /** Revokes a project permission the user holds directly (otherwise `PermissionNotFound`). */
  const revokeProjectPermission = Effect.fn("StackServer.revokeProjectPermission")(function*(userId: string, permissionId: string) {
    yield* runtime.call({
      method: "DELETE",
      path: grantPath(userId, permissionId),
      response: json(SuccessBody),
      errors: [UserNotFound, PermissionNotFound]
    })
  })

  /** A user's project permissions; contained permissions included unless `recursive: false`. */
  const listProjectPermissions = Effect.fn("StackServer.listProjectPermissions")(function*(
    userId: string,
    options: { readonly recursive?: boolean } = {}
  ) {
    const list = yield* runtime.call({
      method: "GET",
      path: "/project-permissions",
      query: [["user_id", userId], ["recursive", String(options.recursive ?? true)]],
      response: json(ProjectPermissionList),
      // An unknown user simply holds no permission.
      errors: []
    })
    return list.items
  })

  /** Whether a user holds the project permission `permissionId` (directly or contained). */
  const hasProjectPermission = Effect.fn("StackServer.hasProjectPermission")(function*(userId: string, permissionId: string) {
    const permissions = yield* listProjectPermissions(userId)
    return permissions.some((p) => p.id === permissionId)
  })

  return { grantProjectPermission, revokeProjectPermission, listProjectPermissions, hasProjectPermission }
}

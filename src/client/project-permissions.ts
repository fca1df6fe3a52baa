/**
 * The signed-in user's project permissions, those held outside any team (official:
 * `user.listPermissions()`, `user.hasPermission(id)`, `user.getPermission(id)` without a team).
 */
import * as Effect from "effect/Effect"
import { CannotGetOwnUserWithoutUser } from "../errors/catalogue.ts"
import { ProjectPermissionList } from "../model/project-permission.ts"
import { StackClientCore } from "./context.ts"
import { clientEndpoint } from "./runtime.ts"
import { readProjectPermissionList } from "../model/generated/readers.ts"

const listErrors = [CannotGetOwnUserWithoutUser] as const

/** The signed-in user's project permissions; contained permissions included unless `recursive: false`. */
export const listProjectPermissions = /*#__PURE__*/ Effect.fnUntraced(function*(options: { readonly recursive?: boolean } = {}) {
  const { runtime } = yield* StackClientCore
  const list = yield* runtime.withSession(
    clientEndpoint("GET", "/project-permissions", readProjectPermissionList, listErrors, {
      query: [["user_id", "me"], ["recursive", String(options.recursive ?? true)]]
    })
  )
  return list.items
})

/** Whether the signed-in user holds the project permission `permissionId` (directly or contained). */
export const hasProjectPermission = /*#__PURE__*/ Effect.fnUntraced(function*(permissionId: string) {
  const permissions = yield* listProjectPermissions()
  return permissions.some((p) => p.id === permissionId)
})

/** Every operation of this module, for the StackClient object. */
export const projectPermissionsOperations = { listProjectPermissions, hasProjectPermission }

/**
 * Project permissions (held by a user, not in a team): `GET /project-permissions`,
 * `POST|DELETE /project-permissions/{user_id}/{permission_id}` (server/admin), as backend 2.8.86
 * answers them.
 *
 * A client lists only its own (`user_id=me`, or its id; otherwise a 403 text). Granting checks the
 * user (USER_NOT_FOUND), then the definition: a team permission of that id is
 * WRONG_PERMISSION_SCOPE, none at all PERMISSION_NOT_FOUND. Revoking a permission not held directly
 * is PERMISSION_NOT_FOUND. Grants and revocations are announced to webhooks
 * (`project_permission.created|deleted`). A project's `user_default_permissions` are granted to
 * every user it creates (`accounts.ts`).
 */
import * as Effect from "effect/Effect"
import { EmptyBody } from "../../wire/common.ts"
import {
  ProjectPermission,
  ProjectPermissionList,
  ProjectPermissionParams,
  ProjectPermissionsListQuery
} from "../../wire/project-permissions.ts"
import * as Create from "../../errors/create.ts"
import { grantProjectPermission } from "../accounts.ts"
import * as Reply from "../reply.ts"
import { defineRoute, resolveUserId } from "../router.ts"
import { permissionGrantKey, type PermissionGrantRecord, type StateData } from "../state.ts"
import { emitWebhook } from "../svix.ts"
import { projectPermissionDefinition } from "./permission-definitions.ts"
import { expandContained, findUserOrFail, teamPermissionDefinition } from "./team-permissions.ts"

/** `ids` plus every project permission they contain, transitively. */
export const expandProjectPermissions = (data: StateData, projectId: string, ids: ReadonlyArray<string>): Set<string> =>
  expandContained(ids, (id) => projectPermissionDefinition(data, projectId, id)?.containedPermissionIds ?? [])

/** The project permissions granted directly to `userId`. */
export const directProjectPermissions = (data: StateData, projectId: string, userId: string): Array<string> =>
  Object.values<PermissionGrantRecord>(data.permissionGrants)
    .filter((g) => g.projectId === projectId && g.scope === "project" && g.userId === userId)
    .map((g) => g.permissionId)

const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/** The routes of this file. */
export const routes = [
  defineRoute({
    method: "GET",
    path: "/project-permissions",
    access: ["client", "server", "admin"],
    query: ProjectPermissionsListQuery,
    handler: Effect.fnUntraced(function*(ctx) {
      const projectId = ctx.auth.project.id
      if (ctx.auth.accessType === "client" && ctx.auth.user === undefined) return yield* Create.CannotGetOwnUserWithoutUser()
      const userId = ctx.query.user_id === undefined ? undefined : yield* resolveUserId(ctx.query.user_id, ctx.auth)
      if (ctx.auth.accessType === "client" && (userId === undefined || userId !== ctx.auth.user?.id)) {
        return yield* Reply.textError(
          403,
          "Client can only list permissions for their own user. user_id must be either \"me\" or the ID of the current user"
        )
      }
      const holders = [...new Set(
        Object.values<PermissionGrantRecord>(ctx.data.permissionGrants)
          .filter((g) => g.projectId === projectId && g.scope === "project" && (userId === undefined || g.userId === userId))
          .map((g) => g.userId)
      )]
      const items: Array<ProjectPermission> = []
      for (const holder of holders) {
        const direct = directProjectPermissions(ctx.data, projectId, holder)
        const ids = ctx.query.recursive === true ? [...expandProjectPermissions(ctx.data, projectId, direct)] : direct
        for (const id of ids) {
          if (ctx.query.permission_id === undefined || id === ctx.query.permission_id) items.push({ id, user_id: holder })
        }
      }
      items.sort((a, b) => compareStrings(a.user_id, b.user_id) || compareStrings(a.id, b.id))
      return yield* Reply.json(ProjectPermissionList, { items, is_paginated: false })
    })
  }),
  defineRoute({
    method: "POST",
    path: "/project-permissions/{user_id}/{permission_id}",
    access: ["server", "admin"],
    params: ProjectPermissionParams,
    body: EmptyBody,
    handler: Effect.fnUntraced(function*(ctx) {
      const projectId = ctx.auth.project.id
      const userId = yield* resolveUserId(ctx.params.user_id, ctx.auth)
      yield* findUserOrFail(ctx.data, projectId, userId)
      const permissionId = ctx.params.permission_id
      if (projectPermissionDefinition(ctx.data, projectId, permissionId) === undefined) {
        if (teamPermissionDefinition(ctx.data, projectId, permissionId) !== undefined || permissionId.startsWith("$")) {
          return yield* Create.PermissionScopeMismatch({ permission_id: permissionId, expected_scope: "project", actual_scope: "team" })
        }
        return yield* Create.PermissionNotFound({ permission_id: permissionId })
      }
      grantProjectPermission(ctx.data, { projectId, userId, permissionId }, ctx.now)
      return yield* Reply.json(ProjectPermission, { id: permissionId, user_id: userId }, { status: 201 })
    })
  }),
  defineRoute({
    method: "DELETE",
    path: "/project-permissions/{user_id}/{permission_id}",
    access: ["server", "admin"],
    params: ProjectPermissionParams,
    handler: Effect.fnUntraced(function*(ctx) {
      const projectId = ctx.auth.project.id
      const userId = yield* resolveUserId(ctx.params.user_id, ctx.auth)
      yield* findUserOrFail(ctx.data, projectId, userId)
      const permissionId = ctx.params.permission_id
      const key = permissionGrantKey({ projectId, scope: "project", teamId: null, userId, permissionId })
      if (ctx.data.permissionGrants[key] === undefined) return yield* Create.PermissionNotFound({ permission_id: permissionId })
      delete ctx.data.permissionGrants[key]
      emitWebhook(ctx.data, projectId, "project_permission.deleted", { id: permissionId, user_id: userId }, ctx.now)
      return yield* Reply.success
    })
  })
]


/**
 * Team permissions: `GET /team-permissions` (`recursive=true` expands contained
 * permissions; without it only direct grants are listed, as the server and the 2.7 fixture do), `POST|DELETE /team-permissions/{team_id}/{user_id}/{permission_id}`
 * (server/admin: direct grants).
 *
 * Also the permission helpers the other team resources share: the built-in `$…` system permissions,
 * effective (expanded) permissions, and `requireTeamPermission` (membership, then permission), the
 * check behind every client action on a team.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import {
  CannotGetOwnUserWithoutUser,
  PermissionNotFound,
  PermissionScopeMismatch,
  TeamMembershipNotFound,
  TeamNotFound,
  TeamPermissionNotFound,
  TeamPermissionRequired,
  UserAuthenticationRequired,
  UserNotFound
} from "../../errors/catalogue.ts"
import { EmptyBody } from "../../wire/common.ts"
import {
  PermissionId,
  ServerTeamPermissionsListQuery,
  TeamPermission,
  TeamPermissionList
} from "../../wire/team-permissions.ts"
import { UserIdOrMe, Uuid } from "../../wire/teams.ts"
import { grantTeamPermission } from "../accounts.ts"
import type { RequestAuth } from "../auth.ts"
import * as Reply from "../reply.ts"
import { teamPermissionChanged } from "../webhook-events.ts"
import { defineRoute, resolveUserId } from "../router.ts"
import {
  findUser,
  membershipKey,
  type PermissionDefinitionRecord,
  permissionDefinitionKey,
  permissionGrantKey,
  type StateData,
  type TeamMembershipRecord,
  type TeamRecord,
  type UserRecord
} from "../state.ts"
import * as Create from "../../errors/create.ts"

// =============================================================================
// Shared helpers
// =============================================================================

/** The built-in team permissions and their fixed descriptions. */
export const systemTeamPermissions: ReadonlyArray<{ readonly id: string; readonly description: string }> = [
  { id: "$delete_team", description: "Delete the team" },
  { id: "$invite_members", description: "Invite other users to the team" },
  { id: "$manage_api_keys", description: "Create and manage API keys for the team" },
  { id: "$read_members", description: "Read and list the other members of the team" },
  { id: "$remove_members", description: "Remove other members from the team" },
  { id: "$update_team", description: "Update the team information" }
]

/** Whether `id` is a built-in `$…` permission. */
export const isSystemTeamPermission = (id: string): boolean => systemTeamPermissions.some((p) => p.id === id)

/** The custom team permission definition `id` of a project, if any. */
export const teamPermissionDefinition = (
  data: StateData,
  projectId: string,
  id: string
): PermissionDefinitionRecord | undefined => data.permissionDefinitions[permissionDefinitionKey(projectId, "team", id)]

/** Whether a team permission `id` exists in the project (system or custom). */
export const isTeamPermissionDefined = (data: StateData, projectId: string, id: string): boolean =>
  isSystemTeamPermission(id) || teamPermissionDefinition(data, projectId, id) !== undefined

/** `ids` plus every permission `containedIn` says they contain, transitively (either scope). */
export const expandContained = (ids: ReadonlyArray<string>, containedIn: (id: string) => ReadonlyArray<string>): Set<string> => {
  const result = new Set<string>()
  const pending = [...ids]
  while (pending.length > 0) {
    const id = pending.pop()
    if (id === undefined || result.has(id)) continue
    result.add(id)
    pending.push(...containedIn(id))
  }
  return result
}

/** `ids` plus every permission they contain, transitively. */
export const expandTeamPermissions = (data: StateData, projectId: string, ids: ReadonlyArray<string>): Set<string> =>
  expandContained(ids, (id) => teamPermissionDefinition(data, projectId, id)?.containedPermissionIds ?? [])

/** The permission ids granted directly to `userId` in `teamId`. */
export const directTeamPermissions = (data: StateData, projectId: string, teamId: string, userId: string): Array<string> =>
  Object.values(data.permissionGrants)
    .filter((g) => g.projectId === projectId && g.scope === "team" && g.teamId === teamId && g.userId === userId)
    .map((g) => g.permissionId)

/** Whether the user holds `permissionId` in the team, directly or through containment. */
export const hasTeamPermission = (
  data: StateData,
  fields: { readonly projectId: string; readonly teamId: string; readonly userId: string; readonly permissionId: string }
): boolean =>
  expandTeamPermissions(data, fields.projectId, directTeamPermissions(data, fields.projectId, fields.teamId, fields.userId))
    .has(fields.permissionId)

/** The signed-in user, or USER_AUTHENTICATION_REQUIRED. */
export const requireSignedIn = (auth: RequestAuth): Effect.Effect<UserRecord, UserAuthenticationRequired> =>
  auth.user === undefined ? Effect.fail(Create.UserAuthenticationRequired()) : Effect.succeed(auth.user)

/** TEAM_MEMBERSHIP_NOT_FOUND unless `userId` is a member of `teamId`. */
export const requireMembership = (
  data: StateData,
  teamId: string,
  userId: string
): Effect.Effect<void, TeamMembershipNotFound> =>
  data.teamMemberships[membershipKey(teamId, userId)] === undefined
    ? Effect.fail(Create.TeamMembershipNotFound({ team_id: teamId, user_id: userId }))
    : Effect.void

/** The server's `ensureUserTeamPermissionExists`: membership first, then the permission. */
export const requireTeamPermission = (
  data: StateData,
  fields: { readonly projectId: string; readonly teamId: string; readonly userId: string; readonly permissionId: string }
): Effect.Effect<void, TeamMembershipNotFound | TeamPermissionRequired> =>
  Effect.gen(function*() {
    yield* requireMembership(data, fields.teamId, fields.userId)
    if (!hasTeamPermission(data, fields)) {
      return yield* Create.TeamPermissionRequired({
        team_id: fields.teamId,
        user_id: fields.userId,
        permission_id: fields.permissionId
      })
    }
  })

/** The team `teamId` of the project, or TEAM_NOT_FOUND. */
export const findTeamOrFail = (
  data: StateData,
  projectId: string,
  teamId: string
): Effect.Effect<TeamRecord, TeamNotFound> => {
  const team = data.teams[teamId]
  return team === undefined || team.projectId !== projectId
    ? Effect.fail(Create.TeamNotFound({ team_id: teamId }))
    : Effect.succeed(team)
}

/** The user `userId` of the project, or USER_NOT_FOUND. */
export const findUserOrFail = (data: StateData, projectId: string, userId: string): Effect.Effect<UserRecord, UserNotFound> => {
  const user = findUser(data, projectId, userId)
  return user === undefined ? Effect.fail(Create.UserNotFound()) : Effect.succeed(user)
}

const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

const PermissionParams = Schema.Struct({ team_id: Uuid, user_id: UserIdOrMe, permission_id: PermissionId })

/**
 * Checks of grant and revoke, the server's `ensureTeamMembershipExists`: the user must exist
 * (USER_NOT_FOUND), then be a member (an unknown team has none).
 */
const grantTarget = (
  data: StateData,
  params: { readonly team_id: string; readonly user_id: string },
  auth: RequestAuth
) =>
  Effect.gen(function*() {
    const userId = yield* resolveUserId(params.user_id, auth)
    yield* findUserOrFail(data, auth.project.id, userId)
    yield* requireMembership(data, params.team_id, userId)
    return userId
  })

// =============================================================================
// Routes
// =============================================================================

/** The routes of this file. */
export const routes = [
  defineRoute({
    method: "GET",
    path: "/team-permissions",
    access: ["client", "server", "admin"],
    query: ServerTeamPermissionsListQuery,
    handler: Effect.fnUntraced(function*(ctx) {
      const projectId = ctx.auth.project.id
      const q = ctx.query
      if (ctx.auth.accessType === "client" && ctx.auth.user === undefined) return yield* Create.CannotGetOwnUserWithoutUser()
      let userId = q.user_id === undefined ? undefined : yield* resolveUserId(q.user_id, ctx.auth)
      if (ctx.auth.accessType === "client") {
        if (userId === undefined || userId !== ctx.auth.user?.id) {
          return yield* Reply.textError(
            403,
            "Client can only list permissions for their own user. user_id must be either \"me\" or the ID of the current user"
          )
        }
        userId = ctx.auth.user.id
      }
      // Like the server: only `recursive=true` expands (the SDK always sends the parameter).
      const recursive = q.recursive ?? false
      const holders = Object.values<TeamMembershipRecord>(ctx.data.teamMemberships).filter((m) =>
        m.projectId === projectId && (q.team_id === undefined || m.teamId === q.team_id) &&
        (userId === undefined || m.userId === userId)
      )
      const items: Array<TeamPermission> = []
      for (const m of holders) {
        const direct = directTeamPermissions(ctx.data, projectId, m.teamId, m.userId)
        const ids = recursive ? [...expandTeamPermissions(ctx.data, projectId, direct)] : direct
        for (const id of ids) {
          if (q.permission_id !== undefined && id !== q.permission_id) continue
          items.push({ id, team_id: m.teamId, user_id: m.userId })
        }
      }
      items.sort((a, b) => compareStrings(a.team_id, b.team_id) || compareStrings(a.user_id, b.user_id) || compareStrings(a.id, b.id))
      return yield* Reply.json(TeamPermissionList, { items, is_paginated: false })
    })
  }),
  defineRoute({
    method: "POST",
    path: "/team-permissions/{team_id}/{user_id}/{permission_id}",
    access: ["server", "admin"],
    params: PermissionParams,
    body: EmptyBody,
    handler: Effect.fnUntraced(function*(ctx) {
      const projectId = ctx.auth.project.id
      const userId = yield* grantTarget(ctx.data, ctx.params, ctx.auth)
      const permissionId = ctx.params.permission_id
      if (!isTeamPermissionDefined(ctx.data, projectId, permissionId)) {
        // A project permission of that id is named as such.
        if (ctx.data.permissionDefinitions[permissionDefinitionKey(projectId, "project", permissionId)] !== undefined) {
          return yield* Create.PermissionScopeMismatch({ permission_id: permissionId, expected_scope: "team", actual_scope: "project" })
        }
        return yield* Create.PermissionNotFound({ permission_id: permissionId })
      }
      grantTeamPermission(ctx.data, { projectId, teamId: ctx.params.team_id, userId, permissionId }, ctx.now)
      return yield* Reply.json(TeamPermission, { id: permissionId, team_id: ctx.params.team_id, user_id: userId }, { status: 201 })
    })
  }),
  defineRoute({
    method: "DELETE",
    path: "/team-permissions/{team_id}/{user_id}/{permission_id}",
    access: ["server", "admin"],
    params: PermissionParams,
    // The SDK sends `{}`; the body is not read.
    handler: Effect.fnUntraced(function*(ctx) {
      const projectId = ctx.auth.project.id
      const userId = yield* grantTarget(ctx.data, ctx.params, ctx.auth)
      const permissionId = ctx.params.permission_id
      const key = permissionGrantKey({ projectId, scope: "team", teamId: ctx.params.team_id, userId, permissionId })
      // The server's `ensureUserTeamPermissionExists` (not recursive): a permission not held
      // directly, defined or not, is TEAM_PERMISSION_NOT_FOUND.
      if (ctx.data.permissionGrants[key] === undefined) {
        return yield* Create.TeamPermissionNotFound({ team_id: ctx.params.team_id, user_id: userId, permission_id: permissionId })
      }
      delete ctx.data.permissionGrants[key]
      teamPermissionChanged(ctx.data, { projectId, teamId: ctx.params.team_id, userId, permissionId }, "team_permission.deleted", ctx.now)
      return yield* Reply.success
    })
  })
]

/**
 * Team member profiles: `GET /team-member-profiles?team_id&user_id`,
 * `GET|PATCH /team-member-profiles/{team_id}/{user_id}`.
 *
 * A profile is a membership's own display name and image, falling back to the user's. Client access
 * must be a member of the team; reading anyone else needs `$read_members`, and only the own profile
 * can be changed. Lists are ordered by membership creation.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { CannotGetOwnUserWithoutUser, TeamMembershipNotFound } from "../../errors/catalogue.ts"
import {
  ClientTeamMemberProfile,
  ClientTeamMemberProfileList,
  ServerTeamMemberProfile,
  ServerTeamMemberProfileList,
  ServerTeamMemberProfilesListQuery,
  TeamMemberProfileUpdate
} from "../../wire/team-member-profiles.ts"
import { UserIdOrMe, Uuid } from "../../wire/teams.ts"
import type { AccessType, RequestAuth } from "../auth.ts"
import * as Reply from "../reply.ts"
import { defineRoute, resolveUserId } from "../router.ts"
import { membershipKey, type StateData, type TeamMembershipRecord } from "../state.ts"
import { serverUserView } from "../views.ts"
import { findTeamOrFail, findUserOrFail, requireMembership, requireTeamPermission } from "./team-permissions.ts"
import * as Create from "../../errors/create.ts"

/** A membership as a client profile (values fall back to the user's own). */
const clientProfileView = (data: StateData, m: TeamMembershipRecord): ClientTeamMemberProfile => {
  const user = data.users[m.userId]
  return {
    team_id: m.teamId,
    user_id: m.userId,
    display_name: m.displayName ?? user?.displayName ?? null,
    profile_image_url: m.profileImageUrl ?? user?.profileImageUrl ?? null
  }
}

const profileReply = (data: StateData, m: TeamMembershipRecord, accessType: AccessType) => {
  const user = data.users[m.userId]
  if (accessType === "client" || user === undefined) return Reply.json(ClientTeamMemberProfile, clientProfileView(data, m))
  return Reply.json(ServerTeamMemberProfile, { ...clientProfileView(data, m), user: serverUserView(data, user) })
}

const ProfileParams = Schema.Struct({ team_id: Uuid, user_id: UserIdOrMe })

/** The signed-in user of a client request, or CANNOT_GET_OWN_USER_WITHOUT_USER. */
const clientCaller = (auth: RequestAuth) =>
  auth.user === undefined ? Effect.fail(Create.CannotGetOwnUserWithoutUser()) : Effect.succeed(auth.user)

/** Reading someone else's profile needs `$read_members` (membership first). */
const checkReadOthers = (data: StateData, auth: RequestAuth, teamId: string, callerId: string, targetUserId: string | undefined) =>
  targetUserId === callerId
    ? Effect.void
    : requireTeamPermission(data, { projectId: auth.project.id, teamId, userId: callerId, permissionId: "$read_members" })

/** The routes of this file. */
export const routes = [
  defineRoute({
    method: "GET",
    path: "/team-member-profiles",
    access: ["client", "server", "admin"],
    query: ServerTeamMemberProfilesListQuery,
    handler: Effect.fnUntraced(function*(ctx) {
      const projectId = ctx.auth.project.id
      const teamId = ctx.query.team_id
      const userId = ctx.query.user_id === undefined ? undefined : yield* resolveUserId(ctx.query.user_id, ctx.auth)
      if (ctx.auth.accessType === "client") {
        const caller = yield* clientCaller(ctx.auth)
        if (teamId === undefined) return yield* Reply.textError(400, "team_id is required for access type client")
        yield* requireMembership(ctx.data, teamId, caller.id)
        yield* checkReadOthers(ctx.data, ctx.auth, teamId, caller.id, userId)
      } else {
        if (teamId !== undefined) yield* findTeamOrFail(ctx.data, projectId, teamId)
        if (userId !== undefined) yield* findUserOrFail(ctx.data, projectId, userId)
      }
      const memberships = Object.values<TeamMembershipRecord>(ctx.data.teamMemberships)
        .filter((m) =>
          m.projectId === projectId && (teamId === undefined || m.teamId === teamId) &&
          (userId === undefined || m.userId === userId)
        )
        .sort((a, b) => a.createdAtMillis - b.createdAtMillis)
      if (ctx.auth.accessType === "client") {
        return yield* Reply.json(ClientTeamMemberProfileList, {
          items: memberships.map((m) => clientProfileView(ctx.data, m)),
          is_paginated: false
        })
      }
      const items: Array<ServerTeamMemberProfile> = []
      for (const m of memberships) {
        const user = ctx.data.users[m.userId]
        if (user !== undefined) items.push({ ...clientProfileView(ctx.data, m), user: serverUserView(ctx.data, user) })
      }
      return yield* Reply.json(ServerTeamMemberProfileList, { items, is_paginated: false })
    })
  }),
  defineRoute({
    method: "GET",
    path: "/team-member-profiles/{team_id}/{user_id}",
    access: ["client", "server", "admin"],
    params: ProfileParams,
    handler: Effect.fnUntraced(function*(ctx) {
      const projectId = ctx.auth.project.id
      const teamId = ctx.params.team_id
      const userId = yield* resolveUserId(ctx.params.user_id, ctx.auth)
      if (ctx.auth.accessType === "client") {
        const caller = yield* clientCaller(ctx.auth)
        yield* checkReadOthers(ctx.data, ctx.auth, teamId, caller.id, userId)
      }
      // The server's `ensureTeamMembershipExists`: the user first, then the membership.
      yield* findUserOrFail(ctx.data, projectId, userId)
      const membership = ctx.data.teamMemberships[membershipKey(teamId, userId)]
      if (membership === undefined || membership.projectId !== projectId) {
        return yield* Create.TeamMembershipNotFound({ team_id: teamId, user_id: userId })
      }
      return yield* profileReply(ctx.data, membership, ctx.auth.accessType)
    })
  }),
  defineRoute({
    method: "PATCH",
    path: "/team-member-profiles/{team_id}/{user_id}",
    access: ["client", "server", "admin"],
    params: ProfileParams,
    body: TeamMemberProfileUpdate,
    handler: Effect.fnUntraced(function*(ctx) {
      const projectId = ctx.auth.project.id
      const teamId = ctx.params.team_id
      const userId = yield* resolveUserId(ctx.params.user_id, ctx.auth)
      if (ctx.auth.accessType === "client") {
        const caller = yield* clientCaller(ctx.auth)
        if (caller.id !== userId) return yield* Reply.textError(403, "Cannot update another user's profile")
      }
      // The server's `ensureTeamMembershipExists`: the user first, then the membership.
      yield* findUserOrFail(ctx.data, projectId, userId)
      const membership = ctx.data.teamMemberships[membershipKey(teamId, userId)]
      if (membership === undefined || membership.projectId !== projectId) {
        return yield* Create.TeamMembershipNotFound({ team_id: teamId, user_id: userId })
      }
      const next: TeamMembershipRecord = {
        ...membership,
        displayName: ctx.body.display_name ?? membership.displayName,
        profileImageUrl: ctx.body.profile_image_url !== undefined ? ctx.body.profile_image_url : membership.profileImageUrl
      }
      ctx.data.teamMemberships[membershipKey(teamId, userId)] = next
      return yield* profileReply(ctx.data, next, ctx.auth.accessType)
    })
  })
]

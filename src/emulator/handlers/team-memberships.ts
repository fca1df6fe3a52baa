/**
 * Team memberships: `POST /team-memberships/{team_id}/{user_id}` (server/admin;
 * the member gets the project's member default permissions) and `DELETE` (client: may always leave
 * itself; removing someone else needs `$remove_members`). Leaving drops the member's grants in the team.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { CannotGetOwnUserWithoutUser, TeamMembershipAlreadyExists, TeamMembershipNotFound } from "../../errors/catalogue.ts"
import { EmptyBody } from "../../wire/common.ts"
import { TeamMembership } from "../../wire/team-memberships.ts"
import { UserIdOrMe, Uuid } from "../../wire/teams.ts"
import { addTeamMember } from "../accounts.ts"
import * as Reply from "../reply.ts"
import { membershipChanged } from "../webhook-events.ts"
import { defineRoute, resolveUserId } from "../router.ts"
import { membershipKey, type StateData } from "../state.ts"
import { findTeamOrFail, findUserOrFail, requireTeamPermission } from "./team-permissions.ts"
import * as Create from "../../errors/create.ts"

const MembershipParams = Schema.Struct({ team_id: Uuid, user_id: UserIdOrMe })

/** Removes a membership and the member's permission grants in that team. */
export const removeTeamMember = (data: StateData, teamId: string, userId: string): void => {
  delete data.teamMemberships[membershipKey(teamId, userId)]
  for (const [key, grant] of Object.entries(data.permissionGrants)) {
    if (grant.scope === "team" && grant.teamId === teamId && grant.userId === userId) delete data.permissionGrants[key]
  }
}

/** The routes of this file. */
export const routes = [
  defineRoute({
    method: "POST",
    path: "/team-memberships/{team_id}/{user_id}",
    access: ["server", "admin"],
    params: MembershipParams,
    body: EmptyBody,
    handler: Effect.fnUntraced(function*(ctx) {
      const projectId = ctx.auth.project.id
      const userId = yield* resolveUserId(ctx.params.user_id, ctx.auth)
      const user = yield* findUserOrFail(ctx.data, projectId, userId)
      const team = yield* findTeamOrFail(ctx.data, projectId, ctx.params.team_id)
      if (ctx.data.teamMemberships[membershipKey(team.id, user.id)] !== undefined) {
        return yield* Create.TeamMembershipAlreadyExists()
      }
      addTeamMember(ctx.data, { team, user, asCreator: false, nowMillis: ctx.now, announce: true })
      return yield* Reply.json(TeamMembership, { team_id: team.id, user_id: user.id }, { status: 201 })
    })
  }),
  defineRoute({
    method: "DELETE",
    path: "/team-memberships/{team_id}/{user_id}",
    access: ["client", "server", "admin"],
    params: MembershipParams,
    // The SDK sends `{}`; the body is not read.
    handler: Effect.fnUntraced(function*(ctx) {
      const projectId = ctx.auth.project.id
      const teamId = ctx.params.team_id
      const userId = yield* resolveUserId(ctx.params.user_id, ctx.auth)
      if (ctx.auth.accessType === "client") {
        const caller = ctx.auth.user
        if (caller === undefined) return yield* Create.CannotGetOwnUserWithoutUser()
        if (caller.id !== userId) {
          yield* requireTeamPermission(ctx.data, { projectId, teamId, userId: caller.id, permissionId: "$remove_members" })
        }
      }
      // The server's `ensureTeamMembershipExists`: the user first, then the membership.
      yield* findUserOrFail(ctx.data, projectId, userId)
      if (ctx.data.teamMemberships[membershipKey(teamId, userId)] === undefined) {
        return yield* Create.TeamMembershipNotFound({ team_id: teamId, user_id: userId })
      }
      removeTeamMember(ctx.data, teamId, userId)
      membershipChanged(ctx.data, { projectId, teamId, userId }, "team_membership.deleted", ctx.now)
      return yield* Reply.success
    })
  })
]

/**
 * `POST /internal/projects/transfer` (the `internal` project, a signed-in dashboard user): moves a
 * project to another team, like the service: the user must hold `team_admin` in the team owning it
 * now (TEAM_PERMISSION_REQUIRED) and be a member of the new team, admin or not
 * (TEAM_MEMBERSHIP_NOT_FOUND); an unknown project is PROJECT_NOT_FOUND.
 */
import * as Effect from "effect/Effect"
import * as Create from "../../errors/create.ts"
import { ProjectTransferBody, ProjectTransferResponse } from "../../wire/project.ts"
import * as Reply from "../reply.ts"
import { defineRoute } from "../router.ts"
import { dashboardUser } from "./internal-projects.ts"
import { hasTeamPermission, requireMembership } from "./team-permissions.ts"

/** The routes of this file. */
export const routes = [
  defineRoute({
    method: "POST",
    path: "/internal/projects/transfer",
    access: ["client", "server", "admin"],
    body: ProjectTransferBody,
    handler: Effect.fnUntraced(function*(ctx) {
      const user = yield* dashboardUser(ctx.auth)
      const project = ctx.data.projects[ctx.body.project_id]
      if (project === undefined) return yield* Create.ProjectNotFound({ project_id: ctx.body.project_id })
      const owner = project.ownerTeamId
      if (owner === null) return yield* Reply.textError(400, "Project must have an owner team to be transferred")
      if (!hasTeamPermission(ctx.data, { projectId: "internal", teamId: owner, userId: user.id, permissionId: "team_admin" })) {
        return yield* Create.TeamPermissionRequired({ team_id: owner, user_id: user.id, permission_id: "team_admin" })
      }
      yield* requireMembership(ctx.data, ctx.body.new_team_id, user.id)
      ctx.data.projects[project.id] = { ...project, ownerTeamId: ctx.body.new_team_id }
      return yield* Reply.json(ProjectTransferResponse, { success: "true" })
    })
  })
]

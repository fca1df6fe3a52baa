/**
 * The service's webhook events, each with its payload on the wire: `user.created|updated|deleted`,
 * `team.created|updated|deleted`, `team_membership.created|deleted` and
 * `team_permission.created|deleted`. They go to the project's Svix app (`svix.ts`) when a Svix
 * server is configured, and nowhere otherwise.
 */
import * as Schema from "effect/Schema"
import { ServerTeam } from "../wire/teams.ts"
import { ServerUser } from "../wire/users.ts"
import type { StateData, TeamRecord, UserRecord } from "./state.ts"
import { emitWebhook, hasWebhookSink } from "./svix.ts"
import { serverTeamView, serverUserView } from "./views.ts"

const encodeUser = Schema.encodeSync(ServerUser)
const encodeTeam = Schema.encodeSync(ServerTeam)

/** `user.created` / `user.updated`: the user as a server reads it. */
export const userChanged = (data: StateData, user: UserRecord, type: "user.created" | "user.updated", nowMillis: number): void => {
  if (hasWebhookSink(data)) emitWebhook(data, user.projectId, type, encodeUser(serverUserView(data, user)), nowMillis)
}

/** `user.deleted`: the id and the teams the user was in (call before deleting). */
export const userDeleted = (data: StateData, user: UserRecord, nowMillis: number): void => {
  const teams = Object.values(data.teamMemberships).filter((m) => m.userId === user.id).map((m) => ({ id: m.teamId }))
  emitWebhook(data, user.projectId, "user.deleted", { id: user.id, teams }, nowMillis)
}

/** `team.created` / `team.updated`: the team as a server reads it. */
export const teamChanged = (data: StateData, team: TeamRecord, type: "team.created" | "team.updated", nowMillis: number): void => {
  if (hasWebhookSink(data)) emitWebhook(data, team.projectId, type, encodeTeam(serverTeamView(team)), nowMillis)
}

/** `team.deleted`: the id. */
export const teamDeleted = (data: StateData, team: TeamRecord, nowMillis: number): void =>
  emitWebhook(data, team.projectId, "team.deleted", { id: team.id }, nowMillis)

/** `team_membership.created|deleted`. */
export const membershipChanged = (
  data: StateData,
  fields: { readonly projectId: string; readonly teamId: string; readonly userId: string },
  type: "team_membership.created" | "team_membership.deleted",
  nowMillis: number
): void => emitWebhook(data, fields.projectId, type, { team_id: fields.teamId, user_id: fields.userId }, nowMillis)

/** `team_permission.created|deleted`. */
export const teamPermissionChanged = (
  data: StateData,
  fields: { readonly projectId: string; readonly teamId: string; readonly userId: string; readonly permissionId: string },
  type: "team_permission.created" | "team_permission.deleted",
  nowMillis: number
): void =>
  emitWebhook(data, fields.projectId, type, { id: fields.permissionId, team_id: fields.teamId, user_id: fields.userId }, nowMillis)

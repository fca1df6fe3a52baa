/**
 * Teams: `GET|POST /teams`, `GET|PATCH|DELETE /teams/{team_id}`.
 *
 * Client access acts only on teams the signed-in user belongs to: listing needs `user_id=me` (or the
 * own id), updating needs `$update_team`, deleting `$delete_team`, and creating needs the project's
 * `client_team_creation_enabled` (the client is always the creator). The creator (`creator_user_id`)
 * gets the creator default permissions.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import {
  CannotGetOwnUserWithoutUser,
  TeamMembershipNotFound,
  UserAuthenticationRequired
} from "../../errors/catalogue.ts"
import { TeamCreateQuery } from "../../wire/teams-extra.ts"
import {
  ClientTeam,
  ClientTeamCreate,
  ClientTeamList,
  ClientTeamUpdate,
  ServerTeam,
  ServerTeamCreate,
  ServerTeamList,
  ServerTeamsListQuery,
  ServerTeamUpdate,
  Uuid
} from "../../wire/teams.ts"
import { addTeamMember, createTeam } from "../accounts.ts"
import type { AccessType, RequestAuth } from "../auth.ts"
import { CodeType } from "../codes.ts"
import * as Reply from "../reply.ts"
import { storedImage } from "../storage.ts"
import { teamChanged, teamDeleted } from "../webhook-events.ts"
import { defineRoute, resolveUserId } from "../router.ts"
import { membershipKey, type StateData, type TeamRecord } from "../state.ts"
import type { RequestSchema } from "../validation.ts"
import { clientTeamView, serverTeamView } from "../views.ts"
import { findTeamOrFail, findUserOrFail, requireSignedIn, requireTeamPermission } from "./team-permissions.ts"
import * as Create from "../../errors/create.ts"

/** The team as the caller's access type sees it. */
export const teamReply = (team: TeamRecord, accessType: AccessType, status = 200) =>
  accessType === "client"
    ? Reply.json(ClientTeam, clientTeamView(team), { status })
    : Reply.json(ServerTeam, serverTeamView(team), { status })

const base64Image = /^data:image\/(png|jpg|jpeg|gif|bmp|webp);base64,([A-Za-z0-9+/]+={0,2})$/
const bareBase64 = /^[A-Za-z0-9+/]+={0,2}$/

/** Client access may only upload base64 images (`data:image/...;base64,...` or bare base64). */
const isClientProfileImage = (value: string): boolean => base64Image.test(value) || bareBase64.test(value)

/**
 * Deletes a team and everything that belongs to it: memberships, permission grants, pending
 * invitations; users who had it selected have no selected team any more.
 */
export const deleteTeam = (data: StateData, teamId: string): void => {
  delete data.teams[teamId]
  for (const [key, m] of Object.entries(data.teamMemberships)) if (m.teamId === teamId) delete data.teamMemberships[key]
  for (const [key, g] of Object.entries(data.permissionGrants)) if (g.teamId === teamId) delete data.permissionGrants[key]
  for (const [id, k] of Object.entries(data.features.projectApiKeys)) if (k.teamId === teamId) delete data.features.projectApiKeys[id]
  for (const [id, code] of Object.entries(data.verificationCodes)) {
    const codeData = code.data
    if (
      code.type === CodeType.teamInvitation && typeof codeData === "object" && codeData !== null && !Array.isArray(codeData) &&
      "team_id" in codeData && codeData["team_id"] === teamId
    ) delete data.verificationCodes[id]
  }
  for (const user of Object.values(data.users)) {
    if (user.selectedTeamId === teamId) data.users[user.id] = { ...user, selectedTeamId: null }
  }
}

const TeamParams = Schema.Struct({ team_id: Uuid })

/** The team of a `/teams/{team_id}` request: client access must be a member (checked first). */
const teamForRequest = (
  ctx: { readonly data: StateData; readonly auth: RequestAuth },
  teamId: string
) =>
  Effect.gen(function*() {
    if (ctx.auth.accessType === "client") {
      const user = yield* requireSignedIn(ctx.auth)
      if (ctx.data.teamMemberships[membershipKey(teamId, user.id)] === undefined) {
        return yield* Create.TeamMembershipNotFound({ team_id: teamId, user_id: user.id })
      }
    }
    return yield* findTeamOrFail(ctx.data, ctx.auth.project.id, teamId)
  })

/** The routes of this file. */
export const routes = [
  defineRoute({
    method: "GET",
    path: "/teams",
    access: ["client", "server", "admin"],
    query: ServerTeamsListQuery,
    handler: Effect.fnUntraced(function*(ctx) {
      const projectId = ctx.auth.project.id
      const requested = ctx.query.user_id
      let userId: string | undefined
      if (ctx.auth.accessType === "client") {
        if (ctx.auth.user === undefined) return yield* Create.CannotGetOwnUserWithoutUser()
        const own = ctx.auth.user.id
        if (requested === undefined || (requested !== "me" && requested !== own)) {
          return yield* Reply.textError(
            403,
            "Client can only list teams for their own user. user_id must be either \"me\" or the ID of the current user"
          )
        }
        userId = yield* resolveUserId(requested, ctx.auth)
      } else if (requested !== undefined) {
        // Like the server: an unknown user simply has no teams.
        userId = yield* resolveUserId(requested, ctx.auth)
      }
      const teams = Object.values<TeamRecord>(ctx.data.teams)
        .filter((t) => t.projectId === projectId)
        .filter((t) => userId === undefined || ctx.data.teamMemberships[membershipKey(t.id, userId)] !== undefined)
        .sort((a, b) => a.createdAtMillis - b.createdAtMillis)
      return ctx.auth.accessType === "client"
        ? yield* Reply.json(ClientTeamList, { items: teams.map(clientTeamView), is_paginated: false })
        : yield* Reply.json(ServerTeamList, { items: teams.map(serverTeamView), is_paginated: false })
    })
  }),
  defineRoute({
    method: "POST",
    path: "/teams",
    access: ["client", "server", "admin"],
    query: TeamCreateQuery,
    bodyFor: (accessType): RequestSchema<ServerTeamCreate> => accessType === "client" ? ClientTeamCreate : ServerTeamCreate,
    handler: Effect.fnUntraced(function*(ctx) {
      const { auth, body } = ctx
      const projectId = auth.project.id
      const addCurrentUser = ctx.query.add_current_user
      if (addCurrentUser !== undefined && body.creator_user_id !== undefined) {
        return yield* Reply.textError(
          400,
          "Cannot use both creator_user_id and add_current_user. add_current_user is deprecated, please only use creator_user_id in the body."
        )
      }
      let creatorId = body.creator_user_id === undefined ? undefined : yield* resolveUserId(body.creator_user_id, auth)
      if (auth.accessType === "client") {
        if (auth.user === undefined) return yield* Create.UserAuthenticationRequired()
        if (!auth.project.config.clientTeamCreationEnabled) {
          return yield* Reply.textError(403, "Client team creation is disabled for this project")
        }
        if (body.profile_image_url !== undefined && body.profile_image_url !== null &&
          !isClientProfileImage(body.profile_image_url)) {
          return yield* Reply.textError(400, "Invalid profile image URL")
        }
        // A client always creates the team as itself.
        if (creatorId === undefined) creatorId = auth.user.id
        else if (creatorId !== auth.user.id) {
          return yield* Reply.textError(403, "You cannot create a team as a user that is not yourself. Make sure you set the creator_user_id to 'me'.")
        }
      }
      if (addCurrentUser === true) {
        if (auth.user === undefined) {
          return yield* Reply.textError(401, "You must be logged in to create a team with the current user as a member.")
        }
        creatorId = auth.user.id
      }
      const creator = creatorId === undefined ? undefined : yield* findUserOrFail(ctx.data, projectId, creatorId)

      const team = createTeam(ctx.data, {
        projectId,
        displayName: body.display_name,
        nowMillis: ctx.now,
        profileImageUrl: storedImage(ctx.env.storage, "team-profile-images", body.profile_image_url),
        clientMetadata: body.client_metadata,
        clientReadOnlyMetadata: body.client_read_only_metadata,
        serverMetadata: body.server_metadata
      })
      if (creator !== undefined) addTeamMember(ctx.data, { team, user: creator, asCreator: true, nowMillis: ctx.now })
      return yield* teamReply(team, auth.accessType, 201)
    })
  }),
  defineRoute({
    method: "GET",
    path: "/teams/{team_id}",
    access: ["client", "server", "admin"],
    params: TeamParams,
    handler: Effect.fnUntraced(function*(ctx) {
      const team = yield* teamForRequest(ctx, ctx.params.team_id)
      return yield* teamReply(team, ctx.auth.accessType)
    })
  }),
  defineRoute({
    method: "PATCH",
    path: "/teams/{team_id}",
    access: ["client", "server", "admin"],
    params: TeamParams,
    bodyFor: (accessType): RequestSchema<ServerTeamUpdate> => accessType === "client" ? ClientTeamUpdate : ServerTeamUpdate,
    handler: Effect.fnUntraced(function*(ctx) {
      const { auth, body } = ctx
      const teamId = ctx.params.team_id
      if (auth.accessType === "client") {
        if (body.profile_image_url !== undefined && body.profile_image_url !== null &&
          !isClientProfileImage(body.profile_image_url)) {
          return yield* Reply.textError(400, "Invalid profile image URL")
        }
        const user = yield* requireSignedIn(auth)
        yield* requireTeamPermission(ctx.data, { projectId: auth.project.id, teamId, userId: user.id, permissionId: "$update_team" })
      }
      const team = yield* findTeamOrFail(ctx.data, auth.project.id, teamId)
      const next: TeamRecord = {
        ...team,
        displayName: body.display_name ?? team.displayName,
        profileImageUrl: body.profile_image_url !== undefined
          ? storedImage(ctx.env.storage, "team-profile-images", body.profile_image_url)
          : team.profileImageUrl,
        clientMetadata: body.client_metadata !== undefined ? body.client_metadata : team.clientMetadata,
        clientReadOnlyMetadata: body.client_read_only_metadata !== undefined
          ? body.client_read_only_metadata
          : team.clientReadOnlyMetadata,
        serverMetadata: body.server_metadata !== undefined ? body.server_metadata : team.serverMetadata
      }
      ctx.data.teams[team.id] = next
      teamChanged(ctx.data, next, "team.updated", ctx.now)
      return yield* teamReply(next, auth.accessType)
    })
  }),
  defineRoute({
    method: "DELETE",
    path: "/teams/{team_id}",
    access: ["client", "server", "admin"],
    params: TeamParams,
    handler: Effect.fnUntraced(function*(ctx) {
      const { auth } = ctx
      const teamId = ctx.params.team_id
      if (auth.accessType === "client") {
        const user = yield* requireSignedIn(auth)
        yield* requireTeamPermission(ctx.data, { projectId: auth.project.id, teamId, userId: user.id, permissionId: "$delete_team" })
      }
      const team = yield* findTeamOrFail(ctx.data, auth.project.id, teamId)
      deleteTeam(ctx.data, team.id)
      teamDeleted(ctx.data, team, ctx.now)
      return yield* Reply.success
    })
  })
]

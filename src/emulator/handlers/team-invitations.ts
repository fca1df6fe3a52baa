/**
 * Team invitations: `POST /team-invitations/send-code`,
 * `GET /team-invitations?team_id` (or `?user_id`: invitations to the user's verified addresses),
 * `DELETE /team-invitations/{id}?team_id`, `POST /team-invitations/{id}/accept?user_id`,
 * `POST /team-invitations/accept` (+ `/accept/check-code`, `/accept/details`).
 *
 * An invitation is a verification code of type `team_invitation` (`method: {email}`,
 * `data: {team_id}`), e-mailed as `callback_url?code=…`. Accepting consumes it and adds the signed-in
 * user to the team with the member default permissions (no-op for a member).
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import {
  CannotGetOwnUserWithoutUser,
  RedirectUrlNotWhitelisted,
  TeamInvitationRestrictedUserNotAllowed,
  UserAuthenticationRequired,
  UserNotFound,
  VerificationCodeNotFound
} from "../../errors/catalogue.ts"
import { CodeValidBody, type Json, SuccessBody } from "../../wire/common.ts"
import {
  SendTeamInvitationBody,
  type TeamInvitation,
  TeamInvitationAccepted,
  TeamInvitationCodeBody,
  TeamInvitationDetails,
  TeamInvitationAcceptByIdQuery,
  TeamInvitationList,
  TeamInvitationListQuery,
  TeamInvitationSent,
  TeamInvitationsQuery
} from "../../wire/team-invitations.ts"
import { Uuid } from "../../wire/teams.ts"
import { addTeamMember } from "../accounts.ts"
import type { RequestAuth } from "../auth.ts"
import { checkCode, CodeType, consumeCode, createCode, isRedirectUrlTrusted } from "../codes.ts"
import { linkWithCode, sendEmail } from "../outbox.ts"
import * as Reply from "../reply.ts"
import { defineRoute, resolveUserId } from "../router.ts"
import { findUser, restrictedReason, type StateData, type VerificationCodeRecord } from "../state.ts"
import { findTeamOrFail, requireSignedIn, requireTeamPermission } from "./team-permissions.ts"
import * as Create from "../../errors/create.ts"

const stringField = (value: Json, key: string): string | undefined => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined
  const field: unknown = Object.entries(value).find(([k]) => k === key)?.[1]
  return typeof field === "string" ? field : undefined
}

/** The team id an invitation code is for. */
const invitationTeamId = (code: VerificationCodeRecord): string | undefined => stringField(code.data, "team_id")

/** Pending (unused, unexpired) invitations of a team. */
const pendingInvitations = (data: StateData, projectId: string, teamId: string, now: number) =>
  Object.values(data.verificationCodes).filter((c) =>
    c.projectId === projectId && c.type === CodeType.teamInvitation && invitationTeamId(c) === teamId &&
    c.usedAtMillis === null && c.expiresAtMillis > now
  )

const invitationView = (code: VerificationCodeRecord, teamId: string, teamDisplayName: string): TeamInvitation => ({
  id: code.id,
  team_id: teamId,
  team_display_name: teamDisplayName,
  expires_at_millis: code.expiresAtMillis,
  recipient_email: stringField(code.method, "email") ?? ""
})

/** The user's verified e-mail addresses (where invitations can reach them). */
const verifiedEmailsOf = (data: StateData, projectId: string, userId: string): ReadonlyArray<string> =>
  Object.values(data.contactChannels)
    .filter((c) => c.projectId === projectId && c.userId === userId && c.type === "email" && c.isVerified)
    .map((c) => c.value)

/** Pending invitations sent to any verified address of the user, in teams that still exist. */
const invitationsForUser = (data: StateData, projectId: string, userId: string, now: number): ReadonlyArray<TeamInvitation> => {
  const emails = verifiedEmailsOf(data, projectId, userId)
  return Object.values(data.verificationCodes)
    .filter((c) =>
      c.projectId === projectId && c.type === CodeType.teamInvitation && c.usedAtMillis === null && c.expiresAtMillis > now &&
      emails.includes(stringField(c.method, "email") ?? "")
    )
    .sort((a, b) => a.createdAtMillis - b.createdAtMillis)
    .flatMap((c) => {
      const team = data.teams[invitationTeamId(c) ?? ""]
      return team === undefined || team.projectId !== projectId ? [] : [invitationView(c, team.id, team.displayName)]
    })
}

/** Client access needs each of `permissionIds` in the team (membership first); others need the team. */
const authorize = (
  data: StateData,
  auth: RequestAuth,
  teamId: string,
  permissionIds: ReadonlyArray<string>,
  /** What a client without user gets: send-code asks for a sign-in, list and revoke fail like `me`. */
  withoutUser: "USER_AUTHENTICATION_REQUIRED" | "CANNOT_GET_OWN_USER_WITHOUT_USER"
) =>
  Effect.gen(function*() {
    if (auth.accessType === "client") {
      const user = auth.user
      if (user === undefined) {
        return yield* withoutUser === "USER_AUTHENTICATION_REQUIRED"
          ? Create.UserAuthenticationRequired()
          : Create.CannotGetOwnUserWithoutUser()
      }
      for (const permissionId of permissionIds) {
        yield* requireTeamPermission(data, { projectId: auth.project.id, teamId, userId: user.id, permissionId })
      }
    }
    return yield* findTeamOrFail(data, auth.project.id, teamId)
  })

/** The signed-in user of accept/details: restricted users are refused even when the request allows them. */
const acceptingUser = (data: StateData, auth: RequestAuth) =>
  Effect.gen(function*() {
    const user = yield* requireSignedIn(auth)
    const reason = restrictedReason(data, user)
    if (reason !== null) return yield* Create.TeamInvitationRestrictedUserNotAllowed({ restricted_reason: reason })
    return user
  })

/** The invitation a code names (checked in the server's order; not consumed). */
const invitationCode = (data: StateData, auth: RequestAuth, code: string, now: number) =>
  checkCode(data, { projectId: auth.project.id, type: CodeType.teamInvitation, code, nowMillis: now })

/** The routes of this file. */
export const routes = [
  defineRoute({
    method: "POST",
    path: "/team-invitations/send-code",
    access: ["client", "server", "admin"],
    body: SendTeamInvitationBody,
    handler: Effect.fnUntraced(function*(ctx) {
      const { auth, body } = ctx
      const team = yield* authorize(ctx.data, auth, body.team_id, ["$invite_members"], "USER_AUTHENTICATION_REQUIRED")
      if (!isRedirectUrlTrusted(auth.project, body.callback_url)) return yield* Create.RedirectUrlNotWhitelisted()
      const code = createCode(ctx.data, {
        projectId: auth.project.id,
        type: CodeType.teamInvitation,
        nowMillis: ctx.now,
        method: { email: body.email },
        data: { team_id: team.id },
        callbackUrl: body.callback_url
      })
      const link = linkWithCode(body.callback_url, code.code)
      sendEmail(ctx.data, {
        projectId: auth.project.id,
        to: body.email,
        subject: `You have been invited to join ${team.displayName}`,
        text: `You have been invited to join ${team.displayName} on ${auth.project.displayName}. ` +
          `Open this link to accept the invitation:\n\n${link}`,
        code: code.code,
        link
      }, ctx.now)
      return yield* Reply.json(TeamInvitationSent, { success: true, id: code.id })
    })
  }),
  defineRoute({
    method: "GET",
    path: "/team-invitations",
    access: ["client", "server", "admin"],
    query: TeamInvitationListQuery,
    handler: Effect.fnUntraced(function*(ctx) {
      const data: StateData = ctx.data
      const { team_id: teamId, user_id: userIdOrMe } = ctx.query
      if (teamId !== undefined && userIdOrMe !== undefined) return yield* Reply.textError(400, "Cannot specify both team_id and user_id")
      if (userIdOrMe !== undefined) {
        const userId = yield* resolveUserId(userIdOrMe, ctx.auth)
        // A client may only ask about itself, and is told so as for `me` without a user.
        if (ctx.auth.accessType === "client" && userId !== ctx.auth.user?.id) return yield* Create.CannotGetOwnUserWithoutUser()
        const items = invitationsForUser(data, ctx.auth.project.id, userId, ctx.now)
        return yield* Reply.json(TeamInvitationList, { items, is_paginated: false })
      }
      if (teamId === undefined) return yield* Reply.textError(400, "Must specify either team_id or user_id")
      const team = yield* authorize(data, ctx.auth, teamId, ["$read_members", "$invite_members"], "CANNOT_GET_OWN_USER_WITHOUT_USER")
      const items = pendingInvitations(data, ctx.auth.project.id, team.id, ctx.now)
        .sort((a, b) => a.createdAtMillis - b.createdAtMillis)
        .map((c): TeamInvitation => invitationView(c, team.id, team.displayName))
      return yield* Reply.json(TeamInvitationList, { items, is_paginated: false })
    })
  }),
  defineRoute({
    method: "POST",
    path: "/team-invitations/{id}/accept",
    access: ["client", "server", "admin"],
    params: Schema.Struct({ id: Uuid }),
    query: TeamInvitationAcceptByIdQuery,
    handler: Effect.fnUntraced(function*(ctx) {
      const data: StateData = ctx.data
      const userId = yield* resolveUserId(ctx.query.user_id, ctx.auth)
      if (ctx.auth.accessType === "client") {
        const user = ctx.auth.user
        if (user === undefined || userId !== user.id) return yield* Create.CannotGetOwnUserWithoutUser()
        const reason = restrictedReason(data, user)
        if (reason !== null) return yield* Create.TeamInvitationRestrictedUserNotAllowed({ restricted_reason: reason })
      }
      const code = data.verificationCodes[ctx.params.id]
      const email = code === undefined ? undefined : stringField(code.method, "email")
      if (
        code === undefined || code.projectId !== ctx.auth.project.id || code.type !== CodeType.teamInvitation ||
        code.usedAtMillis !== null || code.expiresAtMillis <= ctx.now || email === undefined ||
        !verifiedEmailsOf(data, ctx.auth.project.id, userId).includes(email)
      ) {
        return yield* Create.VerificationCodeNotFound()
      }
      const user = findUser(data, ctx.auth.project.id, userId)
      if (user === undefined) return yield* Create.UserNotFound()
      const team = yield* findTeamOrFail(data, ctx.auth.project.id, invitationTeamId(code) ?? "")
      consumeCode(data, code, ctx.now)
      addTeamMember(data, { team, user, asCreator: false, nowMillis: ctx.now, announce: true })
      return yield* Reply.json(TeamInvitationAccepted, {})
    })
  }),
  defineRoute({
    method: "DELETE",
    path: "/team-invitations/{id}",
    access: ["client", "server", "admin"],
    params: Schema.Struct({ id: Uuid }),
    query: TeamInvitationsQuery,
    handler: Effect.fnUntraced(function*(ctx) {
      yield* authorize(ctx.data, ctx.auth, ctx.query.team_id, ["$remove_members"], "CANNOT_GET_OWN_USER_WITHOUT_USER")
      // Like the server's `revokeCode`: the project's code of that id is deleted, whatever its team
      // or state; an id it does not have fails the database delete, a 500.
      const invitation = ctx.data.verificationCodes[ctx.params.id]
      if (invitation === undefined || invitation.projectId !== ctx.auth.project.id) return yield* Reply.databaseConstraintFailure
      delete ctx.data.verificationCodes[invitation.id]
      return yield* Reply.json(SuccessBody, { success: true })
    })
  }),
  defineRoute({
    method: "POST",
    path: "/team-invitations/accept",
    access: ["client", "server", "admin"],
    body: TeamInvitationCodeBody,
    handler: Effect.fnUntraced(function*(ctx) {
      const code = yield* invitationCode(ctx.data, ctx.auth, ctx.body.code, ctx.now)
      const user = yield* acceptingUser(ctx.data, ctx.auth)
      const team = yield* findTeamOrFail(ctx.data, ctx.auth.project.id, invitationTeamId(code) ?? "")
      consumeCode(ctx.data, code, ctx.now)
      addTeamMember(ctx.data, { team, user, asCreator: false, nowMillis: ctx.now, announce: true })
      return yield* Reply.json(TeamInvitationAccepted, {})
    })
  }),
  defineRoute({
    method: "POST",
    path: "/team-invitations/accept/check-code",
    access: ["client", "server", "admin"],
    body: TeamInvitationCodeBody,
    handler: Effect.fnUntraced(function*(ctx) {
      yield* invitationCode(ctx.data, ctx.auth, ctx.body.code, ctx.now)
      return yield* Reply.json(CodeValidBody, { is_code_valid: true })
    })
  }),
  defineRoute({
    method: "POST",
    path: "/team-invitations/accept/details",
    access: ["client", "server", "admin"],
    body: TeamInvitationCodeBody,
    handler: Effect.fnUntraced(function*(ctx) {
      const code = yield* invitationCode(ctx.data, ctx.auth, ctx.body.code, ctx.now)
      yield* acceptingUser(ctx.data, ctx.auth)
      const team = yield* findTeamOrFail(ctx.data, ctx.auth.project.id, invitationTeamId(code) ?? "")
      return yield* Reply.json(TeamInvitationDetails, { team_id: team.id, team_display_name: team.displayName })
    })
  })
]

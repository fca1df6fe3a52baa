/**
 * Teams from server code: teams, memberships, member profiles, permission
 * grants and invitations, for any user.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import {
  PermissionNotFound,
  RedirectUrlNotWhitelisted,
  TeamMembershipAlreadyExists,
  TeamMembershipNotFound,
  TeamNotFound,
  TeamPermissionNotFound,
  UserNotFound
} from "../errors/catalogue.ts"
import { json, segment } from "../http/endpoint.ts"
import { camelize } from "../model/camel.ts"
import { ServerTeam, ServerTeamCreate, ServerTeamList, ServerTeamUpdate, TeamMembership } from "../model/team.ts"
import { SendTeamInvitation, TeamInvitationList, TeamInvitationSent } from "../model/team-invitation.ts"
import { ServerTeamMemberProfile, ServerTeamMemberProfileList, TeamMemberProfileUpdate } from "../model/team-member-profile.ts"
import { PermissionList } from "../model/team-permission.ts"
import { SuccessBody } from "../wire/common.ts"
import { encodeInput } from "../client/input.ts"
import type { KeyProjectErrorClass, KeyRuntime } from "./runtime.ts"
import type { ServerProjectErrorClass } from "../http/project-errors.ts"
import { MissingParameter } from "./users.ts"

/** `POST /team-permissions/...` answer: the grant. */
const Grant = /*#__PURE__*/ camelize(Schema.Struct({ id: Schema.String, team_id: Schema.String, user_id: Schema.String }))

const teamErrors = [TeamNotFound] as const
/** Adding a member: the user or team may not exist, or the user is a member already. */
const addMemberErrors = [TeamNotFound, UserNotFound, TeamMembershipAlreadyExists] as const
/**
 * The service's membership check (`ensureTeamMembershipExists`): the user must exist, then be a
 * member; an unknown team has no members, so it is never TeamNotFound. Removing a member, reading
 * or updating a member's profile.
 */
const membershipErrors = [UserNotFound, TeamMembershipNotFound] as const
/** Granting: the membership check, then the permission must be defined. */
const grantErrors = [...membershipErrors, PermissionNotFound] as const
/**
 * Revoking: the membership check, then the member must hold the permission directly (one the
 * project does not define is not held either: TeamPermissionNotFound).
 */
const revokeGrantErrors = [...membershipErrors, TeamPermissionNotFound] as const
/** Sending an invitation: the team may not exist, the callback URL may be untrusted. */
const inviteErrors = [TeamNotFound, RedirectUrlNotWhitelisted] as const
/**
 * Listing invitations, revoking one: only the team is checked (an invitation id the service does
 * not have fails its delete with a 500, a StackResponseError).
 */
const invitationErrors = [TeamNotFound] as const

const teamPath = (teamId: string) => `/teams/${segment(teamId)}`

/** The team operations of StackServer. */
export const makeServerTeams = <P extends KeyProjectErrorClass>(runtime: KeyRuntime<P>) => {
  /** All teams of the project, or those of one user. */
  const listTeams = Effect.fn("StackServer.listTeams")(function*(options: { readonly userId?: string } = {}) {
    const list = yield* runtime.call({
      method: "GET",
      path: "/teams",
      query: options.userId === undefined ? [] : [["user_id", options.userId]],
      response: json(ServerTeamList),
      // An unknown user simply has no teams.
      errors: []
    })
    return list.items
  })

  /** A team by id, or none. */
  const getTeam = Effect.fn("StackServer.getTeam")(function*(teamId: string) {
    return yield* runtime.call({ method: "GET", path: teamPath(teamId), response: json(ServerTeam), errors: teamErrors }).pipe(
      Effect.map(Option.some),
      Effect.catchTag("TeamNotFound", () => Effect.succeed(Option.none<ServerTeam>()))
    )
  })

  /** Creates a team; with `creatorUserId` that user joins with the creator permissions. */
  const createTeam = Effect.fn("StackServer.createTeam")(function*(input: ServerTeamCreate) {
    const body = yield* encodeInput("StackServer.createTeam", ServerTeamCreate, input)
    return yield* runtime.call({
      method: "POST",
      path: "/teams",
      body: { _tag: "Json", value: body },
      response: json(ServerTeam),
      errors: [UserNotFound]
    })
  })

  /** Updates a team, server metadata included. */
  const updateTeam = Effect.fn("StackServer.updateTeam")(function*(teamId: string, update: ServerTeamUpdate) {
    const body = yield* encodeInput("StackServer.updateTeam", ServerTeamUpdate, update)
    return yield* runtime.call({
      method: "PATCH",
      path: teamPath(teamId),
      body: { _tag: "Json", value: body },
      response: json(ServerTeam),
      errors: teamErrors
    })
  })

  /** Deletes a team with its memberships and grants. */
  const deleteTeam = Effect.fn("StackServer.deleteTeam")(function*(teamId: string) {
    yield* runtime.call({ method: "DELETE", path: teamPath(teamId), response: json(SuccessBody), errors: teamErrors })
  })

  /** Adds a user to a team (with the member default permissions). */
  const addTeamMember = Effect.fn("StackServer.addTeamMember")(function*(teamId: string, userId: string) {
    return yield* runtime.call({
      method: "POST",
      path: `/team-memberships/${segment(teamId)}/${segment(userId)}`,
      body: { _tag: "Json", value: {} },
      response: json(TeamMembership),
      errors: addMemberErrors
    })
  })

  /** Removes a user from a team. */
  const removeTeamMember = Effect.fn("StackServer.removeTeamMember")(function*(teamId: string, userId: string) {
    yield* runtime.call({
      method: "DELETE",
      path: `/team-memberships/${segment(teamId)}/${segment(userId)}`,
      body: { _tag: "Json", value: {} },
      response: json(SuccessBody),
      errors: membershipErrors
    })
  })

  /** Members of a team with their profiles and full users. */
  const listTeamMembers = Effect.fn("StackServer.listTeamMembers")(function*(teamId: string) {
    const list = yield* runtime.call({
      method: "GET",
      path: "/team-member-profiles",
      query: [["team_id", teamId]],
      response: json(ServerTeamMemberProfileList),
      // Only the team is checked (no user id is sent).
      errors: teamErrors
    })
    return list.items
  })

  /** One member's profile, or none when the user is not a member. */
  const getTeamMemberProfile = Effect.fn("StackServer.getTeamMemberProfile")(function*(teamId: string, userId: string) {
    return yield* runtime.call({
      method: "GET",
      path: `/team-member-profiles/${segment(teamId)}/${segment(userId)}`,
      response: json(ServerTeamMemberProfile),
      errors: membershipErrors
    }).pipe(
      Effect.map(Option.some),
      Effect.catchTag("TeamMembershipNotFound", () => Effect.succeed(Option.none<ServerTeamMemberProfile>()))
    )
  })

  /** Updates a member's profile in a team. */
  const updateTeamMemberProfile = Effect.fn("StackServer.updateTeamMemberProfile")(function*(
    teamId: string,
    userId: string,
    update: TeamMemberProfileUpdate
  ) {
    const body = yield* encodeInput("StackServer.updateTeamMemberProfile", TeamMemberProfileUpdate, update)
    return yield* runtime.call({
      method: "PATCH",
      path: `/team-member-profiles/${segment(teamId)}/${segment(userId)}`,
      body: { _tag: "Json", value: body },
      response: json(ServerTeamMemberProfile),
      errors: membershipErrors
    })
  })

  const grantPath = (teamId: string, userId: string, permissionId: string) =>
    `/team-permissions/${segment(teamId)}/${segment(userId)}/${segment(permissionId)}`

  /** Grants a permission to a member directly (idempotent). */
  const grantTeamPermission = Effect.fn("StackServer.grantTeamPermission")(function*(teamId: string, userId: string, permissionId: string) {
    return yield* runtime.call({
      method: "POST",
      path: grantPath(teamId, userId, permissionId),
      body: { _tag: "Json", value: {} },
      response: json(Grant),
      errors: grantErrors
    })
  })

  /** Revokes a directly held permission. */
  const revokeTeamPermission = Effect.fn("StackServer.revokeTeamPermission")(function*(teamId: string, userId: string, permissionId: string) {
    yield* runtime.call({
      method: "DELETE",
      path: grantPath(teamId, userId, permissionId),
      body: { _tag: "Json", value: {} },
      response: json(SuccessBody),
      errors: revokeGrantErrors
    })
  })

  /** A member's permissions in a team; contained permissions included unless `recursive: false`. */
  const listTeamPermissions = Effect.fn("StackServer.listTeamPermissions")(function*(
    teamId: string,
    userId: string,
    options: { readonly recursive?: boolean } = {}
  ) {
    const list = yield* runtime.call({
      method: "GET",
      path: "/team-permissions",
      query: [["team_id", teamId], ["user_id", userId], ["recursive", String(options.recursive ?? true)]],
      response: json(PermissionList),
      // Nothing is checked: an unknown team or user, or a non-member, simply holds no permission.
      errors: []
    })
    return list.items
  })

  /** Whether a member holds `permissionId` in the team (directly or contained). */
  const hasTeamPermission = Effect.fn("StackServer.hasTeamPermission")(function*(teamId: string, userId: string, permissionId: string) {
    const permissions = yield* listTeamPermissions(teamId, userId)
    return permissions.some((p) => p.id === permissionId)
  })

  /**
   * E-mails an invitation. Server code has no page to come back to, so the callback URL is
   * required: without it the call fails with `MissingParameter` and nothing is sent.
   */
  const inviteToTeam = Effect.fn("StackServer.inviteToTeam")(function*(input: {
    readonly teamId: string
    readonly email: string
    readonly callbackUrl?: string | undefined
  }) {
    if (input.callbackUrl === undefined || input.callbackUrl.length === 0) {
      return yield* new MissingParameter({
        method: "StackServer.inviteToTeam",
        message: "Server-side team invitations need a callbackUrl: the page that accepts the invitation"
      })
    }
    const body = yield* encodeInput("StackServer.inviteToTeam", SendTeamInvitation, {
      teamId: input.teamId,
      email: input.email,
      callbackUrl: input.callbackUrl
    })
    return yield* runtime.call({
      method: "POST",
      path: "/team-invitations/send-code",
      body: { _tag: "Json", value: body },
      response: json(TeamInvitationSent),
      errors: inviteErrors
    })
  })

  /** Pending invitations of a team. */
  const listTeamInvitations = Effect.fn("StackServer.listTeamInvitations")(function*(teamId: string) {
    const list = yield* runtime.call({
      method: "GET",
      path: "/team-invitations",
      query: [["team_id", teamId]],
      response: json(TeamInvitationList),
      errors: invitationErrors
    })
    return list.items
  })

  /** Revokes an invitation. */
  const revokeTeamInvitation = Effect.fn("StackServer.revokeTeamInvitation")(function*(teamId: string, invitationId: string) {
    yield* runtime.call({
      method: "DELETE",
      path: `/team-invitations/${segment(invitationId)}`,
      query: [["team_id", teamId]],
      response: json(SuccessBody),
      errors: invitationErrors
    })
  })

  return {
    /** All teams of the project, or those of one user. */
    listTeams,
    /** A team by id, or none. */
    getTeam,
    /** Creates a team; with `creatorUserId` that user joins with the creator permissions. */
    createTeam,
    /** Updates a team, server metadata included. */
    updateTeam,
    /** Deletes a team with its memberships and grants. */
    deleteTeam,
    /** Adds a user to a team (with the member default permissions). */
    addTeamMember,
    /** Removes a user from a team. */
    removeTeamMember,
    /** Members of a team with their profiles and full users. */
    listTeamMembers,
    /** One member's profile, or none when the user is not a member. */
    getTeamMemberProfile,
    /** Updates a member's profile in a team. */
    updateTeamMemberProfile,
    /** Grants a permission to a member directly (idempotent). */
    grantTeamPermission,
    /** Revokes a directly held permission. */
    revokeTeamPermission,
    /** A member's permissions in a team; contained permissions included unless `recursive: false`. */
    listTeamPermissions,
    /** Whether a member holds `permissionId` in the team (directly or contained). */
    hasTeamPermission,
    /**
     * E-mails an invitation. Server code has no page to come back to, so the callback URL is
     * required: without it the call fails with `MissingParameter` and nothing is sent.
     */
    inviteToTeam,
    /** Pending invitations of a team. */
    listTeamInvitations,
    /** Revokes an invitation. */
    revokeTeamInvitation
  }
}

/** The team, membership, permission and invitation operations of StackServer (and StackAdmin). */
export type ServerTeams<P extends KeyProjectErrorClass = ServerProjectErrorClass> = ReturnType<typeof makeServerTeams<P>>

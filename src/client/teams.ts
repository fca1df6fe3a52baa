/**
 * The signed-in user's teams: teams, membership, member profiles,
 * invitations, permissions and connected-account tokens.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import {
  CannotGetOwnUserWithoutUser,
  OAuthAccessTokenNotAvailableWithSharedOAuthKeys,
  OAuthConnectionDoesNotHaveRequiredScope,
  OAuthConnectionNotConnectedToUser,
  OAuthProviderNotFoundOrNotEnabled,
  RedirectUrlNotWhitelisted,
  TeamInvitationRestrictedUserNotAllowed,
  TeamMembershipNotFound,
  TeamPermissionRequired,
  UserAuthenticationRequired,
  UserNotFound,
  VerificationCodeAlreadyUsed,
  VerificationCodeExpired,
  VerificationCodeMaxAttemptsReached,
  VerificationCodeNotFound
} from "../errors/catalogue.ts"
import { segment } from "../http/endpoint.ts"
import { ConnectedAccountAccessToken } from "../model/connected-account.ts"
import { readWith } from "../model/decoders.ts"
import { Team, TeamCreate, TeamList, TeamUpdate } from "../model/team.ts"
import {
  SendTeamInvitation,
  TeamInvitationAccepted,
  TeamInvitationDetails,
  TeamInvitationList,
  TeamInvitationSent
} from "../model/team-invitation.ts"
import { TeamMemberProfile, TeamMemberProfileList, TeamMemberProfileUpdate } from "../model/team-member-profile.ts"
import { PermissionList } from "../model/team-permission.ts"
import { User } from "../model/user.ts"
import { CodeValidBody, SuccessBody } from "../wire/common.ts"
import { CodeBody } from "../wire/teams.ts"
import { StackClientCore } from "./context.ts"
import { clientEndpoint } from "./runtime.ts"
import { readCodeValidBody, readPermissionList, readSuccessBody, readTeam, readTeamInvitationAccepted, readTeamInvitationDetails, readTeamInvitationList, readTeamInvitationSent, readTeamList, readTeamMemberProfile, readTeamMemberProfileList, readUser, writeCodeBody, writeSendTeamInvitation, writeTeamCreate, writeTeamMemberProfileUpdate, writeTeamUpdate } from "../model/generated/readers.ts"
import { writeInput } from "./write-input.ts"

const codeErrors = [VerificationCodeNotFound, VerificationCodeExpired, VerificationCodeAlreadyUsed, VerificationCodeMaxAttemptsReached] as const
// The lists below follow the service's handlers (teams, team-memberships, team-member-profiles,
// team-invitations, team-permissions): `me` without a user is CannotGetOwnUserWithoutUser, a
// handler's own user check is UserAuthenticationRequired; a client meets TeamMembershipNotFound
// before anything else about a team, so never TeamNotFound.

/** `GET /teams?user_id=me`, `GET /team-permissions?user_id=me`: no membership check at all. */
const ownListErrors = [CannotGetOwnUserWithoutUser] as const
/** `GET /teams/{id}`: membership only. */
const readTeamErrors = [UserAuthenticationRequired, TeamMembershipNotFound] as const
/** `PATCH|DELETE /teams/{id}`: membership, then `$update_team` / `$delete_team`. */
const changeTeamErrors = [UserAuthenticationRequired, TeamMembershipNotFound, TeamPermissionRequired] as const
const createErrors = [UserAuthenticationRequired, CannotGetOwnUserWithoutUser] as const
/** The user's own membership (leaving, the own profile): no permission needed. */
const ownMembershipErrors = [TeamMembershipNotFound, CannotGetOwnUserWithoutUser] as const
/** Acting on other members or on invitations: membership, then a `$…` permission. */
const membersErrors = [TeamMembershipNotFound, TeamPermissionRequired, CannotGetOwnUserWithoutUser] as const
/** Naming another member: after the permission, a user id the project does not have is UserNotFound. */
const otherMemberErrors = [...membersErrors, UserNotFound] as const
/** Sending an invitation: its own user check, the permission, then the callback URL. */
const inviteErrors = [UserAuthenticationRequired, TeamMembershipNotFound, TeamPermissionRequired, RedirectUrlNotWhitelisted] as const
/** Using a code needs a user who is not restricted (anonymous, unverified e-mail when required, or by an admin). */
// Listed rather than spread from codeErrors: a spread is code a bundler keeps even when unused.
const acceptErrors = [
  VerificationCodeNotFound,
  VerificationCodeExpired,
  VerificationCodeAlreadyUsed,
  VerificationCodeMaxAttemptsReached,
  UserAuthenticationRequired,
  TeamInvitationRestrictedUserNotAllowed
] as const
const connectedErrors = [
  OAuthProviderNotFoundOrNotEnabled,
  OAuthAccessTokenNotAvailableWithSharedOAuthKeys,
  OAuthConnectionNotConnectedToUser,
  OAuthConnectionDoesNotHaveRequiredScope,
  CannotGetOwnUserWithoutUser
] as const

const teamPath = (teamId: string) => `/teams/${segment(teamId)}`
const codeBody = (method: string, code: string) => writeInput(method, writeCodeBody, { code })

/** The teams the signed-in user belongs to. */
export const listTeams = /*#__PURE__*/ Effect.fnUntraced(function*() {
  const { runtime } = yield* StackClientCore
  const list = yield* runtime.withSession(
    clientEndpoint("GET", "/teams", readTeamList, ownListErrors, { query: [["user_id", "me"]] })
  )
  return list.items
})

/** One of the user's teams, or none when the user is not a member. */
export const getTeam = /*#__PURE__*/ Effect.fnUntraced(function*(teamId: string) {
  const { runtime } = yield* StackClientCore
  return yield* runtime.withSession(clientEndpoint("GET", teamPath(teamId), readTeam, readTeamErrors)).pipe(
    Effect.map(Option.some),
    Effect.catchTag("TeamMembershipNotFound", () => Effect.succeed(Option.none<Team>()))
  )
})

/** Creates a team with the signed-in user as creator (when the project allows client team creation). */
export const createTeam = /*#__PURE__*/ Effect.fnUntraced(function*(input: TeamCreate) {
  const { runtime } = yield* StackClientCore
  const body = yield* writeInput("StackClient.createTeam", writeTeamCreate, { creatorUserId: "me", ...input })
  return yield* runtime.withSession(clientEndpoint("POST", "/teams", readTeam, createErrors, { body }))
})

/** Updates a team (needs `$update_team`). */
export const updateTeam = /*#__PURE__*/ Effect.fnUntraced(function*(teamId: string, update: TeamUpdate) {
  const { runtime } = yield* StackClientCore
  const body = yield* writeInput("StackClient.updateTeam", writeTeamUpdate, update)
  return yield* runtime.withSession(clientEndpoint("PATCH", teamPath(teamId), readTeam, changeTeamErrors, { body }))
})

/** Deletes a team (needs `$delete_team`). */
export const deleteTeam = /*#__PURE__*/ Effect.fnUntraced(function*(teamId: string) {
  const { runtime } = yield* StackClientCore
  yield* runtime.withSession(clientEndpoint("DELETE", teamPath(teamId), readSuccessBody, changeTeamErrors))
})

/** Leaves a team. */
export const leaveTeam = /*#__PURE__*/ Effect.fnUntraced(function*(teamId: string) {
  const { runtime } = yield* StackClientCore
  yield* runtime.withSession(
    clientEndpoint("DELETE", `/team-memberships/${segment(teamId)}/me`, readSuccessBody, ownMembershipErrors, { body: {} })
  )
})

/** Removes another member from a team (needs `$remove_members`; anyone may remove themselves). */
export const removeTeamMember = /*#__PURE__*/ Effect.fnUntraced(function*(teamId: string, userId: string) {
  const { runtime } = yield* StackClientCore
  yield* runtime.withSession(
    clientEndpoint("DELETE", `/team-memberships/${segment(teamId)}/${segment(userId)}`, readSuccessBody, otherMemberErrors, { body: {} })
  )
})

/** Member profiles of a team (others need `$read_members`). */
export const listTeamMembers = /*#__PURE__*/ Effect.fnUntraced(function*(teamId: string) {
  const { runtime } = yield* StackClientCore
  const list = yield* runtime.withSession(
    clientEndpoint("GET", "/team-member-profiles", readTeamMemberProfileList, membersErrors, { query: [["team_id", teamId]] })
  )
  return list.items
})

/** One member's profile in a team (`me` for the signed-in user). */
export const getTeamMemberProfile = /*#__PURE__*/ Effect.fnUntraced(function*(teamId: string, userId = "me") {
  const { runtime } = yield* StackClientCore
  return yield* runtime.withSession(
    clientEndpoint("GET", `/team-member-profiles/${segment(teamId)}/${segment(userId)}`, readTeamMemberProfile, otherMemberErrors)
  )
})

/** Updates the signed-in user's own profile in a team. */
export const updateTeamMemberProfile = /*#__PURE__*/ Effect.fnUntraced(function*(
  teamId: string,
  update: TeamMemberProfileUpdate
) {
  const { runtime } = yield* StackClientCore
  const body = yield* writeInput("StackClient.updateTeamMemberProfile", writeTeamMemberProfileUpdate, update)
  return yield* runtime.withSession(
    clientEndpoint("PATCH", `/team-member-profiles/${segment(teamId)}/me`, readTeamMemberProfile, ownMembershipErrors, { body })
  )
})

/** E-mails an invitation (needs `$invite_members`); the link is `callbackUrl?code=…`. */
export const inviteToTeam = /*#__PURE__*/ Effect.fnUntraced(function*(input: SendTeamInvitation) {
  const { runtime } = yield* StackClientCore
  const body = yield* writeInput("StackClient.inviteToTeam", writeSendTeamInvitation, input)
  return yield* runtime.withSession(
    clientEndpoint("POST", "/team-invitations/send-code", readTeamInvitationSent, inviteErrors, { body })
  )
})

/** Pending invitations of a team. */
export const listTeamInvitations = /*#__PURE__*/ Effect.fnUntraced(function*(teamId: string) {
  const { runtime } = yield* StackClientCore
  const list = yield* runtime.withSession(
    clientEndpoint("GET", "/team-invitations", readTeamInvitationList, membersErrors, { query: [["team_id", teamId]] })
  )
  return list.items
})

/**
 * Revokes an invitation (needs `$remove_members`). An id the service does not know is not a known
 * error: its delete fails with a 500 (StackResponseError).
 */
export const revokeTeamInvitation = /*#__PURE__*/ Effect.fnUntraced(function*(teamId: string, invitationId: string) {
  const { runtime } = yield* StackClientCore
  yield* runtime.withSession(
    clientEndpoint("DELETE", `/team-invitations/${segment(invitationId)}`, readSuccessBody, membersErrors, { query: [["team_id", teamId]] })
  )
})

/** Joins the team of an invitation code. */
export const acceptTeamInvitation = /*#__PURE__*/ Effect.fnUntraced(function*(code: string) {
  const { runtime } = yield* StackClientCore
  const body = yield* codeBody("StackClient.acceptTeamInvitation", code)
  yield* runtime.withSession(
    clientEndpoint("POST", "/team-invitations/accept", readTeamInvitationAccepted, acceptErrors, { body })
  )
})

/** The team an invitation code is for, without using the code. */
export const getTeamInvitationDetails = /*#__PURE__*/ Effect.fnUntraced(function*(code: string) {
  const { runtime } = yield* StackClientCore
  const body = yield* codeBody("StackClient.getTeamInvitationDetails", code)
  return yield* runtime.withSession(
    clientEndpoint("POST", "/team-invitations/accept/details", readTeamInvitationDetails, acceptErrors, { body })
  )
})

/** Whether an invitation code is still usable. */
export const checkTeamInvitationCode = /*#__PURE__*/ Effect.fnUntraced(function*(code: string) {
  const { runtime } = yield* StackClientCore
  const body = yield* codeBody("StackClient.checkTeamInvitationCode", code)
  yield* runtime.anonymous(
    clientEndpoint("POST", "/team-invitations/accept/check-code", readCodeValidBody, codeErrors, { body })
  )
})

/** The signed-in user's permissions in a team; contained permissions included unless `recursive: false`. */
export const listTeamPermissions = /*#__PURE__*/ Effect.fnUntraced(function*(
  teamId: string,
  options: { readonly recursive?: boolean } = {}
) {
  const { runtime } = yield* StackClientCore
  const list = yield* runtime.withSession(
    clientEndpoint("GET", "/team-permissions", readPermissionList, ownListErrors, {
      query: [["team_id", teamId], ["user_id", "me"], ["recursive", String(options.recursive ?? true)]]
    })
  )
  return list.items
})

/** Whether the signed-in user holds `permissionId` in the team (directly or contained). */
export const hasTeamPermission = /*#__PURE__*/ Effect.fnUntraced(function*(teamId: string, permissionId: string) {
  const permissions = yield* listTeamPermissions(teamId)
  return permissions.some((p) => p.id === permissionId)
})

/**
 * A provider access token of the signed-in user's connected account, or none when the account is
 * not connected or lacks the scopes (not an error, as the official SDK does).
 */
export const getConnectedAccountAccessToken = /*#__PURE__*/ Effect.fnUntraced(function*(
  provider: string,
  options: { readonly scopes?: ReadonlyArray<string> } = {}
) {
  const { runtime } = yield* StackClientCore
  const scope = options.scopes?.join(" ")
  return yield* runtime.withSession(
    clientEndpoint("POST", `/connected-accounts/me/${segment(provider)}/access-token`, readWith(ConnectedAccountAccessToken), connectedErrors, {
      body: scope === undefined ? {} : { scope }
    })
  ).pipe(
    Effect.map(Option.some),
    Effect.catchTags({
      OAuthConnectionNotConnectedToUser: () => Effect.succeed(Option.none<ConnectedAccountAccessToken>()),
      OAuthConnectionDoesNotHaveRequiredScope: () => Effect.succeed(Option.none<ConnectedAccountAccessToken>())
    })
  )
})

/** Every operation of this module, for the StackClient object. */
export const teamsOperations = {
  getSelectedTeam: (): ReturnType<typeof getSelectedTeam> => getSelectedTeam(),
  setSelectedTeam: (teamId: string | null): ReturnType<typeof setSelectedTeam> => setSelectedTeam(teamId),
  listTeams,
  getTeam,
  createTeam,
  updateTeam,
  removeTeamMember,
  deleteTeam,
  leaveTeam,
  listTeamMembers,
  getTeamMemberProfile,
  updateTeamMemberProfile,
  inviteToTeam,
  listTeamInvitations,
  revokeTeamInvitation,
  acceptTeamInvitation,
  getTeamInvitationDetails,
  checkTeamInvitationCode,
  listTeamPermissions,
  hasTeamPermission,
  getConnectedAccountAccessToken
}

/** The signed-in user's selected team, if any. */
export const getSelectedTeam = /*#__PURE__*/ Effect.fnUntraced(function*() {
  const { runtime } = yield* StackClientCore
  const user = yield* runtime.withSession(clientEndpoint("GET", "/users/me", readUser, [CannotGetOwnUserWithoutUser]))
  return Option.fromNullishOr(user.selectedTeam)
})

/** Selects one of the user's teams (or none with `null`); not being a member is TeamMembershipNotFound. */
export const setSelectedTeam = /*#__PURE__*/ Effect.fnUntraced(function*(teamId: string | null) {
  const { runtime } = yield* StackClientCore
  const user = yield* runtime.withSession(clientEndpoint("PATCH", "/users/me", readUser, [CannotGetOwnUserWithoutUser, TeamMembershipNotFound], { body: { selected_team_id: teamId } }))
  return Option.fromNullishOr(user.selectedTeam)
})

/**
 * Conformance routes of the user, contact-channel, team, membership, member-profile, permission,
 * invitation and connected-account endpoints: which model decodes each success body.
 */
import type * as Schema from "effect/Schema"
import { CodeValidBody, SuccessBody } from "../../src/wire/common.ts"
import { camelize } from "../../src/model/camel.ts"
import * as ConnectedAccount from "../../src/model/connected-account.ts"
import * as ContactChannel from "../../src/model/contact-channel.ts"
import * as TeamInvitation from "../../src/model/team-invitation.ts"
import * as TeamMemberProfile from "../../src/model/team-member-profile.ts"
import * as TeamPermission from "../../src/model/team-permission.ts"
import * as Team from "../../src/model/team.ts"
import * as User from "../../src/model/user.ts"
import type { ResponseRoute } from "./fixture.ts"

const Success = camelize(SuccessBody)
const CodeValid = camelize(CodeValidBody)

/** `^/api/v1<path>$`, where `{x}` stands for one path segment. */
const path = (template: string): RegExp =>
  new RegExp(`^/api/v1${template.replace(/\{[a-z_]+\}/g, "[^/]+")}$`)

type Method = ResponseRoute["method"]

/** A route whose schema can also encode, so tests can check that bodies round-trip. */
export interface CodecRoute extends ResponseRoute {
  readonly schema: Schema.Codec<unknown, unknown>
}

type RouteSchema = CodecRoute["schema"]

/** One route for every access type. */
const any = (method: Method, template: string, schema: RouteSchema): CodecRoute => ({
  method,
  path: path(template),
  schema
})

/** Client access gets one shape, server and admin access another. */
const split = (
  method: Method,
  template: string,
  client: RouteSchema,
  server: RouteSchema
): ReadonlyArray<CodecRoute> => [
  { method, path: path(template), accessType: "client", schema: client },
  { method, path: path(template), accessType: "server", schema: server },
  { method, path: path(template), accessType: "admin", schema: server }
]

/** Server and admin access only (client access is `INSUFFICIENT_ACCESS_TYPE`). */
const serverOnly = (method: Method, template: string, schema: RouteSchema): ReadonlyArray<CodecRoute> => [
  { method, path: path(template), accessType: "server", schema },
  { method, path: path(template), accessType: "admin", schema }
]

/** Every success route of these endpoints. */
export const usersRoutes: ReadonlyArray<CodecRoute> = [
  // Users (§8.1, §8.2)
  ...split("GET", "/users/me", User.User, User.ServerUser),
  ...split("PATCH", "/users/me", User.User, User.ServerUser),
  any("DELETE", "/users/me", Success),
  ...serverOnly("GET", "/users", User.ServerUserList),
  ...serverOnly("POST", "/users", User.ServerUser),
  ...serverOnly("GET", "/users/{user_id}", User.ServerUser),
  ...serverOnly("PATCH", "/users/{user_id}", User.ServerUser),
  ...serverOnly("DELETE", "/users/{user_id}", Success),

  // Contact channels (§8.3)
  any("POST", "/contact-channels", ContactChannel.ContactChannel),
  any("GET", "/contact-channels", ContactChannel.ContactChannelList),
  any("POST", "/contact-channels/send-verification-code", Success),
  any("POST", "/contact-channels/verify", Success),
  any("POST", "/contact-channels/verify/check-code", CodeValid),
  any("GET", "/contact-channels/{user_id}/{id}", ContactChannel.ContactChannel),
  any("PATCH", "/contact-channels/{user_id}/{id}", ContactChannel.ContactChannel),
  any("DELETE", "/contact-channels/{user_id}/{id}", Success),
  any("POST", "/contact-channels/{user_id}/{id}/send-verification-code", Success),

  // Teams (§8.4)
  ...split("GET", "/teams", Team.TeamList, Team.ServerTeamList),
  ...split("POST", "/teams", Team.Team, Team.ServerTeam),
  ...split("GET", "/teams/{team_id}", Team.Team, Team.ServerTeam),
  ...split("PATCH", "/teams/{team_id}", Team.Team, Team.ServerTeam),
  any("DELETE", "/teams/{team_id}", Success),

  // Team memberships (§8.5)
  ...serverOnly("POST", "/team-memberships/{team_id}/{user_id}", Team.TeamMembership),
  any("DELETE", "/team-memberships/{team_id}/{user_id}", Success),

  // Team member profiles (§8.6)
  ...split(
    "GET",
    "/team-member-profiles",
    TeamMemberProfile.TeamMemberProfileList,
    TeamMemberProfile.ServerTeamMemberProfileList
  ),
  ...split(
    "GET",
    "/team-member-profiles/{team_id}/{user_id}",
    TeamMemberProfile.TeamMemberProfile,
    TeamMemberProfile.ServerTeamMemberProfile
  ),
  ...split(
    "PATCH",
    "/team-member-profiles/{team_id}/{user_id}",
    TeamMemberProfile.TeamMemberProfile,
    TeamMemberProfile.ServerTeamMemberProfile
  ),

  // Team permissions (§8.7)
  any("GET", "/team-permissions", TeamPermission.PermissionList),
  ...serverOnly("POST", "/team-permissions/{team_id}/{user_id}/{permission_id}", TeamPermission.Permission),
  ...serverOnly("DELETE", "/team-permissions/{team_id}/{user_id}/{permission_id}", Success),

  // Team invitations (§8.8)
  any("POST", "/team-invitations/send-code", TeamInvitation.TeamInvitationSent),
  any("GET", "/team-invitations", TeamInvitation.TeamInvitationList),
  any("DELETE", "/team-invitations/{id}", Success),
  any("POST", "/team-invitations/accept", TeamInvitation.TeamInvitationAccepted),
  any("POST", "/team-invitations/accept/check-code", CodeValid),
  any("POST", "/team-invitations/accept/details", TeamInvitation.TeamInvitationDetails),

  // Connected accounts (§8.9; the last two routes exist on current servers only)
  any("POST", "/connected-accounts/{user_id}/{provider_id}/access-token", ConnectedAccount.ConnectedAccountAccessToken),
  any(
    "POST",
    "/connected-accounts/{user_id}/{provider_id}/{provider_account_id}/access-token",
    ConnectedAccount.ConnectedAccountAccessToken
  ),
  any("GET", "/connected-accounts/{user_id}", ConnectedAccount.ConnectedAccountList)
]

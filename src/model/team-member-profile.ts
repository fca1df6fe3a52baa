/**
 * Team member profile models (camelCase), derived from ../wire/team-member-profiles.ts.
 */
import { ListOf } from "../wire/common.ts"
import * as Wire from "../wire/team-member-profiles.ts"
import { camelize } from "./camel.ts"
import { ServerUser } from "./user.ts"

// =============================================================================
// Responses
// =============================================================================

/** A member's profile in a team, client access. */
export const TeamMemberProfile = /*#__PURE__*/ camelize(Wire.ClientTeamMemberProfile)
export type TeamMemberProfile = typeof TeamMemberProfile.Type

/** A member's profile in a team with the member's ServerUser, server/admin access. */
export const ServerTeamMemberProfile = /*#__PURE__*/ camelize(Wire.ServerTeamMemberProfile, { user: ServerUser })
export type ServerTeamMemberProfile = typeof ServerTeamMemberProfile.Type

/** `GET /team-member-profiles`, client access. */
export const TeamMemberProfileList = /*#__PURE__*/ camelize(/*#__PURE__*/ ListOf(TeamMemberProfile))
export type TeamMemberProfileList = typeof TeamMemberProfileList.Type

/** `GET /team-member-profiles`, server/admin access. */
export const ServerTeamMemberProfileList = /*#__PURE__*/ camelize(/*#__PURE__*/ ListOf(ServerTeamMemberProfile))
export type ServerTeamMemberProfileList = typeof ServerTeamMemberProfileList.Type

// =============================================================================
// Requests
// =============================================================================

/** Options of a member profile update: `{displayName, profileImageUrl}`. */
export const TeamMemberProfileUpdate = /*#__PURE__*/ camelize(Wire.TeamMemberProfileUpdate)
export type TeamMemberProfileUpdate = typeof TeamMemberProfileUpdate.Type

/** Query of `GET /team-member-profiles`, client access (`teamId` required). */
export const TeamMemberProfilesListQuery = /*#__PURE__*/ camelize(Wire.ClientTeamMemberProfilesListQuery)
export type TeamMemberProfilesListQuery = typeof TeamMemberProfilesListQuery.Type

/** Query of `GET /team-member-profiles`, server/admin access. */
export const ServerTeamMemberProfilesListQuery = /*#__PURE__*/ camelize(Wire.ServerTeamMemberProfilesListQuery)
export type ServerTeamMemberProfilesListQuery = typeof ServerTeamMemberProfilesListQuery.Type

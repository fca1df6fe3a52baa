/**
 * Team member profiles on the wire: `GET /team-member-profiles`,
 * `GET|PATCH /team-member-profiles/{team_id}/{user_id}`.
 */
import * as Schema from "effect/Schema"
import { ListOf, extendStruct } from "./common.ts"
import { ProfileImageUrl, UserIdOrMe, Uuid } from "./teams.ts"
import { ServerUser } from "./users.ts"

// =============================================================================
// Responses
// =============================================================================

/** A member's profile in one team; values fall back to the user's own name and image. */
export const ClientTeamMemberProfile = /*#__PURE__*/ Schema.Struct({
  team_id: Schema.String,
  user_id: Schema.String,
  display_name: /*#__PURE__*/ Schema.NullOr(Schema.String),
  profile_image_url: /*#__PURE__*/ Schema.NullOr(Schema.String)
})
export type ClientTeamMemberProfile = typeof ClientTeamMemberProfile.Type

/** Server/admin view: the profile plus the whole ServerUser. */
export const ServerTeamMemberProfile = /*#__PURE__*/ extendStruct(ClientTeamMemberProfile, {
  user: ServerUser
})
export type ServerTeamMemberProfile = typeof ServerTeamMemberProfile.Type

/** `GET /team-member-profiles` with client access (ordered by membership creation). */
export const ClientTeamMemberProfileList = /*#__PURE__*/ ListOf(ClientTeamMemberProfile)
export type ClientTeamMemberProfileList = typeof ClientTeamMemberProfileList.Type

/** `GET /team-member-profiles` with server/admin access. */
export const ServerTeamMemberProfileList = /*#__PURE__*/ ListOf(ServerTeamMemberProfile)
export type ServerTeamMemberProfileList = typeof ServerTeamMemberProfileList.Type

// =============================================================================
// Requests
// =============================================================================

/** `PATCH /team-member-profiles/{team_id}/{user_id}` body (client: own profile only). */
export const TeamMemberProfileUpdate = /*#__PURE__*/ Schema.Struct({
  display_name: /*#__PURE__*/ Schema.optionalKey(Schema.String),
  profile_image_url: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(ProfileImageUrl))
})
export type TeamMemberProfileUpdate = typeof TeamMemberProfileUpdate.Type

/** `GET /team-member-profiles` query, client access: `team_id` is required (text error 400 otherwise). */
export const ClientTeamMemberProfilesListQuery = /*#__PURE__*/ Schema.Struct({
  team_id: Uuid,
  user_id: /*#__PURE__*/ Schema.optionalKey(UserIdOrMe)
})
export type ClientTeamMemberProfilesListQuery = typeof ClientTeamMemberProfilesListQuery.Type

/** `GET /team-member-profiles` query, server/admin access: both filters optional. */
export const ServerTeamMemberProfilesListQuery = /*#__PURE__*/ Schema.Struct({
  team_id: /*#__PURE__*/ Schema.optionalKey(Uuid),
  user_id: /*#__PURE__*/ Schema.optionalKey(UserIdOrMe)
})
export type ServerTeamMemberProfilesListQuery = typeof ServerTeamMemberProfilesListQuery.Type

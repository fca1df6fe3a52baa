/**
 * Team models (camelCase), derived from the wire schemas of ../wire/teams.ts and
 * ../wire/team-memberships.ts. Decoding takes wire JSON; encoding gives the exact wire body.
 */
import { ListOf } from "../wire/common.ts"
import * as MembershipWire from "../wire/team-memberships.ts"
import * as Wire from "../wire/teams.ts"
import { camelize } from "./camel.ts"

// =============================================================================
// Responses
// =============================================================================

/** A team as client access sees it. */
export const Team = /*#__PURE__*/ camelize(Wire.ClientTeam)
export type Team = typeof Team.Type

/** A team as server/admin access sees it (`createdAtMillis`, `serverMetadata`). */
export const ServerTeam = /*#__PURE__*/ camelize(Wire.ServerTeam)
export type ServerTeam = typeof ServerTeam.Type

/** `GET /teams`, client access. */
export const TeamList = /*#__PURE__*/ camelize(/*#__PURE__*/ ListOf(Team))
export type TeamList = typeof TeamList.Type

/** `GET /teams`, server/admin access. */
export const ServerTeamList = /*#__PURE__*/ camelize(/*#__PURE__*/ ListOf(ServerTeam))
export type ServerTeamList = typeof ServerTeamList.Type

/** `{teamId, userId}`: a membership just created. */
export const TeamMembership = /*#__PURE__*/ camelize(MembershipWire.TeamMembership)
export type TeamMembership = typeof TeamMembership.Type

// =============================================================================
// Requests
// =============================================================================

/** Options of a team creation, client access. */
export const TeamCreate = /*#__PURE__*/ camelize(Wire.ClientTeamCreate)
export type TeamCreate = typeof TeamCreate.Type

/** Options of a team creation, server/admin access. */
export const ServerTeamCreate = /*#__PURE__*/ camelize(Wire.ServerTeamCreate)
export type ServerTeamCreate = typeof ServerTeamCreate.Type

/** Options of a team update, client access. */
export const TeamUpdate = /*#__PURE__*/ camelize(Wire.ClientTeamUpdate)
export type TeamUpdate = typeof TeamUpdate.Type

/** Options of a team update, server/admin access. */
export const ServerTeamUpdate = /*#__PURE__*/ camelize(Wire.ServerTeamUpdate)
export type ServerTeamUpdate = typeof ServerTeamUpdate.Type

/** Query of `GET /teams`, client access (`userId: "me"`). */
export const TeamsListQuery = /*#__PURE__*/ camelize(Wire.ClientTeamsListQuery)
export type TeamsListQuery = typeof TeamsListQuery.Type

/** Query of `GET /teams`, server/admin access. */
export const ServerTeamsListQuery = /*#__PURE__*/ camelize(Wire.ServerTeamsListQuery)
export type ServerTeamsListQuery = typeof ServerTeamsListQuery.Type

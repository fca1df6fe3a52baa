/**
 * Team invitation models (camelCase), derived from ../wire/team-invitations.ts.
 */
import { ListOf } from "../wire/common.ts"
import * as Wire from "../wire/team-invitations.ts"
import { camelize } from "./camel.ts"

// =============================================================================
// Responses
// =============================================================================

/** A pending invitation: `{id, teamId, teamDisplayName?, expiresAtMillis, recipientEmail}`. */
export const TeamInvitation = /*#__PURE__*/ camelize(Wire.TeamInvitation)
export type TeamInvitation = typeof TeamInvitation.Type

/** `GET /team-invitations`. */
export const TeamInvitationList = /*#__PURE__*/ camelize(/*#__PURE__*/ ListOf(TeamInvitation))
export type TeamInvitationList = typeof TeamInvitationList.Type

/** Result of sending an invitation: `{success: true, id}`. */
export const TeamInvitationSent = /*#__PURE__*/ camelize(Wire.TeamInvitationSent)
export type TeamInvitationSent = typeof TeamInvitationSent.Type

/** Result of accepting an invitation: `{}`. */
export const TeamInvitationAccepted = /*#__PURE__*/ camelize(Wire.TeamInvitationAccepted)
export type TeamInvitationAccepted = typeof TeamInvitationAccepted.Type

/** What an invitation code leads to: `{teamId, teamDisplayName}`. */
export const TeamInvitationDetails = /*#__PURE__*/ camelize(Wire.TeamInvitationDetails)
export type TeamInvitationDetails = typeof TeamInvitationDetails.Type

// =============================================================================
// Requests
// =============================================================================

/** Options of sending an invitation: `{teamId, email, callbackUrl}`. */
export const SendTeamInvitation = /*#__PURE__*/ camelize(Wire.SendTeamInvitationBody)
export type SendTeamInvitation = typeof SendTeamInvitation.Type

/** Body of accept, accept/check-code and accept/details: `{code}`. */
export const TeamInvitationCode = /*#__PURE__*/ camelize(Wire.TeamInvitationCodeBody)
export type TeamInvitationCode = typeof TeamInvitationCode.Type

/** Query of listing and revoking invitations: `{teamId}`. */
export const TeamInvitationsQuery = /*#__PURE__*/ camelize(Wire.TeamInvitationsQuery)
export type TeamInvitationsQuery = typeof TeamInvitationsQuery.Type

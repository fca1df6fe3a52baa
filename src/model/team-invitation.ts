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
export const TeamInvitation = camelize(Wire.TeamInvitation)
export type TeamInvitation = typeof TeamInvitation.Type

/** `GET /team-invitations`. */
export const TeamInvitationList = camelize(ListOf(TeamInvitation))
export type TeamInvitationList = typeof TeamInvitationList.Type

/** Result of sending an invitation: `{success: true, id}`. */
export const TeamInvitationSent = camelize(Wire.TeamInvitationSent)
export type TeamInvitationSent = typeof TeamInvitationSent.Type

/** Result of accepting an invitation: `{}`. */
export const TeamInvitationAccepted = camelize(Wire.TeamInvitationAccepted)
export type TeamInvitationAccepted = typeof TeamInvitationAccepted.Type

/** What an invitation code leads to: `{teamId, teamDisplayName}`. */
export const TeamInvitationDetails = camelize(Wire.TeamInvitationDetails)
export type TeamInvitationDetails = typeof TeamInvitationDetails.Type

// =============================================================================
// Requests
// =============================================================================

/** Options of sending an invitation: `{teamId, email, callbackUrl}`. */
export const SendTeamInvitation = camelize(Wire.SendTeamInvitationBody)
export type SendTeamInvitation = typeof SendTeamInvitation.Type

/** Body of accept, accept/check-code and accept/details: `{code}`. */
export const TeamInvitationCode = camelize(Wire.TeamInvitationCodeBody)
export type TeamInvitationCode = typeof TeamInvitationCode.Type

/** Query of listing and revoking invitations: `{teamId}`. */
export const TeamInvitationsQuery = camelize(Wire.TeamInvitationsQuery)
export type TeamInvitationsQuery = typeof TeamInvitationsQuery.Type

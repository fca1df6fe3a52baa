/**
 * Team invitations on the wire: `/team-invitations/send-code`,
 * `GET /team-invitations`, `DELETE /team-invitations/{id}`, `/team-invitations/accept` (+ `/check-code`,
 * `/details`).
 *
 * `accept/check-code` answers `CodeValidBody`, revoke answers `SuccessBody` (common.ts).
 */
import * as Schema from "effect/Schema"
import { ListOf, Millis } from "./common.ts"
import { CodeBody, Email, Url, UserIdOrMe, Uuid } from "./teams.ts"

// =============================================================================
// Responses
// =============================================================================

/** A pending, unexpired invitation. `team_display_name` is sent by current servers only. */
export const TeamInvitation = /*#__PURE__*/ Schema.Struct({
  id: Schema.String,
  team_id: Schema.String,
  team_display_name: /*#__PURE__*/ Schema.optionalKey(Schema.String),
  expires_at_millis: Millis,
  recipient_email: Schema.String
})
export type TeamInvitation = typeof TeamInvitation.Type

/** `GET /team-invitations?team_id=...`. */
export const TeamInvitationList = /*#__PURE__*/ ListOf(TeamInvitation)
export type TeamInvitationList = typeof TeamInvitationList.Type

/** `POST /team-invitations/send-code` result: the id of the invitation just sent. */
export const TeamInvitationSent = /*#__PURE__*/ Schema.Struct({
  success: /*#__PURE__*/ Schema.Literal(true),
  id: Schema.String
})
export type TeamInvitationSent = typeof TeamInvitationSent.Type

/** `POST /team-invitations/accept` result: an empty object. */
export const TeamInvitationAccepted = /*#__PURE__*/ Schema.Struct({})
export type TeamInvitationAccepted = typeof TeamInvitationAccepted.Type

/** `POST /team-invitations/accept/details` result (does not consume the code). */
export const TeamInvitationDetails = /*#__PURE__*/ Schema.Struct({
  team_id: Schema.String,
  team_display_name: Schema.String
})
export type TeamInvitationDetails = typeof TeamInvitationDetails.Type

// =============================================================================
// Requests
// =============================================================================

/** `POST /team-invitations/send-code` body (client needs `$invite_members`). */
export const SendTeamInvitationBody = /*#__PURE__*/ Schema.Struct({
  team_id: Uuid,
  email: Email,
  callback_url: Url
})
export type SendTeamInvitationBody = typeof SendTeamInvitationBody.Type

/** `POST /team-invitations/accept`, `/accept/check-code`, `/accept/details` body. */
export const TeamInvitationCodeBody = CodeBody
export type TeamInvitationCodeBody = typeof TeamInvitationCodeBody.Type

/** `GET /team-invitations` and `DELETE /team-invitations/{id}` query: `team_id` is required. */
export const TeamInvitationsQuery = /*#__PURE__*/ Schema.Struct({ team_id: Uuid })
export type TeamInvitationsQuery = typeof TeamInvitationsQuery.Type

/**
 * `GET /team-invitations`: a team's invitations (`team_id`) or those sent to a user's verified
 * e-mails (`user_id`, `me` for clients); exactly one of the two (backend 2.8.86).
 */
export const TeamInvitationListQuery = /*#__PURE__*/ Schema.Struct({
  team_id: /*#__PURE__*/ Schema.optionalKey(Uuid),
  user_id: /*#__PURE__*/ Schema.optionalKey(UserIdOrMe)
})
export type TeamInvitationListQuery = typeof TeamInvitationListQuery.Type

/** `POST /team-invitations/{id}/accept?user_id=`: accept an invitation by its id. */
export const TeamInvitationAcceptByIdQuery = /*#__PURE__*/ Schema.Struct({ user_id: UserIdOrMe })
export type TeamInvitationAcceptByIdQuery = typeof TeamInvitationAcceptByIdQuery.Type

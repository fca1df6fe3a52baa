/**
 * State records → wire values (before encoding with the wire schemas). Shared by every handler that
 * returns users, teams or projects, so the shapes stay identical across endpoints.
 */
import type { ClientTeam, ServerTeam } from "../wire/teams.ts"
import type { ClientUser, ServerUser } from "../wire/users.ts"
import {
  primaryEmailChannel,
  type ProjectRecord,
  restrictedReason,
  type StateData,
  type TeamRecord,
  type UserRecord
} from "./state.ts"
import type { ClientProject } from "../wire/project.ts"

/** A team as client access sees it. */
export const clientTeamView = (team: TeamRecord): ClientTeam => ({
  id: team.id,
  display_name: team.displayName,
  profile_image_url: team.profileImageUrl,
  client_metadata: team.clientMetadata,
  client_read_only_metadata: team.clientReadOnlyMetadata
})

/** A team as server/admin access sees it. */
export const serverTeamView = (team: TeamRecord): ServerTeam => ({
  ...clientTeamView(team),
  created_at_millis: team.createdAtMillis,
  server_metadata: team.serverMetadata
})

/** The user's selected team, if it still exists and the user is still a member. */
const selectedTeam = (data: StateData, user: UserRecord): TeamRecord | undefined => {
  if (user.selectedTeamId === null) return undefined
  const team = data.teams[user.selectedTeamId]
  const member = Object.values(data.teamMemberships).some((m) => m.teamId === user.selectedTeamId && m.userId === user.id)
  return member ? team : undefined
}

/** A user as client access sees it (`/users/me`). */
export const clientUserView = (data: StateData, user: UserRecord): ClientUser => {
  const primary = primaryEmailChannel(data, user.id)
  const team = selectedTeam(data, user)
  const restriction = restrictedReason(data, user)
  const hasPassword = user.passwordHash !== null
  return {
    id: user.id,
    primary_email: primary?.value ?? null,
    primary_email_verified: primary?.isVerified ?? false,
    display_name: user.displayName,
    client_metadata: user.clientMetadata,
    client_read_only_metadata: user.clientReadOnlyMetadata,
    profile_image_url: user.profileImageUrl,
    signed_up_at_millis: user.signedUpAtMillis,
    has_password: hasPassword,
    auth_with_email: hasPassword || user.otpAuthEnabled,
    oauth_providers: Object.values(data.oauthConnections)
      .filter((c) => c.userId === user.id)
      .map((c) => ({ id: c.providerId, account_id: c.accountId, email: c.email })),
    selected_team_id: team?.id ?? null,
    selected_team: team === undefined ? null : clientTeamView(team),
    requires_totp_mfa: user.totpSecretBase64 !== null,
    otp_auth_enabled: user.otpAuthEnabled,
    passkey_auth_enabled: Object.values(data.passkeys).some((p) => p.userId === user.id),
    is_anonymous: user.isAnonymous,
    is_restricted: restriction !== null,
    restricted_reason: restriction,
    restricted_by_admin: user.restrictedByAdmin,
    restricted_by_admin_reason: user.restrictedByAdminReason
  }
}

/** A user as server/admin access sees it. */
export const serverUserView = (data: StateData, user: UserRecord): ServerUser => {
  const team = selectedTeam(data, user)
  return {
    ...clientUserView(data, user),
    selected_team: team === undefined ? null : serverTeamView(team),
    primary_email_auth_enabled: primaryEmailChannel(data, user.id)?.usedForAuth ?? false,
    server_metadata: user.serverMetadata,
    last_active_at_millis: user.lastActiveAtMillis,
    restricted_by_admin_private_details: user.restrictedByAdminPrivateDetails,
    country_code: user.countryCode,
    risk_scores: { sign_up: { bot: 0, free_trial_abuse: 0 } }
  }
}

/** The client view of a project (what `GET /projects/current` answers for every access type). */
export const clientProjectView = (project: ProjectRecord): ClientProject => ({
  id: project.id,
  display_name: project.displayName,
  config: {
    sign_up_enabled: project.config.signUpEnabled,
    credential_enabled: project.config.credentialEnabled,
    magic_link_enabled: project.config.magicLinkEnabled,
    passkey_enabled: project.config.passkeyEnabled,
    client_team_creation_enabled: project.config.clientTeamCreationEnabled,
    client_user_deletion_enabled: project.config.clientUserDeletionEnabled,
    allow_user_api_keys: project.config.allowUserApiKeys,
    allow_team_api_keys: project.config.allowTeamApiKeys,
    // By id, as the service lists them.
    enabled_oauth_providers: [...project.config.oauthProviders].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).map((p) => ({ id: p.id })),
    domains: project.config.domains.map((d) => ({ domain: d.domain, handler_path: d.handlerPath }))
  }
})

/**
 * Which cached queries each stackfx client operation makes stale, so `useStackMutation(updateUser)`
 * refreshes the right hooks without the app naming cache keys. App-defined operations pass their own
 * `invalidates`.
 */
import * as client from "../src/client/index.ts"

/** Names of every query that depends on who is signed in. */
export const sessionQueries: ReadonlyArray<string> = [
  "user",
  "teams",
  "team",
  "teamPermissions",
  "projectPermissions",
  "teamProfile",
  "teamMembers",
  "teamInvitations",
  "contactChannels",
  "connectedAccount",
  "sessions",
  "userApiKeys",
  "teamApiKeys",
  "notificationCategories"
]
const session = sessionQueries
const teams = ["user", "teams", "team", "teamPermissions", "teamProfile", "teamMembers", "teamInvitations"] as const

// Keyed by the operation function itself: a stackfx operation is recognised wherever it is imported from.
const declared = new Map<unknown, ReadonlyArray<string>>([
  [client.signInWithPassword, session],
  [client.signUpWithPassword, session],
  [client.signInWithMagicLink, session],
  [client.signInWithMfa, session],
  [client.signInWithPasskey, session],
  [client.completeOAuthSignIn, session],
  [client.signUpAnonymously, session],
  [client.signOut, session],
  [client.deleteUser, session],
  [client.resetPassword, session],
  // A new primary e-mail is a contact channel too.
  [client.updateUser, ["user", "contactChannels"]],
  [client.setPassword, ["user"]],
  [client.updatePassword, ["user"]],
  [client.registerPasskey, ["user"]],
  [client.verifyEmail, ["user", "contactChannels"]],
  [client.checkVerificationCode, ["user", "contactChannels"]],
  [client.createContactChannel, ["user", "contactChannels"]],
  [client.updateContactChannel, ["user", "contactChannels"]],
  [client.deleteContactChannel, ["user", "contactChannels"]],
  [client.createTeam, teams],
  [client.updateTeam, teams],
  [client.deleteTeam, teams],
  [client.leaveTeam, teams],
  [client.removeTeamMember, ["teamMembers", "teamProfile"]],
  [client.acceptTeamInvitation, teams],
  [client.setSelectedTeam, ["user"]],
  [client.updateTeamMemberProfile, ["teamProfile", "teamMembers"]],
  [client.inviteToTeam, ["teamInvitations"]],
  [client.revokeTeamInvitation, ["teamInvitations"]],
  [client.revokeSession, ["sessions"]],
  [client.createUserApiKey, ["userApiKeys"]],
  [client.updateUserApiKey, ["userApiKeys"]],
  [client.revokeUserApiKey, ["userApiKeys"]],
  [client.createTeamApiKey, ["teamApiKeys"]],
  [client.updateTeamApiKey, ["teamApiKeys"]],
  [client.revokeTeamApiKey, ["teamApiKeys"]],
  [client.setNotificationCategoryEnabled, ["notificationCategories"]]
])

/** The query names a stackfx operation makes stale (empty for reads and unknown functions). */
export const invalidationsOf = (operation: unknown): ReadonlyArray<string> => declared.get(operation) ?? none
const none: ReadonlyArray<string> = []

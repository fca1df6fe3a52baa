/**
 * The official SDK's reading hooks (`useTeams`, `useContactChannels`, ...) over the shared cache,
 * each in two forms: suspending (`useTeams()`: the data, a failure thrown to the error boundary) and
 * not (`useTeamsState()`: `{ data, error, loading, refetch }`). Keys are named after their resource,
 * so stackfx's mutations know which to refresh (see invalidations.ts); all but the project follow the
 * session (session-binding.ts).
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import {
  getAuthHeaders,
  getAuthJson,
  getConnectedAccountAccessToken,
  getPartialUser,
  getProject,
  getTeam,
  getTeamMemberProfile,
  getUser,
  listContactChannels,
  listSessions,
  listTeamInvitations,
  listTeamMembers,
  listTeamPermissions,
  listTeams
} from "../src/client/index.ts"
import { defineQuery } from "./hooks.ts"

export { sessionQueries } from "./invalidations.ts"

/** The project's client-side settings (which sign-in methods, OAuth providers, team creation...). */
export const [useProject, useProjectState] = defineQuery("project", () => getProject())

/** The teams the signed-in user is a member of. */
export const [useTeams, useTeamsState] = defineQuery("teams", () => listTeams())

/** One team of the signed-in user (none when not a member). */
export const [useTeam, useTeamState] = defineQuery("team", (teamId: string) => getTeam(teamId))

/** The user's permissions in a team (recursive by default, like the official SDK). */
export const [useTeamPermissions, useTeamPermissionsState] = defineQuery(
  "teamPermissions",
  (teamId: string, options: { readonly recursive?: boolean } = {}) => listTeamPermissions(teamId, options),
  (teamId, options = {}) => [teamId, options.recursive ?? true]
)

/** One permission of the user in a team, or null (always recursive). */
export const useTeamPermission = (teamId: string, permissionId: string) =>
  useTeamPermissions(teamId).find((permission) => permission.id === permissionId) ?? null

/** A member's profile in a team: the signed-in user's by default (`userId` "me"). */
export const [useTeamProfile, useTeamProfileState] = defineQuery(
  "teamProfile",
  (teamId: string, userId: string = "me") => getTeamMemberProfile(teamId, userId),
  (teamId, userId = "me") => [teamId, userId]
)

/** The members of a team with their team profiles (needs `$read_members`). */
export const [useTeamMembers, useTeamMembersState] = defineQuery("teamMembers", (teamId: string) => listTeamMembers(teamId))

/** The open invitations of a team (needs `$invite_members`). */
export const [useTeamInvitations, useTeamInvitationsState] = defineQuery(
  "teamInvitations",
  (teamId: string) => listTeamInvitations(teamId)
)

/** The signed-in user's contact channels. */
export const [useContactChannels, useContactChannelsState] = defineQuery("contactChannels", () => listContactChannels())

/**
 * An access token of the user's connected OAuth account, or none when it is not connected or lacks
 * the scopes; cached per provider and scope string (scopes joined by a space).
 */
export const [useConnectedAccountAccessToken, useConnectedAccountAccessTokenState] = defineQuery(
  "connectedAccount",
  (provider: string, options: { readonly scopes?: ReadonlyArray<string> } = {}) => getConnectedAccountAccessToken(provider, options),
  (provider, options = {}) => [provider, (options.scopes ?? []).join(" ")]
)

/** The user's connected account of `provider` as the official SDK's `useConnectedAccount`: null when not connected. */
export const useConnectedAccount = (provider: string, options: { readonly scopes?: ReadonlyArray<string> } = {}) => {
  const token = useConnectedAccountAccessToken(provider, options)
  return Option.match(token, {
    onNone: () => null,
    onSome: (value) => ({ provider, accessToken: value.accessToken })
  })
}

/** The OAuth accounts linked to the signed-in user (from the user read: no request of its own). */
export const [useOAuthProviders, useOAuthProvidersState] = defineQuery(
  "user",
  () => Effect.map(getUser(), Option.match({ onNone: () => [], onSome: (user) => user.oauthProviders })),
  () => ["oauthProviders"]
)

/** The session's tokens as plain strings (refreshed first when the access token is stale). */
export const [useAuthJson, useAuthJsonState] = defineQuery("authJson", () => getAuthJson())

/** The `x-stack-auth` header for calls to the app's own backend. */
export const [useAuthHeaders, useAuthHeadersState] = defineQuery("authHeaders", () => getAuthHeaders())

/** The session's access token (null when signed out). */
export const useAccessToken = (): string | null => useAuthJson().accessToken

/**
 * The signed-in user as the stored access token describes them (id, name, e-mail, ...), with no
 * request; null without an access token.
 */
export const [usePartialUser, usePartialUserState] = defineQuery(
  "partialUser",
  () => Effect.map(getPartialUser(), Option.getOrNull)
)

/** The signed-in user's sessions, newest first (the current one marked). */
export const [useSessions, useSessionsState] = defineQuery("sessions", () => listSessions())

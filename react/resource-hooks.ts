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
import { query, stateHook, suspendingHook } from "./hooks.ts"

export { sessionQueries } from "./invalidations.ts"

const projectQuery = /*#__PURE__*/ query("project", () => getProject())
/** The project's client-side settings (which sign-in methods, OAuth providers, team creation...). */
export const useProject = /*#__PURE__*/ suspendingHook(projectQuery)
/** `useProject` without suspending: `{ data, error, loading, refetch }`. */
export const useProjectState = /*#__PURE__*/ stateHook(projectQuery)

const teamsQuery = /*#__PURE__*/ query("teams", () => listTeams())
/** The teams the signed-in user is a member of. */
export const useTeams = /*#__PURE__*/ suspendingHook(teamsQuery)
/** `useTeams` without suspending: `{ data, error, loading, refetch }`. */
export const useTeamsState = /*#__PURE__*/ stateHook(teamsQuery)

const teamQuery = /*#__PURE__*/ query("team", (teamId: string) => getTeam(teamId))
/** One team of the signed-in user (none when not a member). */
export const useTeam = /*#__PURE__*/ suspendingHook(teamQuery)
/** `useTeam` without suspending: `{ data, error, loading, refetch }`. */
export const useTeamState = /*#__PURE__*/ stateHook(teamQuery)

const teamPermissionsQuery = /*#__PURE__*/ query(
  "teamPermissions",
  (teamId: string, options: { readonly recursive?: boolean } = {}) => listTeamPermissions(teamId, options),
  (teamId, options = {}) => [teamId, options.recursive ?? true]
)
/** The user's permissions in a team (recursive by default, like the official SDK). */
export const useTeamPermissions = /*#__PURE__*/ suspendingHook(teamPermissionsQuery)
/** `useTeamPermissions` without suspending: `{ data, error, loading, refetch }`. */
export const useTeamPermissionsState = /*#__PURE__*/ stateHook(teamPermissionsQuery)

/** One permission of the user in a team, or null (always recursive). */
export const useTeamPermission = (teamId: string, permissionId: string) =>
  useTeamPermissions(teamId).find((permission) => permission.id === permissionId) ?? null

const teamProfileQuery = /*#__PURE__*/ query(
  "teamProfile",
  (teamId: string, userId: string = "me") => getTeamMemberProfile(teamId, userId),
  (teamId, userId = "me") => [teamId, userId]
)
/** A member's profile in a team: the signed-in user's by default (`userId` "me"). */
export const useTeamProfile = /*#__PURE__*/ suspendingHook(teamProfileQuery)
/** `useTeamProfile` without suspending: `{ data, error, loading, refetch }`. */
export const useTeamProfileState = /*#__PURE__*/ stateHook(teamProfileQuery)

const teamMembersQuery = /*#__PURE__*/ query("teamMembers", (teamId: string) => listTeamMembers(teamId))
/** The members of a team with their team profiles (needs `$read_members`). */
export const useTeamMembers = /*#__PURE__*/ suspendingHook(teamMembersQuery)
/** `useTeamMembers` without suspending: `{ data, error, loading, refetch }`. */
export const useTeamMembersState = /*#__PURE__*/ stateHook(teamMembersQuery)

const teamInvitationsQuery = /*#__PURE__*/ query(
  "teamInvitations",
  (teamId: string) => listTeamInvitations(teamId)
)
/** The open invitations of a team (needs `$invite_members`). */
export const useTeamInvitations = /*#__PURE__*/ suspendingHook(teamInvitationsQuery)
/** `useTeamInvitations` without suspending: `{ data, error, loading, refetch }`. */
export const useTeamInvitationsState = /*#__PURE__*/ stateHook(teamInvitationsQuery)

const contactChannelsQuery = /*#__PURE__*/ query("contactChannels", () => listContactChannels())
/** The signed-in user's contact channels. */
export const useContactChannels = /*#__PURE__*/ suspendingHook(contactChannelsQuery)
/** `useContactChannels` without suspending: `{ data, error, loading, refetch }`. */
export const useContactChannelsState = /*#__PURE__*/ stateHook(contactChannelsQuery)

const connectedAccountAccessTokenQuery = /*#__PURE__*/ query(
  "connectedAccount",
  (provider: string, options: { readonly scopes?: ReadonlyArray<string> } = {}) => getConnectedAccountAccessToken(provider, options),
  (provider, options = {}) => [provider, (options.scopes ?? []).join(" ")]
)
/**
 * An access token of the user's connected OAuth account, or none when it is not connected or lacks
 * the scopes; cached per provider and scope string (scopes joined by a space).
 */
export const useConnectedAccountAccessToken = /*#__PURE__*/ suspendingHook(connectedAccountAccessTokenQuery)
/** `useConnectedAccountAccessToken` without suspending: `{ data, error, loading, refetch }`. */
export const useConnectedAccountAccessTokenState = /*#__PURE__*/ stateHook(connectedAccountAccessTokenQuery)

/** The user's connected account of `provider` as the official SDK's `useConnectedAccount`: null when not connected. */
export const useConnectedAccount = (provider: string, options: { readonly scopes?: ReadonlyArray<string> } = {}) => {
  const token = useConnectedAccountAccessToken(provider, options)
  return Option.match(token, {
    onNone: () => null,
    onSome: (value) => ({ provider, accessToken: value.accessToken })
  })
}

const oAuthProvidersQuery = /*#__PURE__*/ query(
  "user",
  () => Effect.map(getUser(), Option.match({ onNone: () => [], onSome: (user) => user.oauthProviders })),
  () => ["oauthProviders"]
)
/** The OAuth accounts linked to the signed-in user (from the user read: no request of its own). */
export const useOAuthProviders = /*#__PURE__*/ suspendingHook(oAuthProvidersQuery)
/** `useOAuthProviders` without suspending: `{ data, error, loading, refetch }`. */
export const useOAuthProvidersState = /*#__PURE__*/ stateHook(oAuthProvidersQuery)

const authJsonQuery = /*#__PURE__*/ query("authJson", () => getAuthJson())
/** The session's tokens as plain strings (refreshed first when the access token is stale). */
export const useAuthJson = /*#__PURE__*/ suspendingHook(authJsonQuery)
/** `useAuthJson` without suspending: `{ data, error, loading, refetch }`. */
export const useAuthJsonState = /*#__PURE__*/ stateHook(authJsonQuery)

const authHeadersQuery = /*#__PURE__*/ query("authHeaders", () => getAuthHeaders())
/** The `x-stack-auth` header for calls to the app's own backend. */
export const useAuthHeaders = /*#__PURE__*/ suspendingHook(authHeadersQuery)
/** `useAuthHeaders` without suspending: `{ data, error, loading, refetch }`. */
export const useAuthHeadersState = /*#__PURE__*/ stateHook(authHeadersQuery)

/** The session's access token (null when signed out). */
export const useAccessToken = (): string | null => useAuthJson().accessToken

const partialUserQuery = /*#__PURE__*/ query(
  "partialUser",
  () => Effect.map(getPartialUser(), Option.getOrNull)
)
/**
 * The signed-in user as the stored access token describes them (id, name, e-mail, ...), with no
 * request; null without an access token.
 */
export const usePartialUser = /*#__PURE__*/ suspendingHook(partialUserQuery)
/** `usePartialUser` without suspending: `{ data, error, loading, refetch }`. */
export const usePartialUserState = /*#__PURE__*/ stateHook(partialUserQuery)

const sessionsQuery = /*#__PURE__*/ query("sessions", () => listSessions())
/** The signed-in user's sessions, newest first (the current one marked). */
export const useSessions = /*#__PURE__*/ suspendingHook(sessionsQuery)
/** `useSessions` without suspending: `{ data, error, loading, refetch }`. */
export const useSessionsState = /*#__PURE__*/ stateHook(sessionsQuery)

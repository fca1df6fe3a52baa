/**
 * The official SDK's reading hooks (`useTeams`, `useContactChannels`, ...) as suspending queries over
 * the shared cache. Each key is named after its resource, so a mutation invalidates it by that name
 * (`{ invalidates: ["teams"] }`), or every signed-in read at once with `sessionQueries`.
 */
import * as Effect from "effect/Effect"
import {
  getConnectedAccountAccessToken,
  getProject,
  getTeam,
  getTeamMemberProfile,
  listContactChannels,
  listSessions,
  listTeamInvitations,
  listTeamMembers,
  listTeamPermissions,
  listTeams
} from "../src/client/index.ts"
import { queryKey } from "./cache.ts"
import { useStackSuspenseQuery } from "./hooks.ts"

export { sessionQueries } from "./invalidations.ts"

/** The project's client-side settings. */
export const useProject = () => useStackSuspenseQuery(queryKey("project"), getProject())

/** The teams the signed-in user is a member of. */
export const useTeams = () => useStackSuspenseQuery(queryKey("teams"), listTeams())

/** One team of the signed-in user. */
export const useTeam = (teamId: string) => useStackSuspenseQuery(queryKey("team", teamId), getTeam(teamId))

/** The user's permissions in a team (recursive by default, like the official SDK). */
export const useTeamPermissions = (teamId: string, options: { readonly recursive?: boolean } = {}) =>
  useStackSuspenseQuery(queryKey("teamPermissions", teamId, options.recursive ?? true), listTeamPermissions(teamId, options))

/** One permission of the user in a team, or null (always recursive). */
export const useTeamPermission = (teamId: string, permissionId: string) => {
  const permissions = useTeamPermissions(teamId)
  return permissions.find((permission) => permission.id === permissionId) ?? null
}

/** The signed-in user's profile in a team. */
export const useTeamProfile = (teamId: string) =>
  useStackSuspenseQuery(queryKey("teamProfile", teamId), getTeamMemberProfile(teamId))

/** The members of a team (needs `$read_members`). */
export const useTeamMembers = (teamId: string) => useStackSuspenseQuery(queryKey("teamMembers", teamId), listTeamMembers(teamId))

/** The open invitations of a team (needs `$invite_members`). */
export const useTeamInvitations = (teamId: string) =>
  useStackSuspenseQuery(queryKey("teamInvitations", teamId), listTeamInvitations(teamId))

/** The signed-in user's contact channels. */
export const useContactChannels = () => useStackSuspenseQuery(queryKey("contactChannels"), listContactChannels())

/** The signed-in user's sessions, newest first (the current one marked). */
export const useSessions = () => useStackSuspenseQuery(queryKey("sessions"), listSessions())

/** An access token of the user's connected OAuth account, cached per provider and scope string. */
export const useConnectedAccountAccessToken = (provider: string, options: { readonly scopes?: ReadonlyArray<string> } = {}) =>
  useStackSuspenseQuery(
    queryKey("connectedAccount", provider, (options.scopes ?? []).join(" ")),
    Effect.suspend(() => getConnectedAccountAccessToken(provider, options))
  )

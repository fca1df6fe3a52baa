/**
 * Hooks for a project owner's dashboard, over `StackAdmin` (which is also a server: users and teams
 * come from the same operations as `StackServer`, sent with admin credentials). Provide
 * `StackAdmin.layer({ projectId, superSecretAdminKey })` on a trusted server, or
 * `StackAdmin.layer({ projectId, adminAccessToken })` with an owner's session, in the provider's layer.
 * Mutations invalidate these by name, e.g. `{ invalidates: adminQueries }`.
 */
import * as Effect from "effect/Effect"
import { StackAdmin } from "../src/admin/stack-admin.ts"
import { queryKey } from "./cache.ts"
import { useStackQuery, useStackSuspenseQuery } from "./hooks.ts"

/** Names of every admin query, to invalidate after an admin mutation. */
export const adminQueries: ReadonlyArray<string> = [
  "adminProject",
  "adminUsers",
  "adminTeams",
  "apiKeys",
  "emailTemplates",
  "permissionDefinitions"
]

const withAdmin = <A, E>(f: (admin: StackAdmin["Service"]) => Effect.Effect<A, E>) => Effect.flatMap(Effect.service(StackAdmin), f)

/** The project as its owner sees it (settings, production mode, user count). */
export const useAdminProject = () => useStackSuspenseQuery(queryKey("adminProject"), withAdmin((admin) => admin.getProject()))

/** One page of the project's users; `query` searches names and e-mail addresses. */
export const useAdminUsers = (options: { readonly limit?: number; readonly cursor?: string; readonly query?: string } = {}) =>
  useStackSuspenseQuery(queryKey("adminUsers", options), withAdmin((admin) => admin.listUsers(options)))

/** Every team of the project. */
export const useAdminTeams = () => useStackSuspenseQuery(queryKey("adminTeams"), withAdmin((admin) => admin.listTeams()))

/** The project's API key sets (last four characters only). */
export const useApiKeys = () => useStackSuspenseQuery(queryKey("apiKeys"), withAdmin((admin) => admin.listApiKeys()))

/** The project's e-mail templates. */
export const useEmailTemplates = () => useStackSuspenseQuery(queryKey("emailTemplates"), withAdmin((admin) => admin.listEmailTemplates()))

/** The project's team permission definitions. */
export const usePermissionDefinitions = () =>
  useStackSuspenseQuery(queryKey("permissionDefinitions"), withAdmin((admin) => admin.listTeamPermissionDefinitions()))

/** `useAdminUsers` without suspending: `{ data, error, loading, refetch }`. */
export const useAdminUsersState = (options: { readonly limit?: number; readonly cursor?: string; readonly query?: string } = {}) =>
  useStackQuery(queryKey("adminUsers", options), withAdmin((admin) => admin.listUsers(options)))

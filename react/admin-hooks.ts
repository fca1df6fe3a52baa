/**
 * Hooks for a project owner's dashboard, over `StackAdmin` (which is also a server: users and teams
 * come from the same operations as `StackServer`, sent with admin credentials). Provide
 * `StackAdmin.layer({ projectId, superSecretAdminKey })` on a trusted server, or
 * `StackAdmin.layer({ projectId, ownerSession })` with an owner's session (its access token refreshed
 * before it expires) in the owner's browser, in the provider's layer. Each hook has a non-suspending
 * `...State` form.
 * Mutations invalidate these by name, e.g. `{ invalidates: adminQueries }`.
 */
import * as Effect from "effect/Effect"
import { StackAdmin } from "../src/admin/stack-admin.ts"
import { defineQuery } from "./hooks.ts"

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
export const [useAdminProject, useAdminProjectState] = defineQuery("adminProject", () => withAdmin((admin) => admin.getProject()))

/** One page of the project's users; `query` searches names and e-mail addresses, `cursor` pages on. */
export const [useAdminUsers, useAdminUsersState] = defineQuery(
  "adminUsers",
  (options: { readonly limit?: number; readonly cursor?: string; readonly query?: string } = {}) =>
    withAdmin((admin) => admin.listUsers(options))
)

/** Every team of the project. */
export const [useAdminTeams, useAdminTeamsState] = defineQuery("adminTeams", () => withAdmin((admin) => admin.listTeams()))

/** The project's API key sets (last four characters only). */
export const [useApiKeys, useApiKeysState] = defineQuery("apiKeys", () => withAdmin((admin) => admin.listApiKeys()))

/** The project's e-mail templates. */
export const [useEmailTemplates, useEmailTemplatesState] = defineQuery(
  "emailTemplates",
  () => withAdmin((admin) => admin.listEmailTemplates())
)

/** The project's team permission definitions. */
export const [usePermissionDefinitions, usePermissionDefinitionsState] = defineQuery(
  "permissionDefinitions",
  () => withAdmin((admin) => admin.listTeamPermissionDefinitions())
)

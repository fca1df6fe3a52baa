/**
 * Hooks for the features beyond the seed a signed-in user checks in an app (issue 27): their
 * project permissions (official: `user.usePermissions()`, `user.usePermission(id)` without a team),
 * in both forms (`useX` suspends, `useXState` does not). The key is user-scoped: forgotten when the
 * session changes. API keys and notification categories: `account-hooks.ts`; sessions:
 * `useSessions` in `resource-hooks.ts`.
 */
import { listProjectPermissions, type ProjectPermission } from "../src/client/index.ts"
import { defineQuery } from "./hooks.ts"

/** The signed-in user's project permissions (held outside any team); contained ones included unless `recursive: false`. */
export const [useProjectPermissions, useProjectPermissionsState] = defineQuery(
  "projectPermissions",
  (options: { readonly recursive?: boolean } = {}) => listProjectPermissions(options),
  (options = {}) => [options.recursive ?? true]
)

/** One project permission of the signed-in user (directly or contained), or null. */
export const useProjectPermission = (permissionId: string): ProjectPermission | null =>
  useProjectPermissions().find((permission) => permission.id === permissionId) ?? null

/** Whether the signed-in user holds the project permission `permissionId` (directly or contained). */
export const useHasProjectPermission = (permissionId: string): boolean => useProjectPermission(permissionId) !== null

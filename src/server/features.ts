/**
 * The server operations of the features beyond the seed (issue 27), gathered so StackServer and
 * StackAdmin add them in one place.
 */
import type { KeyProjectErrorClass, KeyRuntime } from "./runtime.ts"
import type { ServerProjectErrorClass } from "../http/project-errors.ts"
import { makeServerApiKeys } from "./api-keys.ts"
import { makeServerProjectPermissions } from "./project-permissions.ts"
import { makeServerNotificationsAndVault } from "./notifications-and-vault.ts"

/** Every feature operation of StackServer. */
export const makeServerFeatures = <P extends KeyProjectErrorClass>(runtime: KeyRuntime<P>) => ({
  ...makeServerApiKeys(runtime),
  ...makeServerProjectPermissions(runtime),
  ...makeServerNotificationsAndVault(runtime)
})

/** The feature operations, at the project-error level `P`. */
export type ServerFeatures<P extends KeyProjectErrorClass = ServerProjectErrorClass> = ReturnType<typeof makeServerFeatures<P>>

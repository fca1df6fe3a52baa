/**
 * The client operations of the features beyond the seed (issue 27), gathered so StackClient adds
 * them in one place.
 */
import { apiKeysOperations } from "./api-keys.ts"
import { projectPermissionsOperations } from "./project-permissions.ts"
import { notificationCategoriesOperations } from "./notification-categories.ts"
import { cliAuthOperations } from "./cli-auth.ts"
import { crossDomainAuthOperations } from "./cross-domain-auth.ts"

/** Every feature operation of StackClient. */
export const featureOperations = {
  ...apiKeysOperations,
  ...projectPermissionsOperations,
  ...notificationCategoriesOperations,
  ...cliAuthOperations,
  ...crossDomainAuthOperations
}

/** `stackfx/admin`: a project's settings, API keys, e-mail templates, permission definitions, webhooks. */
export {
  adminConfig,
  type ApiKeyFirstView,
  apiKeyValidity,
  type ApiKeyValidity,
  checkProjectUpdate,
  InvalidProjectConfig,
  make,
  MissingAdminCredentials,
  ProjectIdMismatch,
  StackAdmin,
  type StackAdminOptions,
  type StackAdminService
} from "./stack-admin.ts"
export { SecretKeyInBrowser } from "../server/browser-guard.ts"
export { type ProductionModeError, productionModeErrors } from "./production-mode.ts"
export { createOwnedProject, listOwnedProjects, type OwnerSession, transferOwnedProject } from "./owned-projects.ts"
export type { AdminProject, AdminProjectUpdate } from "../model/project.ts"
export type { ApiKeySet } from "../model/api-key.ts"
// Types that appear in this entry's signatures, so declaration files can name them.
export type { Camelized } from "../model/camel.ts"
export type { KnownErrorFields, KnownErrorFieldsWithDetails } from "../errors/known-error.ts"
export type { AccessLevel, UserTokens } from "../http/access.ts"
export type { PipelineConfig, SendError } from "../http/send.ts"
// Issue 28: configuration as code.
export { type ConfigOperations, InvalidConfigOverride, type OverrideLevel, type PushedConfigSource } from "./config.ts"
export { configOverrideProblem, flattenConfig, overrideConfig, removeConfigKeys, renderConfig } from "../config/override.ts"
export { type BranchConfig, type ConfigLevel, type ConfigObject, type ConfigValue, configDefaults, defaultEmailThemeId } from "../config/schema.ts"
// Issue 28: the owner's e-mail operations.
export { type AdminEmails, type OutboxFilter } from "./emails.ts"
export { InvalidSendEmail, type ServerEmails } from "../server/emails.ts"
export type { DeliveryInfo, EmailDraft, EmailTheme, NotificationPreference, OutboxEmail, RenderedEmailPreview, SendEmailInput } from "../model/emails.ts"
// Issue 28: metrics.
export { type AdminMetrics, type MetricsOptions } from "./metrics.ts"
export type { Metrics } from "../model/metrics.ts"

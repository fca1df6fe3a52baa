/**
 * Project models (camelCase), derived from the wire schemas of ../wire/project.ts. Decoding takes
 * wire JSON; encoding gives the exact wire body (unset options stay absent).
 */
import * as Schema from "effect/Schema"
import { ListOf } from "../wire/common.ts"
import * as Wire from "../wire/project.ts"
import { camelize } from "./camel.ts"

// =============================================================================
// Shared pieces
// =============================================================================

/** `{id}` of an enabled OAuth provider. */
export const EnabledOAuthProvider = /*#__PURE__*/ camelize(Wire.EnabledOAuthProvider)
export type EnabledOAuthProvider = typeof EnabledOAuthProvider.Type

/** A trusted domain: `{domain, handlerPath}`. */
export const Domain = /*#__PURE__*/ camelize(Wire.Domain)
export type Domain = typeof Domain.Type

/** `{id}` of a default permission. */
export const PermissionRef = /*#__PURE__*/ camelize(Wire.PermissionRef)
export type PermissionRef = typeof PermissionRef.Type

// =============================================================================
// ClientProject
// =============================================================================

/** The sign-in switches of a project (`signUpEnabled`, `enabledOauthProviders`, ...). */
export const ClientProjectConfig = /*#__PURE__*/ camelize(Wire.ClientProjectConfig, {
  enabled_oauth_providers: /*#__PURE__*/ Schema.Array(EnabledOAuthProvider),
  domains: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.Array(Domain))
})
export type ClientProjectConfig = typeof ClientProjectConfig.Type

/** The project as `GET /projects/current` returns it. */
export const ClientProject = /*#__PURE__*/ camelize(Wire.ClientProject, { config: ClientProjectConfig })
export type ClientProject = typeof ClientProject.Type

// =============================================================================
// AdminProject
// =============================================================================

/** A configured OAuth provider (`providerConfigId`, `clientId`, `clientSecret`, ...). */
export const OAuthProviderConfig = /*#__PURE__*/ camelize(Wire.OAuthProviderConfig)
export type OAuthProviderConfig = typeof OAuthProviderConfig.Type

/** `{type: "shared"}`. */
export const SharedEmailConfig = /*#__PURE__*/ camelize(Wire.SharedEmailConfig)
export type SharedEmailConfig = typeof SharedEmailConfig.Type

/** The project's own SMTP server (`senderName`, `senderEmail`, ...). */
export const StandardEmailConfig = /*#__PURE__*/ camelize(Wire.StandardEmailConfig)
export type StandardEmailConfig = typeof StandardEmailConfig.Type

/** The e-mail server of a project. */
export const EmailConfig = /*#__PURE__*/ Schema.Union([SharedEmailConfig, StandardEmailConfig])
export type EmailConfig = typeof EmailConfig.Type

/** The full configuration admin access sees. */
export const AdminProjectConfig = /*#__PURE__*/ camelize(Wire.AdminProjectConfig, {
  enabled_oauth_providers: /*#__PURE__*/ Schema.Array(EnabledOAuthProvider),
  oauth_providers: /*#__PURE__*/ Schema.Array(OAuthProviderConfig),
  domains: /*#__PURE__*/ Schema.Array(Domain),
  email_config: EmailConfig,
  team_creator_default_permissions: /*#__PURE__*/ Schema.Array(PermissionRef),
  team_member_default_permissions: /*#__PURE__*/ Schema.Array(PermissionRef),
  user_default_permissions: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.Array(PermissionRef))
})
export type AdminProjectConfig = typeof AdminProjectConfig.Type

/** A project with its full configuration. */
export const AdminProject = /*#__PURE__*/ camelize(Wire.AdminProject, { config: AdminProjectConfig })
export type AdminProject = typeof AdminProject.Type

/** `GET /internal/projects`. */
export const AdminProjectList = /*#__PURE__*/ camelize(/*#__PURE__*/ ListOf(AdminProject))
export type AdminProjectList = typeof AdminProjectList.Type

// =============================================================================
// Requests
// =============================================================================

/** A trusted domain to configure (`{domain, handlerPath}`). */
export const DomainInput = /*#__PURE__*/ camelize(Wire.DomainInput)
export type DomainInput = typeof DomainInput.Type

/** A provider to configure (no `enabled`). */
export const OAuthProviderConfigInput = /*#__PURE__*/ camelize(Wire.OAuthProviderConfigInput)
export type OAuthProviderConfigInput = typeof OAuthProviderConfigInput.Type

/** A standard e-mail server to configure. */
export const StandardEmailConfigInput = /*#__PURE__*/ camelize(Wire.StandardEmailConfigInput)
export type StandardEmailConfigInput = typeof StandardEmailConfigInput.Type

/** The e-mail server to configure. */
export const EmailConfigInput = /*#__PURE__*/ Schema.Union([SharedEmailConfig, StandardEmailConfigInput])
export type EmailConfigInput = typeof EmailConfigInput.Type

/** Configuration changes (every key optional; lists replace the stored ones). */
export const AdminProjectConfigUpdate = /*#__PURE__*/ camelize(Wire.AdminProjectConfigUpdate, {
  email_config: /*#__PURE__*/ Schema.optionalKey(EmailConfigInput),
  domains: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.Array(DomainInput)),
  oauth_providers: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.Array(OAuthProviderConfigInput)),
  team_creator_default_permissions: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.Array(PermissionRef)),
  team_member_default_permissions: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.Array(PermissionRef)),
  user_default_permissions: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.Array(PermissionRef))
})
export type AdminProjectConfigUpdate = typeof AdminProjectConfigUpdate.Type

/** Options of `PATCH /internal/projects/current`. */
export const AdminProjectUpdate = /*#__PURE__*/ camelize(Wire.AdminProjectUpdate, {
  config: /*#__PURE__*/ Schema.optionalKey(AdminProjectConfigUpdate)
})
export type AdminProjectUpdate = typeof AdminProjectUpdate.Type

/** Options of `POST /internal/projects` (`displayName` and `ownerTeamId` required). */
export const AdminProjectCreate = /*#__PURE__*/ camelize(Wire.AdminProjectCreate, {
  config: /*#__PURE__*/ Schema.optionalKey(AdminProjectConfigUpdate)
})
export type AdminProjectCreate = typeof AdminProjectCreate.Type

/** `transferOwnedProject` input: `{ projectId, newTeamId }`. */
export const ProjectTransferInput = /*#__PURE__*/ camelize(Wire.ProjectTransferBody)
export type ProjectTransferInput = typeof ProjectTransferInput.Type

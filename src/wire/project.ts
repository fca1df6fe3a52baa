/**
 * Projects on the wire:
 * `GET /projects/current` (ClientProject, every access type on current servers), the admin project at
 * `GET|PATCH|DELETE /internal/projects/current` (2.7-era: `PATCH|DELETE /projects/current`) and the
 * dashboard's `GET|POST /internal/projects`.
 *
 * Responses accept both eras: fields only the current server sends (`logo_url`, `owner_team_id`,
 * `config.email_theme`, ...) and fields only 2.7-era servers send (`user_count`, `config.id`,
 * `config.legacy_global_jwt_signing`, provider `enabled`) are optional. Request bodies declare only
 * what the current server accepts: it rejects unknown properties, provider `enabled` included.
 * Deletes answer `{"success": true}` (`SuccessBody`).
 */
import * as Schema from "effect/Schema"
import { ListOf, Millis, extendStruct } from "./common.ts"
import { Email, Url, Uuid } from "./teams.ts"

// =============================================================================
// Shared pieces
// =============================================================================

/** `{"id": "github"}`: an entry of `enabled_oauth_providers`. */
export const EnabledOAuthProvider = /*#__PURE__*/ Schema.Struct({ id: Schema.String })
export type EnabledOAuthProvider = typeof EnabledOAuthProvider.Type

/** A trusted domain: `{domain, handler_path}` (e.g. `https://example.com`, `/handler`). */
export const Domain = /*#__PURE__*/ Schema.Struct({ domain: Schema.String, handler_path: Schema.String })
export type Domain = typeof Domain.Type

/** `{"id": "team_member"}`: a default permission of new members, creators or users. */
export const PermissionRef = /*#__PURE__*/ Schema.Struct({ id: Schema.String })
export type PermissionRef = typeof PermissionRef.Type

/** `shared` keys are Stack's (development only); `standard` keys are the project's own. */
export const OAuthProviderType = /*#__PURE__*/ Schema.Literals(["shared", "standard"])
export type OAuthProviderType = typeof OAuthProviderType.Type

/** How sign-ins with an e-mail already used by another account are handled (current server). */
export const OAuthAccountMergeStrategy = /*#__PURE__*/ Schema.Literals(["link_method", "raise_error", "allow_duplicates"])
export type OAuthAccountMergeStrategy = typeof OAuthAccountMergeStrategy.Type

// =============================================================================
// ClientProject (`GET /projects/current`)
// =============================================================================

/** The sign-in switches every access type may read. */
export const ClientProjectConfig = /*#__PURE__*/ Schema.Struct({
  sign_up_enabled: Schema.Boolean,
  credential_enabled: Schema.Boolean,
  magic_link_enabled: Schema.Boolean,
  passkey_enabled: Schema.Boolean,
  client_team_creation_enabled: Schema.Boolean,
  client_user_deletion_enabled: Schema.Boolean,
  enabled_oauth_providers: /*#__PURE__*/ Schema.Array(EnabledOAuthProvider),
  /** Current server only. */
  domains: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.Array(Domain)),
  /** Current server only. */
  allow_user_api_keys: /*#__PURE__*/ Schema.optionalKey(Schema.Boolean),
  /** Current server only. */
  allow_team_api_keys: /*#__PURE__*/ Schema.optionalKey(Schema.Boolean)
})
export type ClientProjectConfig = typeof ClientProjectConfig.Type

/**
 * `GET /projects/current`. The current server sends this shape to admin access too; a 2.7-era
 * AdminProject is a superset of it, so this schema reads the project of either era.
 */
export const ClientProject = /*#__PURE__*/ Schema.Struct({
  /** A UUID, or `internal` for the dashboard's own project. */
  id: Schema.String,
  display_name: Schema.String,
  config: ClientProjectConfig
})
export type ClientProject = typeof ClientProject.Type

// =============================================================================
// AdminProject (`/internal/projects`, `/internal/projects/current`)
// =============================================================================

/**
 * An entry of `config.oauth_providers`. Current servers add `provider_config_id` and drop
 * `enabled`; standard providers echo `client_id` and `client_secret`.
 */
export const OAuthProviderConfig = /*#__PURE__*/ Schema.Struct({
  id: Schema.String,
  type: OAuthProviderType,
  /** Current server only (equals `id` for providers configured through this API). */
  provider_config_id: /*#__PURE__*/ Schema.optionalKey(Schema.String),
  /** 2.7-era servers only. */
  enabled: /*#__PURE__*/ Schema.optionalKey(Schema.Boolean),
  client_id: /*#__PURE__*/ Schema.optionalKey(Schema.String),
  client_secret: /*#__PURE__*/ Schema.optionalKey(Schema.String),
  facebook_config_id: /*#__PURE__*/ Schema.optionalKey(Schema.String),
  microsoft_tenant_id: /*#__PURE__*/ Schema.optionalKey(Schema.String)
})
export type OAuthProviderConfig = typeof OAuthProviderConfig.Type

/** `{"type": "shared"}`: e-mails go through Stack's server. */
export const SharedEmailConfig = /*#__PURE__*/ Schema.Struct({ type: /*#__PURE__*/ Schema.Literal("shared") })
export type SharedEmailConfig = typeof SharedEmailConfig.Type

/** The project's own SMTP server. */
export const StandardEmailConfig = /*#__PURE__*/ Schema.Struct({
  type: /*#__PURE__*/ Schema.Literal("standard"),
  host: Schema.String,
  port: Schema.Number,
  username: Schema.String,
  password: Schema.String,
  sender_name: Schema.String,
  sender_email: Schema.String
})
export type StandardEmailConfig = typeof StandardEmailConfig.Type

/** `config.email_config`. */
export const EmailConfig = /*#__PURE__*/ Schema.Union([SharedEmailConfig, StandardEmailConfig])
export type EmailConfig = typeof EmailConfig.Type

/** The full configuration admin access sees. */
export const AdminProjectConfig = /*#__PURE__*/ extendStruct(ClientProjectConfig, {
  allow_localhost: Schema.Boolean,
  create_team_on_sign_up: Schema.Boolean,
  oauth_providers: /*#__PURE__*/ Schema.Array(OAuthProviderConfig),
  domains: /*#__PURE__*/ Schema.Array(Domain),
  email_config: EmailConfig,
  team_creator_default_permissions: /*#__PURE__*/ Schema.Array(PermissionRef),
  team_member_default_permissions: /*#__PURE__*/ Schema.Array(PermissionRef),
  /** Current server only. */
  user_default_permissions: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.Array(PermissionRef)),
  /** Current server only (`link_method` by default). */
  oauth_account_merge_strategy: /*#__PURE__*/ Schema.optionalKey(OAuthAccountMergeStrategy),
  /** Current server only: the e-mail theme id (a UUID). */
  email_theme: /*#__PURE__*/ Schema.optionalKey(Schema.String),
  /** 2.7-era servers only. */
  id: /*#__PURE__*/ Schema.optionalKey(Schema.String),
  /** 2.7-era servers only (always `false`). */
  legacy_global_jwt_signing: /*#__PURE__*/ Schema.optionalKey(Schema.Boolean)
})
export type AdminProjectConfig = typeof AdminProjectConfig.Type

/** A project with its full configuration (admin access, or the dashboard's project list). */
export const AdminProject = /*#__PURE__*/ Schema.Struct({
  id: Schema.String,
  display_name: Schema.String,
  /** `""` when none was set. */
  description: /*#__PURE__*/ Schema.NullOr(Schema.String),
  created_at_millis: Millis,
  is_production_mode: Schema.Boolean,
  config: AdminProjectConfig,
  /** Current server only. */
  logo_url: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(Schema.String)),
  /** Current server only. */
  logo_full_url: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(Schema.String)),
  /** Current server only. */
  logo_dark_mode_url: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(Schema.String)),
  /** Current server only. */
  logo_full_dark_mode_url: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(Schema.String)),
  /** Current server only: the team that owns the project. */
  owner_team_id: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(Schema.String)),
  /** Current server only (`completed` for projects created through the API). */
  onboarding_status: /*#__PURE__*/ Schema.optionalKey(Schema.String),
  /** 2.7-era servers only. */
  user_count: /*#__PURE__*/ Schema.optionalKey(Schema.Number)
})
export type AdminProject = typeof AdminProject.Type

/** `GET /internal/projects`: the signed-in user's projects, newest first. */
export const AdminProjectList = /*#__PURE__*/ ListOf(AdminProject)
export type AdminProjectList = typeof AdminProjectList.Type

// =============================================================================
// Requests
// =============================================================================

/** A `handler_path`: must start with `/`. */
export const HandlerPath = /*#__PURE__*/ Schema.String.check(/*#__PURE__*/ Schema.isPattern(/^\//, { expected: "a path starting with \"/\"" }))

/** A trusted domain to configure. `domains` replaces the whole list. */
export const DomainInput = /*#__PURE__*/ Schema.Struct({ domain: Url, handler_path: HandlerPath })
export type DomainInput = typeof DomainInput.Type

/**
 * A provider to configure. No `enabled`: the current server rejects it. `client_id` and
 * `client_secret` are needed for `standard` providers.
 */
export const OAuthProviderConfigInput = /*#__PURE__*/ Schema.Struct({
  id: Schema.String,
  type: OAuthProviderType,
  client_id: /*#__PURE__*/ Schema.optionalKey(Schema.NonEmptyString),
  client_secret: /*#__PURE__*/ Schema.optionalKey(Schema.NonEmptyString),
  facebook_config_id: /*#__PURE__*/ Schema.optionalKey(Schema.String),
  microsoft_tenant_id: /*#__PURE__*/ Schema.optionalKey(Schema.String)
})
export type OAuthProviderConfigInput = typeof OAuthProviderConfigInput.Type

/** A standard e-mail server to configure: every field required and non-empty. */
export const StandardEmailConfigInput = /*#__PURE__*/ Schema.Struct({
  type: /*#__PURE__*/ Schema.Literal("standard"),
  host: Schema.NonEmptyString,
  port: /*#__PURE__*/ Schema.Number.check(/*#__PURE__*/ Schema.isInt()),
  username: Schema.NonEmptyString,
  password: Schema.NonEmptyString,
  sender_name: Schema.NonEmptyString,
  sender_email: Email
})
export type StandardEmailConfigInput = typeof StandardEmailConfigInput.Type

/** `config.email_config` of a request. */
export const EmailConfigInput = /*#__PURE__*/ Schema.Union([SharedEmailConfig, StandardEmailConfigInput])
export type EmailConfigInput = typeof EmailConfigInput.Type

/** `config` of a project update or creation: every key optional; lists replace the stored ones. */
export const AdminProjectConfigUpdate = /*#__PURE__*/ Schema.Struct({
  sign_up_enabled: /*#__PURE__*/ Schema.optionalKey(Schema.Boolean),
  credential_enabled: /*#__PURE__*/ Schema.optionalKey(Schema.Boolean),
  magic_link_enabled: /*#__PURE__*/ Schema.optionalKey(Schema.Boolean),
  passkey_enabled: /*#__PURE__*/ Schema.optionalKey(Schema.Boolean),
  client_team_creation_enabled: /*#__PURE__*/ Schema.optionalKey(Schema.Boolean),
  client_user_deletion_enabled: /*#__PURE__*/ Schema.optionalKey(Schema.Boolean),
  allow_localhost: /*#__PURE__*/ Schema.optionalKey(Schema.Boolean),
  create_team_on_sign_up: /*#__PURE__*/ Schema.optionalKey(Schema.Boolean),
  allow_user_api_keys: /*#__PURE__*/ Schema.optionalKey(Schema.Boolean),
  allow_team_api_keys: /*#__PURE__*/ Schema.optionalKey(Schema.Boolean),
  oauth_account_merge_strategy: /*#__PURE__*/ Schema.optionalKey(OAuthAccountMergeStrategy),
  email_config: /*#__PURE__*/ Schema.optionalKey(EmailConfigInput),
  email_theme: /*#__PURE__*/ Schema.optionalKey(Uuid),
  domains: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.Array(DomainInput)),
  /** Must list every provider already configured (`Provider with id '<id>' not found in the update`). */
  oauth_providers: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.Array(OAuthProviderConfigInput)),
  team_creator_default_permissions: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.Array(PermissionRef)),
  team_member_default_permissions: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.Array(PermissionRef)),
  user_default_permissions: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.Array(PermissionRef))
})
export type AdminProjectConfigUpdate = typeof AdminProjectConfigUpdate.Type

/** `PATCH /internal/projects/current` body (admin). */
export const AdminProjectUpdate = /*#__PURE__*/ Schema.Struct({
  display_name: /*#__PURE__*/ Schema.optionalKey(Schema.String),
  description: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(Schema.String)),
  is_production_mode: /*#__PURE__*/ Schema.optionalKey(Schema.Boolean),
  logo_url: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(Schema.String)),
  logo_full_url: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(Schema.String)),
  logo_dark_mode_url: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(Schema.String)),
  logo_full_dark_mode_url: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.NullOr(Schema.String)),
  config: /*#__PURE__*/ Schema.optionalKey(AdminProjectConfigUpdate)
})
export type AdminProjectUpdate = typeof AdminProjectUpdate.Type

/**
 * `POST /internal/projects` body (project `internal`, signed-in user). The current server requires
 * `owner_team_id`, a team of the signed-in user (`body.owner_team_id must be defined`).
 */
export const AdminProjectCreate = /*#__PURE__*/ extendStruct(AdminProjectUpdate, {
  display_name: Schema.String,
  owner_team_id: Uuid
})
export type AdminProjectCreate = typeof AdminProjectCreate.Type

/** `POST /internal/projects/transfer` body: give a project to another of the owner's teams. */
export const ProjectTransferBody = /*#__PURE__*/ Schema.Struct({
  project_id: Schema.String,
  new_team_id: Schema.String
})
export type ProjectTransferBody = typeof ProjectTransferBody.Type

/** `POST /internal/projects/transfer` answer. */
export const ProjectTransferResponse = /*#__PURE__*/ Schema.Struct({ success: /*#__PURE__*/ Schema.Literal("true") })

/**
 * STAND-INS for the admin wire schemas (project management, API key sets, e-mail templates, the
 * webhook token) until `src/wire/project.ts`, `api-keys.ts`, `email-templates.ts` and `webhooks.ts`
 * provide them; point the emulator's imports there and delete this file when they land.
 *
 * Shapes are the current server's (LIVE-DIFFERENCES §4.2, §5 and the `internal-*` fixtures of
 * fixtures-live), which win over PROTOCOL §4.9–4.11 and §11 where they differ:
 *
 * - AdminProject lost `user_count`, `config.id`, `config.legacy_global_jwt_signing`; gained the logo
 *   URLs, `owner_team_id`, `onboarding_status`, `config.oauth_account_merge_strategy`,
 *   `config.email_theme`, `config.user_default_permissions`, `config.allow_user_api_keys`,
 *   `config.allow_team_api_keys`. Provider entries read `{provider_config_id, id, type, ...}` and
 *   have no `enabled` (writing it is a SCHEMA_ERROR).
 * - E-mail templates are TSX sources under `/internal/email-templates`.
 */
import * as Schema from "effect/Schema"
import { ListOf, Millis } from "../wire/common.ts"
import { Email, Url, Uuid } from "../wire/teams.ts"

const NonEmpty = Schema.String.check(Schema.isMinLength(1))

// =============================================================================
// Project configuration pieces
// =============================================================================

/** OAuth provider ids the server accepts in a project's configuration. */
export const OAuthProviderId = Schema.Literals([
  "google",
  "github",
  "microsoft",
  "spotify",
  "facebook",
  "discord",
  "gitlab",
  "bitbucket",
  "linkedin",
  "apple",
  "x",
  "twitch"
])
export type OAuthProviderId = typeof OAuthProviderId.Type

/** The providers that may use Stack's shared (development) OAuth keys. */
export const sharedOAuthProviderIds: ReadonlyArray<OAuthProviderId> = ["google", "github", "microsoft", "spotify"]

/** `config.oauth_providers[]` as the server sends it (client id/secret only for `standard`). */
export const OAuthProviderConfig = Schema.Struct({
  provider_config_id: Schema.String,
  id: Schema.String,
  type: Schema.Literals(["shared", "standard"]),
  client_id: Schema.optionalKey(Schema.String),
  client_secret: Schema.optionalKey(Schema.String),
  facebook_config_id: Schema.optionalKey(Schema.String),
  microsoft_tenant_id: Schema.optionalKey(Schema.String)
})
export type OAuthProviderConfig = typeof OAuthProviderConfig.Type

/**
 * `config.oauth_providers[]` in a request: `standard` needs a non-empty `client_id` and
 * `client_secret` (`body.config.oauth_providers[0].client_id must be defined`); no `enabled`.
 */
export const OAuthProviderConfigUpdate = Schema.Union([
  Schema.Struct({
    id: OAuthProviderId,
    type: Schema.Literal("shared"),
    client_id: Schema.optionalKey(Schema.String),
    client_secret: Schema.optionalKey(Schema.String),
    facebook_config_id: Schema.optionalKey(Schema.String),
    microsoft_tenant_id: Schema.optionalKey(Schema.String)
  }),
  Schema.Struct({
    id: OAuthProviderId,
    type: Schema.Literal("standard"),
    client_id: NonEmpty,
    client_secret: NonEmpty,
    facebook_config_id: Schema.optionalKey(Schema.String),
    microsoft_tenant_id: Schema.optionalKey(Schema.String)
  })
])
export type OAuthProviderConfigUpdate = typeof OAuthProviderConfigUpdate.Type

/** `config.email_config` as the server sends it. */
export const EmailConfig = Schema.Union([
  Schema.Struct({ type: Schema.Literal("shared") }),
  Schema.Struct({
    type: Schema.Literal("standard"),
    host: Schema.String,
    port: Schema.Number,
    username: Schema.String,
    password: Schema.String,
    sender_name: Schema.String,
    sender_email: Schema.String
  })
])
export type EmailConfig = typeof EmailConfig.Type

/**
 * `config.email_config` in a request: `standard` needs every one of host, port, username,
 * password, sender_name, sender_email (`... must be defined`, `... must not be empty`).
 */
export const EmailConfigUpdate = Schema.Union([
  Schema.Struct({
    type: Schema.Literal("shared"),
    host: Schema.optionalKey(Schema.String),
    port: Schema.optionalKey(Schema.Number),
    username: Schema.optionalKey(Schema.String),
    password: Schema.optionalKey(Schema.String),
    sender_name: Schema.optionalKey(Schema.String),
    sender_email: Schema.optionalKey(Schema.String)
  }),
  Schema.Struct({
    type: Schema.Literal("standard"),
    host: NonEmpty,
    port: Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(0), Schema.isLessThanOrEqualTo(65535)),
    username: NonEmpty,
    password: NonEmpty,
    sender_name: NonEmpty,
    sender_email: Email
  })
])
export type EmailConfigUpdate = typeof EmailConfigUpdate.Type

/** A trusted domain: `http(s)://` URL and a handler path starting with `/`. */
export const DomainConfig = Schema.Struct({ domain: Schema.String, handler_path: Schema.String })
export type DomainConfig = typeof DomainConfig.Type

/** A trusted domain in a request. */
export const DomainConfigUpdate = Schema.Struct({
  domain: Url.check(Schema.isPattern(/^https?:\/\//, { message: "URL must start with http:// or https://" })),
  handler_path: Schema.String.check(Schema.isPattern(/^\//, { message: "Handler path must start with /" }))
})
export type DomainConfigUpdate = typeof DomainConfigUpdate.Type

/** `{id}`: a default permission or an enabled OAuth provider. */
export const IdRef = Schema.Struct({ id: Schema.String })
export type IdRef = typeof IdRef.Type

/** How OAuth sign-ins with an e-mail that already exists are handled. */
export const OAuthAccountMergeStrategy = Schema.Literals(["link_method", "raise_error", "allow_duplicates"])

// =============================================================================
// AdminProject
// =============================================================================

/** `AdminProject.config`. */
export const AdminProjectConfig = Schema.Struct({
  allow_localhost: Schema.Boolean,
  sign_up_enabled: Schema.Boolean,
  credential_enabled: Schema.Boolean,
  magic_link_enabled: Schema.Boolean,
  passkey_enabled: Schema.Boolean,
  client_team_creation_enabled: Schema.Boolean,
  client_user_deletion_enabled: Schema.Boolean,
  allow_user_api_keys: Schema.Boolean,
  allow_team_api_keys: Schema.Boolean,
  oauth_providers: Schema.Array(OAuthProviderConfig),
  enabled_oauth_providers: Schema.Array(IdRef),
  domains: Schema.Array(DomainConfig),
  email_config: EmailConfig,
  /** The e-mail theme id (a UUID). */
  email_theme: Schema.String,
  create_team_on_sign_up: Schema.Boolean,
  team_creator_default_permissions: Schema.Array(IdRef),
  team_member_default_permissions: Schema.Array(IdRef),
  user_default_permissions: Schema.Array(IdRef),
  oauth_account_merge_strategy: OAuthAccountMergeStrategy
})
export type AdminProjectConfig = typeof AdminProjectConfig.Type

/** `AdminProject`: `/internal/projects` and `/internal/projects/current`. */
export const AdminProject = Schema.Struct({
  id: Schema.String,
  display_name: Schema.String,
  description: Schema.String,
  logo_url: Schema.NullOr(Schema.String),
  logo_full_url: Schema.NullOr(Schema.String),
  logo_dark_mode_url: Schema.NullOr(Schema.String),
  logo_full_dark_mode_url: Schema.NullOr(Schema.String),
  created_at_millis: Millis,
  is_production_mode: Schema.Boolean,
  owner_team_id: Schema.NullOr(Schema.String),
  onboarding_status: Schema.String,
  config: AdminProjectConfig
})
export type AdminProject = typeof AdminProject.Type

/** `GET /internal/projects`. */
export const AdminProjectList = ListOf(AdminProject)
export type AdminProjectList = typeof AdminProjectList.Type

/** `config` of `PATCH /internal/projects/current` (every field optional; lists replace). */
export const AdminProjectConfigUpdate = Schema.Struct({
  sign_up_enabled: Schema.optionalKey(Schema.Boolean),
  credential_enabled: Schema.optionalKey(Schema.Boolean),
  magic_link_enabled: Schema.optionalKey(Schema.Boolean),
  passkey_enabled: Schema.optionalKey(Schema.Boolean),
  client_team_creation_enabled: Schema.optionalKey(Schema.Boolean),
  client_user_deletion_enabled: Schema.optionalKey(Schema.Boolean),
  allow_localhost: Schema.optionalKey(Schema.Boolean),
  allow_user_api_keys: Schema.optionalKey(Schema.Boolean),
  allow_team_api_keys: Schema.optionalKey(Schema.Boolean),
  email_config: Schema.optionalKey(EmailConfigUpdate),
  domains: Schema.optionalKey(Schema.Array(DomainConfigUpdate)),
  oauth_providers: Schema.optionalKey(Schema.Array(OAuthProviderConfigUpdate)),
  create_team_on_sign_up: Schema.optionalKey(Schema.Boolean),
  team_creator_default_permissions: Schema.optionalKey(Schema.Array(IdRef)),
  team_member_default_permissions: Schema.optionalKey(Schema.Array(IdRef)),
  user_default_permissions: Schema.optionalKey(Schema.Array(IdRef)),
  oauth_account_merge_strategy: Schema.optionalKey(OAuthAccountMergeStrategy)
})
export type AdminProjectConfigUpdate = typeof AdminProjectConfigUpdate.Type

/** `PATCH /internal/projects/current` body. */
export const AdminProjectUpdate = Schema.Struct({
  display_name: Schema.optionalKey(Schema.String),
  description: Schema.optionalKey(Schema.NullOr(Schema.String)),
  is_production_mode: Schema.optionalKey(Schema.Boolean),
  logo_url: Schema.optionalKey(Schema.NullOr(Schema.String)),
  logo_full_url: Schema.optionalKey(Schema.NullOr(Schema.String)),
  logo_dark_mode_url: Schema.optionalKey(Schema.NullOr(Schema.String)),
  logo_full_dark_mode_url: Schema.optionalKey(Schema.NullOr(Schema.String)),
  config: Schema.optionalKey(AdminProjectConfigUpdate)
})
export type AdminProjectUpdate = typeof AdminProjectUpdate.Type

/**
 * `POST /internal/projects` body: the update fields plus `display_name` and `owner_team_id` (a
 * team of the signed-in dashboard user; `body.owner_team_id must be defined` without it).
 */
export const AdminProjectCreate = Schema.Struct({
  ...AdminProjectUpdate.fields,
  display_name: Schema.String,
  owner_team_id: Uuid
})
export type AdminProjectCreate = typeof AdminProjectCreate.Type

// =============================================================================
// API key sets
// =============================================================================

/** An obfuscated key of a listed key set. */
export const ApiKeyLastFour = Schema.Struct({ last_four: Schema.String })

/** `ApiKeySet` as listed, read and updated (keys obfuscated to their last four characters). */
export const ApiKeySet = Schema.Struct({
  id: Schema.String,
  description: Schema.String,
  created_at_millis: Millis,
  expires_at_millis: Millis,
  manually_revoked_at_millis: Schema.optionalKey(Millis),
  publishable_client_key: Schema.optionalKey(ApiKeyLastFour),
  secret_server_key: Schema.optionalKey(ApiKeyLastFour),
  super_secret_admin_key: Schema.optionalKey(ApiKeyLastFour)
})
export type ApiKeySet = typeof ApiKeySet.Type

/** `POST /internal/api-keys` response: the full keys, shown this once. */
export const ApiKeySetFirstView = Schema.Struct({
  id: Schema.String,
  description: Schema.String,
  created_at_millis: Millis,
  expires_at_millis: Millis,
  publishable_client_key: Schema.optionalKey(Schema.String),
  secret_server_key: Schema.optionalKey(Schema.String),
  super_secret_admin_key: Schema.optionalKey(Schema.String)
})
export type ApiKeySetFirstView = typeof ApiKeySetFirstView.Type

/** `GET /internal/api-keys`. */
export const ApiKeySetList = ListOf(ApiKeySet)
export type ApiKeySetList = typeof ApiKeySetList.Type

/** `POST /internal/api-keys` body (every field required). */
export const ApiKeySetCreate = Schema.Struct({
  description: Schema.String,
  expires_at_millis: Millis,
  has_publishable_client_key: Schema.Boolean,
  has_secret_server_key: Schema.Boolean,
  has_super_secret_admin_key: Schema.Boolean
})
export type ApiKeySetCreate = typeof ApiKeySetCreate.Type

/** `PATCH /internal/api-keys/{api_key_id}` body: `revoked` may only be `true`. */
export const ApiKeySetUpdate = Schema.Struct({
  description: Schema.optionalKey(Schema.String),
  revoked: Schema.optionalKey(Schema.Literals([true]))
})
export type ApiKeySetUpdate = typeof ApiKeySetUpdate.Type

/** Path parameters of `/internal/api-keys/{api_key_id}`. */
export const ApiKeySetParams = Schema.Struct({ api_key_id: Uuid })

// =============================================================================
// E-mail templates (TSX sources)
// =============================================================================

/** One template of `GET /internal/email-templates`. */
export const EmailTemplate = Schema.Struct({
  id: Schema.String,
  display_name: Schema.String,
  tsx_source: Schema.String
})
export type EmailTemplate = typeof EmailTemplate.Type

/** `GET /internal/email-templates`: not a CRUD list (`{templates}`, no `items`/`is_paginated`). */
export const EmailTemplateList = Schema.Struct({ templates: Schema.Array(EmailTemplate) })
export type EmailTemplateList = typeof EmailTemplateList.Type

/** `POST /internal/email-templates` body. */
export const EmailTemplateCreate = Schema.Struct({ display_name: Schema.String })
export type EmailTemplateCreate = typeof EmailTemplateCreate.Type

/** `POST /internal/email-templates` response: the new template's id. */
export const EmailTemplateCreated = Schema.Struct({ id: Schema.String })
export type EmailTemplateCreated = typeof EmailTemplateCreated.Type

/** `PATCH /internal/email-templates/{templateId}` body: the new TSX source. */
export const EmailTemplateUpdate = Schema.Struct({ tsx_source: Schema.String })
export type EmailTemplateUpdate = typeof EmailTemplateUpdate.Type

/** `PATCH /internal/email-templates/{templateId}` response: the source rendered with preview values. */
export const EmailTemplateRendered = Schema.Struct({ rendered_html: Schema.String })
export type EmailTemplateRendered = typeof EmailTemplateRendered.Type

/** `DELETE /internal/email-templates/{templateId}` response: `{}`. */
export const EmailTemplateDeleted = Schema.Struct({})

/** Path parameters of `/internal/email-templates/{templateId}`. */
export const EmailTemplateParams = Schema.Struct({ templateId: Uuid })

// =============================================================================
// Webhooks
// =============================================================================

/** `POST /webhooks/svix-token` response (201): the Svix app-portal token, and its URL on hosted Svix. */
export const SvixToken = Schema.Struct({
  token: Schema.String,
  url: Schema.optionalKey(Schema.String)
})
export type SvixToken = typeof SvixToken.Type

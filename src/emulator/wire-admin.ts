/**
 * Request schemas of the admin endpoints as the emulator validates them, stricter than the SDK's
 * `src/wire` request schemas so that refusals carry the server's exact SCHEMA_ERROR messages (a
 * standard OAuth provider without `client_secret`: `body.config.oauth_providers[0].client_secret
 * must be defined`; `enabled` in a provider: `contains unknown properties: enabled`; provider ids
 * checked against the known list). Every response is encoded with the `src/wire` schemas.
 */
import * as Schema from "effect/Schema"
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
    microsoft_tenant_id: Schema.optionalKey(Schema.String),
    apple_bundle_ids: Schema.optionalKey(Schema.Array(Schema.String))
  }),
  Schema.Struct({
    id: OAuthProviderId,
    type: Schema.Literal("standard"),
    client_id: NonEmpty,
    client_secret: NonEmpty,
    facebook_config_id: Schema.optionalKey(Schema.String),
    microsoft_tenant_id: Schema.optionalKey(Schema.String),
    apple_bundle_ids: Schema.optionalKey(Schema.Array(Schema.String))
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
  // The service words this one without the field's path.
  domain: Url.check(Schema.isPattern(/^https?:\/\//, { message: "URL must start with http:// or https://", withoutPath: true })),
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
  oauth_account_merge_strategy: Schema.optionalKey(OAuthAccountMergeStrategy),
  /** The id of an e-mail theme (checked by the handler: an unknown one is `Invalid email theme`). */
  email_theme: Schema.optionalKey(Schema.String)
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

/** Path parameters of `/internal/api-keys/{api_key_id}`. */
export const ApiKeySetParams = Schema.Struct({ api_key_id: Uuid })

// =============================================================================
// E-mail templates (TSX sources)
// =============================================================================

/**
 * `PATCH /internal/email-templates/{templateId}` body: the new TSX source and, optionally, the
 * theme (a theme UUID, `false` for none, `null` for the project's default).
 */
export const EmailTemplateUpdate = Schema.Struct({
  tsx_source: Schema.String,
  theme_id: Schema.optionalKey(Schema.NullOr(Schema.Union([Uuid, Schema.Literal(false)])))
})
export type EmailTemplateUpdate = typeof EmailTemplateUpdate.Type

/** `DELETE /internal/email-templates/{templateId}` response: `{}`. */
export const EmailTemplateDeleted = Schema.Struct({})

/** Path parameters of `/internal/email-templates/{templateId}`. */
export const EmailTemplateParams = Schema.Struct({ templateId: Uuid })

// =============================================================================
// Webhooks
// =============================================================================


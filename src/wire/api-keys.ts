/**
 * Internal API key sets on the wire (unchanged on current servers):
 * `GET|POST /internal/api-keys`, `GET|PATCH /internal/api-keys/{api_key_id}` (admin only, no DELETE).
 */
import * as Schema from "effect/Schema"
import { ListOf, Millis, structWith } from "./common.ts"

// =============================================================================
// Responses
// =============================================================================

/** An obfuscated key: `{"last_four": "abcd"}`. */
export const KeyLastFour = /*#__PURE__*/ Schema.Struct({ last_four: Schema.String })
export type KeyLastFour = typeof KeyLastFour.Type

const apiKeySetFields = {
  id: Schema.String,
  description: Schema.String,
  expires_at_millis: Millis,
  created_at_millis: Millis,
  /** Present once the set was revoked. */
  manually_revoked_at_millis: /*#__PURE__*/ Schema.optionalKey(Millis)
}

/** A key set as listed, read or updated: each requested key as `{last_four}`. */
export const ApiKeySet = /*#__PURE__*/ structWith(apiKeySetFields, {
  publishable_client_key: /*#__PURE__*/ Schema.optionalKey(KeyLastFour),
  secret_server_key: /*#__PURE__*/ Schema.optionalKey(KeyLastFour),
  super_secret_admin_key: /*#__PURE__*/ Schema.optionalKey(KeyLastFour)
})
export type ApiKeySet = typeof ApiKeySet.Type

/**
 * `POST /internal/api-keys` result (200): the requested keys in full (`pck_…`, `ssk_…`, `sak_…`).
 * The only time they are shown.
 */
export const ApiKeySetCreated = /*#__PURE__*/ structWith(apiKeySetFields, {
  publishable_client_key: /*#__PURE__*/ Schema.optionalKey(Schema.String),
  secret_server_key: /*#__PURE__*/ Schema.optionalKey(Schema.String),
  super_secret_admin_key: /*#__PURE__*/ Schema.optionalKey(Schema.String)
})
export type ApiKeySetCreated = typeof ApiKeySetCreated.Type

/** `GET /internal/api-keys`: newest first. */
export const ApiKeySetList = /*#__PURE__*/ ListOf(ApiKeySet)
export type ApiKeySetList = typeof ApiKeySetList.Type

// =============================================================================
// Requests
// =============================================================================

/** `POST /internal/api-keys` body: every field required. */
export const ApiKeySetCreate = /*#__PURE__*/ Schema.Struct({
  description: Schema.String,
  expires_at_millis: Millis,
  has_publishable_client_key: Schema.Boolean,
  has_secret_server_key: Schema.Boolean,
  has_super_secret_admin_key: Schema.Boolean
})
export type ApiKeySetCreate = typeof ApiKeySetCreate.Type

/** `PATCH /internal/api-keys/{api_key_id}` body: `revoked` only accepts `true` (revocation is final). */
export const ApiKeySetUpdate = /*#__PURE__*/ Schema.Struct({
  description: /*#__PURE__*/ Schema.optionalKey(Schema.String),
  revoked: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.Literal(true))
})
export type ApiKeySetUpdate = typeof ApiKeySetUpdate.Type

/** What the SDK's `revokeApiKeyById` sends. */
export const revokeApiKeySetBody: ApiKeySetUpdate = { revoked: true }

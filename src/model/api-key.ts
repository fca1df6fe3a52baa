/**
 * API key set models (camelCase), derived from the wire schemas of ../wire/api-keys.ts.
 */
import * as Schema from "effect/Schema"
import { ListOf } from "../wire/common.ts"
import * as Wire from "../wire/api-keys.ts"
import { camelize } from "./camel.ts"

/** An obfuscated key: `{lastFour}`. */
export const KeyLastFour = /*#__PURE__*/ camelize(Wire.KeyLastFour)
export type KeyLastFour = typeof KeyLastFour.Type

/** A key set as listed, read or updated (`publishableClientKey: {lastFour}`, ...). */
export const ApiKeySet = /*#__PURE__*/ camelize(Wire.ApiKeySet, {
  publishable_client_key: /*#__PURE__*/ Schema.optionalKey(KeyLastFour),
  secret_server_key: /*#__PURE__*/ Schema.optionalKey(KeyLastFour),
  super_secret_admin_key: /*#__PURE__*/ Schema.optionalKey(KeyLastFour)
})
export type ApiKeySet = typeof ApiKeySet.Type

/** A key set just created, with its full keys. */
export const ApiKeySetCreated = /*#__PURE__*/ camelize(Wire.ApiKeySetCreated)
export type ApiKeySetCreated = typeof ApiKeySetCreated.Type

/** `GET /internal/api-keys`. */
export const ApiKeySetList = /*#__PURE__*/ camelize(/*#__PURE__*/ ListOf(ApiKeySet))
export type ApiKeySetList = typeof ApiKeySetList.Type

/** Options of a key set creation (`hasPublishableClientKey`, ...). */
export const ApiKeySetCreate = /*#__PURE__*/ camelize(Wire.ApiKeySetCreate)
export type ApiKeySetCreate = typeof ApiKeySetCreate.Type

/** Options of a key set update (`description`, `revoked: true`). */
export const ApiKeySetUpdate = /*#__PURE__*/ camelize(Wire.ApiKeySetUpdate)
export type ApiKeySetUpdate = typeof ApiKeySetUpdate.Type

/**
 * User and team API key models (camelCase), derived from the wire schemas of
 * ../wire/project-api-keys.ts.
 */
import * as Schema from "effect/Schema"
import { ListOf } from "../wire/common.ts"
import * as Wire from "../wire/project-api-keys.ts"
import { camelize } from "./camel.ts"
import { KeyLastFour } from "./api-key.ts"

/** A user API key as read: `{id, description, expiresAtMillis?, manuallyRevokedAtMillis?, createdAtMillis, isPublic, type, userId, value: {lastFour}}`. */
export const UserApiKey = /*#__PURE__*/ camelize(Wire.UserApiKey, { value: KeyLastFour })
export type UserApiKey = typeof UserApiKey.Type

/** A team API key as read (`teamId` instead of `userId`). */
export const TeamApiKey = /*#__PURE__*/ camelize(Wire.TeamApiKey, { value: KeyLastFour })
export type TeamApiKey = typeof TeamApiKey.Type

/** A user API key just created: `value` is the full key, shown this once. */
export const UserApiKeyFirstView = /*#__PURE__*/ camelize(Wire.UserApiKeyFirstView)
export type UserApiKeyFirstView = typeof UserApiKeyFirstView.Type

/** A team API key just created: `value` is the full key, shown this once. */
export const TeamApiKeyFirstView = /*#__PURE__*/ camelize(Wire.TeamApiKeyFirstView)
export type TeamApiKeyFirstView = typeof TeamApiKeyFirstView.Type

/** `GET /user-api-keys`. */
export const UserApiKeyList = /*#__PURE__*/ camelize(/*#__PURE__*/ ListOf(UserApiKey))
export type UserApiKeyList = typeof UserApiKeyList.Type

/** `GET /team-api-keys`. */
export const TeamApiKeyList = /*#__PURE__*/ camelize(/*#__PURE__*/ ListOf(TeamApiKey))
export type TeamApiKeyList = typeof TeamApiKeyList.Type

/** Options of a new key: a description, when it expires (`null`: never), public (`pk_…`) or secret (`sk_…`, default). */
export const ApiKeyCreateOptions = /*#__PURE__*/ camelize(/*#__PURE__*/ Wire.UserApiKeyCreate.mapFields(({ user_id: _, ...fields }) => fields))
export type ApiKeyCreateOptions = typeof ApiKeyCreateOptions.Type

/** A key's new description. */
export const ApiKeyDescriptionUpdate = /*#__PURE__*/ Schema.Struct({ description: Wire.ApiKeyUpdate.fields.description.schema })
export type ApiKeyDescriptionUpdate = typeof ApiKeyDescriptionUpdate.Type

/** Whether a key is usable, and why not: the official SDK's `isValid()` / `whyInvalid()`. */
export const apiKeyInvalidReason = (
  key: { readonly manuallyRevokedAtMillis?: number | undefined; readonly expiresAtMillis?: number | undefined },
  nowMillis: number
): "manually-revoked" | "expired" | null =>
  key.manuallyRevokedAtMillis !== undefined
    ? "manually-revoked"
    : key.expiresAtMillis !== undefined && key.expiresAtMillis < nowMillis
    ? "expired"
    : null

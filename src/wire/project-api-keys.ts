/**
 * User and team API keys on the wire (current servers): `POST|GET /user-api-keys`,
 * `GET|PATCH /user-api-keys/{api_key_id}`, `POST /user-api-keys/check`, and the same under
 * `/team-api-keys`. A key's full value (`sk_…`, or `pk_…` when public) is shown once, in the create
 * answer; afterwards only `{ "last_four": … }`. Shapes from the service's source (backend 2.8.86).
 */
import * as Schema from "effect/Schema"
import { ListOf, Millis } from "./common.ts"
import { KeyLastFour } from "./api-keys.ts"
import { UserIdOrMe, Uuid } from "./teams.ts"

const keyFields = {
  id: Schema.String,
  description: Schema.String,
  /** Absent: the key never expires. */
  expires_at_millis: /*#__PURE__*/ Schema.optionalKey(Millis),
  /** Present once the key was revoked. */
  manually_revoked_at_millis: /*#__PURE__*/ Schema.optionalKey(Millis),
  created_at_millis: Millis,
  is_public: Schema.Boolean
}

const userOwner = { type: /*#__PURE__*/ Schema.Literal("user"), user_id: Schema.String }
const teamOwner = { type: /*#__PURE__*/ Schema.Literal("team"), team_id: Schema.String }

/** A user API key as listed, read, updated or checked. */
export const UserApiKey = /*#__PURE__*/ Schema.Struct({ ...keyFields, ...userOwner, value: KeyLastFour })
export type UserApiKey = typeof UserApiKey.Type

/** A team API key as listed, read, updated or checked. */
export const TeamApiKey = /*#__PURE__*/ Schema.Struct({ ...keyFields, ...teamOwner, value: KeyLastFour })
export type TeamApiKey = typeof TeamApiKey.Type

/** A user API key just created: `value` is the full key. */
export const UserApiKeyFirstView = /*#__PURE__*/ Schema.Struct({ ...keyFields, ...userOwner, value: Schema.String })
export type UserApiKeyFirstView = typeof UserApiKeyFirstView.Type

/** A team API key just created: `value` is the full key. */
export const TeamApiKeyFirstView = /*#__PURE__*/ Schema.Struct({ ...keyFields, ...teamOwner, value: Schema.String })
export type TeamApiKeyFirstView = typeof TeamApiKeyFirstView.Type

/** `GET /user-api-keys`: newest first, never paginated. */
export const UserApiKeyList = /*#__PURE__*/ ListOf(UserApiKey)
export type UserApiKeyList = typeof UserApiKeyList.Type

/** `GET /team-api-keys`: newest first, never paginated. */
export const TeamApiKeyList = /*#__PURE__*/ ListOf(TeamApiKey)
export type TeamApiKeyList = typeof TeamApiKeyList.Type

const createFields = {
  description: Schema.String,
  /** `null`: never expires. */
  expires_at_millis: /*#__PURE__*/ Schema.NullOr(Millis),
  is_public: /*#__PURE__*/ Schema.optionalKey(Schema.Boolean)
}

/** `POST /user-api-keys` body (a client may only name itself). */
export const UserApiKeyCreate = /*#__PURE__*/ Schema.Struct({ ...createFields, user_id: UserIdOrMe })
export type UserApiKeyCreate = typeof UserApiKeyCreate.Type

/** `POST /team-api-keys` body (a client needs `$manage_api_keys` in the team). */
export const TeamApiKeyCreate = /*#__PURE__*/ UserApiKeyCreate.mapFields(({ user_id: _, ...fields }) => ({ ...fields, team_id: Schema.String }))
export type TeamApiKeyCreate = typeof TeamApiKeyCreate.Type

/** `PATCH /{user,team}-api-keys/{id}` body: a new description, or revoke (once; a second time keeps the first time). */
export const ApiKeyUpdate = /*#__PURE__*/ Schema.Struct({
  description: /*#__PURE__*/ Schema.optionalKey(Schema.String),
  revoked: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.Literal(true))
})
export type ApiKeyUpdate = typeof ApiKeyUpdate.Type

/** `POST /{user,team}-api-keys/check` body (server only). */
export const ApiKeyCheck = /*#__PURE__*/ Schema.Struct({ api_key: Schema.String })
export type ApiKeyCheck = typeof ApiKeyCheck.Type

/** Query of the user routes: whose keys (`me` on the client); required to list on the server. */
export const UserApiKeysQuery = /*#__PURE__*/ Schema.Struct({ user_id: /*#__PURE__*/ Schema.optionalKey(UserIdOrMe) })
export type UserApiKeysQuery = typeof UserApiKeysQuery.Type

/** Query of the team routes: the team (required). */
export const TeamApiKeysQuery = /*#__PURE__*/ Schema.Struct({ team_id: Uuid })
export type TeamApiKeysQuery = typeof TeamApiKeysQuery.Type

/** Path parameters of one key. */
export const ApiKeyParams = /*#__PURE__*/ Schema.Struct({ api_key_id: Uuid })
export type ApiKeyParams = typeof ApiKeyParams.Type

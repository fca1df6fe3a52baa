/**
 * A user's OAuth provider accounts on the wire (`/oauth-providers`): what `users/me.oauth_providers`
 * summarises, with the flags that say whether the account signs in and whether it serves as a
 * connected account. Shapes from the service's source (backend 2.8.86).
 */
import * as Schema from "effect/Schema"
import { ListOf, extendStruct } from "./common.ts"
import { UserIdOrMe, Uuid } from "./teams.ts"

/** One provider account of a user, as a client reads it. */
export const OAuthProviderAccountClient = /*#__PURE__*/ Schema.Struct({
  user_id: Schema.String,
  /** The account's own id (a UUID), used in the item routes. */
  id: Schema.String,
  email: /*#__PURE__*/ Schema.optionalKey(Schema.String),
  /** The id of the project's provider configuration (e.g. `github`). */
  provider_config_id: Schema.String,
  /** The provider type (e.g. `github`). */
  type: Schema.String,
  allow_sign_in: Schema.Boolean,
  allow_connected_accounts: Schema.Boolean
})
export type OAuthProviderAccountClient = typeof OAuthProviderAccountClient.Type

/** The server view adds the provider's account id. */
export const OAuthProviderAccountServer = /*#__PURE__*/ extendStruct(OAuthProviderAccountClient, {
  account_id: Schema.String
})
export type OAuthProviderAccountServer = typeof OAuthProviderAccountServer.Type

export const OAuthProviderAccountClientList = /*#__PURE__*/ ListOf(OAuthProviderAccountClient)
export const OAuthProviderAccountServerList = /*#__PURE__*/ ListOf(OAuthProviderAccountServer)

/** `POST /oauth-providers` (server): link a provider account to a user. */
export const OAuthProviderAccountCreate = /*#__PURE__*/ Schema.Struct({
  user_id: UserIdOrMe,
  provider_config_id: Schema.String,
  email: /*#__PURE__*/ Schema.optionalKey(Schema.String),
  allow_sign_in: Schema.Boolean,
  allow_connected_accounts: Schema.Boolean,
  account_id: Schema.String
})
export type OAuthProviderAccountCreate = typeof OAuthProviderAccountCreate.Type

/** `PATCH /oauth-providers/{user_id}/{provider_id}` by a client. */
export const OAuthProviderAccountClientUpdate = /*#__PURE__*/ Schema.Struct({
  allow_sign_in: /*#__PURE__*/ Schema.optionalKey(Schema.Boolean),
  allow_connected_accounts: /*#__PURE__*/ Schema.optionalKey(Schema.Boolean)
})
export type OAuthProviderAccountClientUpdate = typeof OAuthProviderAccountClientUpdate.Type

/** The same by a server, which may also change the e-mail and the account id. */
export const OAuthProviderAccountServerUpdate = /*#__PURE__*/ extendStruct(OAuthProviderAccountClientUpdate, {
  email: /*#__PURE__*/ Schema.optionalKey(Schema.String),
  account_id: /*#__PURE__*/ Schema.optionalKey(Schema.String)
})
export type OAuthProviderAccountServerUpdate = typeof OAuthProviderAccountServerUpdate.Type

/** Item route parameters. */
export const OAuthProviderAccountParams = /*#__PURE__*/ Schema.Struct({ user_id: UserIdOrMe, provider_id: Uuid })

/** List query. */
export const OAuthProviderAccountListQuery = /*#__PURE__*/ Schema.Struct({ user_id: /*#__PURE__*/ Schema.optionalKey(UserIdOrMe) })

/**
 * Connected account models (camelCase), derived from ../wire/connected-accounts.ts. The provider
 * access token is a secret, so it is decoded as `Redacted` and never printed.
 */
import * as Schema from "effect/Schema"
import { ListOf } from "../wire/common.ts"
import * as Wire from "../wire/connected-accounts.ts"
import { camelize } from "./camel.ts"

/** `{accessToken: Redacted<string>}`: a provider access token. */
export const ConnectedAccountAccessToken = /*#__PURE__*/ camelize(Wire.ConnectedAccountAccessToken, {
  access_token: /*#__PURE__*/ Schema.RedactedFromValue(Schema.String)
})
export type ConnectedAccountAccessToken = typeof ConnectedAccountAccessToken.Type

/** Options of an access-token request: `{scope?}` (space-separated provider scopes). */
export const ConnectedAccountAccessTokenRequest = /*#__PURE__*/ camelize(Wire.ConnectedAccountAccessTokenBody)
export type ConnectedAccountAccessTokenRequest = typeof ConnectedAccountAccessTokenRequest.Type

/** A linked provider account: `{userId, provider, providerAccountId}` (current servers). */
export const ConnectedAccount = /*#__PURE__*/ camelize(Wire.ConnectedAccount)
export type ConnectedAccount = typeof ConnectedAccount.Type

/** `GET /connected-accounts/{user_id}` (current servers). */
export const ConnectedAccountList = /*#__PURE__*/ camelize(/*#__PURE__*/ ListOf(ConnectedAccount))
export type ConnectedAccountList = typeof ConnectedAccountList.Type

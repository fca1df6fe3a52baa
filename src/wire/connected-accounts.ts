/**
 * Connected (OAuth) accounts on the wire:
 * `POST /connected-accounts/{user_id}/{provider_id}/access-token`, and on current servers
 * `GET /connected-accounts/{user_id}` and
 * `POST /connected-accounts/{user_id}/{provider_id}/{provider_account_id}/access-token`.
 *
 * The two current-server routes are known from the server's source only (no recorded pair).
 */
import * as Schema from "effect/Schema"
import { ListOf } from "./common.ts"

/** `{"access_token": ...}` (201): a provider access token valid for at least 5 more minutes. */
export const ConnectedAccountAccessToken = /*#__PURE__*/ Schema.Struct({ access_token: Schema.String })
export type ConnectedAccountAccessToken = typeof ConnectedAccountAccessToken.Type

/** Access-token request body: optional space-separated provider scopes. */
export const ConnectedAccountAccessTokenBody = /*#__PURE__*/ Schema.Struct({ scope: /*#__PURE__*/ Schema.optionalKey(Schema.String) })
export type ConnectedAccountAccessTokenBody = typeof ConnectedAccountAccessTokenBody.Type

/** One linked provider account (current servers, `GET /connected-accounts/{user_id}`). */
export const ConnectedAccount = /*#__PURE__*/ Schema.Struct({
  user_id: Schema.String,
  provider: Schema.String,
  provider_account_id: Schema.String
})
export type ConnectedAccount = typeof ConnectedAccount.Type

/** `GET /connected-accounts/{user_id}`. */
export const ConnectedAccountList = /*#__PURE__*/ ListOf(ConnectedAccount)
export type ConnectedAccountList = typeof ConnectedAccountList.Type

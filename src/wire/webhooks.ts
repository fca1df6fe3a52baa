/**
 * `POST /webhooks/svix-token`: a token for Svix's
 * app portal, where the project's webhook endpoints are managed.
 */
import * as Schema from "effect/Schema"
import { EmptyBody } from "./common.ts"

/** The body must be `{}`. */
export const SvixTokenBody = EmptyBody
export type SvixTokenBody = typeof SvixTokenBody.Type

/** 201 `{token}`; current servers may add `url` (the Svix server to use with the token). */
export const SvixTokenResponse = /*#__PURE__*/ Schema.Struct({
  token: Schema.String,
  url: /*#__PURE__*/ Schema.optionalKey(Schema.String)
})
export type SvixTokenResponse = typeof SvixTokenResponse.Type

/**
 * `GET /projects/{project_id}/.well-known/jwks.json` (no authentication): the public keys access tokens are signed with. Current servers send two
 * keys per key set (legacy-derived first) and accept `include_restricted` / `include_anonymous`.
 */
import * as Schema from "effect/Schema"
import { BooleanQuery } from "./teams.ts"

/** A public key. Stack sends EC P-256 / ES256 keys, members in the order `kty, crv, alg, kid, x, y`. */
export const Jwk = /*#__PURE__*/ Schema.Struct({
  kty: Schema.String,
  crv: Schema.String,
  alg: /*#__PURE__*/ Schema.optionalKey(Schema.String),
  kid: Schema.String,
  x: Schema.String,
  y: Schema.String,
  use: /*#__PURE__*/ Schema.optionalKey(Schema.String),
  key_ops: /*#__PURE__*/ Schema.optionalKey(/*#__PURE__*/ Schema.Array(Schema.String))
})
export type Jwk = typeof Jwk.Type

/** The key set. */
export const Jwks = /*#__PURE__*/ Schema.Struct({ keys: /*#__PURE__*/ Schema.Array(Jwk) })
export type Jwks = typeof Jwks.Type

/** The query: also list the keys of restricted / anonymous users' tokens (`"true"|"false"`, strict). */
export const JwksQuery = /*#__PURE__*/ Schema.Struct({
  include_restricted: /*#__PURE__*/ Schema.optionalKey(BooleanQuery),
  include_anonymous: /*#__PURE__*/ Schema.optionalKey(BooleanQuery)
})
export type JwksQuery = typeof JwksQuery.Type

/**
 * Wire schemas the emulator needs that `src/wire/` does not provide:
 *
 * - STAND-INS until `src/wire/project.ts` exists: `ClientProject`, `Jwks`, `JwksQuery` (PROTOCOL
 *   §1, §4.9, LIVE-DIFFERENCES §4.2, §4.3). Point the imports there and delete these when it lands.
 * - `OAuthTokenBody`: the *server's* validation of `POST /auth/oauth/token`, which is looser than the
 *   client's request schemas in `src/wire/auth.ts` on purpose (see its comment).
 */
import * as Schema from "effect/Schema"
import { GrantType } from "../wire/auth.ts"
import { BooleanQuery } from "../wire/teams.ts"

// =============================================================================
// Token endpoint (server side)
// =============================================================================

/**
 * `POST /auth/oauth/token` body as the server validates it: Stack checks only `grant_type`; every
 * other field goes to the OAuth library, which answers its own errors (`Missing parameter: ...`,
 * INVALID_OAUTH_CLIENT_ID_OR_SECRET). The strict `RefreshGrantBody` of `src/wire/auth.ts` would turn
 * those into SCHEMA_ERRORs, which the server does not send.
 */
export const OAuthTokenBody = Schema.StructWithRest(
  Schema.Struct({ grant_type: GrantType }),
  [Schema.Record(Schema.String, Schema.Unknown)]
)

// =============================================================================
// Project and JWKS
// =============================================================================

/** `ClientProject` as the current server sends it (for every access type). */
export const ClientProject = Schema.Struct({
  id: Schema.String,
  display_name: Schema.String,
  config: Schema.Struct({
    sign_up_enabled: Schema.Boolean,
    credential_enabled: Schema.Boolean,
    magic_link_enabled: Schema.Boolean,
    passkey_enabled: Schema.Boolean,
    client_team_creation_enabled: Schema.Boolean,
    client_user_deletion_enabled: Schema.Boolean,
    allow_user_api_keys: Schema.Boolean,
    allow_team_api_keys: Schema.Boolean,
    enabled_oauth_providers: Schema.Array(Schema.Struct({ id: Schema.String })),
    domains: Schema.Array(Schema.Struct({ domain: Schema.String, handler_path: Schema.String }))
  })
})
export type ClientProject = typeof ClientProject.Type

/** A public JWK of the JWKS endpoint. */
export const PublicJwk = Schema.Struct({
  kty: Schema.Literal("EC"),
  crv: Schema.Literal("P-256"),
  alg: Schema.Literal("ES256"),
  kid: Schema.String,
  x: Schema.String,
  y: Schema.String
})

/** `GET /projects/{id}/.well-known/jwks.json` body. */
export const Jwks = Schema.Struct({ keys: Schema.Array(PublicJwk) })

/** The JWKS query (`"true"|"false"`, strict). */
export const JwksQuery = Schema.Struct({
  include_restricted: Schema.optionalKey(BooleanQuery),
  include_anonymous: Schema.optionalKey(BooleanQuery)
})

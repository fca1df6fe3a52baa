/**
 * Wire schemas the emulator needs that `src/wire/` does not provide:
 *
 * - STAND-INS until `src/wire/project.ts` exists: `ClientProject`, `Jwks`, `JwksQuery`. Point the imports there and delete these when it lands.
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

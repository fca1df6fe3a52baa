/**
 * `POST /webhooks/svix-token` (admin only, body `{}`): a token for Svix's webhook app portal
 * (response `{token, url?}`).
 *
 * The recorded live answers (`webhooks-svix-token-admin-mock-svix-500*`) are a 500 because the test
 * server's Svix was a mock that returned no token (an artefact of that environment).
 * The emulator answers like a server with working Svix: 201 `{"token": "..."}`. `url` is left out,
 * as the server does for a self-hosted Svix (`STACK_SVIX_SERVER_URL`): there is no app portal to
 * link to. The token is opaque and not accepted anywhere else.
 */
import * as Effect from "effect/Effect"
import { EmptyBody } from "../../wire/common.ts"
import * as Ids from "../ids.ts"
import * as Reply from "../reply.ts"
import { defineRoute } from "../router.ts"
import { SvixTokenResponse as SvixToken } from "../../wire/webhooks.ts"

/** The routes of this file. */
export const routes = [
  defineRoute({
    method: "POST",
    path: "/webhooks/svix-token",
    access: ["admin"],
    body: EmptyBody,
    handler: (ctx) =>
      Effect.flatMap(
        Effect.sync(() => `emulator_svix_${ctx.auth.project.id}_${Ids.base32(32)}`),
        (token) => Reply.json(SvixToken, { token }, { status: 201 })
      )
  })
]

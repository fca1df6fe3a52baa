/** `GET /projects/{project_id}/.well-known/jwks.json`: the public keys of a project's access tokens. */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as Reply from "../reply.ts"
import { defineRoute } from "../router.ts"
import { publicJwks } from "../tokens.ts"
import { Jwks, JwksQuery } from "../../wire/jwks.ts"

/** The routes of this file. */
export const routes = [
  defineRoute({
    method: "GET",
    path: "/projects/{project_id}/.well-known/jwks.json",
    access: "none",
    query: JwksQuery,
    params: Schema.Struct({ project_id: Schema.String }),
    handler: Effect.fnUntraced(function*(ctx) {
      const keys = publicJwks(ctx.data, ctx.params.project_id, {
        includeRestricted: ctx.query.include_restricted === true,
        includeAnonymous: ctx.query.include_anonymous === true
      })
      if (keys === undefined) return yield* Reply.textError(404, "Project not found")
      return yield* Reply.json(Jwks, { keys }, { headers: { "cache-control": "public, max-age=3600" } })
    })
  })
]

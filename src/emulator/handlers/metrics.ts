/** `GET /internal/metrics` (admin only): the dashboard's figures, computed by `../metrics.ts`. */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { Metrics } from "../../wire/metrics.ts"
import { processDueEmails } from "../email-outbox.ts"
import { computeMetrics } from "../metrics.ts"
import * as Reply from "../reply.ts"
import { defineRoute } from "../router.ts"

/** `GET /internal/metrics` query (here, not in the wire module: no client sends it as a schema, and a bundle would keep it). */
const MetricsQuery = Schema.Struct({
  include_anonymous: Schema.optionalKey(Schema.Literals(["true", "false"]))
})

/** The routes of this file. */
export const routes = [
  defineRoute({
    method: "GET",
    path: "/internal/metrics",
    access: ["admin"],
    query: MetricsQuery,
    handler: Effect.fnUntraced(function*(ctx) {
      // E-mails whose time has come are sent first, so the figures show them as the outbox does.
      yield* processDueEmails(ctx.data, ctx.env, ctx.now)
      const metrics = computeMetrics(ctx.data, ctx.auth.project.id, ctx.now, ctx.query.include_anonymous === "true")
      return yield* Reply.json(Metrics, metrics)
    })
  })
]

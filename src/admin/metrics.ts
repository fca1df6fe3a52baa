/** The owner's dashboard figures (`GET /internal/metrics`). */
import * as Effect from "effect/Effect"
import { json } from "../http/endpoint.ts"
import type { AdminProjectErrorClass } from "../http/project-errors.ts"
import { Metrics } from "../model/metrics.ts"
import type { KeyRuntime } from "../server/runtime.ts"

/** Options of `getMetrics`. */
export interface MetricsOptions {
  /** Count anonymous users too (default: left out, like the dashboard). */
  readonly includeAnonymous?: boolean | undefined
}

/** The metrics operation of an admin app. */
export const makeAdminMetrics = (runtime: KeyRuntime<AdminProjectErrorClass>) => {
  /** Users, activity, sign-in methods, countries, e-mails (and payments and analytics) of the last 30 days. */
  const getMetrics = Effect.fn("StackAdmin.getMetrics")(function*(options: MetricsOptions = {}) {
    const query: Array<readonly [string, string]> = options.includeAnonymous === true ? [["include_anonymous", "true"]] : []
    return yield* runtime.call({ method: "GET", path: "/internal/metrics", query, response: json(Metrics), errors: [] })
  })
  return {
    /** The project's dashboard figures of the last 30 days. */
    getMetrics
  }
}

/** The metrics operation of StackAdmin. */
export type AdminMetrics = ReturnType<typeof makeAdminMetrics>

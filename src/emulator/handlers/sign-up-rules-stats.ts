/**
 * `GET /internal/sign-up-rules-stats` (admin): how often each sign-up rule matched, over the last
 * 48 hours by hour and all time, and the matches per action in the window. The service reads
 * them from its analytics store; the emulator counts them as `sign-up-rules.ts` records them.
 */
import { SignUpRulesStats } from "../../wire/sign-up-rules.ts"
import * as Reply from "../reply.ts"
import { defineRoute } from "../router.ts"
import type { StateData } from "../state.ts"

const hours = 48
const hourMillis = 3_600_000

/** The statistics of one project at `now`. */
const statsOf = (data: StateData, projectId: string, now: number): SignUpRulesStats => {
  const currentHour = Math.floor(now / hourMillis) * hourMillis
  const windowStart = currentHour - (hours - 1) * hourMillis
  const triggers = data.features.signUpRuleTriggers.filter((t) => t.projectId === projectId)
  const inWindow = triggers.filter((t) => t.atMillis >= windowStart)
  const ruleIds = [...new Set(triggers.map((t) => t.ruleId))].sort()
  const byAction = (action: string) => inWindow.filter((t) => t.action === action).length
  return {
        rule_triggers: ruleIds.map((ruleId) => ({
          rule_id: ruleId,
          total_count: inWindow.filter((t) => t.ruleId === ruleId).length,
          all_time_count: triggers.filter((t) => t.ruleId === ruleId).length,
          hourly_counts: Array.from({ length: hours }, (_, i) => {
            const start = windowStart + i * hourMillis
            return {
              hour: new Date(start).toISOString(),
              count: inWindow.filter((t) => t.ruleId === ruleId && t.atMillis >= start && t.atMillis < start + hourMillis).length
            }
          })
        })),
        analytics_hours: hours,
        total_triggers: inWindow.length,
        triggers_by_action: { allow: byAction("allow"), reject: byAction("reject"), restrict: byAction("restrict"), log: byAction("log") }
      }
}

/** The routes of this file. */
export const routes = [
  defineRoute({
    method: "GET",
    path: "/internal/sign-up-rules-stats",
    access: ["admin"],
    handler: (ctx) => Reply.json(SignUpRulesStats, statsOf(ctx.data, ctx.auth.project.id, ctx.now))
  })
]

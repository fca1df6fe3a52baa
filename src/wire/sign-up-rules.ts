/**
 * Sign-up rule statistics on the wire (admin): `GET /internal/sign-up-rules-stats`, the rules that
 * matched sign-ups, per rule with hourly counts over the last `analytics_hours` hours. Shapes from
 * the service's source (backend 2.8.86).
 */
import * as Schema from "effect/Schema"

/** One rule's triggers. */
export const SignUpRuleTriggers = /*#__PURE__*/ Schema.Struct({
  rule_id: Schema.String,
  /** Within the window. */
  total_count: Schema.Number,
  all_time_count: Schema.Number,
  /** Oldest first, one per hour (`2026-11-27T12:00:00.000Z`), the current hour last. */
  hourly_counts: /*#__PURE__*/ Schema.Array(/*#__PURE__*/ Schema.Struct({ hour: Schema.String, count: Schema.Number }))
})
export type SignUpRuleTriggers = typeof SignUpRuleTriggers.Type

/** `GET /internal/sign-up-rules-stats`. */
export const SignUpRulesStats = /*#__PURE__*/ Schema.Struct({
  rule_triggers: /*#__PURE__*/ Schema.Array(SignUpRuleTriggers),
  analytics_hours: Schema.Number,
  total_triggers: Schema.Number,
  triggers_by_action: /*#__PURE__*/ Schema.Struct({ allow: Schema.Number, reject: Schema.Number, restrict: Schema.Number, log: Schema.Number })
})
export type SignUpRulesStats = typeof SignUpRulesStats.Type

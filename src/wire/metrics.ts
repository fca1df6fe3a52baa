/**
 * `GET /internal/metrics` (admin): the project's dashboard figures as today's service answers them.
 * Daily series hold 31 points (30 days back to today, UTC dates `YYYY-MM-DD`). Anonymous users are
 * left out unless `include_anonymous=true`.
 */
import * as Schema from "effect/Schema"
import { ServerUser } from "./users.ts"

/** One day of a series. */
export const MetricsDataPoint = /*#__PURE__*/ Schema.Struct({ date: Schema.String, activity: Schema.Number })
export type MetricsDataPoint = typeof MetricsDataPoint.Type

/** 31 days, oldest first. */
export const MetricsDataPoints = /*#__PURE__*/ Schema.Array(MetricsDataPoint)

/** Active users (or teams) per day: all of them, first seen that day, seen the day before, back after a gap. */
export const MetricsActivitySplit = /*#__PURE__*/ Schema.Struct({
  total: MetricsDataPoints,
  new: MetricsDataPoints,
  retained: MetricsDataPoints,
  reactivated: MetricsDataPoints
})
export type MetricsActivitySplit = typeof MetricsActivitySplit.Type

/** Users and teams. */
export const MetricsAuthOverview = /*#__PURE__*/ Schema.Struct({
  verified_users: Schema.Number,
  unverified_users: Schema.Number,
  anonymous_users: Schema.Number,
  total_teams: Schema.Number,
  mau: Schema.Number,
  daily_active_users_split: MetricsActivitySplit,
  daily_active_teams_split: MetricsActivitySplit,
  total_users_filtered: Schema.Number
})

/** Subscriptions and purchases (always empty on the emulator, which has no payments). */
export const MetricsPaymentsOverview = /*#__PURE__*/ Schema.Struct({
  subscriptions_by_status: Schema.Record(Schema.String, Schema.Number),
  active_subscription_count: Schema.Number,
  total_one_time_purchases: Schema.Number,
  daily_subscriptions: MetricsDataPoints,
  revenue_cents: Schema.Number,
  mrr_cents: Schema.Number,
  total_orders: Schema.Number,
  checkout_conversion_rate: Schema.Number
})

/** One e-mail of `recent_emails` (`status` is the outbox status in capitals, e.g. `SENT`). */
export const MetricsRecentEmail = /*#__PURE__*/ Schema.Struct({
  id: Schema.String,
  status: Schema.String,
  subject: Schema.String,
  created_at_millis: Schema.Number
})

/** E-mails per day by simple status. */
export const MetricsEmailDay = /*#__PURE__*/ Schema.Struct({
  date: Schema.String,
  ok: Schema.Number,
  error: Schema.Number,
  in_progress: Schema.Number
})

/** The outbox. */
export const MetricsEmailOverview = /*#__PURE__*/ Schema.Struct({
  emails_by_status: Schema.Record(Schema.String, Schema.Number),
  total_emails: Schema.Number,
  daily_emails: MetricsDataPoints,
  daily_emails_by_status: Schema.Array(MetricsEmailDay),
  emails_sent: Schema.Number,
  recent_emails: Schema.Array(MetricsRecentEmail),
  deliverability_status: Schema.Struct({
    delivered: Schema.Number,
    bounced: Schema.Number,
    error: Schema.Number,
    in_progress: Schema.Number
  }),
  deliverability_rate: Schema.Number,
  bounce_rate: Schema.Number,
  click_rate: Schema.Number
})

/** Revenue of one day. */
export const MetricsRevenueDay = /*#__PURE__*/ Schema.Struct({ date: Schema.String, new_cents: Schema.Number, refund_cents: Schema.Number })

/** Where most active users were. */
export const MetricsTopRegion = /*#__PURE__*/ Schema.Struct({
  country_code: Schema.NullOr(Schema.String),
  region_code: Schema.NullOr(Schema.String),
  count: Schema.Number
})

/** Web analytics (page views, clicks, replays) and who is online (active in the last 5 minutes). */
export const MetricsAnalyticsOverview = /*#__PURE__*/ Schema.Struct({
  daily_page_views: MetricsDataPoints,
  daily_clicks: MetricsDataPoints,
  daily_visitors: MetricsDataPoints,
  daily_revenue: Schema.Array(MetricsRevenueDay),
  total_revenue_cents: Schema.Number,
  total_replays: Schema.Number,
  recent_replays: Schema.Number,
  visitors: Schema.Number,
  avg_session_seconds: Schema.Number,
  online_live: Schema.Number,
  revenue_per_visitor: Schema.Number,
  top_referrers: Schema.Array(Schema.Struct({ referrer: Schema.String, visitors: Schema.Number })),
  top_region: Schema.NullOr(MetricsTopRegion)
})

/** A sign-in method and how many of them users have (`otp`, `password`, `passkey`, or an OAuth provider id). */
export const MetricsLoginMethod = /*#__PURE__*/ Schema.Struct({ method: Schema.String, count: Schema.Number })

/** `GET /internal/metrics` answer. */
export const Metrics = /*#__PURE__*/ Schema.Struct({
  total_users: Schema.Number,
  daily_users: MetricsDataPoints,
  daily_active_users: MetricsDataPoints,
  users_by_country: Schema.Record(Schema.String, Schema.Number),
  recently_registered: Schema.Array(ServerUser),
  recently_active: Schema.Array(ServerUser),
  login_methods: Schema.Array(MetricsLoginMethod),
  auth_overview: MetricsAuthOverview,
  payments_overview: MetricsPaymentsOverview,
  email_overview: MetricsEmailOverview,
  analytics_overview: MetricsAnalyticsOverview
})
export type Metrics = typeof Metrics.Type


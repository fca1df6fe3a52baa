/** Metrics models (camelCase) derived from ../wire/metrics.ts. */
import * as Schema from "effect/Schema"
import * as Wire from "../wire/metrics.ts"
import { camelize } from "./camel.ts"
import { ServerUser } from "./user.ts"

const DataPoints = Wire.MetricsDataPoints
const Split = Wire.MetricsActivitySplit

/** Users and teams: verified, unverified, anonymous, teams, monthly active users, daily activity splits. */
export const MetricsAuthOverview = /*#__PURE__*/ camelize(Wire.MetricsAuthOverview)
/** Payments (zero on the emulator). */
export const MetricsPaymentsOverview = /*#__PURE__*/ camelize(Wire.MetricsPaymentsOverview)
/** One recent e-mail: `{ id, status, subject, createdAtMillis }`. */
export const MetricsRecentEmail = /*#__PURE__*/ camelize(Wire.MetricsRecentEmail)
/** E-mails of one day by simple status. */
export const MetricsEmailDay = /*#__PURE__*/ camelize(Wire.MetricsEmailDay)
/** The outbox: counts by simple status, per day, recent e-mails, delivery rates. */
export const MetricsEmailOverview = /*#__PURE__*/ camelize(Wire.MetricsEmailOverview, {
  daily_emails_by_status: /*#__PURE__*/ Schema.Array(MetricsEmailDay),
  recent_emails: /*#__PURE__*/ Schema.Array(MetricsRecentEmail),
  deliverability_status: /*#__PURE__*/ camelize(Wire.MetricsEmailOverview.fields.deliverability_status)
})
/** Revenue of one day. */
export const MetricsRevenueDay = /*#__PURE__*/ camelize(Wire.MetricsRevenueDay)
/** Where most active users were. */
export const MetricsTopRegion = /*#__PURE__*/ camelize(Wire.MetricsTopRegion)
/** Web analytics and who is online. */
export const MetricsAnalyticsOverview = /*#__PURE__*/ camelize(Wire.MetricsAnalyticsOverview, {
  daily_revenue: /*#__PURE__*/ Schema.Array(MetricsRevenueDay),
  top_region: /*#__PURE__*/ Schema.NullOr(MetricsTopRegion)
})

/** A project's dashboard metrics (`StackAdmin.getMetrics`). */
export const Metrics = /*#__PURE__*/ camelize(Wire.Metrics, {
  daily_users: DataPoints,
  recently_registered: /*#__PURE__*/ Schema.Array(ServerUser),
  recently_active: /*#__PURE__*/ Schema.Array(ServerUser),
  auth_overview: /*#__PURE__*/ camelize(Wire.MetricsAuthOverview, { daily_active_users_split: Split, daily_active_teams_split: Split }),
  payments_overview: MetricsPaymentsOverview,
  email_overview: MetricsEmailOverview,
  analytics_overview: MetricsAnalyticsOverview
})
export type Metrics = typeof Metrics.Type

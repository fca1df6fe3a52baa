/**
 * The dashboard's metrics (`GET /internal/metrics`) computed from the emulator's state the way the
 * service computes them from its database and analytics store: sign-ups per day, activity from
 * the tokens handed out (`activity.ts`), countries from the latest known country of each user's
 * activity, e-mails from the outbox. The emulator has no payments, page-view analytics or session
 * replays: those figures are zero (their series still hold 31 days, like a project without them).
 */
import type { ActivityEventRecord } from "./activity.ts"
import { outboxStatusOf } from "./email-outbox.ts"
import { primaryEmailChannel, type StateData, type UserRecord } from "./state.ts"
import { serverUserView } from "./views.ts"
import type { Metrics, MetricsActivitySplit, MetricsDataPoint } from "../wire/metrics.ts"

const dayMillis = 24 * 60 * 60 * 1000
const windowDays = 30
/** "Online" means a token handed out in the last 5 minutes. */
const onlineMillis = 5 * 60 * 1000
const recentUsersLimit = 100
const recentlyActiveLimit = 5
const recentEmailsLimit = 100

const dayKey = (millis: number): string => new Date(millis).toISOString().slice(0, 10)

/** The 31 UTC days of the window, oldest first, and where it starts and ends. */
const windowOf = (now: number) => {
  const today = Math.floor(now / dayMillis) * dayMillis
  const since = today - windowDays * dayMillis
  const days = Array.from({ length: windowDays + 1 }, (_, i) => dayKey(since + i * dayMillis))
  return { since, untilExclusive: today + dayMillis, days }
}

const series = (days: ReadonlyArray<string>, counts: ReadonlyMap<string, number>): Array<MetricsDataPoint> =>
  days.map((date) => ({ date, activity: counts.get(date) ?? 0 }))

const countBy = <T>(items: Iterable<T>, key: (item: T) => string): Map<string, number> => {
  const counts = new Map<string, number>()
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1)
  return counts
}

/** Distinct ids per day. */
const distinctPerDay = (events: ReadonlyArray<ActivityEventRecord>, id: (e: ActivityEventRecord) => string | null) => {
  const perDay = new Map<string, Set<string>>()
  for (const event of events) {
    const entity = id(event)
    if (entity === null) continue
    const day = dayKey(event.atMillis)
    const set = perDay.get(day) ?? new Set<string>()
    set.add(entity)
    perDay.set(day, set)
  }
  return perDay
}

/** Active entities per day, split into new (first seen that day), retained (seen the day before) and reactivated. */
const activitySplit = (
  events: ReadonlyArray<ActivityEventRecord>,
  days: ReadonlyArray<string>,
  id: (e: ActivityEventRecord) => string | null
): MetricsActivitySplit => {
  const perDay = distinctPerDay(events, id)
  const firstDay = new Map<string, string>()
  for (const event of events) {
    const entity = id(event)
    if (entity === null) continue
    const day = dayKey(event.atMillis)
    const seen = firstDay.get(entity)
    if (seen === undefined || day < seen) firstDay.set(entity, day)
  }
  const total = new Map<string, number>()
  const fresh = new Map<string, number>()
  const retained = new Map<string, number>()
  const reactivated = new Map<string, number>()
  const bump = (map: Map<string, number>, day: string) => map.set(day, (map.get(day) ?? 0) + 1)
  for (const day of days) {
    const previous = perDay.get(dayKey(Date.parse(day) - dayMillis))
    for (const entity of perDay.get(day) ?? []) {
      bump(total, day)
      if (firstDay.get(entity) === day) bump(fresh, day)
      else if (previous?.has(entity) === true) bump(retained, day)
      else bump(reactivated, day)
    }
  }
  return { total: series(days, total), new: series(days, fresh), retained: series(days, retained), reactivated: series(days, reactivated) }
}

/** Each sign-in method users have: OAuth providers by id, `password`, `passkey`, `otp`. */
const loginMethodsOf = (data: StateData, users: ReadonlyArray<UserRecord>) => {
  const ids = new Set(users.map((u) => u.id))
  const methods: Array<string> = []
  for (const connection of Object.values(data.oauthConnections)) {
    if (ids.has(connection.userId) && connection.allowSignIn) methods.push(connection.providerId.toLowerCase())
  }
  for (const passkey of Object.values(data.passkeys)) if (ids.has(passkey.userId)) methods.push("passkey")
  for (const user of users) {
    if (user.passwordHash !== null) methods.push("password")
    if (user.otpAuthEnabled) methods.push("otp")
  }
  return [...countBy(methods, (m) => m)].map(([method, count]) => ({ method, count }))
    .sort((a, b) => b.count - a.count || a.method.localeCompare(b.method))
}

const percent = (part: number, whole: number): number => Number((Math.min(part / (whole > 0 ? whole : 1), 1) * 100).toFixed(2))

/** The outbox figures: e-mails of the outbox API and every other e-mail the project sent (sign-in codes, verifications). */
const emailOverview = (data: StateData, projectId: string, window: ReturnType<typeof windowOf>): Metrics["email_overview"] => {
  const entries = Object.values(data.owner.emails).filter((e) => e.projectId === projectId)
  const linked = new Set(entries.flatMap((e) => e.messageId === null ? [] : [e.messageId]))
  const addressed = new Set(entries.flatMap((e) => e.customEmails === undefined || e.deliveredAtMillis === null ? [] : [`${e.deliveredAtMillis}:${e.rendered?.subject ?? ""}`]))
  const emails = [
    ...entries.map((e) => ({ id: e.id, createdAtMillis: e.createdAtMillis, subject: e.rendered?.subject ?? e.overrideSubject, ...outboxStatusOf(e) })),
    ...data.outbox
      .filter((m) => m.projectId === projectId && !linked.has(m.id) && !addressed.has(`${m.sentAtMillis}:${m.subject}`))
      .map((m) => ({ id: m.id, createdAtMillis: m.sentAtMillis, subject: m.subject, status: "SENT", simpleStatus: "ok" as const, finished: true }))
  ]
  const bySimple = countBy(emails, (e) => e.simpleStatus)
  const emailsByStatus: Record<string, number> = {}
  for (const status of ["ok", "error", "in-progress"] as const) {
    const count = bySimple.get(status) ?? 0
    if (count > 0) emailsByStatus[status] = count
  }
  const recent = emails.filter((e) => e.createdAtMillis >= window.since)
  const finished = emails.filter((e) => e.finished).length
  return {
    emails_by_status: emailsByStatus,
    total_emails: emails.length,
    daily_emails: series(window.days, countBy(recent, (e) => dayKey(e.createdAtMillis))),
    daily_emails_by_status: window.days.map((date) => {
      const ofDay = recent.filter((e) => dayKey(e.createdAtMillis) === date)
      const of = (status: string) => ofDay.filter((e) => e.simpleStatus === status).length
      return { date, ok: of("ok"), error: of("error"), in_progress: of("in-progress") }
    }),
    emails_sent: finished,
    recent_emails: [...emails].sort((a, b) => b.createdAtMillis - a.createdAtMillis).slice(0, recentEmailsLimit)
      .map((e) => ({ id: e.id, status: e.status, subject: e.subject ?? "(no subject)", created_at_millis: e.createdAtMillis })),
    // The emulator's inbox never reports delivery, bounces or clicks (like an SMTP server without webhooks).
    deliverability_status: { delivered: 0, bounced: 0, error: emailsByStatus["error"] ?? 0, in_progress: emailsByStatus["in-progress"] ?? 0 },
    deliverability_rate: percent(0, finished),
    bounce_rate: percent(0, finished),
    click_rate: percent(0, finished)
  }
}

/** The most common (country, region) among active users' tokens of the window. */
const topRegion = (events: ReadonlyArray<ActivityEventRecord>): Metrics["analytics_overview"]["top_region"] => {
  const users = new Map<string, { country: string | null; region: string | null; ids: Set<string> }>()
  for (const event of events) {
    const key = `${event.countryCode ?? ""}|${event.regionCode ?? ""}`
    const group = users.get(key) ?? { country: event.countryCode, region: event.regionCode, ids: new Set<string>() }
    group.ids.add(event.userId)
    users.set(key, group)
  }
  let best: { country: string | null; region: string | null; ids: Set<string> } | undefined
  for (const group of users.values()) if (best === undefined || group.ids.size > best.ids.size) best = group
  return best === undefined ? null : { country_code: best.country, region_code: best.region, count: best.ids.size }
}

/** The metrics of a project at `now`; anonymous users count only with `includeAnonymous`. */
export const computeMetrics = (data: StateData, projectId: string, now: number, includeAnonymous: boolean): Metrics => {
  const window = windowOf(now)
  const allUsers = Object.values(data.users).filter((u) => u.projectId === projectId)
  const users = allUsers.filter((u) => includeAnonymous || !u.isAnonymous)
  const nonAnonymous = allUsers.filter((u) => !u.isAnonymous)
  const events = data.owner.activity.filter((e) => e.projectId === projectId && (includeAnonymous || !e.isAnonymous))
  const windowEvents = events.filter((e) => e.atMillis >= window.since && e.atMillis < window.untilExclusive)

  // A user's country is the latest one their activity showed.
  const latestCountry = new Map<string, string>()
  for (const event of events) if (event.countryCode !== null) latestCountry.set(event.userId, event.countryCode)
  const usersByCountry = Object.fromEntries([...countBy(latestCountry.values(), (c) => c)].sort((a, b) => b[1] - a[1]))

  const verified = nonAnonymous.filter((u) => primaryEmailChannel(data, u.id)?.isVerified === true).length
  const byRecent = (key: (u: UserRecord) => number) => [...users].sort((a, b) => key(b) - key(a))
  const zeros = series(window.days, new Map())
  const split = activitySplit(windowEvents, window.days, (e) => e.userId)
  return {
    total_users: users.length,
    daily_users: series(window.days, countBy(users.filter((u) => u.signedUpAtMillis >= window.since), (u) => dayKey(u.signedUpAtMillis))),
    daily_active_users: split.total,
    users_by_country: usersByCountry,
    recently_registered: byRecent((u) => u.signedUpAtMillis).slice(0, recentUsersLimit).map((u) => serverUserView(data, u)),
    recently_active: byRecent((u) => u.lastActiveAtMillis).slice(0, recentlyActiveLimit).map((u) => serverUserView(data, u)),
    login_methods: loginMethodsOf(data, allUsers),
    auth_overview: {
      verified_users: verified,
      unverified_users: nonAnonymous.length - verified,
      anonymous_users: allUsers.length - nonAnonymous.length,
      total_teams: Object.values(data.teams).filter((t) => t.projectId === projectId).length,
      mau: new Set(windowEvents.map((e) => e.userId)).size,
      daily_active_users_split: split,
      daily_active_teams_split: activitySplit(data.owner.activity.filter((e) => e.projectId === projectId && e.atMillis >= window.since && e.atMillis < window.untilExclusive), window.days, (e) => e.teamId),
      total_users_filtered: users.length
    },
    payments_overview: {
      subscriptions_by_status: {},
      active_subscription_count: 0,
      total_one_time_purchases: 0,
      daily_subscriptions: zeros,
      revenue_cents: 0,
      mrr_cents: 0,
      total_orders: 0,
      checkout_conversion_rate: 0
    },
    email_overview: emailOverview(data, projectId, window),
    analytics_overview: {
      daily_page_views: zeros,
      daily_clicks: zeros,
      daily_visitors: zeros,
      daily_revenue: window.days.map((date) => ({ date, new_cents: 0, refund_cents: 0 })),
      total_revenue_cents: 0,
      total_replays: 0,
      recent_replays: 0,
      visitors: 0,
      avg_session_seconds: 0,
      online_live: new Set(events.filter((e) => e.atMillis >= now - onlineMillis).map((e) => e.userId)).size,
      revenue_per_visitor: 0,
      top_referrers: [],
      top_region: topRegion(windowEvents)
    }
  }
}

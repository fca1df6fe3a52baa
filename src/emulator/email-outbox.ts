/**
 * The e-mail queue behind `send-email`: each recipient gets an outbox entry that is rendered (the
 * template in its theme, with the user's name and the variables), checked (a user without a
 * primary e-mail, or who unsubscribed from the category, is skipped) and delivered to the inbox
 * (`StateData.outbox`, served as Inbucket). An entry scheduled for later waits as `scheduled` until
 * the Clock reaches it (`processDueEmails`, run before the outbox is read).
 *
 * Notification categories are the service's two: Transactional (cannot be disabled) and
 * Marketing; e-mails in a category users may disable carry a one-time unsubscribe link.
 */
import * as Effect from "effect/Effect"
import { emptyThemeSource, renderEmail } from "./email-rendering.ts"
import { themeSourceFor } from "./email-sources.ts"
import * as Ids from "./ids.ts"
import type { OutboxEntryRecord, RenderedEmailRecord } from "./owner-state.ts"
import { sendEmail } from "./outbox.ts"
import { findUser, primaryEmailChannel, type ProjectRecord, type StateData } from "./state.ts"

/** A notification category. */
export interface NotificationCategory {
  readonly id: string
  readonly name: string
  readonly defaultEnabled: boolean
  readonly canDisable: boolean
}

/** The service's categories, in its order. */
export const notificationCategories: ReadonlyArray<NotificationCategory> = [
  { id: "7bb82d33-2f54-4a3d-9d23-82739e0d66ef", name: "Transactional", defaultEnabled: true, canDisable: false },
  { id: "4f6f8873-3d04-46bd-8bef-18338b1a1b4c", name: "Marketing", defaultEnabled: true, canDisable: true }
]

/** Key of `notificationPreferences`. */
export const preferenceKey = (projectId: string, userId: string, categoryId: string): string => `${projectId}:${userId}:${categoryId}`

/** Whether a user gets e-mails of a category. */
export const notificationsEnabled = (data: StateData, projectId: string, userId: string, category: NotificationCategory): boolean =>
  data.owner.notificationPreferences[preferenceKey(projectId, userId, category.id)] ?? category.defaultEnabled

/** The fields of an entry nothing has happened to yet. */
export const pendingEntry = {
  status: "scheduled",
  rendered: null,
  renderError: null,
  deliveredAtMillis: null,
  skippedReason: null,
  messageId: null
} as const satisfies Partial<OutboxEntryRecord>

/** How long an unsubscribe link works (30 days, like the service's). */
const unsubscribeLifetimeMillis = 30 * 24 * 60 * 60 * 1000

/** A new one-time unsubscribe link (a 45-character code, like the service's). */
const unsubscribeLink = (data: StateData, baseUrl: string, entry: OutboxEntryRecord, categoryId: string, now: number): string => {
  const code = Ids.secureCode().toLowerCase()
  data.owner.unsubscribeCodes[code] = {
    projectId: entry.projectId,
    userId: entry.userId,
    notificationCategoryId: categoryId,
    expiresAtMillis: now + unsubscribeLifetimeMillis,
    used: false
  }
  return `${baseUrl}/api/v1/emails/unsubscribe-link?code=${code}`
}

/** The entry as rendered, skipped, failed or delivered, at `now`. */
export const processEmail = (data: StateData, baseUrl: string, entry: OutboxEntryRecord, now: number): Effect.Effect<OutboxEntryRecord> =>
  Effect.gen(function*() {
    const project = data.projects[entry.projectId]
    const done = (fields: Partial<OutboxEntryRecord>): OutboxEntryRecord => ({ ...entry, ...fields, updatedAtMillis: now })
    if (project !== undefined && entry.customEmails !== undefined) return yield* sendToAddresses(data, project, entry, entry.customEmails, now)
    if (project === undefined) return done({ status: "skipped", skippedReason: "USER_ACCOUNT_DELETED" })
    // Like the service: the e-mail is rendered first (a deleted user's name is null), the recipient
    // is looked up when it is sent, so a user deleted meanwhile skips a rendered e-mail.
    const user = findUser(data, entry.projectId, entry.userId)
    const themeSource = themeSourceFor(data, project, entry.themeId === null ? false : entry.themeId) ?? themeSourceFor(data, project, undefined) ?? ""
    const render = (link: string | undefined) =>
      renderEmail({
        templateSource: entry.tsxSource,
        themeSource,
        user: { displayName: user?.displayName ?? null },
        project: { displayName: project.displayName },
        variables: entry.variables,
        unsubscribeLink: link,
        projectLogos: {
          ...(project.logoUrl === null ? {} : { logoUrl: project.logoUrl }),
          ...(project.logoFullUrl === null ? {} : { logoFullUrl: project.logoFullUrl })
        }
      }).pipe(Effect.result)
    // Like the service: render once to learn the category, again with an unsubscribe link when it has one.
    const first = yield* render(undefined)
    if (first._tag === "Failure") return done({ status: "render-error", renderError: first.failure.message })
    const category = notificationCategories.find((c) => c.id === entry.overrideNotificationCategoryId)
      ?? notificationCategories.find((c) => c.name === first.success.notificationCategory)
    let output = first.success
    if (category?.canDisable === true) {
      const second = yield* render(unsubscribeLink(data, baseUrl, entry, category.id, now))
      if (second._tag === "Failure") return done({ status: "render-error", renderError: second.failure.message })
      output = second.success
    }
    const rendered: RenderedEmailRecord = {
      startedRenderingAtMillis: now,
      renderedAtMillis: now,
      subject: entry.overrideSubject ?? output.subject ?? "",
      html: output.html,
      text: output.text,
      isTransactional: category === undefined || !category.canDisable,
      notificationCategoryId: category?.id ?? null
    }
    if (user === undefined) return done({ status: "skipped", skippedReason: "USER_ACCOUNT_DELETED", rendered })
    const channel = primaryEmailChannel(data, user.id)
    if (channel === undefined) return done({ status: "skipped", skippedReason: "USER_HAS_NO_PRIMARY_EMAIL", rendered })
    if (category !== undefined && !notificationsEnabled(data, project.id, user.id, category)) {
      return done({ status: "skipped", skippedReason: "USER_UNSUBSCRIBED", rendered })
    }
    const message = sendEmail(data, { projectId: project.id, to: channel.value, subject: rendered.subject, text: rendered.text, html: rendered.html }, now)
    return done({ status: "sent", rendered, deliveredAtMillis: now, messageId: message.id })
  })

/** An e-mail to addresses rather than a user: rendered without a user or theme, sent to each. */
const sendToAddresses = (data: StateData, project: ProjectRecord, entry: OutboxEntryRecord, addresses: ReadonlyArray<string>, now: number) =>
  Effect.gen(function*() {
    const done = (fields: Partial<OutboxEntryRecord>): OutboxEntryRecord => ({ ...entry, ...fields, updatedAtMillis: now })
    const output = yield* renderEmail({
      templateSource: entry.tsxSource,
      themeSource: emptyThemeSource,
      user: { displayName: null },
      project: { displayName: project.displayName },
      variables: entry.variables
    }).pipe(Effect.result)
    if (output._tag === "Failure") return done({ status: "render-error", renderError: output.failure.message })
    const rendered: RenderedEmailRecord = {
      startedRenderingAtMillis: now,
      renderedAtMillis: now,
      subject: entry.overrideSubject ?? output.success.subject ?? "",
      html: output.success.html,
      text: output.success.text,
      isTransactional: true,
      notificationCategoryId: entry.overrideNotificationCategoryId
    }
    for (const to of addresses) sendEmail(data, { projectId: project.id, to, subject: rendered.subject, text: rendered.text, html: rendered.html }, now)
    return done({ status: "sent", rendered, deliveredAtMillis: now })
  })

/** Sends every scheduled e-mail whose time has come (oldest first, high priority first). */
export const processDueEmails = (data: StateData, baseUrl: string, now: number): Effect.Effect<void> =>
  Effect.gen(function*() {
    const due = Object.values(data.owner.emails)
      .filter((e) => e.status === "scheduled" && e.scheduledAtMillis <= now && (e.readyAtMillis ?? 0) <= now)
      .sort((a, b) => Number(b.isHighPriority) - Number(a.isHighPriority) || a.scheduledAtMillis - b.scheduledAtMillis)
    for (const entry of due) data.owner.emails[entry.id] = yield* processEmail(data, baseUrl, entry, now)
  })

/** An entry's status as the service's database names it, its simple status, and whether sending finished. */
export const outboxStatusOf = (entry: OutboxEntryRecord): {
  readonly status: string
  readonly simpleStatus: "ok" | "error" | "in-progress"
  readonly finished: boolean
} => {
  switch (entry.status) {
    case "paused":
      return { status: "PAUSED", simpleStatus: "in-progress", finished: false }
    case "scheduled":
      return { status: "SCHEDULED", simpleStatus: "in-progress", finished: false }
    case "render-error":
      return { status: "RENDER_ERROR", simpleStatus: "error", finished: false }
    case "skipped":
      return { status: "SKIPPED", simpleStatus: "ok", finished: false }
    case "sent":
      return { status: "SENT", simpleStatus: "ok", finished: true }
  }
}

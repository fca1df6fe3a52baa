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
import { deliveryRoute } from "./email-delivery.ts"
import { emptyThemeSource, renderEmail } from "./email-rendering.ts"
import { themeSourceFor } from "./email-sources.ts"
import * as Ids from "./ids.ts"
import type { EmulatorEnv } from "./env.ts"
import type { OutboxEntryRecord, RenderedEmailRecord, SendAttemptErrorRecord } from "./owner-state.ts"
import { sendEmail } from "./outbox.ts"
import { sendOverSmtp, type SmtpSendFailure } from "./smtp-client.ts"
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

/** What the queue needs of the emulator: its URL (unsubscribe links) and how it delivers. */
export type QueueEnv = Pick<EmulatorEnv, "baseUrl" | "smtp">

/** Attempts before a retryable failure is final, and the backoff's base (the service's). */
const maxSendAttempts = 5
const retryBackoffBaseMillis = 20_000

/** The service's backoff before attempt `attempt + 1`: (0.5 to 1.5) x 20 s x 2^attempt. */
export const retryBackoffMillis = (attempt: number): number => Math.round((Math.random() + 0.5) * retryBackoffBaseMillis * Math.pow(2, attempt))

/**
 * Delivers a rendered e-mail the project's way: into the mailbox (the entry gets the message id),
 * or over SMTP. A failed SMTP attempt is recorded; a retryable one is scheduled again after the
 * backoff (the entry stays `scheduled`, rendered), others and the fifth end as `server-error`.
 */
const deliver = (
  data: StateData,
  env: QueueEnv,
  project: ProjectRecord,
  entry: OutboxEntryRecord,
  to: ReadonlyArray<string>,
  rendered: RenderedEmailRecord,
  now: number
): Effect.Effect<OutboxEntryRecord> => {
  const done = (fields: Partial<OutboxEntryRecord>): OutboxEntryRecord => ({ ...entry, ...fields, rendered, updatedAtMillis: now })
  const route = deliveryRoute(project.config.emailConfig, env.smtp)
  if (route._tag === "mailbox") {
    const messages = to.map((address) => sendEmail(data, { projectId: project.id, to: address, subject: rendered.subject, text: rendered.text, html: rendered.html }, now))
    return Effect.succeed(done({ status: "sent", deliveredAtMillis: now, messageId: messages[0]?.id ?? null, startedSendingAtMillis: now }))
  }
  const message = { senderName: route.senderName, senderEmail: route.senderEmail, to, subject: rendered.subject, html: rendered.html, text: rendered.text }
  return sendOverSmtp(route.server, message, env.smtp.timeoutMillis).pipe(
    Effect.map(() => done({ status: "sent", deliveredAtMillis: now, messageId: null, startedSendingAtMillis: now })),
    Effect.catchTag("SmtpSendFailure", (failure) => Effect.succeed(failedAttempt(entry, failure, now, done)))
  )
}

/** The entry after a failed SMTP attempt: scheduled again, or `server-error`. */
const failedAttempt = (
  entry: OutboxEntryRecord,
  failure: SmtpSendFailure,
  now: number,
  done: (fields: Partial<OutboxEntryRecord>) => OutboxEntryRecord
): OutboxEntryRecord => {
  const attempt = (entry.sendRetries ?? 0) + 1
  const error: SendAttemptErrorRecord = {
    attempt_number: attempt,
    timestamp: new Date(now).toISOString(),
    external_message: failure.message,
    external_details: { errorType: failure.errorType },
    internal_message: failure.message,
    internal_details: { rawError: failure.rawError, errorType: failure.errorType }
  }
  const errors = [...(entry.sendAttemptErrors ?? []), error]
  if (failure.canRetry && attempt < maxSendAttempts) {
    return done({ status: "scheduled", sendRetries: attempt, sendAttemptErrors: errors, nextSendRetryAtMillis: now + retryBackoffMillis(attempt), startedSendingAtMillis: now })
  }
  const { nextSendRetryAtMillis: _retryAt, ...rest } = done({ status: "server-error", sendRetries: attempt, sendAttemptErrors: errors, serverError: failure.message, startedSendingAtMillis: now })
  return rest
}

/** The entry as rendered, skipped, failed or delivered, at `now`. */
export const processEmail = (data: StateData, env: QueueEnv, entry: OutboxEntryRecord, now: number): Effect.Effect<OutboxEntryRecord> =>
  Effect.gen(function*() {
    const project = data.projects[entry.projectId]
    const done = (fields: Partial<OutboxEntryRecord>): OutboxEntryRecord => ({ ...entry, ...fields, updatedAtMillis: now })
    if (project !== undefined && entry.customEmails !== undefined) return yield* sendToAddresses(data, env, project, entry, entry.customEmails, now)
    if (project === undefined) return done({ status: "skipped", skippedReason: "USER_ACCOUNT_DELETED" })
    // Like the service: the e-mail is rendered first (a deleted user's name is null), the recipient
    // is looked up when it is sent, so a user deleted meanwhile skips a rendered e-mail.
    const user = findUser(data, entry.projectId, entry.userId)
    // A retry sends what was rendered the first time.
    if (entry.rendered !== null && entry.sendRetries !== undefined) return yield* sendRendered(data, env, project, entry, entry.rendered, now)
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
      const second = yield* render(unsubscribeLink(data, env.baseUrl, entry, category.id, now))
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
    return yield* sendRendered(data, env, project, entry, rendered, now)
  })

/** Looks the recipient up (deleted, without an address, unsubscribed: skipped) and delivers. */
const sendRendered = (data: StateData, env: QueueEnv, project: ProjectRecord, entry: OutboxEntryRecord, rendered: RenderedEmailRecord, now: number) => {
  const done = (fields: Partial<OutboxEntryRecord>): Effect.Effect<OutboxEntryRecord> => Effect.succeed({ ...entry, ...fields, rendered, updatedAtMillis: now })
  const user = findUser(data, entry.projectId, entry.userId)
  if (user === undefined) return done({ status: "skipped", skippedReason: "USER_ACCOUNT_DELETED" })
  const channel = primaryEmailChannel(data, user.id)
  if (channel === undefined) return done({ status: "skipped", skippedReason: "USER_HAS_NO_PRIMARY_EMAIL" })
  const category = notificationCategories.find((c) => c.id === rendered.notificationCategoryId)
  if (category !== undefined && !notificationsEnabled(data, project.id, user.id, category)) {
    return done({ status: "skipped", skippedReason: "USER_UNSUBSCRIBED" })
  }
  return deliver(data, env, project, entry, [channel.value], rendered, now)
}

/** An e-mail to addresses rather than a user: rendered without a user or theme, sent to each. */
const sendToAddresses = (data: StateData, env: QueueEnv, project: ProjectRecord, entry: OutboxEntryRecord, addresses: ReadonlyArray<string>, now: number) =>
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
    return yield* deliver(data, env, project, entry, addresses, rendered, now)
  })

/** Sends every scheduled e-mail whose time has come (oldest first, high priority first). */
export const processDueEmails = (data: StateData, env: QueueEnv, now: number): Effect.Effect<void> =>
  Effect.gen(function*() {
    const due = Object.values(data.owner.emails)
      .filter((e) => e.status === "scheduled" && e.scheduledAtMillis <= now && (e.readyAtMillis ?? 0) <= now && (e.nextSendRetryAtMillis ?? 0) <= now)
      .sort((a, b) => Number(b.isHighPriority) - Number(a.isHighPriority) || a.scheduledAtMillis - b.scheduledAtMillis)
    for (const entry of due) data.owner.emails[entry.id] = yield* processEmail(data, env, entry, now)
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
    case "server-error":
      return { status: "SERVER_ERROR", simpleStatus: "error", finished: true }
  }
}

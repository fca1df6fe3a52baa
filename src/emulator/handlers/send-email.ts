/**
 * Sending e-mail through the project (`POST /emails/send-email`, server and admin), notification
 * preferences, one-time unsubscribe links and the outbox API (`GET /emails/outbox[/{id}]`).
 * The queue itself is `../email-outbox.ts`.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as Create from "../../errors/create.ts"
import {
  NotificationPreference,
  NotificationPreferenceList,
  NotificationPreferenceUpdate,
  OutboxEmail,
  OutboxEmailList,
  OutboxEmailUpdate,
  SendEmailBody,
  SendEmailResponse
} from "../../wire/emails.ts"
import { Uuid } from "../../wire/teams.ts"
import { notificationCategories, notificationsEnabled, pendingEntry, preferenceKey, processDueEmails, processEmail } from "../email-outbox.ts"
import { templateFromHtml } from "../email-rendering.ts"
import { projectThemes } from "../email-sources.ts"
import type { EmailDraftRecord, OutboxEntryRecord } from "../owner-state.ts"
import { draftThemeChoice } from "./email-drafts.ts"
import * as Reply from "../reply.ts"
import { defineRoute, resolveUserId, type Route } from "../router.ts"
import { findUser, newId, type StateData } from "../state.ts"
import { printValue, schemaError } from "../validation.ts"
import { checkThemeId, invalidThemeLine, LooseThemeId } from "../theme-choice.ts"
import { Json } from "../../wire/common.ts"
import { projectEmailTemplates } from "./email-templates.ts"

/** The service's three body shapes: each names its content key and the keys only it accepts. */
const sendVariants: ReadonlyArray<{ readonly required: string; readonly own: ReadonlyArray<string> }> = [
  { required: "html", own: ["html"] },
  { required: "template_id", own: ["template_id", "variables"] },
  { required: "draft_id", own: ["draft_id"] }
]
const variantKeys = ["html", "template_id", "variables", "draft_id"]

const isJsonObject = (value: unknown): value is Record<string, Json> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/**
 * The service's SCHEMA_ERROR text when the body matches none of the shapes (yup lists each shape's
 * failures, and a shape's unknown keys twice), or `undefined` when one matches.
 */
const unmatchedSendVariants = (raw: unknown, themeIdInvalid: boolean): string | undefined => {
  const body: Readonly<Record<string, unknown>> = isJsonObject(raw) ? raw : {}
  const given = Object.keys(body).filter((key) => variantKeys.includes(key))
  const problems = sendVariants.map(({ required, own }) => {
    const lines: Array<string> = []
    if (body[required] === undefined) lines.push(`body.${required} must be defined`)
    if (themeIdInvalid) lines.push(invalidThemeLine)
    if (own.includes("variables") && body["variables"] !== undefined && !isJsonObject(body["variables"])) {
      lines.push(`body.variables must be a \`object\` type, but the final value was: \`${printValue(body["variables"])}\`.`)
    }
    const unknown = given.filter((key) => !own.includes(key))
    if (unknown.length > 0) lines.push(...Array(2).fill(`body contains unknown properties: ${unknown.join(", ")}`))
    return lines
  })
  if (problems.some((lines) => lines.length === 0)) return undefined
  // A multi-line message (a printed array) keeps the indentation of its schema on every line.
  const indented = (line: string) => line.split("\n").map((part) => `      ${part}`).join("\n")
  return `body is not matched by any of the provided schemas:\n${problems.map((lines, i) => `    Schema ${i}:\n${lines.map(indented).join("\n")}`).join("\n")}`
}

/** The outbox entry as the API shows it. */
export const outboxView = (entry: OutboxEntryRecord): OutboxEmail => {
  const base = {
    id: entry.id,
    created_at_millis: entry.createdAtMillis,
    updated_at_millis: entry.updatedAtMillis,
    tsx_source: entry.tsxSource,
    theme_id: entry.themeId,
    to: entry.customEmails === undefined
      ? { type: "user-primary-email" as const, user_id: entry.userId }
      : { type: "custom-emails" as const, emails: entry.customEmails },
    variables: entry.variables,
    skip_deliverability_check: false,
    scheduled_at_millis: entry.scheduledAtMillis,
    created_with: entry.createdWith,
    email_draft_id: entry.draftId,
    email_programmatic_call_template_id: entry.templateId,
    send_retries: entry.sendRetries ?? 0,
    next_send_retry_at_millis: entry.nextSendRetryAtMillis ?? null,
    send_attempt_errors: entry.sendAttemptErrors ?? null,
    is_paused: false,
    has_rendered: false,
    has_delivered: false
  }
  const r = entry.rendered
  const rendered = r === null ? {} : {
    started_rendering_at_millis: r.startedRenderingAtMillis,
    rendered_at_millis: r.renderedAtMillis,
    subject: r.subject,
    html: r.html,
    text: r.text,
    is_transactional: r.isTransactional,
    is_high_priority: entry.isHighPriority,
    notification_category_id: r.notificationCategoryId,
    has_rendered: true
  }
  switch (entry.status) {
    case "paused":
      return { ...base, status: "paused", simple_status: "in-progress", is_paused: true }
    case "scheduled":
      // Rendered when an SMTP attempt failed and waits for its retry.
      return { ...base, ...rendered, status: "scheduled", simple_status: "in-progress" }
    case "server-error":
      return {
        ...base,
        ...rendered,
        status: "server-error",
        simple_status: "error",
        started_sending_at_millis: entry.startedSendingAtMillis ?? entry.updatedAtMillis,
        error_at_millis: entry.updatedAtMillis,
        server_error: entry.serverError ?? "Unknown send error"
      }
    case "render-error":
      return {
        ...base,
        status: "render-error",
        simple_status: "error",
        started_rendering_at_millis: entry.updatedAtMillis,
        rendered_at_millis: entry.updatedAtMillis,
        render_error: entry.renderError ?? ""
      }
    case "skipped":
      return {
        ...base,
        ...rendered,
        // A recipient without an address, or who unsubscribed, is found when sending starts.
        ...(r !== null && entry.skippedReason !== "MANUALLY_CANCELLED" ? { started_sending_at_millis: entry.updatedAtMillis } : {}),
        status: "skipped",
        simple_status: "ok",
        skipped_at_millis: entry.updatedAtMillis,
        skipped_reason: entry.skippedReason ?? "",
        skipped_details: {}
      }
    case "sent":
      return {
        ...base,
        ...rendered,
        status: "sent",
        simple_status: "ok",
        started_sending_at_millis: entry.deliveredAtMillis ?? entry.updatedAtMillis,
        delivered_at_millis: entry.deliveredAtMillis ?? entry.updatedAtMillis,
        has_delivered: true,
        can_have_delivery_info: false
      }
  }
}

const OutboxQuery = Schema.Struct({
  status: Schema.optionalKey(Schema.String),
  simple_status: Schema.optionalKey(Schema.String),
  limit: Schema.optionalKey(Schema.String),
  cursor: Schema.optionalKey(Uuid)
})

/** The service's largest outbox page. */
const maxOutboxPage = 100

const preferencesOf = (data: StateData, projectId: string, userId: string): ReadonlyArray<NotificationPreference> =>
  notificationCategories.map((category) => ({
    notification_category_id: category.id,
    notification_category_name: category.name,
    enabled: notificationsEnabled(data, projectId, userId, category),
    can_disable: category.canDisable
  }))

const usersOf = (data: StateData, projectId: string): Array<string> =>
  Object.values(data.users).filter((u) => u.projectId === projectId).map((u) => u.id)

/** A project's outbox in the service's order: newest first, then by id. */
const emailsOf = (data: StateData, projectId: string): Array<OutboxEntryRecord> =>
  Object.values(data.owner.emails).filter((e) => e.projectId === projectId)
    .sort((a, b) => b.createdAtMillis - a.createdAtMillis || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))

/** The service's status names in EMAIL_NOT_EDITABLE. */
const statusNames: Readonly<Record<OutboxEntryRecord["status"], string>> = {
  "paused": "PAUSED",
  "scheduled": "SCHEDULED",
  "render-error": "RENDER_ERROR",
  "sent": "SENT",
  "skipped": "SKIPPED",
  "server-error": "SERVER_ERROR"
}

/** `PATCH /emails/outbox/{id}`: edits, pauses, resumes or cancels an e-mail not yet sent. */
const editRoute = defineRoute({
  method: "PATCH",
  path: "/emails/outbox/{id}",
  access: ["server", "admin"],
  params: Schema.Struct({ id: Uuid }),
  body: OutboxEmailUpdate,
  handler: Effect.fnUntraced(function*(ctx) {
    const entry: OutboxEntryRecord | undefined = ctx.data.owner.emails[ctx.params.id]
    if (entry === undefined || entry.projectId !== ctx.auth.project.id) return yield* Reply.textError(404, "Email not found")
    if (entry.status === "sent" || entry.status === "skipped") {
      return yield* Create.EmailNotEditable({ email_id: entry.id, status: statusNames[entry.status] })
    }
    const { body } = ctx
    const to = body.to
    if (to !== undefined && to.type !== "user-primary-email") return yield* Reply.textError(400, "The stackfx emulator sends only to users' primary e-mail addresses")
    let next: OutboxEntryRecord = {
      ...entry,
      tsxSource: body.tsx_source ?? entry.tsxSource,
      themeId: body.theme_id === undefined ? entry.themeId : body.theme_id,
      userId: to?.user_id ?? entry.userId,
      variables: body.variables ?? entry.variables,
      scheduledAtMillis: body.scheduled_at_millis ?? entry.scheduledAtMillis,
      status: body.is_paused === true ? "paused" : body.is_paused === false || entry.status !== "paused" ? "scheduled" : "paused",
      rendered: null,
      renderError: null,
      updatedAtMillis: ctx.now
    }
    if (body.cancel === true) next = { ...entry, status: "skipped", skippedReason: "MANUALLY_CANCELLED", updatedAtMillis: ctx.now }
    else if (next.status === "scheduled" && next.scheduledAtMillis <= ctx.now) next = yield* processEmail(ctx.data, ctx.env, next, ctx.now)
    ctx.data.owner.emails[entry.id] = next
    return yield* Reply.json(OutboxEmail, outboxView(next))
  })
})

/** The routes of this file. */
export const routes: ReadonlyArray<Route> = [
  editRoute,
  defineRoute({
    method: "POST",
    path: "/emails/send-email",
    access: ["server", "admin"],
    // `theme_id` and `variables` are checked below, where the service's union of shapes reports them.
    body: Schema.Struct({ ...SendEmailBody.fields, theme_id: LooseThemeId, variables: Schema.optionalKey(Json) }),
    handler: Effect.fnUntraced(function*(ctx) {
      const { body } = ctx
      const project = ctx.auth.project
      const themeChoice = checkThemeId(body.theme_id)
      const unmatched = unmatchedSendVariants(ctx.request.body, themeChoice === "invalid")
      if (unmatched !== undefined) return yield* schemaError(ctx.request.method, ctx.request.pathname, [unmatched])
      const variables = isJsonObject(body.variables) ? body.variables : {}
      if (project.config.emailConfig.type === "shared") return yield* Create.RequiresCustomEmailServer()
      if ((body.user_ids === undefined) === (body.all_users === undefined)) {
        return yield* Create.SchemaError({ message: "Exactly one of user_ids or all_users must be provided" })
      }
      const category = body.notification_category_name === undefined
        ? undefined
        : notificationCategories.find((c) => c.name === body.notification_category_name)
      if (body.notification_category_name !== undefined && category === undefined) {
        return yield* Reply.textError(400, "Notification category not found with given name")
      }
      let tsxSource: string
      let templateId: string | null = null
      let sentDraft: EmailDraftRecord | undefined
      if (body.template_id !== undefined) {
        const template = projectEmailTemplates(ctx.data, project.id).find((t) => t.id === body.template_id)
        if (template === undefined) return yield* Reply.textError(400, "No template found with given template_id")
        tsxSource = template.tsx_source
        templateId = template.id
      } else if (body.html !== undefined) {
        tsxSource = templateFromHtml(body.html)
      } else {
        const draft = ctx.data.owner.drafts[body.draft_id ?? ""]
        if (draft === undefined || draft.projectId !== project.id) return yield* Reply.textError(400, "No draft found with given draft_id")
        tsxSource = draft.tsxSource
        sentDraft = draft
      }
      const userIds = body.all_users === true
        ? usersOf(ctx.data, project.id)
        : [...(body.user_ids ?? [])]
      for (const id of new Set(userIds)) {
        if (findUser(ctx.data, project.id, id) === undefined) return yield* Create.UserIdDoesNotExist({ user_id: id })
      }
      // `false`: no theme (stored as null, like the service); absent: the draft's or the project's theme.
      const choice = themeChoice === "invalid" ? undefined : themeChoice === undefined && sentDraft !== undefined ? draftThemeChoice(sentDraft) : themeChoice
      const themeId = choice === false ? null : choice ?? projectThemes(ctx.data, project).selectedId
      for (const userId of userIds) {
        const entry: OutboxEntryRecord = {
          id: newId(),
          projectId: project.id,
          createdAtMillis: ctx.now,
          updatedAtMillis: ctx.now,
          tsxSource,
          themeId,
          userId,
          variables,
          scheduledAtMillis: body.scheduled_at_millis ?? ctx.now,
          isHighPriority: body.is_high_priority ?? false,
          createdWith: sentDraft === undefined ? "programmatic-call" : "draft",
          draftId: sentDraft?.id ?? null,
          templateId,
          overrideSubject: body.subject ?? null,
          overrideNotificationCategoryId: category?.id ?? null,
          ...pendingEntry,
          ...(ctx.env.emailQueueDelayMillis > 0 ? { readyAtMillis: ctx.now + ctx.env.emailQueueDelayMillis } : {})
        }
        const sendNow = entry.scheduledAtMillis <= ctx.now && ctx.env.emailQueueDelayMillis === 0
        ctx.data.owner.emails[entry.id] = sendNow ? yield* processEmail(ctx.data, ctx.env, entry, ctx.now) : entry
      }
      if (sentDraft !== undefined) ctx.data.owner.drafts[sentDraft.id] = { ...sentDraft, sentAtMillis: ctx.now }
      return yield* Reply.json(SendEmailResponse, { results: userIds.map((user_id) => ({ user_id })) })
    })
  }),
  defineRoute({
    method: "GET",
    path: "/emails/notification-preference/{user_id}",
    access: ["client", "server", "admin"],
    params: Schema.Struct({ user_id: Schema.String }),
    handler: Effect.fnUntraced(function*(ctx) {
      const userId = yield* resolveUserId(ctx.params.user_id, ctx.auth)
      if (findUser(ctx.data, ctx.auth.project.id, userId) === undefined) return yield* Create.UserNotFound()
      return yield* Reply.json(NotificationPreferenceList, { items: preferencesOf(ctx.data, ctx.auth.project.id, userId), is_paginated: false })
    })
  }),
  defineRoute({
    method: "PATCH",
    path: "/emails/notification-preference/{user_id}/{notification_category_id}",
    access: ["client", "server", "admin"],
    params: Schema.Struct({ user_id: Schema.String, notification_category_id: Schema.String }),
    body: NotificationPreferenceUpdate,
    handler: Effect.fnUntraced(function*(ctx) {
      const userId = yield* resolveUserId(ctx.params.user_id, ctx.auth)
      if (findUser(ctx.data, ctx.auth.project.id, userId) === undefined) return yield* Create.UserNotFound()
      const category = notificationCategories.find((c) => c.id === ctx.params.notification_category_id)
      if (category === undefined) return yield* Reply.textError(404, "Notification category not found")
      if (!category.canDisable && !ctx.body.enabled) return yield* Reply.textError(400, "This notification category cannot be disabled")
      ctx.data.owner.notificationPreferences[preferenceKey(ctx.auth.project.id, userId, category.id)] = ctx.body.enabled
      const preference = preferencesOf(ctx.data, ctx.auth.project.id, userId).find((p) => p.notification_category_id === category.id)
      return yield* Reply.json(NotificationPreference, preference ?? { notification_category_id: category.id, notification_category_name: category.name, enabled: ctx.body.enabled, can_disable: category.canDisable })
    })
  }),
  defineRoute({
    method: "GET",
    path: "/emails/unsubscribe-link",
    access: "none",
    query: Schema.Struct({ code: Schema.optionalKey(Schema.String) }),
    handler: Effect.fnUntraced(function*(ctx) {
      const code = ctx.query.code
      if (code === undefined || code.length !== 45) return Reply.text("Invalid code", { status: 400 })
      const record = ctx.data.owner.unsubscribeCodes[code.toLowerCase()]
      if (record === undefined) return yield* Create.VerificationCodeNotFound()
      if (record.expiresAtMillis < ctx.now) return yield* Create.VerificationCodeExpired()
      const html = { "content-type": "text/html" }
      if (record.used) return Reply.text("<p>You have already unsubscribed from this notification group</p>", { headers: html })
      ctx.data.owner.unsubscribeCodes[code.toLowerCase()] = { ...record, used: true }
      ctx.data.owner.notificationPreferences[preferenceKey(record.projectId, record.userId, record.notificationCategoryId)] = false
      return Reply.text("<p>Successfully unsubscribed from notification group</p>", { headers: html })
    })
  }),
  defineRoute({
    method: "GET",
    path: "/emails/outbox",
    access: ["server", "admin"],
    query: OutboxQuery,
    handler: Effect.fnUntraced(function*(ctx) {
      const limit = ctx.query.limit === undefined ? maxOutboxPage : Number.parseInt(ctx.query.limit, 10)
      if (Number.isNaN(limit) || limit < 1) return yield* Reply.textError(400, "Invalid limit parameter")
      if (limit > maxOutboxPage) return yield* Reply.textError(400, `Limit cannot exceed ${maxOutboxPage}`)
      yield* processDueEmails(ctx.data, ctx.env, ctx.now)
      const matching = emailsOf(ctx.data, ctx.auth.project.id).map(outboxView)
        .filter((e) => (ctx.query.status === undefined || e.status === ctx.query.status) && (ctx.query.simple_status === undefined || e.simple_status === ctx.query.simple_status))
      // Like the service's cursor: the page starts at that e-mail (none when it is not in the list).
      const start = ctx.query.cursor === undefined ? 0 : matching.findIndex((e) => e.id === ctx.query.cursor)
      const rest = start < 0 ? [] : matching.slice(start)
      const items = rest.slice(0, limit)
      return yield* Reply.json(OutboxEmailList, { items, is_paginated: true, pagination: { next_cursor: rest[limit]?.id ?? null } })
    })
  }),
  defineRoute({
    method: "GET",
    path: "/emails/outbox/{id}",
    access: ["server", "admin"],
    params: Schema.Struct({ id: Uuid }),
    handler: Effect.fnUntraced(function*(ctx) {
      yield* processDueEmails(ctx.data, ctx.env, ctx.now)
      const entry = ctx.data.owner.emails[ctx.params.id]
      if (entry === undefined || entry.projectId !== ctx.auth.project.id) return yield* Reply.textError(404, "Email not found")
      return yield* Reply.json(OutboxEmail, outboxView(entry))
    })
  })
]


/**
 * `POST /internal/feedback` (auth optional): a support message or bug report, e-mailed through the
 * outbox of the caller's project (the `internal` project when anonymous) to the Stack Auth team's
 * inbox (`team@stack-auth.com`), subject `[Support] <email>` or `[Bug Report] <email>`, with the
 * sender's name, address, user id and message.
 */
import * as Effect from "effect/Effect"
import { SuccessBody } from "../../wire/common.ts"
import { FeedbackBody } from "../../wire/feedback.ts"
import { pendingEntry, processEmail } from "../email-outbox.ts"
import { templateFromHtml } from "../email-rendering.ts"
import type { OutboxEntryRecord } from "../owner-state.ts"
import { escapeHtml } from "../outbox.ts"
import * as Reply from "../reply.ts"
import { defineRoute } from "../router.ts"
import { newId } from "../state.ts"

/** Where feedback goes (the service's `STACK_INTERNAL_FEEDBACK_RECIPIENTS` in development). */
const feedbackRecipients = ["team@stack-auth.com"]

/** The routes of this file. */
export const routes = [
  defineRoute({
    method: "POST",
    path: "/internal/feedback",
    access: "none",
    body: FeedbackBody,
    handler: Effect.fnUntraced(function*(ctx) {
      const project = ctx.auth?.project ?? ctx.data.projects["internal"]
      if (project === undefined) return yield* Reply.textError(500, "The internal project is missing")
      const { body } = ctx
      const fields: ReadonlyArray<readonly [string, string]> = [
        ["Name", body.name ?? "(not given)"],
        ["Email", body.email],
        ["User ID", ctx.auth?.user?.id ?? "(not signed in)"],
        ["Project ID", project.id]
      ]
      const html = `<h2>${body.feedback_type === "bug" ? "Bug report" : "Support feedback"}</h2>\n${
        fields.map(([label, value]) => `<p><strong>${label}:</strong> ${escapeHtml(value)}</p>`).join("\n")
      }\n<p><strong>Message</strong></p>\n<p>${escapeHtml(body.message).replace(/\n/g, "<br />")}</p>`
      const entry: OutboxEntryRecord = {
        id: newId(),
        projectId: project.id,
        createdAtMillis: ctx.now,
        updatedAtMillis: ctx.now,
        tsxSource: templateFromHtml(html),
        themeId: null,
        userId: "",
        customEmails: feedbackRecipients,
        variables: {},
        scheduledAtMillis: ctx.now,
        isHighPriority: false,
        createdWith: "programmatic-call",
        draftId: null,
        templateId: null,
        overrideSubject: `${body.feedback_type === "bug" ? "[Bug Report]" : "[Support]"} ${body.email.replace(/\s+/g, " ").trim()}`,
        overrideNotificationCategoryId: null,
        ...pendingEntry
      }
      ctx.data.owner.emails[entry.id] = yield* processEmail(ctx.data, ctx.env, entry, ctx.now)
      return yield* Reply.json(SuccessBody, { success: true })
    })
  })
]

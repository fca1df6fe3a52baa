/**
 * The owner's e-mail operations: themes (list, create, read, update after a preview render),
 * previews of a template in a theme, drafts, and the outbox (list, read, edit, pause, cancel).
 */
import * as Effect from "effect/Effect"
import { EmailNotEditable, EmailRenderingError } from "../errors/catalogue.ts"
import { encodeInput } from "../client/input.ts"
import { json, segment } from "../http/endpoint.ts"
import type { AdminProjectErrorClass } from "../http/project-errors.ts"
import type { KeyRuntime } from "../server/runtime.ts"
import {
  EmailDraft,
  EmailDraftCreate,
  EmailDraftList,
  EmailDraftUpdate,
  EmailTheme,
  EmailThemeList,
  OutboxEmail,
  OutboxEmailList,
  OutboxEmailUpdate,
  RenderedEmailPreview,
  RenderEmailInput,
  SentEmailList
} from "../model/emails.ts"
import { DraftOk, EmailDraftCreated } from "../wire/email-drafts.ts"
import { EmailThemeCreated, EmailThemeUpdated } from "../wire/email-themes.ts"

/** Filters of the outbox list. */
export interface OutboxFilter {
  readonly status?: string | undefined
  readonly simpleStatus?: "in-progress" | "ok" | "error" | undefined
}

/** The e-mail operations of an admin app. */
export const makeAdminEmails = (runtime: KeyRuntime<AdminProjectErrorClass>) => {
  /** The project's themes (`{ id, displayName }`), the built-in ones first. */
  const listEmailThemes = Effect.fn("StackAdmin.listEmailThemes")(function*() {
    return (yield* runtime.call({ method: "GET", path: "/internal/email-themes", response: json(EmailThemeList), errors: [] })).themes
  })

  /** A theme with its TSX source. */
  const getEmailTheme = Effect.fn("StackAdmin.getEmailTheme")(function*(id: string) {
    return yield* runtime.call({ method: "GET", path: `/internal/email-themes/${segment(id)}`, response: json(EmailTheme), errors: [] })
  })

  /** Creates a theme (starting from the light theme's source); returns its id. */
  const createEmailTheme = Effect.fn("StackAdmin.createEmailTheme")(function*(displayName: string) {
    return (yield* runtime.call({ method: "POST", path: "/internal/email-themes", body: { _tag: "Json", value: { display_name: displayName } }, response: json(EmailThemeCreated), errors: [] })).id
  })

  /** Replaces a theme's TSX source; a source that does not render is refused (`EmailRenderingError`). */
  const updateEmailTheme = Effect.fn("StackAdmin.updateEmailTheme")(function*(id: string, tsxSource: string) {
    yield* runtime.call({
      method: "PATCH",
      path: `/internal/email-themes/${segment(id)}`,
      body: { _tag: "Json", value: { tsx_source: tsxSource } },
      response: json(EmailThemeUpdated),
      errors: [EmailRenderingError]
    })
  })

  /** Renders a template (by id or source) in a theme (by id, `false`, or source), with sample values. */
  const renderEmailPreview = Effect.fn("StackAdmin.renderEmailPreview")(function*(input: RenderEmailInput) {
    const body = yield* encodeInput("StackAdmin.renderEmailPreview", RenderEmailInput, input)
    return yield* runtime.call({ method: "POST", path: "/emails/render-email", body: { _tag: "Json", value: body }, response: json(RenderedEmailPreview), errors: [EmailRenderingError] })
  })

  /** The drafts, most recently changed first. */
  const listEmailDrafts = Effect.fn("StackAdmin.listEmailDrafts")(function*() {
    return (yield* runtime.call({ method: "GET", path: "/internal/email-drafts", response: json(EmailDraftList), errors: [] })).drafts
  })

  /** One draft. */
  const getEmailDraft = Effect.fn("StackAdmin.getEmailDraft")(function*(id: string) {
    return yield* runtime.call({ method: "GET", path: `/internal/email-drafts/${segment(id)}`, response: json(EmailDraft), errors: [] })
  })

  /** Creates a draft; returns its id. */
  const createEmailDraft = Effect.fn("StackAdmin.createEmailDraft")(function*(input: EmailDraftCreate) {
    const body = yield* encodeInput("StackAdmin.createEmailDraft", EmailDraftCreate, input)
    return (yield* runtime.call({ method: "POST", path: "/internal/email-drafts", body: { _tag: "Json", value: body }, response: json(EmailDraftCreated), errors: [] })).id
  })

  /** Changes a draft (without `themeId` it uses the project's theme again, like the service). */
  const updateEmailDraft = Effect.fn("StackAdmin.updateEmailDraft")(function*(id: string, update: EmailDraftUpdate) {
    const body = yield* encodeInput("StackAdmin.updateEmailDraft", EmailDraftUpdate, update)
    yield* runtime.call({ method: "PATCH", path: `/internal/email-drafts/${segment(id)}`, body: { _tag: "Json", value: body }, response: json(DraftOk), errors: [] })
  })

  /** Deletes a draft. */
  const deleteEmailDraft = Effect.fn("StackAdmin.deleteEmailDraft")(function*(id: string) {
    yield* runtime.call({ method: "DELETE", path: `/internal/email-drafts/${segment(id)}`, response: json(DraftOk), errors: [] })
  })

  /** The outbox, newest first, optionally by `status` or `simpleStatus`. */
  const listOutboxEmails = Effect.fn("StackAdmin.listOutboxEmails")(function*(filter: OutboxFilter = {}) {
    const query: Array<readonly [string, string]> = [
      ...(filter.status === undefined ? [] : [["status", filter.status] as const]),
      ...(filter.simpleStatus === undefined ? [] : [["simple_status", filter.simpleStatus] as const])
    ]
    return (yield* runtime.call({ method: "GET", path: "/emails/outbox", query, response: json(OutboxEmailList), errors: [] })).items
  })

  /** One e-mail of the outbox. */
  const getOutboxEmail = Effect.fn("StackAdmin.getOutboxEmail")(function*(id: string) {
    return yield* runtime.call({ method: "GET", path: `/emails/outbox/${segment(id)}`, response: json(OutboxEmail), errors: [] })
  })

  /** Edits, pauses (`isPaused`), resumes or cancels (`cancel: true`) an e-mail not yet sent. */
  const updateOutboxEmail = Effect.fn("StackAdmin.updateOutboxEmail")(function*(id: string, update: OutboxEmailUpdate) {
    const body = yield* encodeInput("StackAdmin.updateOutboxEmail", OutboxEmailUpdate, update)
    return yield* runtime.call({ method: "PATCH", path: `/emails/outbox/${segment(id)}`, body: { _tag: "Json", value: body }, response: json(OutboxEmail), errors: [EmailNotEditable] })
  })

  /** Every e-mail the project sent (sign-in codes, verifications, `sendEmail`), newest first. */
  const listSentEmails = Effect.fn("StackAdmin.listSentEmails")(function*() {
    return (yield* runtime.call({ method: "GET", path: "/internal/emails", response: json(SentEmailList), errors: [] })).items
  })

  return {
    /** Every e-mail the project sent, newest first. */
    listSentEmails,
    /** The project's themes, the built-in ones first. */
    listEmailThemes,
    /** A theme with its TSX source. */
    getEmailTheme,
    /** Creates a theme; returns its id. */
    createEmailTheme,
    /** Replaces a theme's TSX source after rendering it. */
    updateEmailTheme,
    /** Renders a template in a theme, with sample values. */
    renderEmailPreview,
    /** The drafts, most recently changed first. */
    listEmailDrafts,
    /** One draft. */
    getEmailDraft,
    /** Creates a draft; returns its id. */
    createEmailDraft,
    /** Changes a draft. */
    updateEmailDraft,
    /** Deletes a draft. */
    deleteEmailDraft,
    /** The outbox, newest first. */
    listOutboxEmails,
    /** One e-mail of the outbox. */
    getOutboxEmail,
    /** Edits, pauses, resumes or cancels an e-mail not yet sent. */
    updateOutboxEmail
  }
}

/** The e-mail operations of StackAdmin. */
export type AdminEmails = ReturnType<typeof makeAdminEmails>

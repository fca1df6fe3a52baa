/** E-mail drafts (`/internal/email-drafts`): TSX sources the dashboard edits and sends. */
import * as Schema from "effect/Schema"
import { Uuid } from "./teams.ts"

/** A draft's theme: a theme id, `false` for none; absent for the project's selected theme. */
const DraftTheme = Schema.Union([Uuid, Schema.Literal(false)])

/** One draft. */
export const EmailDraft = /*#__PURE__*/ Schema.Struct({
  id: Schema.String,
  display_name: Schema.String,
  tsx_source: Schema.String,
  theme_id: Schema.optionalKey(DraftTheme),
  sent_at_millis: Schema.optionalKey(Schema.NullOr(Schema.Number))
})
export type EmailDraft = typeof EmailDraft.Type

/** `GET /internal/email-drafts`, newest change first. */
export const EmailDraftList = /*#__PURE__*/ Schema.Struct({ drafts: Schema.Array(EmailDraft) })

/** `POST /internal/email-drafts` body (a starter source when `tsx_source` is absent). */
export const EmailDraftCreate = /*#__PURE__*/ Schema.Struct({
  display_name: Schema.String,
  theme_id: Schema.optionalKey(DraftTheme),
  tsx_source: Schema.optionalKey(Schema.String)
})
export type EmailDraftCreate = typeof EmailDraftCreate.Type

/** `PATCH /internal/email-drafts/{id}` body (an absent `theme_id` means the project's theme). */
export const EmailDraftUpdate = /*#__PURE__*/ Schema.Struct({
  display_name: Schema.optionalKey(Schema.String),
  theme_id: Schema.optionalKey(DraftTheme),
  tsx_source: Schema.optionalKey(Schema.String)
})
export type EmailDraftUpdate = typeof EmailDraftUpdate.Type

/** `POST /internal/email-drafts` answer. */
export const EmailDraftCreated = /*#__PURE__*/ Schema.Struct({ id: Schema.String })

/** PATCH and DELETE answer: `{ ok: "ok" }`. */
export const DraftOk = /*#__PURE__*/ Schema.Struct({ ok: Schema.Literal("ok") })

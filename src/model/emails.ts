/**
 * E-mail models (camelCase) derived from the wire schemas: sending, delivery statistics, the
 * outbox, themes and drafts.
 */
import * as Schema from "effect/Schema"
import * as Drafts from "../wire/email-drafts.ts"
import * as Themes from "../wire/email-themes.ts"
import * as Wire from "../wire/emails.ts"
import { camelize } from "./camel.ts"

/** `sendEmail` options: `userIds` or `allUsers`, and `html`, `templateId` (+ `variables`) or `draftId`. */
export const SendEmailInput = /*#__PURE__*/ camelize(Wire.SendEmailBody)
export type SendEmailInput = typeof SendEmailInput.Type
/** One result per recipient: `{ userId }`. */
export const SendEmailResult = /*#__PURE__*/ camelize(Wire.SendEmailResponse, { results: /*#__PURE__*/ Schema.Array(camelize(Schema.Struct({ user_id: Schema.String }))) })
export type SendEmailResult = typeof SendEmailResult.Type

const DeliveryWindow = /*#__PURE__*/ camelize(Wire.DeliveryWindow)
/** Delivery statistics (sent, bounced, spam per hour, day, week, month) and the sending capacity. */
export const DeliveryInfo = /*#__PURE__*/ camelize(Wire.DeliveryInfo, {
  stats: /*#__PURE__*/ Schema.Struct({ hour: DeliveryWindow, day: DeliveryWindow, week: DeliveryWindow, month: DeliveryWindow }),
  capacity: /*#__PURE__*/ camelize(Wire.DeliveryInfo.fields.capacity)
})
export type DeliveryInfo = typeof DeliveryInfo.Type
/** `{ expiresAt }` of a capacity boost. */
export const CapacityBoost = /*#__PURE__*/ camelize(Wire.CapacityBoost)

/** A user's preference for a notification category. */
export const NotificationPreference = /*#__PURE__*/ camelize(Wire.NotificationPreference)
export type NotificationPreference = typeof NotificationPreference.Type
/** A user's preferences. */
export const NotificationPreferenceList = /*#__PURE__*/ camelize(Wire.NotificationPreferenceList, { items: /*#__PURE__*/ Schema.Array(NotificationPreference) })

/** An e-mail of the outbox (its status decides which optional fields it has). */
export const OutboxEmail = /*#__PURE__*/ camelize(Wire.OutboxEmail)
export type OutboxEmail = typeof OutboxEmail.Type
/** The outbox. */
export const OutboxEmailList = /*#__PURE__*/ camelize(Wire.OutboxEmailList, { items: /*#__PURE__*/ Schema.Array(OutboxEmail) })
/** Edits of an outbox e-mail not yet sent (`isPaused`, `cancel`, `scheduledAtMillis`, `tsxSource`...). */
export const OutboxEmailUpdate = /*#__PURE__*/ camelize(Wire.OutboxEmailUpdate)
export type OutboxEmailUpdate = typeof OutboxEmailUpdate.Type

/** A theme summary `{ id, displayName }`. */
export const EmailThemeSummary = /*#__PURE__*/ camelize(Themes.EmailThemeSummary)
/** The themes. */
export const EmailThemeList = /*#__PURE__*/ camelize(Themes.EmailThemeList, { themes: /*#__PURE__*/ Schema.Array(EmailThemeSummary) })
/** A theme with its TSX source. */
export const EmailTheme = /*#__PURE__*/ camelize(Themes.EmailTheme)
export type EmailTheme = typeof EmailTheme.Type
/** A preview: `{ html, subject?, notificationCategory? }`. */
export const RenderedEmailPreview = /*#__PURE__*/ camelize(Themes.RenderEmailResponse)
export type RenderedEmailPreview = typeof RenderedEmailPreview.Type
/** What to preview: a template (`templateId` or `templateTsxSource`) in a theme (`themeId` or `themeTsxSource`). */
export const RenderEmailInput = /*#__PURE__*/ camelize(Themes.RenderEmailBody)
export type RenderEmailInput = typeof RenderEmailInput.Type

/** A draft. */
export const EmailDraft = /*#__PURE__*/ camelize(Drafts.EmailDraft)
export type EmailDraft = typeof EmailDraft.Type
/** The drafts. */
export const EmailDraftList = /*#__PURE__*/ camelize(Drafts.EmailDraftList, { drafts: /*#__PURE__*/ Schema.Array(EmailDraft) })
/** A new draft (`displayName`, optional `themeId`, `tsxSource`). */
export const EmailDraftCreate = /*#__PURE__*/ camelize(Drafts.EmailDraftCreate)
export type EmailDraftCreate = typeof EmailDraftCreate.Type
/** Draft changes (no `themeId`: the project's theme). */
export const EmailDraftUpdate = /*#__PURE__*/ camelize(Drafts.EmailDraftUpdate)
export type EmailDraftUpdate = typeof EmailDraftUpdate.Type

/** An e-mail the project sent: `{ id, subject, sentAtMillis, to, error }`. */
export const SentEmail = /*#__PURE__*/ camelize(Wire.SentEmail)
export type SentEmail = typeof SentEmail.Type
/** The e-mails the project sent. */
export const SentEmailList = /*#__PURE__*/ camelize(Wire.SentEmailList, { items: /*#__PURE__*/ Schema.Array(SentEmail) })

/**
 * The project owner's records (issue 28): configuration overrides per level and the pushed
 * configuration's source. Kept apart from `state.ts` (which holds them under `StateData.owner`) so
 * the areas grow without touching the shared records.
 */
import * as Schema from "effect/Schema"
import { Json } from "../wire/common.ts"
import { ConfigSource } from "../wire/config.ts"
import { type ActivityEventRecord, ActivityEventRecord as ActivityEventSchema } from "./activity.ts"

/** A JSON object (a config override). */
const JsonObject = Schema.Record(Schema.String, Json)

/** A project's config overrides, one per level, and where the branch's came from. */
export const ConfigOverridesRecord = Schema.Struct({
  project: JsonObject,
  branch: JsonObject,
  environment: JsonObject,
  source: ConfigSource
})
export type ConfigOverridesRecord = typeof ConfigOverridesRecord.Type

/** What a rendered e-mail of the outbox holds. */
export const RenderedEmailRecord = Schema.Struct({
  startedRenderingAtMillis: Schema.Number,
  renderedAtMillis: Schema.Number,
  subject: Schema.String,
  html: Schema.String,
  text: Schema.String,
  isTransactional: Schema.Boolean,
  notificationCategoryId: Schema.NullOr(Schema.String)
})
export type RenderedEmailRecord = typeof RenderedEmailRecord.Type

/** One failed SMTP attempt, in the outbox's `send_attempt_errors` form. */
export const SendAttemptErrorRecord = Schema.Struct({
  attempt_number: Schema.Number,
  timestamp: Schema.String,
  external_message: Schema.String,
  external_details: Schema.Struct({ errorType: Schema.String }),
  internal_message: Schema.String,
  internal_details: Schema.Struct({ rawError: Schema.String, errorType: Schema.String })
})
export type SendAttemptErrorRecord = typeof SendAttemptErrorRecord.Type

/** Where an e-mail of the outbox is in its life (the service's statuses the emulator reaches). */
export const OutboxStatus = Schema.Literals(["paused", "scheduled", "render-error", "sent", "skipped", "server-error"])
export type OutboxStatus = typeof OutboxStatus.Type

/** An e-mail of the outbox API (`send-email`): what was asked, how it rendered, what became of it. */
export const OutboxEntryRecord = Schema.Struct({
  id: Schema.String,
  projectId: Schema.String,
  createdAtMillis: Schema.Number,
  updatedAtMillis: Schema.Number,
  tsxSource: Schema.String,
  themeId: Schema.NullOr(Schema.String),
  userId: Schema.String,
  /** Addresses instead of a user (`custom-emails`, internal e-mails such as feedback). */
  customEmails: Schema.optionalKey(Schema.Array(Schema.String)),
  variables: JsonObject,
  scheduledAtMillis: Schema.Number,
  /** When the queue picks it up at the earliest (`emailQueueDelayMillis` after it was queued). */
  readyAtMillis: Schema.optionalKey(Schema.Number),
  isHighPriority: Schema.Boolean,
  createdWith: Schema.Literals(["draft", "programmatic-call"]),
  draftId: Schema.NullOr(Schema.String),
  templateId: Schema.NullOr(Schema.String),
  overrideSubject: Schema.NullOr(Schema.String),
  overrideNotificationCategoryId: Schema.NullOr(Schema.String),
  status: OutboxStatus,
  rendered: Schema.NullOr(RenderedEmailRecord),
  renderError: Schema.NullOr(Schema.String),
  deliveredAtMillis: Schema.NullOr(Schema.Number),
  skippedReason: Schema.NullOr(Schema.String),
  /** The message in the inbox (`StateData.outbox`), once sent. */
  messageId: Schema.NullOr(Schema.String),
  /** Failed SMTP attempts so far (a custom server that answered 4xx, or did not answer). */
  sendRetries: Schema.optionalKey(Schema.Number),
  /** When a retryable failure is tried again (the service's backoff). */
  nextSendRetryAtMillis: Schema.optionalKey(Schema.Number),
  /** Each failed attempt, as the outbox shows it in `send_attempt_errors`. */
  sendAttemptErrors: Schema.optionalKey(Schema.Array(SendAttemptErrorRecord)),
  /** Why sending failed for good (`server-error`). */
  serverError: Schema.optionalKey(Schema.String),
  /** When the last send attempt started. */
  startedSendingAtMillis: Schema.optionalKey(Schema.Number)
})
export type OutboxEntryRecord = typeof OutboxEntryRecord.Type

/** A one-time unsubscribe link's code. */
export const UnsubscribeCodeRecord = Schema.Struct({
  projectId: Schema.String,
  userId: Schema.String,
  notificationCategoryId: Schema.String,
  expiresAtMillis: Schema.Number,
  used: Schema.Boolean
})
export type UnsubscribeCodeRecord = typeof UnsubscribeCodeRecord.Type

/** An e-mail draft (`/internal/email-drafts`): its theme is the project's, none, or a chosen one. */
export const EmailDraftRecord = Schema.Struct({
  id: Schema.String,
  projectId: Schema.String,
  displayName: Schema.String,
  tsxSource: Schema.String,
  themeMode: Schema.Literals(["project-default", "none", "custom"]),
  themeId: Schema.NullOr(Schema.String),
  sentAtMillis: Schema.NullOr(Schema.Number),
  updatedAtMillis: Schema.Number
})
export type EmailDraftRecord = typeof EmailDraftRecord.Type

/** Schema of the owner's part of a saved state. */
export const OwnerStateSchema = Schema.Struct({
  /** Key: the project id. */
  configOverrides: Schema.Record(Schema.String, ConfigOverridesRecord),
  /** Key: the e-mail's id. */
  emails: Schema.optionalKey(Schema.Record(Schema.String, OutboxEntryRecord)),
  /** Key: `${projectId}:${userId}:${categoryId}`; absent: the category's default (enabled). */
  notificationPreferences: Schema.optionalKey(Schema.Record(Schema.String, Schema.Boolean)),
  /** Key: the code. */
  unsubscribeCodes: Schema.optionalKey(Schema.Record(Schema.String, UnsubscribeCodeRecord)),
  /** Key: the project id; value: when its e-mail capacity boost ends. */
  capacityBoosts: Schema.optionalKey(Schema.Record(Schema.String, Schema.Number)),
  /** Key: the draft's id. */
  drafts: Schema.optionalKey(Schema.Record(Schema.String, EmailDraftRecord)),
  /** Access tokens handed out, oldest first (`activity.ts`): what the metrics count. */
  activity: Schema.optionalKey(Schema.Array(ActivityEventSchema))
})

/** The owner's records (maps mutated in place, records replaced whole). */
export interface OwnerState {
  configOverrides: Record<string, ConfigOverridesRecord>
  emails: Record<string, OutboxEntryRecord>
  notificationPreferences: Record<string, boolean>
  unsubscribeCodes: Record<string, UnsubscribeCodeRecord>
  capacityBoosts: Record<string, number>
  drafts: Record<string, EmailDraftRecord>
  activity: Array<ActivityEventRecord>
}

/** No records yet. */
export const emptyOwnerState = (): OwnerState => ({
  configOverrides: Object.create(null),
  emails: Object.create(null),
  notificationPreferences: Object.create(null),
  unsubscribeCodes: Object.create(null),
  capacityBoosts: Object.create(null),
  drafts: Object.create(null),
  activity: []
})

/** The owner's records of a decoded file, as prototype-free maps. */
export const ownerStateFrom = (decoded: typeof OwnerStateSchema.Type | undefined): OwnerState => {
  const state = emptyOwnerState()
  for (const [id, overrides] of Object.entries(decoded?.configOverrides ?? {})) state.configOverrides[id] = overrides
  for (const [id, email] of Object.entries(decoded?.emails ?? {})) state.emails[id] = email
  for (const [key, enabled] of Object.entries(decoded?.notificationPreferences ?? {})) state.notificationPreferences[key] = enabled
  for (const [code, record] of Object.entries(decoded?.unsubscribeCodes ?? {})) state.unsubscribeCodes[code] = record
  for (const [id, until] of Object.entries(decoded?.capacityBoosts ?? {})) state.capacityBoosts[id] = until
  for (const [id, draft] of Object.entries(decoded?.drafts ?? {})) state.drafts[id] = draft
  state.activity.push(...(decoded?.activity ?? []))
  return state
}

/** A project's overrides (empty ones when it has none yet). */
export const configOverridesOf = (owner: OwnerState, projectId: string): ConfigOverridesRecord =>
  owner.configOverrides[projectId] ?? { project: {}, branch: {}, environment: {}, source: { type: "unlinked" } }

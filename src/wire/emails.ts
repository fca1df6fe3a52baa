/**
 * Sending e-mail from a server (`POST /emails/send-email`), notification preferences
 * (`/emails/notification-preference/{user_id}[/{category_id}]`) and the outbox
 * (`/emails/outbox[/{id}]`), as today's service has them.
 */
import * as Schema from "effect/Schema"
import { Json } from "./common.ts"
import { Uuid } from "./teams.ts"
import { ThemeChoice } from "./email-themes.ts"

/**
 * `POST /emails/send-email` body: recipients (`user_ids` or `all_users: true`), content (`html`,
 * `template_id` with `variables`, or `draft_id`), and options.
 */
export const SendEmailBody = /*#__PURE__*/ Schema.Struct({
  user_ids: Schema.optionalKey(Schema.Array(Schema.String)),
  all_users: Schema.optionalKey(Schema.Literal(true)),
  subject: Schema.optionalKey(Schema.String),
  notification_category_name: Schema.optionalKey(Schema.String),
  theme_id: Schema.optionalKey(ThemeChoice),
  is_high_priority: Schema.optionalKey(Schema.Boolean),
  scheduled_at_millis: Schema.optionalKey(Schema.Number),
  html: Schema.optionalKey(Schema.String),
  template_id: Schema.optionalKey(Uuid),
  variables: Schema.optionalKey(Schema.Record(Schema.String, Json)),
  draft_id: Schema.optionalKey(Schema.String)
})
export type SendEmailBody = typeof SendEmailBody.Type

/** `POST /emails/send-email` answer: one result per recipient user. */
export const SendEmailResponse = /*#__PURE__*/ Schema.Struct({ results: Schema.Array(Schema.Struct({ user_id: Schema.String })) })
export type SendEmailResponse = typeof SendEmailResponse.Type

/** A user's preference for one notification category. */
export const NotificationPreference = /*#__PURE__*/ Schema.Struct({
  notification_category_id: Schema.String,
  notification_category_name: Schema.String,
  enabled: Schema.Boolean,
  can_disable: Schema.Boolean
})
export type NotificationPreference = typeof NotificationPreference.Type

/** `GET /emails/notification-preference/{user_id}`. */
export const NotificationPreferenceList = /*#__PURE__*/ Schema.Struct({ items: Schema.Array(NotificationPreference), is_paginated: Schema.Boolean })

/** `PATCH /emails/notification-preference/{user_id}/{notification_category_id}` body. */
export const NotificationPreferenceUpdate = /*#__PURE__*/ Schema.Struct({ enabled: Schema.Boolean })

/** Who an outbox e-mail goes to. */
export const OutboxRecipient = /*#__PURE__*/ Schema.Union([
  Schema.Struct({ type: Schema.Literal("user-primary-email"), user_id: Schema.String }),
  Schema.Struct({ type: Schema.Literal("user-custom-emails"), user_id: Schema.String, emails: Schema.Array(Schema.String) }),
  Schema.Struct({ type: Schema.Literal("custom-emails"), emails: Schema.Array(Schema.String) })
])

const optionalNumber = Schema.optionalKey(Schema.Number)

/**
 * An e-mail of the outbox: the fields every status has, and those of its status (rendered ones once
 * rendered, `delivered_at_millis` once sent, `skipped_reason` when skipped, `render_error` ...).
 */
export const OutboxEmail = /*#__PURE__*/ Schema.Struct({
  id: Schema.String,
  created_at_millis: Schema.Number,
  updated_at_millis: Schema.Number,
  tsx_source: Schema.String,
  theme_id: Schema.NullOr(Schema.String),
  to: OutboxRecipient,
  variables: Schema.Record(Schema.String, Json),
  skip_deliverability_check: Schema.Boolean,
  scheduled_at_millis: Schema.Number,
  created_with: Schema.Literals(["draft", "programmatic-call"]),
  email_draft_id: Schema.NullOr(Schema.String),
  email_programmatic_call_template_id: Schema.NullOr(Schema.String),
  send_retries: Schema.Number,
  next_send_retry_at_millis: Schema.NullOr(Schema.Number),
  send_attempt_errors: Schema.NullOr(Schema.Array(Json)),
  status: Schema.String,
  simple_status: Schema.Literals(["in-progress", "ok", "error"]),
  is_paused: Schema.Boolean,
  has_rendered: Schema.Boolean,
  has_delivered: Schema.Boolean,
  started_rendering_at_millis: optionalNumber,
  rendered_at_millis: optionalNumber,
  subject: Schema.optionalKey(Schema.String),
  html: Schema.optionalKey(Schema.NullOr(Schema.String)),
  text: Schema.optionalKey(Schema.NullOr(Schema.String)),
  is_transactional: Schema.optionalKey(Schema.Boolean),
  is_high_priority: Schema.optionalKey(Schema.Boolean),
  notification_category_id: Schema.optionalKey(Schema.NullOr(Schema.String)),
  started_sending_at_millis: optionalNumber,
  delivered_at_millis: optionalNumber,
  can_have_delivery_info: Schema.optionalKey(Schema.Boolean),
  render_error: Schema.optionalKey(Schema.String),
  skipped_at_millis: optionalNumber,
  skipped_reason: Schema.optionalKey(Schema.String),
  skipped_details: Schema.optionalKey(Schema.Record(Schema.String, Json)),
  error_at_millis: optionalNumber,
  server_error: Schema.optionalKey(Schema.String)
})
export type OutboxEmail = typeof OutboxEmail.Type

/** `GET /emails/outbox`. */
export const OutboxEmailList = /*#__PURE__*/ Schema.Struct({
  items: Schema.Array(OutboxEmail),
  is_paginated: Schema.Boolean,
  /** The id the next page starts at (`?cursor=`), `null` on the last page. */
  pagination: Schema.optionalKey(Schema.Struct({ next_cursor: Schema.NullOr(Schema.String) }))
})

/** Sent, bounced and spam-marked e-mails in one time window. */
export const DeliveryWindow = /*#__PURE__*/ Schema.Struct({ sent: Schema.Number, bounced: Schema.Number, marked_as_spam: Schema.Number })

/** `GET /emails/delivery-info`: delivery statistics per window and the sending capacity. */
export const DeliveryInfo = /*#__PURE__*/ Schema.Struct({
  stats: Schema.Struct({ hour: DeliveryWindow, day: DeliveryWindow, week: DeliveryWindow, month: DeliveryWindow }),
  capacity: Schema.Struct({
    rate_per_second: Schema.Number,
    boost_multiplier: Schema.Number,
    penalty_factor: Schema.Number,
    is_boost_active: Schema.Boolean,
    boost_expires_at: Schema.NullOr(Schema.String)
  })
})
export type DeliveryInfo = typeof DeliveryInfo.Type

/** `POST /emails/capacity-boost` answer: when the boost ends (ISO date). */
export const CapacityBoost = /*#__PURE__*/ Schema.Struct({ expires_at: Schema.String })

/** `PATCH /emails/outbox/{id}`: edits an e-mail that has not been sent, pauses, resumes or cancels it. */
export const OutboxEmailUpdate = /*#__PURE__*/ Schema.Struct({
  tsx_source: Schema.optionalKey(Schema.String),
  theme_id: Schema.optionalKey(Schema.NullOr(Schema.String)),
  to: Schema.optionalKey(OutboxRecipient),
  variables: Schema.optionalKey(Schema.Record(Schema.String, Json)),
  skip_deliverability_check: Schema.optionalKey(Schema.Boolean),
  scheduled_at_millis: Schema.optionalKey(Schema.Number),
  is_paused: Schema.optionalKey(Schema.Boolean),
  cancel: Schema.optionalKey(Schema.Literal(true))
})
export type OutboxEmailUpdate = typeof OutboxEmailUpdate.Type

/** One e-mail the project sent (`GET /internal/emails`). */
export const SentEmail = /*#__PURE__*/ Schema.Struct({
  id: Schema.String,
  subject: Schema.String,
  sent_at_millis: Schema.Number,
  to: Schema.Array(Schema.String),
  error: Schema.NullOr(Json)
})
/** `GET /internal/emails`: the e-mails the project sent, newest first. */
export const SentEmailList = /*#__PURE__*/ Schema.Struct({ items: Schema.Array(SentEmail), is_paginated: Schema.Boolean })

/**
 * `POST /internal/send-test-email` (admin): sends one e-mail through the given SMTP settings, so a
 * project owner can check them before saving; answers whether it went through.
 */
import * as Schema from "effect/Schema"
import { Email } from "./teams.ts"

/** The SMTP settings to try. */
export const TestEmailConfig = /*#__PURE__*/ Schema.Struct({
  host: Schema.String,
  port: Schema.Int,
  username: Schema.String,
  password: Schema.String,
  /** Checked as an e-mail address, like the service (SCHEMA_ERROR `... must be a valid email`). */
  sender_email: Email,
  sender_name: Schema.String
})

/** The request body. */
export const SendTestEmailBody = /*#__PURE__*/ Schema.Struct({
  /** Checked as an e-mail address, like the service (SCHEMA_ERROR `... must be a valid email`). */
  recipient_email: Email,
  email_config: TestEmailConfig
})
export type SendTestEmailBody = typeof SendTestEmailBody.Type

/** The answer: `success`, and the SMTP server's complaint when it failed. */
export const SendTestEmailResponse = /*#__PURE__*/ Schema.Struct({
  success: Schema.Boolean,
  error_message: /*#__PURE__*/ Schema.optionalKey(Schema.String)
})
export type SendTestEmailResponse = typeof SendTestEmailResponse.Type

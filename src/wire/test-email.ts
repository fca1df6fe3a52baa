/**
 * `POST /internal/send-test-email` (admin): sends one e-mail through the given SMTP settings, so a
 * project owner can check them before saving; answers whether it went through.
 */
import * as Schema from "effect/Schema"

/** The SMTP settings to try. */
export const TestEmailConfig = /*#__PURE__*/ Schema.Struct({
  host: Schema.String,
  port: Schema.Int,
  username: Schema.String,
  password: Schema.String,
  sender_email: Schema.String,
  sender_name: Schema.String
})

/** The request body. */
export const SendTestEmailBody = /*#__PURE__*/ Schema.Struct({
  recipient_email: Schema.String,
  email_config: TestEmailConfig
})
export type SendTestEmailBody = typeof SendTestEmailBody.Type

/** The answer: `success`, and the SMTP server's complaint when it failed. */
export const SendTestEmailResponse = /*#__PURE__*/ Schema.Struct({
  success: Schema.Boolean,
  error_message: /*#__PURE__*/ Schema.optionalKey(Schema.String)
})
export type SendTestEmailResponse = typeof SendTestEmailResponse.Type

/**
 * `POST /internal/send-test-email` (admin): the emulator sends no mail over SMTP; it puts the test
 * e-mail in its outbox (so a test can see it arrived) and answers success. A host it cannot be
 * (empty, or with spaces) fails the way an unreachable server would.
 */
import * as Effect from "effect/Effect"
import { SendTestEmailBody, SendTestEmailResponse } from "../../wire/test-email.ts"
import { sendEmail } from "../outbox.ts"
import * as Reply from "../reply.ts"
import { defineRoute } from "../router.ts"

/** The routes of this file. */
export const routes = [
  defineRoute({
    method: "POST",
    path: "/internal/send-test-email",
    access: ["admin"],
    body: SendTestEmailBody,
    handler: (ctx) =>
      Effect.suspend(() => {
        const config = ctx.body.email_config
        if (config.host.trim() === "" || /\s/.test(config.host.trim())) {
          return Reply.json(SendTestEmailResponse, { success: false, error_message: `Could not connect to the SMTP server ${config.host}:${config.port}.` })
        }
        sendEmail(ctx.data, {
          projectId: ctx.auth.project.id,
          to: ctx.body.recipient_email,
          subject: "Test email from Stack Auth",
          text: `This is a test e-mail sent by ${config.sender_name} <${config.sender_email}> through ${config.host}:${config.port}.`
        }, ctx.now)
        return Reply.json(SendTestEmailResponse, { success: true })
      })
  })
]

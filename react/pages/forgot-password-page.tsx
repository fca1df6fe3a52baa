/** `/handler/forgot-password`: asks for the address to send a password-reset link to. */
import * as Effect from "effect/Effect"
import { useState } from "react"
import { sendForgotPasswordEmail } from "../../src/client/index.ts"
import { useStackMutation } from "../hooks.ts"
import { ErrorText, Field, Form, Note, useField } from "../components/form.tsx"
import { callbackUrl } from "../components/urls.ts"
import { Page } from "./page.tsx"

/** Sends the reset link (to the password-reset page, keeping `after_auth_return_to`). */
export const ForgotPasswordPage = () => {
  const email = useField()
  const [sent, setSent] = useState(false)
  const send = useStackMutation(() => Effect.flatMap(callbackUrl("passwordReset"), (url) => sendForgotPasswordEmail({ email: email.value.trim(), callbackUrl: url })))
  return (
    <Page title="Reset your password">
      {sent
        ? <Note>If an account uses this address, a reset link is on its way.</Note>
        : (
          <Form onSubmit={() => void send.run().then((exit) => setSent(exit._tag === "Success"))} submit="Send the link" pending={send.pending} label="Reset your password">
            <Field name="email" label="E-mail" type="email" field={email} autoComplete="email" required maxLength={254} />
          </Form>
        )}
      <ErrorText error={send.error} overrides={{ UserNotFound: "If an account uses this address, a reset link is on its way." }} />
    </Page>
  )
}

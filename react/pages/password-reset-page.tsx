/** `/handler/password-reset`: a new password with the code of a reset e-mail. */
import * as Effect from "effect/Effect"
import { useState } from "react"
import { checkPasswordConfirmation, resetPassword } from "../../src/client/index.ts"
import { useStackMutation } from "../hooks.ts"
import { brokenLinkOverrides } from "../components/error-message.ts"
import { ErrorText, Field, Form, Note, useField } from "../components/form.tsx"
import { currentParam, useHandlerUrls } from "../components/urls.ts"
import { usePageParam } from "../page-location.ts"
import { Page } from "./page.tsx"

/** Sets the new password; then links to sign-in, keeping `after_auth_return_to`. */
export const PasswordResetPage = () => {
  const password = useField()
  const repeat = useField()
  const [done, setDone] = useState(false)
  const urls = useHandlerUrls()
  const reset = useStackMutation(() =>
    Effect.andThen(
      checkPasswordConfirmation(password.value, repeat.value),
      Effect.flatMap(currentParam("code"), (code) => resetPassword({ code, password: password.value }))
    ))
  const returnTo = usePageParam("after_auth_return_to")
  const signIn = returnTo === null ? urls.signIn : `${urls.signIn}?after_auth_return_to=${encodeURIComponent(returnTo)}`
  return (
    <Page title="Choose a new password">
      {done
        ? <Note>Your password is changed. <a href={signIn}>Sign in with it</a>.</Note>
        : (
          <Form onSubmit={() => void reset.run().then((exit) => setDone(exit._tag === "Success"))} submit="Save" pending={reset.pending} label="New password">
            <Field name="password" label="New password" type="password" field={password} autoComplete="new-password" required maxLength={256} />
            <Field name="password-repeat" label="Repeat the new password" type="password" field={repeat} autoComplete="new-password" required />
          </Form>
        )}
      <ErrorText error={reset.error} overrides={brokenLinkOverrides} />
    </Page>
  )
}

/** Account settings: change the password, or set one when the user has none. */
import * as Effect from "effect/Effect"
import { useState } from "react"
import { checkPasswordConfirmation, setPassword } from "../../../src/client/index.ts"
import { useStackMutation } from "../../hooks.ts"
import { ErrorText, Field, Form, Note, useField } from "../form.tsx"
import { changePassword, newPasswordsMismatchOverrides } from "../password-change.ts"

/** The password form: old and new for a user with a password, new only for one without. */
export const PasswordSection = ({ hasPassword }: { readonly hasPassword: boolean }) => {
  const current = useField()
  const next = useField()
  const repeat = useField()
  const [done, setDone] = useState(false)
  const save = useStackMutation(() =>
    Effect.andThen(
      checkPasswordConfirmation(next.value, repeat.value),
      hasPassword ? changePassword({ oldPassword: current.value, newPassword: next.value }) : setPassword({ password: next.value })
    )
  )
  const submit = async () => {
    const exit = await save.run()
    setDone(exit._tag === "Success")
    if (exit._tag === "Success") for (const field of [current, next, repeat]) field.set("")
  }
  return (
    <section className="stackfx-section" aria-labelledby="stackfx-password">
      <h2 id="stackfx-password">Password</h2>
      <Form onSubmit={() => void submit()} submit={hasPassword ? "Change password" : "Set password"} pending={save.pending} label="Password">
        {hasPassword ? <Field name="old-password" label="Current password" type="password" field={current} autoComplete="current-password" required /> : null}
        <Field name="new-password" label="New password" type="password" field={next} autoComplete="new-password" required maxLength={256} />
        <Field name="new-password-repeat" label="Repeat the new password" type="password" field={repeat} autoComplete="new-password" required />
      </Form>
      {done ? <Note>{hasPassword ? "Your password is changed. Other sessions were signed out." : "Your password is set."}</Note> : null}
      <ErrorText error={save.error} overrides={newPasswordsMismatchOverrides} />
    </section>
  )
}

/** Account settings: change the password (or set one when the user has none), in a dialog. */
import { useState } from "react"
import { setPassword } from "../../../src/client/index.ts"
import { useStackMutation } from "../../hooks.ts"
import { Field, useField } from "../form.tsx"
import { changePassword, newPasswordsMismatchOverrides } from "../password-change.ts"
import { Dialog } from "../ui/dialog.tsx"
import { DialogForm } from "../ui/dialog-form.tsx"
import type { NoticeControl } from "../ui/notice.tsx"
import { SettingsGroup } from "./group.tsx"


/** The password group: a button opening the change (or set) dialog. */
export const PasswordGroup = ({ hasPassword, notice }: { readonly hasPassword: boolean; readonly notice: NoticeControl }) => {
  const [open, setOpen] = useState(false)
  const current = useField()
  const next = useField()
  const repeat = useField()
  const [mismatch, setMismatch] = useState(false)
  const save = useStackMutation(() =>
    hasPassword ? changePassword({ oldPassword: current.value, newPassword: next.value }) : setPassword({ password: next.value })
  )
  const close = () => {
    for (const field of [current, next, repeat]) field.set("")
    setMismatch(false)
    setOpen(false)
  }
  const submit = async () => {
    // Checked here: the server's code for a mismatch is the same as for a wrong current password.
    setMismatch(next.value !== repeat.value)
    if (next.value !== repeat.value) return
    const exit = await save.run()
    if (exit._tag !== "Success") return
    notice.saved(hasPassword ? "Your password is changed. Your other sessions were signed out." : "Your password is set. You can sign in with it.")
    close()
  }
  const title = hasPassword ? "Change your password" : "Set a password"
  return (
    <SettingsGroup title="Password" description={hasPassword ? "Sign in with your e-mail address and a password." : "You have no password yet: set one to sign in with your e-mail address and it."}
      action={
        <button type="button" name="open-password" className="stackfx-button stackfx-secondary" onClick={() => setOpen(true)}>
          {hasPassword ? "Change password" : "Set password"}
        </button>
      }>
      <Dialog open={open} onClose={close} busy={save.pending} title={title} name="password">
        <DialogForm label={title} onSubmit={() => void submit()} onCancel={close} submit={hasPassword ? "Change password" : "Set password"} pending={save.pending}
          error={mismatch ? { message: "The new passwords do not match." } : save.error} overrides={newPasswordsMismatchOverrides}>
          {hasPassword ? <Field name="old-password" label="Current password" type="password" field={current} autoComplete="current-password" required /> : null}
          <Field name="new-password" label="New password" type="password" field={next} autoComplete="new-password" required maxLength={256} />
          <Field name="new-password-repeat" label="Repeat the new password" type="password" field={repeat} autoComplete="new-password" required />
        </DialogForm>
      </Dialog>
    </SettingsGroup>
  )
}

/**
 * `DialogForm`: the form inside a creation dialog: its fields, the failure (announced), then Cancel
 * and the submit button. Enter submits; a run in progress disables both buttons.
 */
import type { ReactNode } from "react"
import { ErrorText } from "../form.tsx"
import { DialogActions } from "./dialog.tsx"

/** Props of {@link DialogForm}. */
export interface DialogFormProps {
  /** The form's accessible name. */
  readonly label: string
  readonly onSubmit: () => void
  readonly onCancel: () => void
  /** The submit button's text. */
  readonly submit: string
  readonly pending: boolean
  /** The last failure (nothing when undefined). */
  readonly error?: unknown
  /** Texts by error tag or code, as `ErrorText` takes them. */
  readonly overrides?: Readonly<Record<string, string>>
  readonly children?: ReactNode
}

/** A dialog's form (see the module's notes). */
export const DialogForm = (props: DialogFormProps) => (
  <form aria-label={props.label} className="stackfx-dialog-form" onSubmit={(event) => {
    event.preventDefault()
    if (!props.pending) props.onSubmit()
  }}>
    {props.children}
    <ErrorText error={props.error} overrides={props.overrides ?? {}} />
    <DialogActions>
      <button type="button" className="stackfx-button stackfx-secondary" onClick={props.onCancel} disabled={props.pending}>Cancel</button>
      <button type="submit" className="stackfx-button" disabled={props.pending}>{props.submit}</button>
    </DialogActions>
  </form>
)

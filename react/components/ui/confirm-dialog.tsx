/**
 * `ConfirmDialog`: the question before a destructive action ("Leave the team?"), with a cancel
 * button that takes the focus first (the safe choice), the action's button, and its failure shown
 * inside the dialog so the person can try again or cancel.
 */
import type { ReactNode } from "react"
import { readableMessage } from "../error-message.ts"
import { Dialog, DialogActions } from "./dialog.tsx"

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  readonly open: boolean
  readonly onClose: () => void
  /** The question, as the title ("Delete your account?"). */
  readonly title: string
  /** What happens, in a sentence. */
  readonly description: ReactNode
  /** The action's button ("Delete account"). */
  readonly confirm: string
  /** Runs the action; the parent closes the dialog when it succeeds. */
  readonly onConfirm: () => void
  /** The action is running: buttons disabled, Escape ignored. */
  readonly pending?: boolean
  /** The action's last failure (shown in the dialog). */
  readonly error?: unknown
  /** The action destroys something (red button). Default true. */
  readonly destructive?: boolean
  readonly name?: string
  readonly children?: ReactNode
}

/** A confirmation dialog (see the module's notes). */
export const ConfirmDialog = (props: ConfirmDialogProps) => {
  const pending = props.pending === true
  return (
    <Dialog open={props.open} onClose={props.onClose} title={props.title} description={props.description} busy={pending} name={props.name}>
      {props.children}
      <p className="stackfx-error" role="alert">{props.error === undefined ? null : readableMessage(props.error)}</p>
      <DialogActions>
        <button type="button" className="stackfx-button stackfx-secondary" autoFocus disabled={pending} onClick={props.onClose}>Cancel</button>
        <button
          type="button"
          name="confirm"
          className={props.destructive === false ? "stackfx-button" : "stackfx-button stackfx-danger"}
          disabled={pending}
          aria-busy={pending}
          onClick={props.onConfirm}
        >
          {props.confirm}
        </button>
      </DialogActions>
    </Dialog>
  )
}

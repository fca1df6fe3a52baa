/**
 * `Dialog`: a modal on the native `<dialog>` (`showModal`: the browser makes the rest of the page
 * inert and keeps focus inside). Focus moves to the first field or button (or the element marked
 * `autoFocus`), returns to the element that opened it, Escape closes it, and its title names it.
 */
import { type ReactNode, useEffect, useId, useRef } from "react"
import { dialogSheet, KitStyle } from "../kit-styles.tsx"
import { PrimitiveStyles } from "./styles.tsx"

/** Props of {@link Dialog}. */
export interface DialogProps {
  /** Shown (as a modal) while true. */
  readonly open: boolean
  /** Called when the person closes it: Escape, or a button that calls it. The parent sets `open` false. */
  readonly onClose: () => void
  /** The visible heading, and the dialog's accessible name. */
  readonly title: string
  /** A line under the title, read as the dialog's description. */
  readonly description?: ReactNode
  /** Escape does nothing while true (an action is running). */
  readonly busy?: boolean
  readonly children?: ReactNode
  /** Test and style hook on the `<dialog>`. */
  readonly name?: string | undefined
}

/** A modal dialog (see the module's notes). */
export const Dialog = ({ open, onClose, title, description, busy = false, children, name }: DialogProps) => {
  const ref = useRef<HTMLDialogElement>(null)
  const opener = useRef<Element | null>(null)
  const titleId = useId()
  const descriptionId = useId()
  useEffect(() => {
    const dialog = ref.current
    if (dialog === null) return
    if (open && !dialog.open) {
      opener.current = document.activeElement
      dialog.showModal()
    } else if (!open && dialog.open) {
      dialog.close()
    }
  }, [open])
  // Focus goes back to the opener when the dialog goes away, also when it unmounts while open.
  useEffect(() => {
    if (!open) return
    return () => {
      const back = opener.current
      opener.current = null
      if (back instanceof HTMLElement && back.isConnected) back.focus()
    }
  }, [open])
  return (
    <dialog
      ref={ref}
      className="stackfx-dialog"
      data-name={name}
      aria-labelledby={titleId}
      aria-describedby={description === undefined ? undefined : descriptionId}
      onCancel={(event) => {
        // Escape: the parent owns `open`, so the native close is replaced by `onClose`.
        event.preventDefault()
        if (!busy) onClose()
      }}
    >
      <PrimitiveStyles name="dialog" />
      <KitStyle sheet={dialogSheet} />
      {open
        ? (
          <div className="stackfx-dialog-body">
            <h2 className="stackfx-dialog-title" id={titleId}>{title}</h2>
            {description === undefined ? null : <p className="stackfx-dialog-description" id={descriptionId}>{description}</p>}
            {children}
          </div>
        )
        : null}
    </dialog>
  )
}

/** Props of {@link DialogActions}. */
export interface DialogActionsProps {
  readonly children?: ReactNode
}

/** The row of buttons at the foot of a dialog (cancel first, the action last). */
export const DialogActions = ({ children }: DialogActionsProps) => <div className="stackfx-dialog-actions">{children}</div>

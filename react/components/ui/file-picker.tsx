/**
 * `FilePicker`: a file input styled as a button with the chosen file's name beside it. The native
 * input stays in the page (visually hidden, still focusable and in the tab order), so keyboard,
 * screen readers and drag-and-drop work as the browser makes them; the button shows its focus ring.
 */
import { type ChangeEvent, useId, useState } from "react"
import { PrimitiveStyles } from "./styles.tsx"

/** Props of {@link FilePicker}. */
export interface FilePickerProps {
  /** The field's label (its accessible name). */
  readonly label: string
  /** The button's text (default "Choose a file…"). */
  readonly button?: string
  /** The input's `accept` (e.g. `image/*`). */
  readonly accept?: string
  /** Called with the chosen file. */
  readonly onFile: (file: File) => void
  readonly disabled?: boolean
  /** The input's `name`. */
  readonly name?: string
  /** A line under the field (limits, formats). */
  readonly hint?: string
}

/** A styled, accessible file input (see the module's notes). */
export const FilePicker = ({ label, button = "Choose a file…", accept, onFile, disabled = false, name, hint }: FilePickerProps) => {
  const [chosen, setChosen] = useState<string | undefined>(undefined)
  const inputId = useId()
  const hintId = useId()
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    // Cleared so that choosing the same file again fires `change` again.
    event.target.value = ""
    if (file === undefined) return
    setChosen(file.name)
    onFile(file)
  }
  return (
    <div className="stackfx-file">
      <PrimitiveStyles name="filePicker" />
      <label htmlFor={inputId}>{label}</label>
      <div className="stackfx-file-row">
        <input
          id={inputId}
          className="stackfx-visually-hidden"
          type="file"
          name={name}
          accept={accept}
          disabled={disabled}
          aria-describedby={hint === undefined ? undefined : hintId}
          onChange={onChange}
        />
        {/* The visible button is the label of the same input: a click opens the browser's picker. */}
        <label htmlFor={inputId} className="stackfx-file-button" aria-hidden="true">{button}</label>
        <span className="stackfx-file-name">{chosen ?? "No file chosen"}</span>
      </div>
      {hint === undefined ? null : <span className="stackfx-file-hint" id={hintId}>{hint}</span>}
    </div>
  )
}

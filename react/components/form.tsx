/**
 * The kit's form parts: labelled fields, a submit button that shows progress, and an error line
 * that assistive technology announces. Every form of the kit is built from these.
 */
import { type ChangeEvent, type FormEvent, type ReactNode, useState } from "react"
import { readableMessage } from "./error-message.ts"

/** A controlled text field's value and change handler. */
export interface FieldState {
  readonly value: string
  readonly onChange: (event: ChangeEvent<HTMLInputElement>) => void
  readonly set: (value: string) => void
}

/** State for one text field (kept when a submit fails, so nothing typed is lost). */
export const useField = (initial = ""): FieldState => {
  const [value, set] = useState(initial)
  return { value, set, onChange: (event) => set(event.target.value) }
}

/** Props of {@link Field}. */
export interface FieldProps {
  /** The input's `name` (forms and tests find it by name). */
  readonly name: string
  /** The visible label. */
  readonly label: string
  readonly field: FieldState
  readonly type?: "text" | "email" | "password" | "url"
  readonly autoComplete?: string
  readonly required?: boolean
  readonly maxLength?: number
  readonly inputMode?: "numeric" | "text" | "email"
  readonly autoFocus?: boolean
}

/** A labelled input. */
export const Field = (props: FieldProps) => (
  <label className="stackfx-field">
    <span>{props.label}</span>
    <input
      name={props.name}
      type={props.type ?? "text"}
      value={props.field.value}
      onChange={props.field.onChange}
      autoComplete={props.autoComplete}
      required={props.required}
      maxLength={props.maxLength}
      inputMode={props.inputMode}
      autoFocus={props.autoFocus}
    />
  </label>
)

/** Props of {@link ErrorText}. */
export interface ErrorTextProps {
  /** The failure to show (nothing when undefined). */
  readonly error: unknown
  /** Texts by error tag or catalogue code, replacing the server's words. */
  readonly overrides?: Readonly<Record<string, string>>
}

/** An announced error line: empty until there is an error, then its readable message. */
export const ErrorText = ({ error, overrides }: ErrorTextProps) => (
  <p className="stackfx-error" role="alert" aria-live="assertive">
    {error === undefined ? null : readableMessage(error, overrides)}
  </p>
)

/** A muted note. */
export const Note = ({ children }: { readonly children?: ReactNode }) => <p className="stackfx-note">{children}</p>

/** Props of {@link Form}. */
export interface FormProps {
  readonly onSubmit: () => void
  /** The submit button's text. */
  readonly submit: string
  /** Disables the button and says so while the action runs. */
  readonly pending: boolean
  /** Accessible name of the form. */
  readonly label?: string
  readonly children?: ReactNode
}

/** A form whose submit button is disabled (and busy) while `pending`. */
export const Form = (props: FormProps) => (
  <form
    aria-label={props.label}
    aria-busy={props.pending}
    onSubmit={(event: FormEvent) => {
      event.preventDefault()
      if (!props.pending) props.onSubmit()
    }}
  >
    {props.children}
    <button type="submit" className="stackfx-button" disabled={props.pending}>{props.submit}</button>
  </form>
)

/** Props of {@link ActionButton}. */
export interface ActionButtonProps {
  readonly name?: string
  readonly onClick: () => void
  readonly pending?: boolean
  readonly secondary?: boolean
  readonly label?: string
  readonly children?: ReactNode
}

/** A button that runs an action, disabled while it runs. */
export const ActionButton = (props: ActionButtonProps) => (
  <button
    type="button"
    name={props.name}
    aria-label={props.label}
    className={props.secondary === true ? "stackfx-button stackfx-secondary" : "stackfx-button"}
    disabled={props.pending === true}
    onClick={props.onClick}
  >
    {props.children}
  </button>
)

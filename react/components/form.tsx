/**
 * The kit's form parts: labelled fields, a submit button that shows progress, and an error line
 * that assistive technology announces. Every form of the kit is built from these.
 */
import { type ChangeEvent, type FormEvent, type ReactNode, useId, useState } from "react"
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
  /** The value is wrong: marked `aria-invalid`. */
  readonly invalid?: boolean
  /** The id of the text that says why (`aria-describedby`), e.g. the form's {@link ErrorText}. */
  readonly describedBy?: string
  /** A hint under the field, described to assistive technology. */
  readonly hint?: string
}

/** A labelled input, its hint and its error described (`aria-describedby`), `aria-invalid` when wrong. */
export const Field = (props: FieldProps) => {
  const id = useId()
  const hintId = `${id}-hint`
  const described = [props.hint === undefined ? undefined : hintId, props.invalid === true ? props.describedBy : undefined].filter((part) => part !== undefined)
  return (
    <div className="stackfx-field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? "text"}
        value={props.field.value}
        onChange={props.field.onChange}
        autoComplete={props.autoComplete}
        required={props.required}
        maxLength={props.maxLength}
        inputMode={props.inputMode}
        autoFocus={props.autoFocus}
        aria-invalid={props.invalid === true ? true : undefined}
        aria-describedby={described.length === 0 ? undefined : described.join(" ")}
      />
      {props.hint === undefined ? null : <p id={hintId} className="stackfx-hint">{props.hint}</p>}
    </div>
  )
}

/** Props of {@link ErrorText}. */
export interface ErrorTextProps {
  /** The failure to show (nothing when undefined). */
  readonly error: unknown
  /** Texts by error tag or catalogue code, replacing the server's words. */
  readonly overrides?: Readonly<Record<string, string>>
  /** The element's id (fields the error concerns point at it, see {@link useFieldErrors}). */
  readonly id?: string
}

/** An announced error line: empty until there is an error, then its readable message. */
export const ErrorText = ({ error, overrides, id }: ErrorTextProps) => (
  <p id={id} className="stackfx-error" role="alert" aria-live="assertive">
    {error === undefined ? null : readableMessage(error, overrides)}
  </p>
)

/** What {@link useFieldErrors} gives: the error line's id, and the props marking a field it concerns. */
export interface FieldErrors {
  readonly errorId: string
  /** `{ invalid, describedBy }` for the field `name` when the current error concerns it. */
  readonly field: (name: string) => Pick<FieldProps, "invalid" | "describedBy">
}

const tagOf = (error: unknown): string | undefined =>
  typeof error === "object" && error !== null && "_tag" in error && typeof error._tag === "string" ? error._tag : undefined

/**
 * Which fields a form's failure concerns, by error tag (`{ EmailPasswordMismatch: ["email",
 * "password"] }`): those fields get `aria-invalid` and are described by the form's error line.
 */
export const useFieldErrors = (error: unknown, fieldsByTag: Readonly<Record<string, ReadonlyArray<string>>>): FieldErrors => {
  const errorId = useId()
  const tag = tagOf(error)
  const concerned = tag === undefined ? [] : fieldsByTag[tag] ?? []
  return { errorId, field: (name) => (concerned.includes(name) ? { invalid: true, describedBy: errorId } : {}) }
}

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

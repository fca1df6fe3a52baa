/**
 * `Switch`: an on/off setting that applies at once (a notification category, sign-in with a code),
 * the WAI-ARIA switch pattern on a button: Space and Enter toggle it, `aria-checked` says its state.
 */
import type { ReactNode } from "react"
import { PrimitiveStyles } from "./styles.tsx"

/** Props of {@link Switch}. */
export interface SwitchProps {
  readonly checked: boolean
  readonly onChange: (checked: boolean) => void
  /** The setting's name (the accessible name). */
  readonly children: ReactNode
  readonly disabled?: boolean
  readonly name?: string
  /** Id of an element describing the setting. */
  readonly describedBy?: string
}

/** An on/off switch. */
export const Switch = ({ checked, onChange, children, disabled = false, name, describedBy }: SwitchProps) => (
  <>
    <PrimitiveStyles name="switch" />
    <button
      type="button"
      role="switch"
      name={name}
      className="stackfx-switch"
      aria-checked={checked}
      aria-describedby={describedBy}
      disabled={disabled}
      onClick={() => onChange(!checked)}
    >
      <span className="stackfx-switch-track" aria-hidden="true" />
      <span>{children}</span>
    </button>
  </>
)

/** One group of settings inside a section: a titled block (an `h3`) with an optional description, named by its title. */
import { type ReactNode, useId } from "react"

/** Props of {@link SettingsGroup}. */
export interface SettingsGroupProps {
  readonly title: string
  /** A status beside the title (a `Badge`: "On", "Off"). */
  readonly status?: ReactNode
  readonly description?: ReactNode
  readonly children?: ReactNode
  readonly className?: string
}

/** A titled group of settings. */
export const SettingsGroup = ({ title, status, description, children, className }: SettingsGroupProps) => {
  const id = useId()
  return (
    <section className={className === undefined ? "stackfx-group" : `stackfx-group ${className}`} aria-labelledby={id}>
      {status === undefined ? <h3 id={id}>{title}</h3> : <div className="stackfx-group-title"><h3 id={id}>{title}</h3>{status}</div>}
      {description === undefined ? null : <p className="stackfx-group-description">{description}</p>}
      {children}
    </section>
  )
}

/** The empty state of a list ("No API keys yet."). */
export const Empty = ({ children }: { readonly children?: ReactNode }) => <p className="stackfx-empty">{children}</p>

/**
 * One group of settings inside a section: a titled block (an `h3`) with an optional description and
 * its action on the right (as the official kit lays them out), named by its title.
 */
import { type ReactNode, useId } from "react"

/** Props of {@link SettingsGroup}. */
export interface SettingsGroupProps {
  readonly title: string
  /** A status beside the title (a `Badge`: "On", "Off"). */
  readonly status?: ReactNode
  readonly description?: ReactNode
  /** The group's own button (or switch), on the right of its title; under it on a narrow screen. */
  readonly action?: ReactNode
  readonly children?: ReactNode
  readonly className?: string
}

/** A titled group of settings. */
export const SettingsGroup = ({ title, status, description, action, children, className }: SettingsGroupProps) => {
  const id = useId()
  return (
    <section className={className === undefined ? "stackfx-group" : `stackfx-group ${className}`} aria-labelledby={id}>
      <div className="stackfx-group-head">
        <div className="stackfx-group-text">
          {status === undefined ? <h3 id={id}>{title}</h3> : <div className="stackfx-group-title"><h3 id={id}>{title}</h3>{status}</div>}
          {description === undefined ? null : <p className="stackfx-group-description">{description}</p>}
        </div>
        {action === undefined ? null : <div className="stackfx-group-action">{action}</div>}
      </div>
      {children}
    </section>
  )
}

/** The empty state of a list ("No API keys yet."). */
export const Empty = ({ children }: { readonly children?: ReactNode }) => <p className="stackfx-empty">{children}</p>

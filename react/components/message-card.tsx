/** `MessageCard`: a titled card with a message and optional actions, for results and dead ends. */
import { type ReactNode, useId } from "react"
import { Heading, type HeadingLevel } from "./heading.tsx"

/** Props of `MessageCard`. */
export interface MessageCardProps {
  /** The card's heading. */
  readonly title: string
  /** The message body. */
  readonly children?: ReactNode
  /** `"error"` announces the card to assistive technology as an alert; `"info"` (default) politely. */
  readonly tone?: "info" | "error"
  /** Buttons or links shown under the message. */
  readonly actions?: ReactNode
  /** The heading's level (default 2). */
  readonly headingLevel?: HeadingLevel
}

/** A titled card with a message and optional actions. */
export const MessageCard = ({ title, children, tone = "info", actions, headingLevel = 2 }: MessageCardProps) => {
  const titleId = useId()
  return (
    <section className="stackfx-card" aria-labelledby={titleId} role={tone === "error" ? "alert" : "status"}>
      <Heading level={headingLevel} id={titleId}>{title}</Heading>
      <div className={tone === "error" ? "stackfx-error" : undefined}>{children}</div>
      {actions === undefined ? null : <div className="stackfx-actions">{actions}</div>}
    </section>
  )
}

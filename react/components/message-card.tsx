/** `MessageCard`: a titled card with a message and optional actions, for results and dead ends. */
import type { ReactNode } from "react"

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
}

/** A titled card with a message and optional actions. */
export const MessageCard = ({ title, children, tone = "info", actions }: MessageCardProps) => (
  <section className="stackfx-card" aria-labelledby="stackfx-message-title" role={tone === "error" ? "alert" : "status"}>
    <h2 id="stackfx-message-title">{title}</h2>
    <div className={tone === "error" ? "stackfx-error" : undefined}>{children}</div>
    {actions === undefined ? null : <div className="stackfx-actions">{actions}</div>}
  </section>
)

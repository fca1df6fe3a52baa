/**
 * `Badge`: a short status beside a thing ("Primary", "Verified", "Not verified", "Used for
 * sign-in", "This device"). Text in the tone's colour on the page's background, outlined, so the
 * contrast holds in light and dark; the words carry the meaning, never the colour alone.
 */
import type { ReactNode } from "react"
import { badgeSheet, KitStyle } from "../kit-styles.tsx"
import { PrimitiveStyles } from "./styles.tsx"

/** A badge's colour: accent (primary), success (verified), warning (needs action), danger, neutral (information). */
export type BadgeTone = "accent" | "success" | "warning" | "danger" | "neutral"

/** Props of {@link Badge}. */
export interface BadgeProps {
  readonly tone?: BadgeTone
  readonly children?: ReactNode
}

/** A status badge. */
export const Badge = ({ tone = "neutral", children }: BadgeProps) => (
  <>
    <PrimitiveStyles name="badge" />
    <KitStyle sheet={badgeSheet} />
    <span className={`stackfx-badge stackfx-badge-${tone}`}>{children}</span>
  </>
)

/** `Heading`: a heading whose level the embedding page chooses, so the kit never adds a second `h1`. */
import { createElement, type ReactNode, type Ref } from "react"

/** A heading level, `h1` to `h6`. */
export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6

/** Props of {@link Heading}. */
export interface HeadingProps {
  readonly level: HeadingLevel
  readonly id?: string
  readonly className?: string
  /** Focusable by script only (focus is moved to it after a step changes). */
  readonly focusTarget?: boolean
  readonly headingRef?: Ref<HTMLHeadingElement>
  readonly children?: ReactNode
}

/** An `h1`…`h6`. */
export const Heading = ({ level, id, className, focusTarget = false, headingRef, children }: HeadingProps) =>
  createElement(`h${level}`, { id, className, ref: headingRef, tabIndex: focusTarget ? -1 : undefined }, children)

/**
 * `Skeleton`: the loading state of a panel, grey lines where the content will be, announced once
 * as "Loading <what>…" (the lines themselves are hidden from assistive technology).
 */
import { PrimitiveStyles } from "./styles.tsx"

/** Props of {@link Skeleton}. */
export interface SkeletonProps {
  /** What is loading, read to screen readers ("Loading your e-mail addresses…"). */
  readonly label: string
  /** How many lines (default 3). */
  readonly lines?: number
}

/** A designed loading state. */
export const Skeleton = ({ label, lines = 3 }: SkeletonProps) => (
  <div className="stackfx-skeleton" role="status" aria-busy="true">
    <PrimitiveStyles name="skeleton" />
    <span className="stackfx-visually-hidden">{label}</span>
    {Array.from({ length: lines }, (_, index) => (
      <span key={index} className="stackfx-skeleton-line" aria-hidden="true" style={{ width: `${90 - index * 18}%` }} />
    ))}
  </div>
)

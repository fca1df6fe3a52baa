/** The frame of every handler page: the kit's theme (unless the app already has one) and a card. */
import type { ReactNode } from "react"
import { StackTheme, useColorMode } from "../components/theme.tsx"

/** Props of {@link Page}. */
export interface PageProps {
  /** The page's heading (none: the content brings its own). */
  readonly title?: string
  readonly children?: ReactNode
}

/** A handler page's frame. */
export const Page = ({ title, children }: PageProps) => {
  const themed = useColorMode() !== undefined
  const body = (
    <main className="stackfx-page">
      <div className="stackfx-card">
        {title === undefined ? null : <h1>{title}</h1>}
        {children}
      </div>
    </main>
  )
  return themed ? body : <StackTheme>{body}</StackTheme>
}

/** The frame of every handler page: the kit's theme (unless the app already has one) and a card. */
import type { ReactNode } from "react"
import { KitStyle, pageSheet } from "../components/kit-styles.tsx"
import { StackTheme, useColorMode } from "../components/theme.tsx"

/** Props of {@link Page}. */
export interface PageProps {
  /** The page's heading (none: the content brings its own). */
  readonly title?: string
  /** The content is a card of its own (`AuthPage`): no frame around it. */
  readonly bare?: boolean
  readonly children?: ReactNode
}

/** A handler page's frame. */
export const Page = ({ title, bare = false, children }: PageProps) => {
  const themed = useColorMode() !== undefined
  const content = (
    <>
      {title === undefined ? null : <h1>{title}</h1>}
      {children}
    </>
  )
  const body = (
    <main className="stackfx-page">
      <KitStyle sheet={pageSheet} />
      {bare ? content : <div className="stackfx-card">{content}</div>}
    </main>
  )
  return themed ? body : <StackTheme fill>{body}</StackTheme>
}

/** The root layout: the session is read on the server and handed to every client component below. */
import type { ReactNode } from "react"
import { StackProvider } from "stackfx/next"
import { stack } from "../lib/stack"

export const metadata = { title: "stackfx on Next.js" }

export default function RootLayout({ children }: { readonly children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <StackProvider stack={stack}>{children}</StackProvider>
      </body>
    </html>
  )
}

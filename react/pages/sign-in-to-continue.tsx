/**
 * The page a signed-out visitor sees where the kit acts for a user (a team invitation, a CLI
 * sign-in): what waits, then sign-in and sign-up, both coming back here to finish. One card (the
 * message card is the page's frame), titled with the page's `h1`.
 */
import type { ReactNode } from "react"
import { signInTargetWithReturnTo } from "../../src/urls/return-to.ts"
import { MessageCard } from "../components/message-card.tsx"
import { useHandlerUrls } from "../components/urls.ts"
import { usePageLocation } from "../page-location.ts"
import { Page } from "./page.tsx"

/** Props of {@link SignInToContinue}. */
export interface SignInToContinueProps {
  readonly title: string
  /** The sign-in button's words ("Sign in to accept"). */
  readonly signIn: string
  /** What happens once signed in. */
  readonly children: ReactNode
}

/** A handler page's card asking a signed-out visitor to sign in or up, and come back. */
export const SignInToContinue = ({ title, signIn, children }: SignInToContinueProps) => {
  const urls = useHandlerUrls()
  const here = usePageLocation()?.href ?? ""
  return (
    <PageCard
      title={title}
      actions={
        <div className="stackfx-row">
          <a className="stackfx-button" href={signInTargetWithReturnTo(urls.signIn, here)}>{signIn}</a>
          <a className="stackfx-button stackfx-secondary" href={signInTargetWithReturnTo(urls.signUp, here)}>Create an account</a>
        </div>
      }
    >
      {children}
    </PageCard>
  )
}

/** Props of {@link PageCard}. */
export interface PageCardProps {
  readonly title: string
  /** `error` announces the card as an alert. */
  readonly tone?: "info" | "error"
  readonly actions?: ReactNode
  readonly children: ReactNode
}

/** A handler page that is one message card (no second frame around it), its title the page's `h1`. */
export const PageCard = ({ title, tone = "info", actions, children }: PageCardProps) => (
  <Page bare>
    <MessageCard title={title} tone={tone} headingLevel={1} actions={actions}>{children}</MessageCard>
  </Page>
)

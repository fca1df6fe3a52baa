/**
 * `StackHandler`: the handler page for the current path (`/handler/sign-in`, `/handler/oauth-callback`,
 * ...), matched against the handler URLs, so any router can mount it at `/handler/*`.
 */
import { type ReactNode, Suspense } from "react"
import { handlerRoutes, type HandlerPage } from "../../src/urls/handler-urls.ts"
import { StackErrorBoundary } from "../error-boundary.ts"
import { AccountSettingsPage } from "./account-settings-page.tsx"
import { EmailVerificationPage } from "./email-verification-page.tsx"
import { ErrorPage } from "./error-page.tsx"
import { ForgotPasswordPage } from "./forgot-password-page.tsx"
import { MagicLinkCallbackPage } from "./magic-link-callback-page.tsx"
import { OAuthCallbackPage } from "./oauth-callback-page.tsx"
import { Page } from "./page.tsx"
import { PasswordResetPage } from "./password-reset-page.tsx"
import { SignInPage } from "./sign-in-page.tsx"
import { SignOutPage } from "./sign-out-page.tsx"
import { SignUpPage } from "./sign-up-page.tsx"
import { TeamInvitationPage } from "./team-invitation-page.tsx"
import { useHandlerUrls } from "../components/urls.ts"

const pages: { readonly [K in HandlerPage]: () => ReactNode } = {
  signIn: SignInPage,
  signUp: SignUpPage,
  signOut: SignOutPage,
  emailVerification: EmailVerificationPage,
  passwordReset: PasswordResetPage,
  forgotPassword: ForgotPasswordPage,
  oauthCallback: OAuthCallbackPage,
  magicLinkCallback: MagicLinkCallbackPage,
  accountSettings: AccountSettingsPage,
  error: ErrorPage,
  teamInvitation: TeamInvitationPage
}

/** Props of {@link StackHandler}. */
export interface StackHandlerProps {
  /** The path to route (default: the current page's). */
  readonly path?: string
  /** Shown when no handler page matches (default: a "Page not found" card). */
  readonly notFound?: ReactNode
}

const Routes = (props: StackHandlerProps) => {
  const urls = useHandlerUrls()
  const path = props.path ?? location.pathname
  const found = (Object.keys(handlerRoutes) as ReadonlyArray<HandlerPage>).find((page) => new URL(urls[page], location.href).pathname === path)
  if (found === undefined) return props.notFound ?? <Page title="Page not found" />
  const Found = pages[found]
  return <Found />
}

/**
 * The handler pages at `/handler/*`. A page whose reads fail (server out of reach, wrong project id)
 * shows why, with a Retry button.
 *
 * @example
 * <Route path="/handler/*" element={<StackHandler />} />
 */
export const StackHandler = (props: StackHandlerProps) => (
  <StackErrorBoundary
    fallback={({ message, retry }) => (
      <Page title="Something went wrong">
        <p className="stackfx-error" role="alert">{message}</p>
        <button type="button" className="stackfx-button" onClick={retry}>Retry</button>
      </Page>
    )}
  >
    <Suspense fallback={<p aria-busy="true">Loading…</p>}>
      <Routes {...props} />
    </Suspense>
  </StackErrorBoundary>
)

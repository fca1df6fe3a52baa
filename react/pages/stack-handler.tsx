/**
 * `StackHandler`: the handler page for the current path (`/handler/sign-in`, `/handler/oauth-callback`,
 * ...), matched against the handler URLs, so any router can mount it at `/handler/*`.
 */
import { type ReactNode, Suspense } from "react"
import { handlerRoutes, type HandlerPage } from "../../src/urls/handler-urls.ts"
import { StackErrorBoundary } from "../error-boundary.ts"
import { AccountSettingsPage } from "./account-settings-page.tsx"
import { CliAuthConfirmPage } from "./cli-auth-confirm-page.tsx"
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
import { PageLocationProvider, type SearchParamsInput, usePageLocation } from "../page-location.ts"

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
  teamInvitation: TeamInvitationPage,
  cliAuthConfirm: CliAuthConfirmPage
}

/** Props of {@link StackHandler}. */
export interface StackHandlerProps {
  /**
   * The path to route (default: the browser's, read after the first render, so a server render
   * without it shows the loading state). Give it when rendering on a server.
   */
  readonly path?: string
  /** The page's query parameters (Next.js's `searchParams` as they come); with `path`, what the pages read. */
  readonly searchParams?: SearchParamsInput
  /** Shown when no handler page matches (default: a "Page not found" card). */
  readonly notFound?: ReactNode
}

const loading = <p aria-busy="true">Loading…</p>

const Routes = (props: Pick<StackHandlerProps, "notFound">) => {
  const urls = useHandlerUrls()
  const page = usePageLocation()
  // Not known yet (a server render or hydration without a `path`): the same loading state on both.
  if (page === undefined) return loading
  const found = (Object.keys(handlerRoutes) as ReadonlyArray<HandlerPage>).find((name) => new URL(urls[name], page.href).pathname === page.pathname)
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
 * // Rendered on a server: say which page.
 * <StackHandler path={`/handler/${params.stack.join("/")}`} searchParams={searchParams} />
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
    <Suspense fallback={loading}>
      {props.path === undefined
        ? <Routes notFound={props.notFound} />
        : (
          <PageLocationProvider pathname={props.path} searchParams={props.searchParams}>
            <Routes notFound={props.notFound} />
          </PageLocationProvider>
        )}
    </Suspense>
  </StackErrorBoundary>
)

/**
 * `SignIn`, `SignUp` and `AuthPage`: every sign-in method the project's config enables, in one card
 * (OAuth providers, passkey, e-mail and password, an e-mailed code), with links between the two.
 */
import { type PageLocation, usePageLocation } from "../page-location.ts"
import { useProject } from "../resource-hooks.ts"
import { CredentialSignIn } from "./credential-sign-in.tsx"
import { CredentialSignUp } from "./credential-sign-up.tsx"
import { MagicLinkSignIn } from "./magic-link-sign-in.tsx"
import { OAuthButtonGroup } from "./oauth-buttons.tsx"
import { PasskeyButton } from "./passkey-button.tsx"
import { useHandlerUrls } from "./urls.ts"

/** Keeps the page's `after_auth_return_to` on a link between the sign-in and sign-up pages. */
const withReturnTo = (href: string, page: PageLocation | undefined): string => {
  const returnTo = page?.searchParams.get("after_auth_return_to") ?? null
  if (page === undefined || returnTo === null) return href
  const url = new URL(href, page.href)
  url.searchParams.set("after_auth_return_to", returnTo)
  return `${url.pathname}${url.search}`
}

/** Props of {@link AuthPage}. */
export interface AuthPageProps {
  /** Which page: sign in (default) or sign up. */
  readonly type?: "sign-in" | "sign-up"
}

/** The sign-in or sign-up card, with every method the project enables. */
export const AuthPage = ({ type = "sign-in" }: AuthPageProps) => {
  const project = useProject()
  const urls = useHandlerUrls()
  const page = usePageLocation()
  const config = project.config
  const signUp = type === "sign-up"
  const other = signUp ? urls.signIn : urls.signUp
  return (
    <section className="stackfx-card stackfx-auth" aria-labelledby="stackfx-auth-title">
      <h1 id="stackfx-auth-title">{signUp ? `Create your ${project.displayName} account` : `Sign in to ${project.displayName}`}</h1>
      {signUp && !config.signUpEnabled ? <p className="stackfx-note">New accounts are not open for this project.</p> : null}
      <OAuthButtonGroup type={signUp ? "sign-up" : "sign-in"} />
      {!signUp && config.passkeyEnabled ? <PasskeyButton /> : null}
      {(config.enabledOauthProviders.length > 0 || (!signUp && config.passkeyEnabled)) && (config.credentialEnabled || config.magicLinkEnabled)
        ? <div className="stackfx-divider">or</div>
        : null}
      {config.credentialEnabled
        ? signUp ? <CredentialSignUp /> : <CredentialSignIn forgotPasswordHref={urls.forgotPassword} />
        : null}
      {config.credentialEnabled && config.magicLinkEnabled ? <div className="stackfx-divider">or</div> : null}
      {config.magicLinkEnabled ? <MagicLinkSignIn /> : null}
      {config.signUpEnabled || signUp
        ? (
          <p className="stackfx-note">
            {signUp ? "Already have an account? " : "New here? "}
            <a href={withReturnTo(other, page)}>{signUp ? "Sign in" : "Create an account"}</a>
          </p>
        )
        : null}
    </section>
  )
}

/** The sign-in card. */
export const SignIn = () => <AuthPage type="sign-in" />

/** The sign-up card. */
export const SignUp = () => <AuthPage type="sign-up" />

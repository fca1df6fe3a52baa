/**
 * `SignIn`, `SignUp` and `AuthPage`: every sign-in method the project's config enables, in one card
 * (OAuth providers, passkey, e-mail and password, an e-mailed code), with links between the two.
 */
import { useCallback, useEffect, useId, useRef, useState } from "react"
import { type PageLocation, usePageLocation } from "../page-location.ts"
import { useProject } from "../resource-hooks.ts"
import { CredentialSignIn } from "./credential-sign-in.tsx"
import { CredentialSignUp } from "./credential-sign-up.tsx"
import { Heading, type HeadingLevel } from "./heading.tsx"
import { MagicLinkSignIn } from "./magic-link-sign-in.tsx"
import { MFA } from "./mfa.tsx"
import { OAuthButtonGroup } from "./oauth-buttons.tsx"
import { PasskeyButton } from "./passkey-button.tsx"
import { MfaStepContext } from "./sign-in-flow.ts"
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
  /** The card's heading level (default 1: the page's heading; 2 or lower when embedded under one). */
  readonly headingLevel?: HeadingLevel
}

/** The sign-in or sign-up card, with every method the project enables; the MFA step, when one follows, replaces them. */
export const AuthPage = ({ type = "sign-in", headingLevel = 1 }: AuthPageProps) => {
  const project = useProject()
  const urls = useHandlerUrls()
  const page = usePageLocation()
  const titleId = useId()
  const [attemptCode, setAttemptCode] = useState<string | undefined>(undefined)
  const showStep = useCallback((code: string) => setAttemptCode(code), [])
  const heading = useRef<HTMLHeadingElement>(null)
  const returned = useRef(false)
  useEffect(() => {
    // Back from the MFA step: focus on the card's heading, not lost on the page.
    if (attemptCode === undefined && returned.current) heading.current?.focus()
    returned.current = attemptCode !== undefined
  }, [attemptCode])
  const config = project.config
  const signUp = type === "sign-up"
  const other = signUp ? urls.signIn : urls.signUp
  const step = attemptCode !== undefined
  return (
    <section className="stackfx-card stackfx-auth" aria-labelledby={titleId}>
      {step
        ? <MFA attemptCode={attemptCode} headingLevel={headingLevel} titleId={titleId} onCancel={() => setAttemptCode(undefined)} />
        : (
          <Heading level={headingLevel} id={titleId} headingRef={heading} focusTarget>
            {signUp ? `Create your ${project.displayName} account` : `Sign in to ${project.displayName}`}
          </Heading>
        )}
      {/* Hidden, not gone, during the step: what was typed is still there on the way back. */}
      <div className="stackfx-methods" hidden={step}>
      <MfaStepContext.Provider value={showStep}>
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
      </MfaStepContext.Provider>
      {config.signUpEnabled || signUp
        ? (
          <p className="stackfx-note">
            {signUp ? "Already have an account? " : "New here? "}
            <a href={withReturnTo(other, page)}>{signUp ? "Sign in" : "Create an account"}</a>
          </p>
        )
        : null}
      </div>
    </section>
  )
}

/** The sign-in card. */
export const SignIn = (props: Omit<AuthPageProps, "type">) => <AuthPage {...props} type="sign-in" />

/** The sign-up card. */
export const SignUp = (props: Omit<AuthPageProps, "type">) => <AuthPage {...props} type="sign-up" />

/**
 * `SignIn`, `SignUp` and `AuthPage`: every sign-in method the project's config enables, in one card
 * (OAuth providers, passkey, e-mail and password, an e-mailed code), with links between the two.
 */
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react"
import { redirectToPage } from "../../src/client/index.ts"
import { invalidatesNothing, useMutationInvalidating, useUser } from "../hooks.ts"
import { type PageLocation, usePageLocation } from "../page-location.ts"
import { useProject } from "../resource-hooks.ts"
import { CredentialSignIn } from "./credential-sign-in.tsx"
import { CredentialSignUp } from "./credential-sign-up.tsx"
import { Heading, type HeadingLevel } from "./heading.tsx"
import { authSheet, KitStyle } from "./kit-styles.tsx"
import { MessageCard } from "./message-card.tsx"
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
  /** Centre the card on a page of its own (the viewport's height). */
  readonly fullPage?: boolean
  /** Signed in already: go on to the after-sign-in (or after-sign-up) page instead of saying so. */
  readonly automaticRedirect?: boolean
  /** Shown under the card's methods (terms, a privacy note). */
  readonly extraInfo?: ReactNode
  /**
   * With both a password and an e-mailed code enabled, the tab shown first (default `"password"`;
   * the official kit's default is `"magic-link"`).
   */
  readonly firstTab?: "magic-link" | "password"
  /** Sign-up asks for the password once. */
  readonly noPasswordRepeat?: boolean
}

/** The password and e-mailed-code methods as two tabs (WAI-ARIA tabs: arrows, Home and End move; both are in the Tab order too, so Tab alone reaches the code). */
const MethodTabs = ({ first, password, code }: { readonly first: "magic-link" | "password"; readonly password: ReactNode; readonly code: ReactNode }) => {
  const [tab, setTab] = useState(first)
  const id = useId()
  const tabs = [{ key: "password", label: "Password", content: password }, { key: "magic-link", label: "E-mail code", content: code }] as const
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((entry) => entry.key === tab)
    const count = tabs.length
    const next = event.key === "ArrowRight" || event.key === "ArrowDown"
      ? (index + 1) % count
      : event.key === "ArrowLeft" || event.key === "ArrowUp"
      ? (index + count - 1) % count
      : event.key === "Home"
      ? 0
      : event.key === "End"
      ? count - 1
      : undefined
    if (next === undefined) return
    event.preventDefault()
    const key = tabs[next]?.key ?? "password"
    setTab(key)
    document.getElementById(`${id}-tab-${key}`)?.focus()
  }
  return (
    <>
      <div role="tablist" aria-label="Sign-in method" className="stackfx-tabs" onKeyDown={onKey}>
        {tabs.map((entry) => (
          <button key={entry.key} type="button" role="tab" id={`${id}-tab-${entry.key}`} aria-selected={tab === entry.key} aria-controls={`${id}-panel-${entry.key}`}
            onClick={() => setTab(entry.key)}>
            {entry.label}
          </button>
        ))}
      </div>
      {/* Hidden, not unmounted: what was typed in the other tab is kept. */}
      {tabs.map((entry) => (
        <div key={entry.key} role="tabpanel" id={`${id}-panel-${entry.key}`} aria-labelledby={`${id}-tab-${entry.key}`} hidden={tab !== entry.key}>
          {entry.content}
        </div>
      ))}
    </>
  )
}

/** Signed in already: on to the after-sign-in page (keeping `after_auth_return_to`). */
const GoOn = ({ signUp }: { readonly signUp: boolean }) => {
  const go = useMutationInvalidating(() => redirectToPage(signUp ? "afterSignUp" : "afterSignIn", { replace: true }), invalidatesNothing)
  const run = go.run
  useEffect(() => {
    void run()
  }, [run])
  return <p className="stackfx-note stackfx-pending" role="status" aria-busy="true">You are signed in. Taking you on…</p>
}

const FullPage = ({ fullPage, children }: { readonly fullPage: boolean; readonly children: ReactNode }) =>
  fullPage ? <div className="stackfx-full-page">{children}</div> : <>{children}</>

/**
 * The card's password form. `SignIn` and `SignUp` each pass theirs, so an app that renders only
 * `SignIn` bundles no sign-up form (and `SignUp` no sign-in form).
 */
type PasswordForm = (options: { readonly forgotPasswordHref: string; readonly confirmPassword: boolean }) => ReactNode

const signInForm: PasswordForm = ({ forgotPasswordHref }) => <CredentialSignIn forgotPasswordHref={forgotPasswordHref} />

const signUpForm: PasswordForm = ({ confirmPassword }) => <CredentialSignUp confirmPassword={confirmPassword} />

/** The card of `type` with its password form. */
const AuthFrame = (props: AuthPageProps & { readonly passwordForm: PasswordForm }) => {
  const user = useUser()
  const urls = useHandlerUrls()
  const signUp = props.type === "sign-up"
  const fullPage = props.fullPage === true
  if (user !== null && props.automaticRedirect === true) return <FullPage fullPage={fullPage}><GoOn signUp={signUp} /></FullPage>
  if (user !== null) {
    return (
      <FullPage fullPage={fullPage}>
        <MessageCard
          title="You are signed in"
          headingLevel={props.headingLevel ?? 1}
          actions={
            <div className="stackfx-row">
              <a className="stackfx-button" href={urls.home}>Continue</a>
              <a className="stackfx-button stackfx-secondary" href={urls.signOut}>Sign out</a>
            </div>
          }
        >
          {`Signed in as ${user.primaryEmail ?? user.displayName ?? "you"}.`}
        </MessageCard>
      </FullPage>
    )
  }
  return <FullPage fullPage={fullPage}><Card {...props} /></FullPage>
}

/** The sign-in or sign-up card, with every method the project enables; the MFA step, when one follows, replaces them. */
export const AuthPage = (props: AuthPageProps) =>
  props.type === "sign-up" ? <AuthFrame {...props} passwordForm={signUpForm} /> : <AuthFrame {...props} passwordForm={signInForm} />

const Card = (
  { type = "sign-in", headingLevel = 1, extraInfo, firstTab = "password", noPasswordRepeat = false, passwordForm: form }: AuthPageProps & { readonly passwordForm: PasswordForm }
) => {
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
  const passwordForm = form({ forgotPasswordHref: urls.forgotPassword, confirmPassword: !noPasswordRepeat })
  return (
    <section className="stackfx-card stackfx-auth" aria-labelledby={titleId}>
      <KitStyle sheet={authSheet} />
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
        {config.credentialEnabled && config.magicLinkEnabled
          ? <MethodTabs first={firstTab} password={passwordForm} code={<MagicLinkSignIn />} />
          : config.credentialEnabled
          ? passwordForm
          : config.magicLinkEnabled
          ? <MagicLinkSignIn />
          : null}
      </MfaStepContext.Provider>
      {config.signUpEnabled || signUp
        ? (
          <p className="stackfx-note stackfx-auth-footer">
            {signUp ? "Already have an account? " : "New here? "}
            <a href={withReturnTo(other, page)}>{signUp ? "Sign in" : "Create an account"}</a>
          </p>
        )
        : null}
        {extraInfo === undefined ? null : <div className="stackfx-extra-info">{extraInfo}</div>}
      </div>
    </section>
  )
}

/** The sign-in card. */
export const SignIn = (props: Omit<AuthPageProps, "type">) => <AuthFrame {...props} type="sign-in" passwordForm={signInForm} />

/** The sign-up card. */
export const SignUp = (props: Omit<AuthPageProps, "type">) => <AuthFrame {...props} type="sign-up" passwordForm={signUpForm} />

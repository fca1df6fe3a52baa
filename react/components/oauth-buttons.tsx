/**
 * `OAuthButton` and `OAuthButtonGroup`: "Continue with <provider>" buttons with inline SVG marks,
 * the group listing the providers the project's config enables.
 */
import { useEffect, useState } from "react"
import { signInWithOAuth } from "../../src/browser/oauth.ts"
import { invalidatesNothing, useMutationInvalidating } from "../hooks.ts"
import { useProject } from "../resource-hooks.ts"
import { readableMessage } from "./error-message.ts"
import { authSheet, KitStyle } from "./kit-styles.tsx"

const names: Readonly<Record<string, string>> = {
  google: "Google",
  github: "GitHub",
  microsoft: "Microsoft",
  apple: "Apple",
  facebook: "Facebook",
  gitlab: "GitLab",
  discord: "Discord",
  spotify: "Spotify",
  bitbucket: "Bitbucket",
  linkedin: "LinkedIn",
  x: "X",
  twitch: "Twitch"
}

/** The display name of a provider id (`github` -> `GitHub`), the id itself when unknown. */
export const providerName = (provider: string): string => names[provider] ?? provider

type Marks = typeof import("./provider-marks.tsx")
let marksLoaded: Marks | undefined
let marksLoading: Promise<Marks> | undefined
/** The marks' module, fetched once on first use (the sign-in bundle carries none of them). */
const loadMarks = (): Promise<Marks> =>
  (marksLoading ??= import("./provider-marks.tsx").then((module) => (marksLoaded = module)))

/**
 * A provider's mark, drawn inline in its brand's colours (no image request), hidden from assistive
 * technology (the button names the provider). Its 20×20 box is kept while the marks load.
 */
export const ProviderIcon = ({ provider }: { readonly provider: string }) => {
  const [marks, setMarks] = useState<Marks | undefined>(marksLoaded)
  useEffect(() => {
    if (marks === undefined) void loadMarks().then(setMarks)
  }, [marks])
  const mark = marks?.providerMark(provider)
  return (
    <svg className="stackfx-provider-mark" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {mark ?? (marks === undefined ? null : <circle cx="12" cy="12" r="11" fill="none" stroke="currentColor" strokeWidth="2" />)}
    </svg>
  )
}

/** Props of `OAuthButton`. */
export interface OAuthButtonProps {
  /** The provider id as the project config names it (`github`, `google`, ...). */
  readonly provider: string
  /** `"sign-in"` (default) says "Continue with"; `"sign-up"` says "Sign up with". */
  readonly type?: "sign-in" | "sign-up"
}

/** One provider's button: starts the OAuth redirect, shows a readable error, disabled while pending. */
export const OAuthButton = ({ provider, type = "sign-in" }: OAuthButtonProps) => {
  const start = useMutationInvalidating(() => signInWithOAuth({ provider }), invalidatesNothing)
  return (
    <div className="stackfx-oauth">
      <button type="button" className="stackfx-button stackfx-secondary stackfx-oauth-button" name={`oauth-${provider}`} disabled={start.pending}
        onClick={() => void start.run()}>
        <ProviderIcon provider={provider} /> {type === "sign-up" ? "Sign up with" : "Continue with"} {providerName(provider)}
      </button>
      <p className="stackfx-error" aria-live="polite">{start.error === undefined ? null : readableMessage(start.error)}</p>
    </div>
  )
}

/** Props of `OAuthButtonGroup`. */
export interface OAuthButtonGroupProps {
  /** Passed to every button. */
  readonly type?: "sign-in" | "sign-up"
}

/** A button for every OAuth provider the project enables; nothing when it enables none. */
export const OAuthButtonGroup = ({ type }: OAuthButtonGroupProps) => {
  const providers = useProject().config.enabledOauthProviders
  if (providers.length === 0) return null
  return (
    <div className="stackfx-oauth-group" role="group" aria-label="Sign in with another account">
      <KitStyle sheet={authSheet} />
      {providers.map((provider) => <OAuthButton key={provider.id} provider={provider.id} {...(type === undefined ? {} : { type })} />)}
    </div>
  )
}

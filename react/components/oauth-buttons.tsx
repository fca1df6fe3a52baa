/**
 * `OAuthButton` and `OAuthButtonGroup`: "Continue with <provider>" buttons with inline SVG marks,
 * the group listing the providers the project's config enables.
 */
import { signInWithOAuth } from "../../src/browser/oauth.ts"
import { useStackMutation } from "../hooks.ts"
import { useProject } from "../resource-hooks.ts"
import { readableMessage } from "./error-message.ts"

const brands: Readonly<Record<string, { readonly name: string; readonly color: string }>> = {
  google: { name: "Google", color: "#4285f4" },
  github: { name: "GitHub", color: "#24292f" },
  microsoft: { name: "Microsoft", color: "#00a4ef" },
  apple: { name: "Apple", color: "#000000" },
  facebook: { name: "Facebook", color: "#1877f2" },
  gitlab: { name: "GitLab", color: "#fc6d26" },
  discord: { name: "Discord", color: "#5865f2" },
  spotify: { name: "Spotify", color: "#1db954" },
  bitbucket: { name: "Bitbucket", color: "#0052cc" },
  linkedin: { name: "LinkedIn", color: "#0a66c2" },
  x: { name: "X", color: "#000000" },
  twitch: { name: "Twitch", color: "#9146ff" }
}

/** The display name of a provider id (`github` -> `GitHub`), the id itself when unknown. */
export const providerName = (provider: string): string => brands[provider]?.name ?? provider

/** A provider's mark: its initial on its brand colour, drawn inline (no image request). */
export const ProviderIcon = ({ provider }: { readonly provider: string }) => (
  <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
    <circle cx="10" cy="10" r="10" fill={brands[provider]?.color ?? "#6b7280"} />
    <text x="10" y="14" textAnchor="middle" fontSize="11" fontWeight="700" fill="#ffffff" fontFamily="system-ui,sans-serif">
      {providerName(provider).charAt(0).toUpperCase()}
    </text>
  </svg>
)

/** Props of `OAuthButton`. */
export interface OAuthButtonProps {
  /** The provider id as the project config names it (`github`, `google`, ...). */
  readonly provider: string
  /** `"sign-in"` (default) says "Continue with"; `"sign-up"` says "Sign up with". */
  readonly type?: "sign-in" | "sign-up"
}

/** One provider's button: starts the OAuth redirect, shows a readable error, disabled while pending. */
export const OAuthButton = ({ provider, type = "sign-in" }: OAuthButtonProps) => {
  const start = useStackMutation(() => signInWithOAuth({ provider }))
  return (
    <div className="stackfx-oauth">
      <button type="button" className="stackfx-button stackfx-oauth-button" name={`oauth-${provider}`} disabled={start.pending}
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
      {providers.map((provider) => <OAuthButton key={provider.id} provider={provider.id} {...(type === undefined ? {} : { type })} />)}
    </div>
  )
}

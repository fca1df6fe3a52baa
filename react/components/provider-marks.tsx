/**
 * The marks of every OAuth provider the service supports, drawn inline on a 24×24 grid in each
 * brand's colours (one-colour marks, GitHub, Apple and X, in the text colour so they hold in dark
 * mode). Loaded on first use: a sign-in page pays only when it shows OAuth buttons.
 */
import type { ReactNode } from "react"

const marks: Readonly<Record<string, ReactNode>> = {
  google: (
    <>
      <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.5 5.5 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.2 3.5-8.8z" />
      <path fill="#34A853" d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3c-1 .7-2.4 1.2-4 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24z" />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8z" />
      <path fill="#EA4335" d="M12 4.8c1.8 0 3.4.6 4.6 1.8L20 3.1A11.5 11.5 0 0 0 12 0 12 12 0 0 0 1.3 6.6l4 3.1c.9-2.9 3.6-4.9 6.7-4.9z" />
    </>
  ),
  github: (
    <path
      fill="currentColor"
      d="M12 .3a12 12 0 0 0-3.8 23.4c.6.1.8-.3.8-.6v-2c-3.3.7-4-1.6-4-1.6-.6-1.4-1.4-1.8-1.4-1.8-1-.7.1-.7.1-.7 1.2.1 1.8 1.2 1.8 1.2 1 1.8 2.8 1.3 3.5 1 0-.8.4-1.3.7-1.6-2.7-.3-5.5-1.3-5.5-5.9 0-1.3.5-2.4 1.2-3.2 0-.4-.5-1.6.2-3.2 0 0 1-.3 3.3 1.2a11.5 11.5 0 0 1 6 0C17.3 4.7 18.3 5 18.3 5c.7 1.6.2 2.9.1 3.2.8.8 1.2 1.9 1.2 3.2 0 4.6-2.8 5.6-5.5 5.9.5.4.9 1.1.9 2.2v3.3c0 .3.2.7.8.6A12 12 0 0 0 12 .3"
    />
  ),
  microsoft: (
    <>
      <path fill="#F25022" d="M1 1h10.5v10.5H1z" />
      <path fill="#7FBA00" d="M12.5 1H23v10.5H12.5z" />
      <path fill="#00A4EF" d="M1 12.5h10.5V23H1z" />
      <path fill="#FFB900" d="M12.5 12.5H23V23H12.5z" />
    </>
  ),
  spotify: (
    <>
      <circle cx="12" cy="12" r="12" fill="#1DB954" />
      <path fill="none" stroke="#000" strokeWidth="1.9" strokeLinecap="round" d="M6 8.9c3.9-1.2 8.6-.8 12 1.2M6.7 12.3c3.2-1 6.9-.6 9.7 1.1M7.3 15.5c2.6-.7 5.4-.5 7.6.9" />
    </>
  ),
  facebook: (
    <>
      <circle cx="12" cy="12" r="12" fill="#0866FF" />
      <path fill="#fff" d="M13.4 24v-8.4h2.8l.5-3.3h-3.3v-2.1c0-.9.5-1.8 1.9-1.8h1.5V5.6s-1.3-.2-2.6-.2c-2.7 0-4.4 1.6-4.4 4.5v2.4H7v3.3h2.8V24z" />
    </>
  ),
  discord: (
    <>
      <rect width="24" height="24" rx="5" fill="#5865F2" />
      <path
        fill="#fff"
        d="M17.3 7.3a12.3 12.3 0 0 0-3-.9l-.4.8a11.4 11.4 0 0 0-3.8 0l-.4-.8a12.3 12.3 0 0 0-3 .9c-2 2.8-2.4 5.6-2.2 8.3 1.2.9 2.4 1.5 3.7 1.9l.8-1.3-1.2-.6.3-.2a8.7 8.7 0 0 0 7.8 0l.3.2-1.2.6.8 1.3a12 12 0 0 0 3.7-1.9c.3-3.1-.5-5.9-2.2-8.3zM9.7 14c-.7 0-1.3-.7-1.3-1.5S9 11 9.7 11s1.3.7 1.3 1.5-.6 1.5-1.3 1.5zm4.6 0c-.7 0-1.3-.7-1.3-1.5s.6-1.5 1.3-1.5 1.3.7 1.3 1.5-.6 1.5-1.3 1.5z"
      />
    </>
  ),
  gitlab: (
    <>
      <path fill="#E24329" d="m12 22.4 4.4-13.6H7.6z" />
      <path fill="#FC6D26" d="M12 22.4 7.6 8.8H1.4zm0 0 4.4-13.6h6.2z" />
      <path fill="#FCA326" d="M1.4 8.8.1 12.9a.9.9 0 0 0 .3 1L12 22.4zm21.2 0 1.3 4.1a.9.9 0 0 1-.3 1L12 22.4z" />
      <path fill="#E24329" d="M1.4 8.8h6.2L4.9.6a.5.5 0 0 0-.9 0zm21.2 0h-6.2L19.1.6a.5.5 0 0 1 .9 0z" />
    </>
  ),
  bitbucket: <path fill="#2684FF" d="M.8 1.2a.8.8 0 0 0-.8.9l3.3 19.9c.1.5.5.9 1 .9h15.9c.4 0 .7-.3.8-.7L24 2.1a.8.8 0 0 0-.8-.9zm13.9 14.3H9.4L8 8.1h8z" />,
  linkedin: (
    <>
      <rect width="24" height="24" rx="3" fill="#0A66C2" />
      <path fill="#fff" d="M5.3 9.3h2.9v9.4H5.3zm1.5-4.7a1.7 1.7 0 1 1 0 3.4 1.7 1.7 0 0 1 0-3.4m3.3 4.7h2.8v1.3c.4-.7 1.4-1.5 2.8-1.5 3 0 3.5 2 3.5 4.5v5.1h-2.9v-4.5c0-1.1 0-2.5-1.5-2.5s-1.8 1.2-1.8 2.4v4.6h-2.9z" />
    </>
  ),
  apple: (
    <path
      fill="currentColor"
      d="M16.4 12.7c0-2.6 2.1-3.8 2.2-3.9a4.7 4.7 0 0 0-3.7-2c-1.6-.2-3.1.9-3.9.9s-2-.9-3.4-.9A5 5 0 0 0 3.4 9.4c-1.8 3.1-.5 7.7 1.3 10.2.9 1.2 1.9 2.6 3.2 2.6s1.8-.8 3.3-.8 2 .8 3.4.8 2.2-1.3 3.1-2.5c1-1.4 1.4-2.8 1.4-2.9 0 0-2.7-1-2.7-4.1zM13.9 5.1c.7-.9 1.2-2 1-3.2-1 0-2.3.7-3 1.6-.7.8-1.2 2-1.1 3.1 1.2.1 2.3-.6 3.1-1.5z"
    />
  ),
  x: <path fill="currentColor" d="M18.2 2.3h3.4l-7.4 8.4 8.7 11.5h-6.8l-5.3-7-6.1 7H1.3l7.9-9L.8 2.3h7l4.8 6.4zm-1.2 17.9h1.9L6.9 4.2H4.9z" />,
  twitch: <path fill="#9146FF" d="M2.1 0 .6 3.9v15.6H6V24h3l2.9-4.5h4.3l5.9-5.9V0zm17.9 12.6-3.4 3.4h-5.4l-2.9 2.9V16H4.5V2H20zM15.2 5.6h2v6h-2zm-5.4 0h2v6h-2z" />
}

/** The providers that have a mark here. */
export const markedProviders: ReadonlyArray<string> = Object.keys(marks)

/** The drawing of `provider`'s mark (24×24), or undefined for a provider without one. */
export const providerMark = (provider: string): ReactNode | undefined => marks[provider]

/**
 * The browser-only services (navigation, passkeys, the cookie jar) for code that renders outside a
 * browser: a server render, or a browser layer evaluated on a server (a Next.js client component's
 * server pass). Navigations are ignored (the browser navigates for itself once it runs the page),
 * passkeys are unavailable, and the cookie jar holds what the request sent and writes nothing.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { WebAuthn, webAuthnError } from "../client/auth/passkey.ts"
import { Navigation, type NavigationService } from "../urls/navigation.ts"
import { CookieJar } from "./cookies.ts"

/** What `Navigation.current` answers outside a browser when the page's address is not known. */
export const unknownPageUrl = "http://localhost/"

/** Navigation that stays at `url`: asked to go elsewhere, it does nothing (a server has no page to leave). */
export const inertNavigation = (url: string): NavigationService =>
  Navigation.of({ current: Effect.succeed(url), assign: () => Effect.void, replace: () => Effect.void, rewrite: () => Effect.void })

/** Navigation, WebAuthn and CookieJar as a server can offer them, for the page at `url` with the request's `cookies`. */
export const layerOutsideBrowser = (url: string = unknownPageUrl, cookies = ""): Layer.Layer<Navigation | WebAuthn | CookieJar> => {
  const unavailable = Effect.fail(webAuthnError("Passkeys are not available while rendering on the server", "NotSupportedError"))
  return Layer.mergeAll(
    Layer.succeed(Navigation, inertNavigation(url)),
    Layer.succeed(WebAuthn, WebAuthn.of({ rpId: Effect.succeed(new URL(url).hostname), register: () => unavailable, authenticate: () => unavailable })),
    Layer.succeed(CookieJar, CookieJar.of({ read: Effect.succeed(cookies), write: () => Effect.void }))
  )
}

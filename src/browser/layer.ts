/**
 * Everything a browser app needs from stackfx in one layer: the client core sending with `fetch`,
 * the session in the official SDK's cookies (both names, shared with other tabs), the cookie jar
 * (OAuth's verifier cookie), navigation (redirects, the OAuth round trip) and WebAuthn (passkeys).
 * `StackProvider` asks for exactly these services, so a layer missing one is a type error, not a
 * button that silently does nothing.
 */
import * as Layer from "effect/Layer"
import { WebAuthn } from "../client/auth/passkey.ts"
import type { StackClientCore } from "../client/context.ts"
import { layerCoreFetch, type StackClientOptions } from "../client/core.ts"
import type { InvalidStackOptions } from "../client/options-check.ts"
import type { FetchFunction } from "../http/transport-fetch.ts"
import type { TokenStore } from "../session/token-store.ts"
import { layerBrowserNavigation, type Navigation } from "../urls/navigation.ts"
import { type CookieTokenStoreOptions, type InvalidProjectId, layerCookieTokenStore } from "./cookie-token-store.ts"
import { CookieJar, layerDocumentCookieJar } from "./cookies.ts"
import { layerWebLocksRefreshLock } from "./refresh-lock.ts"
import { layerBrowserWebAuthn } from "./webauthn.ts"

/** The services the React adapter's hooks and handler pages use (the token store binds the cache to the session). */
export type BrowserServices = StackClientCore | TokenStore | CookieJar | Navigation | WebAuthn

/** Options of {@link layerBrowser}: the client's, plus how cookies are written. */
export interface BrowserLayerOptions extends StackClientOptions {
  /** Cookie attributes (default `SameSite=Lax`, `Secure` on https pages). */
  readonly cookies?: CookieTokenStoreOptions | undefined
  /** The `fetch` to send with (default: the page's). */
  readonly fetch?: FetchFunction | undefined
}

/**
 * The browser app's layer: give it to `StackProvider` once, outside render.
 *
 * @example
 * const layer = layerBrowser({ projectId: "…", publishableClientKey: "pck_…" })
 * createRoot(root).render(<StackProvider layer={layer}><App /></StackProvider>)
 */
export const layerBrowser = (options: BrowserLayerOptions): Layer.Layer<BrowserServices, InvalidStackOptions | InvalidProjectId> =>
  Layer.mergeAll(
    // The token store stays in the output: the React cache follows its changes (other tabs too).
    layerCoreFetch(options, options.fetch).pipe(
      // Tabs share the cookies, so they take turns refreshing: one refresh for all of them.
      Layer.provide(layerWebLocksRefreshLock(options.projectId)),
      Layer.provideMerge(layerCookieTokenStore(options.projectId, options.cookies))
    ),
    layerBrowserNavigation,
    layerBrowserWebAuthn
  ).pipe(Layer.provideMerge(layerDocumentCookieJar))

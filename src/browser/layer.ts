/**
 * Everything a browser app needs from stackfx in one layer: the client core sending with `fetch`,
 * the session in the official SDK's cookies (both names, shared with other tabs), the cookie jar
 * (OAuth's verifier cookie), navigation (redirects, the OAuth round trip) and WebAuthn (passkeys).
 * `StackProvider` asks for exactly these services, so a layer missing one is a type error, not a
 * button that silently does nothing.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { WebAuthn } from "../client/auth/passkey.ts"
import type { StackClientCore } from "../client/context.ts"
import { layerCoreFetch, type StackClientOptions } from "../client/core.ts"
import type { InvalidStackOptions } from "../client/options-check.ts"
import type { FetchFunction } from "../http/transport-fetch.ts"
import { layerMemoryTokenStore, type TokenStore } from "../session/token-store.ts"
import { layerBrowserNavigation, type Navigation } from "../urls/navigation.ts"
import { type CookieTokenStoreOptions, type InvalidProjectId, layerCookieTokenStore, validateProjectId } from "./cookie-token-store.ts"
import { CookieJar, layerDocumentCookieJar } from "./cookies.ts"
import { layerWebLocksRefreshLock } from "./refresh-lock.ts"
import { layerOutsideBrowser } from "./outside-browser.ts"
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

const inBrowser = () => typeof globalThis.document !== "undefined" && typeof globalThis.location !== "undefined"

const layerInBrowser = (options: BrowserLayerOptions): Layer.Layer<BrowserServices, InvalidStackOptions | InvalidProjectId> =>
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

// A server evaluating a browser app's module (a Next.js client component's server pass): signed
// out, nothing kept, no poll or channel left running (nobody disposes a runtime a server render made).
const layerOnServer = (options: BrowserLayerOptions): Layer.Layer<BrowserServices, InvalidStackOptions | InvalidProjectId> =>
  Effect.as(validateProjectId(options.projectId), layerCoreFetch(options, options.fetch).pipe(Layer.provideMerge(layerMemoryTokenStore()))).pipe(
    Layer.unwrap,
    Layer.merge(layerOutsideBrowser())
  )

/**
 * The browser app's layer: give it to `StackProvider` once, outside render. Making it touches
 * nothing; the browser is first read when a runtime builds it. Built outside a browser (a server
 * render of a module that also runs in the browser), it is a signed-out client that navigates nowhere,
 * so a server render shows what a server-side layer or `hydration` gave it and the browser does the rest.
 *
 * @example
 * const layer = layerBrowser({ projectId: "…", publishableClientKey: "pck_…" })
 * createRoot(root).render(<StackProvider layer={layer}><App /></StackProvider>)
 */
export const layerBrowser = (options: BrowserLayerOptions): Layer.Layer<BrowserServices, InvalidStackOptions | InvalidProjectId> =>
  Layer.unwrap(Effect.sync(() => inBrowser() ? layerInBrowser(options) : layerOnServer(options)))

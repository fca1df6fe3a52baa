/** `stackfx/browser`: the cookie token store, the cookie jar and OAuth redirects for browser apps. */
export {
  CookieJar,
  cookieAssignment,
  cookieDeletion,
  type CookieJarService,
  type CookieOptions,
  cookieValue,
  layerDocumentCookieJar,
  makeMemoryCookieJar
} from "./cookies.ts"
export {
  accessCookieMaxAgeSeconds,
  type CookieTokenStoreOptions,
  InvalidProjectId,
  validateProjectId,
  cookiePollMillis,
  layerCookieTokenStore,
  makeCookieTokenStore,
  readTokenCookies,
  refreshCookieMaxAgeSeconds,
  tokenCookieNames
} from "./cookie-token-store.ts"
export {
  type BrowserOAuthOptions,
  handleOAuthCallback,
  oauthCallbackPage,
  signInWithOAuth,
  verifierCookieMaxAgeSeconds,
  verifierCookieName
} from "./oauth.ts"
export { OAuthCallbackIgnored } from "./oauth-callback-ignored.ts"
export { layerBrowserNavigation, Navigation } from "../urls/navigation.ts"
export { layerBrowserWebAuthn } from "./webauthn.ts"
export { type BrowserLayerOptions, type BrowserServices, layerBrowser } from "./layer.ts"

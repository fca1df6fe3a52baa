/**
 * Handler routes, return-to rules, the trusted-redirect check and navigation.
 */
export {
  DEFAULT_HANDLER_PATH,
  DEFAULT_HOME_URL,
  defaultHandlerUrls,
  handlerNames,
  handlerPageForPath,
  handlerPages,
  handlerPageUrl,
  handlerRoutes,
  resolveHandlerUrls,
  trustedDomainsDashboardPath
} from "./handler-urls.ts"
export type { HandlerName, HandlerPage, HandlerUrls, HandlerUrlsOptions } from "./handler-urls.ts"
export {
  layerBrowserNavigation,
  makeLocationNavigation,
  Navigation,
  PAGE_REDIRECT_WAIT_MILLIS,
  redirectTo,
  redirectToHandler
} from "./navigation.ts"
export type { HistoryLike, LocationLike, NavigationService } from "./navigation.ts"
export { layerTestNavigation, makeTestNavigation, TestNavigation } from "./test-navigation.ts"
export type { NavigationEntry, TestNavigationService } from "./test-navigation.ts"
export {
  checkRedirectUrl,
  isTrustedRedirectUrl,
  resolveTrustedRedirectUrl,
  untrustedRedirectMessage,
  UntrustedRedirectUrl
} from "./redirect-check.ts"
export {
  AFTER_AUTH_RETURN_TO,
  afterAuthTarget,
  applyReturnToRules,
  constructCallbackUrl,
  isSameOrigin,
  OAUTH_CODE_PARAM,
  OAUTH_STATE_PARAM,
  readOAuthCallbackParams,
  readReturnTo,
  relativePart,
  signInTargetWithReturnTo,
  stripOAuthParams
} from "./return-to.ts"
export type { OAuthCallbackParams, RedirectOptions } from "./return-to.ts"
export { matchesTrustedDomain, matchHostnamePattern } from "./trusted-domain.ts"

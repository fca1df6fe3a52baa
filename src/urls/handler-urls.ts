/**
 * Handler routes: pages under a configurable base path (default `/handler`), the home page
 * (default `/`) and the after-sign-in / after-sign-up / after-sign-out targets. Any URL given
 * explicitly overrides the derived one.
 */

/** The default base path of the handler pages. */
export const DEFAULT_HANDLER_PATH = "/handler"

/** The default home page. */
export const DEFAULT_HOME_URL = "/"

/** The handler pages and the sub-route each has under the base path. */
export const handlerRoutes = {
  signIn: "sign-in",
  signUp: "sign-up",
  signOut: "sign-out",
  emailVerification: "email-verification",
  passwordReset: "password-reset",
  forgotPassword: "forgot-password",
  oauthCallback: "oauth-callback",
  magicLinkCallback: "magic-link-callback",
  accountSettings: "account-settings",
  error: "error",
  teamInvitation: "team-invitation",
  cliAuthConfirm: "cli-auth-confirm"
} as const

/** A page that lives under the handler base path. */
export type HandlerPage = keyof typeof handlerRoutes

/** Every handler page. */
export const handlerPages: ReadonlyArray<HandlerPage> = [
  "signIn",
  "signUp",
  "signOut",
  "emailVerification",
  "passwordReset",
  "forgotPassword",
  "oauthCallback",
  "magicLinkCallback",
  "accountSettings",
  "error",
  "teamInvitation",
  "cliAuthConfirm"
]

/** Every page an app can be redirected to by name (handler pages, home and the after-auth targets). */
export type HandlerName = HandlerPage | "home" | "afterSignIn" | "afterSignUp" | "afterSignOut"

/** Every handler name, in a stable order. */
export const handlerNames: ReadonlyArray<HandlerName> = [
  "signIn",
  "signUp",
  "signOut",
  "afterSignIn",
  "afterSignUp",
  "afterSignOut",
  "emailVerification",
  "passwordReset",
  "forgotPassword",
  "oauthCallback",
  "magicLinkCallback",
  "accountSettings",
  "teamInvitation",
  "cliAuthConfirm",
  "error",
  "home"
]

/** The resolved URLs: the base path plus one URL per handler name. */
export type HandlerUrls = { readonly handler: string } & { readonly [K in HandlerName]: string }

/** What an app may configure: any subset of {@link HandlerUrls}. */
export type HandlerUrlsOptions = { readonly [K in keyof HandlerUrls]?: string | undefined }

/** `/handler/` → `/handler`, `/` → `` (so pages become `/sign-in`). */
const trimTrailingSlashes = (path: string): string => path.replace(/\/+$/, "")

/** The URL of one handler page under `handlerPath`. */
export const handlerPageUrl = (handlerPath: string, page: HandlerPage): string =>
  `${trimTrailingSlashes(handlerPath)}/${handlerRoutes[page]}`

/**
 * Resolves the handler URLs: defaults derived from the (possibly custom) base path, with every
 * explicitly given URL winning. After-sign-in defaults to home, after-sign-up to the resolved
 * after-sign-in target, after-sign-out to home.
 */
export const resolveHandlerUrls = (options: HandlerUrlsOptions = {}): HandlerUrls => {
  const handler = options.handler ?? DEFAULT_HANDLER_PATH
  const home = options.home ?? DEFAULT_HOME_URL
  const afterSignIn = options.afterSignIn ?? home
  const page = (name: HandlerPage): string => options[name] ?? handlerPageUrl(handler, name)
  return {
    handler,
    home,
    afterSignIn,
    afterSignUp: options.afterSignUp ?? afterSignIn,
    afterSignOut: options.afterSignOut ?? home,
    signIn: page("signIn"),
    signUp: page("signUp"),
    signOut: page("signOut"),
    emailVerification: page("emailVerification"),
    passwordReset: page("passwordReset"),
    forgotPassword: page("forgotPassword"),
    oauthCallback: page("oauthCallback"),
    magicLinkCallback: page("magicLinkCallback"),
    accountSettings: page("accountSettings"),
    error: page("error"),
    teamInvitation: page("teamInvitation"),
    cliAuthConfirm: page("cliAuthConfirm")
  }
}

/** The default handler URLs (no overrides). */
export const defaultHandlerUrls: HandlerUrls = resolveHandlerUrls()

/**
 * Which handler page a path names, given the resolved URLs: `Some` page for `/handler/sign-in`
 * (or a customised page URL), otherwise `undefined`. Query and fragment are ignored; a trailing
 * slash is tolerated.
 */
export const handlerPageForPath = (urls: HandlerUrls, pathname: string): HandlerPage | undefined => {
  const wanted = trimTrailingSlashes(pathname) || "/"
  for (const page of handlerPages) {
    const url = urls[page]
    const path = trimTrailingSlashes(url.split(/[?#]/)[0] ?? url) || "/"
    if (path === wanted) return page
  }
  return undefined
}

/** The path of the admin dashboard page listing a project's trusted domains. */
export const trustedDomainsDashboardPath = (projectId: string): string =>
  `/projects/${encodeURIComponent(projectId)}/domains`

/**
 * Where the SDK sends the user: after sign-in or sign-up, to sign-in when a page
 * needs a user, after sign-out. Every redirect goes through the trusted-redirect check and the
 * injectable `Navigation`; the handler URLs are the `HandlerUrlsConfig` reference (defaults under
 * `/handler`).
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { defaultHandlerUrls, type HandlerName, type HandlerUrls } from "../urls/handler-urls.ts"
import { Navigation, redirectToHandler } from "../urls/navigation.ts"
import { checkRedirectUrl } from "../urls/redirect-check.ts"
import { applyReturnToRules, type RedirectOptions } from "../urls/return-to.ts"
import { getUser } from "./account.ts"
import { UserNotSignedIn } from "./not-signed-in.ts"
import type { SignInResult } from "./context.ts"

/** The app's handler URLs; override with `Layer.succeed(HandlerUrlsConfig, resolveHandlerUrls({...}))`. */
export const HandlerUrlsConfig = Context.Reference<HandlerUrls>("stackfx/HandlerUrls", {
  defaultValue: () => defaultHandlerUrls
})

/** Sends the user to one of the handler pages (`signIn`, `afterSignIn`, `home`, ...). */
export const redirectToPage = /*#__PURE__*/ Effect.fnUntraced(function*(name: HandlerName, options: RedirectOptions = {}) {
  const urls = yield* HandlerUrlsConfig
  yield* redirectToHandler(urls, name, options)
})

/** After a sign-in: a new user goes to the after-sign-up page, an existing one to the after-sign-in page. */
export const redirectAfterSignIn = /*#__PURE__*/ Effect.fnUntraced(function*(
  result: SignInResult,
  options: RedirectOptions = {}
) {
  yield* redirectToPage(result.isNewUser ? "afterSignUp" : "afterSignIn", { replace: true, ...options })
})

/**
 * Where `redirectAfterSignIn` would send a new user, checked now: run it before a sign-up, so an
 * untrusted `after_auth_return_to` is refused before the account exists (not after, when a second
 * attempt would meet "user already exists").
 */
export const checkAfterSignUpRedirect = /*#__PURE__*/ Effect.fnUntraced(function*() {
  const urls = yield* HandlerUrlsConfig
  const navigation = yield* Navigation
  const current = yield* navigation.current
  return yield* checkRedirectUrl(applyReturnToRules("afterSignUp", urls.afterSignUp, current), current)
})

/**
 * The signed-in user; when there is none, the user is sent to the sign-in page (with the return-to
 * rule) and the effect fails with `UserNotSignedIn`, after the navigation, so callers stop there.
 */
export const getUserOrRedirect = /*#__PURE__*/ Effect.fnUntraced(function*() {
  const user = yield* getUser()
  if (Option.isSome(user)) return user.value
  return yield* redirectSignedOut()
})

/**
 * What `getUserOrRedirect` does once it found nobody signed in: to the sign-in page, then fails with
 * `UserNotSignedIn` (for a caller that already read the user, such as `useUser`).
 */
export const redirectSignedOut = /*#__PURE__*/ Effect.fnUntraced(function*() {
  // Whatever signed the user out in this page (sign-out, account deletion) goes where it means to
  // in the same turn: let it go first. The first navigation that leaves the page wins, so this
  // one then only applies to a visitor who arrived signed out.
  yield* Effect.yieldNow
  yield* redirectToPage("signIn")
  return yield* new UserNotSignedIn({ message: "User is not signed in; redirected to the sign-in page" })
})

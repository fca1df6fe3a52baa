/**
 * Navigation as a service, so redirects are testable: the browser implementation drives
 * `window.location`; the test implementation records every navigation in memory.
 *
 * `redirectTo` is the only way the SDK navigates: it runs the trusted-redirect check, navigates to the
 * resolved URL (pushing or replacing the history entry) and then waits the page redirect wait
 * (2000 ms) so the code after a redirect does not race the page unload. The wait uses
 * `Effect.sleep`, so `TestClock` controls it.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { HandlerName, HandlerUrls } from "./handler-urls.ts"
import { checkRedirectUrl, type UntrustedRedirectUrl } from "./redirect-check.ts"
import { applyReturnToRules, type RedirectOptions } from "./return-to.ts"

/** How long a redirect waits after navigating before it completes. */
export const PAGE_REDIRECT_WAIT_MILLIS = 2000

// ---------------------------------------------------------------------------------------------
// Service

/** Where the app is and how it moves. */
export interface NavigationService {
  /** The absolute URL of the current page. */
  readonly current: Effect.Effect<string>
  /** Navigates to `url`, pushing a history entry (`location.assign`). */
  readonly assign: (url: string) => Effect.Effect<void>
  /** Navigates to `url`, replacing the current history entry (`location.replace`). */
  readonly replace: (url: string) => Effect.Effect<void>
  /**
   * Changes the address of the current page without loading anything (`history.replaceState`),
   * e.g. to drop the OAuth `code` and `state` while the callback page is still working with them.
   * Same origin only, as the History API requires.
   */
  readonly rewrite: (url: string) => Effect.Effect<void>
}

/** The Navigation service. */
export class Navigation extends Context.Service<Navigation, NavigationService>()("stackfx/Navigation") {}

/** The part of `Location` the browser implementation uses. */
export interface LocationLike {
  readonly href: string
  assign(url: string): void
  replace(url: string): void
}

/** The part of `History` the browser implementation uses. */
export interface HistoryLike {
  replaceState(data: unknown, unused: string, url: string): void
}

/** Whether going from `from` to `to` loads another document (not only a change of fragment). */
const loadsAnotherDocument = (from: string, to: string): boolean => {
  try {
    const target = new URL(to, from)
    const current = new URL(from)
    target.hash = ""
    current.hash = ""
    // A URL with a fragment is only a jump within the page, unless the rest differs.
    return !(to.includes("#") && target.href === current.href)
  } catch {
    return true
  }
}

/**
 * Navigation over a `Location` and a `History` (in the browser: `window.location`, `window.history`).
 *
 * The first navigation that leaves the page wins: once one is under way, later ones are ignored
 * (returning `reset` makes the page navigable again). Two redirects racing, say the after-sign-out
 * page a deleted account goes to and the sign-in page a protected view sends a signed-out visitor
 * to, would otherwise cancel each other and leave the page wherever the last one pointed.
 */
export const makeLocationNavigation = (location: LocationLike, history: HistoryLike): NavigationService & { readonly reset: () => void } => {
  let leaving = false
  const leave = (url: string, go: (url: string) => void) =>
    Effect.sync(() => {
      if (leaving) return
      if (loadsAnotherDocument(location.href, url)) leaving = true
      go(url)
    })
  return {
    ...Navigation.of({
      current: Effect.sync(() => location.href),
      assign: (url) => leave(url, (target) => location.assign(target)),
      replace: (url) => leave(url, (target) => location.replace(target)),
      // Keeps whatever state the app's router stored for this entry.
      rewrite: (url) => Effect.sync(() => history.replaceState((history as { readonly state?: unknown }).state ?? null, "", url))
    }),
    reset: () => {
      leaving = false
    }
  }
}

/** Navigation over `globalThis.location`; dies if there is none (not in a browser). */
export const layerBrowserNavigation: Layer.Layer<Navigation> = Layer.effect(
  Navigation,
  Effect.sync(() => {
    const location = globalThis.location
    const history = globalThis.history
    if (location === undefined || history === undefined) {
      throw new Error("Navigation: no window.location or window.history (not running in a browser)")
    }
    const navigation = makeLocationNavigation(location, history)
    // A page restored from the back-forward cache keeps its state: it can navigate again.
    globalThis.addEventListener?.("pageshow", (event) => {
      if ("persisted" in event && event.persisted === true) navigation.reset()
    })
    return navigation
  })
)

// ---------------------------------------------------------------------------------------------
// Redirects

/**
 * Redirects to `target` if it is trusted (relative, or on the current origin): navigates to the
 * resolved URL, replacing the history entry when `replace` is set, then waits
 * {@link PAGE_REDIRECT_WAIT_MILLIS}. An untrusted target fails with `UntrustedRedirectUrl` and
 * navigates nowhere.
 */
export const redirectTo = /*#__PURE__*/ Effect.fnUntraced(function*(
  target: string,
  options: Pick<RedirectOptions, "replace"> = {}
): Effect.fn.Return<void, UntrustedRedirectUrl, Navigation> {
  const navigation = yield* Navigation
  const current = yield* navigation.current
  const resolved = yield* checkRedirectUrl(target, current)
  yield* options.replace === true ? navigation.replace(resolved.href) : navigation.assign(resolved.href)
  yield* Effect.sleep(PAGE_REDIRECT_WAIT_MILLIS)
})

/**
 * Redirects to the handler page `name` of `urls`, applying the return-to rules (unless
 * `noRedirectBack`) and the trusted-redirect check.
 */
export const redirectToHandler = /*#__PURE__*/ Effect.fnUntraced(function*(
  urls: HandlerUrls,
  name: HandlerName,
  options: RedirectOptions = {}
): Effect.fn.Return<void, UntrustedRedirectUrl, Navigation> {
  const navigation = yield* Navigation
  const current = yield* navigation.current
  const target = applyReturnToRules(name, urls[name], current, options)
  yield* redirectTo(target, { replace: options.replace })
})

/**
 * Rendering a stackfx React app on a server, for one request: the client core acting as the user
 * whose tokens the request carries (cookies of either family, or the SDK's auth headers), with the
 * browser-only services replaced by what a server can do.
 *
 * @example
 * const store = makeStackStore(layerServerRender({ projectId, publishableClientKey, request }))
 * const stream = await renderToReadableStream(<StackProvider store={store}><App /></StackProvider>)
 * await stream.allReady
 * const hydration = serializeHydration(dehydrate(store.cache)) // into <script type="application/json">
 * await store.dispose()
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { layerCoreFetch, type StackClientOptions } from "../src/client/core.ts"
import type { InvalidStackOptions } from "../src/client/options-check.ts"
import type { BrowserServices } from "../src/browser/layer.ts"
import { inertNavigation, layerOutsideBrowser, unknownPageUrl } from "../src/browser/outside-browser.ts"
import type { FetchFunction } from "../src/http/transport-fetch.ts"
import { layerRequestTokenStore, type RequestHeadersInput } from "../src/server/request-token-store.ts"
import { Navigation, type NavigationService } from "../src/urls/navigation.ts"

/** Options of {@link layerServerRender}. */
export interface ServerRenderOptions extends StackClientOptions {
  /** The incoming request (a web `Request`, `Headers`, or Node's `IncomingHttpHeaders`). */
  readonly request: RequestHeadersInput
  /** The page's absolute URL (what `Navigation.current` answers); default `http://localhost/`. */
  readonly url?: string | undefined
  /** The `fetch` to reach the API with (default: the global one). */
  readonly fetch?: FetchFunction | undefined
  /**
   * Called with the address when the render asks to leave the page (`useUser({ or: "redirect" })`
   * signed out: the sign-in page, with the way back): answer the request with a redirect there
   * instead of the HTML. Without it the navigation is ignored and the page fails to render on the
   * server (the browser renders it and redirects: React error #419 in its console).
   */
  readonly onRedirect?: ((url: string) => void) | undefined
}

const headerOf = (request: RequestHeadersInput, name: string): string => {
  const headers = "headers" in request && request.headers instanceof Headers ? request.headers : request
  if (headers instanceof Headers) return headers.get(name) ?? ""
  const value = (headers as Readonly<Record<string, string | ReadonlyArray<string> | undefined>>)[name]
  return typeof value === "string" ? value : value?.join("; ") ?? ""
}

/**
 * Navigation for one server render: it stays at `url`, and the first page the render asks to go to
 * (assigned or replacing; a rewrite of the address loads nothing) is handed to `onRedirect`.
 */
const redirectingNavigation = (url: string, onRedirect: (url: string) => void): NavigationService => {
  let asked = false
  const leave = (target: string) =>
    Effect.sync(() => {
      if (asked) return
      asked = true
      onRedirect(new URL(target, url).href)
    })
  return Navigation.of({ ...inertNavigation(url), assign: leave, replace: leave })
}

/**
 * Everything `StackProvider` needs, on a server for one request. Token refreshes stay in this
 * request (nothing is written back to the browser, which refreshes for itself); a navigation asked
 * for during the render (`useUser({ or: "redirect" })`) goes to `onRedirect` (ignored without it),
 * and passkeys are unavailable.
 *
 * @example
 * let redirect: string | undefined
 * const store = makeStackStore(layerServerRender({ ...options, request, url, onRedirect: (to) => (redirect = to) }))
 * const stream = await renderToReadableStream(<StackProvider store={store}><App /></StackProvider>)
 * await stream.allReady
 * if (redirect !== undefined) return Response.redirect(redirect, 307) // not the HTML
 */
export const layerServerRender = (options: ServerRenderOptions): Layer.Layer<BrowserServices, InvalidStackOptions> => {
  const url = options.url ?? unknownPageUrl
  const outside = layerOutsideBrowser(url, headerOf(options.request, "cookie"))
  const onRedirect = options.onRedirect
  return Layer.mergeAll(
    layerCoreFetch(options, options.fetch).pipe(Layer.provideMerge(layerRequestTokenStore(options.request, options))),
    // (the later layer's Navigation wins over the inert one)
    onRedirect === undefined ? outside : Layer.merge(outside, Layer.succeed(Navigation, redirectingNavigation(url, onRedirect)))
  )
}

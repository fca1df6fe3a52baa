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
import * as Layer from "effect/Layer"
import { layerCoreFetch, type StackClientOptions } from "../src/client/core.ts"
import type { InvalidStackOptions } from "../src/client/options-check.ts"
import type { BrowserServices } from "../src/browser/layer.ts"
import { layerOutsideBrowser } from "../src/browser/outside-browser.ts"
import type { FetchFunction } from "../src/http/transport-fetch.ts"
import { layerRequestTokenStore, type RequestHeadersInput } from "../src/server/request-token-store.ts"

/** Options of {@link layerServerRender}. */
export interface ServerRenderOptions extends StackClientOptions {
  /** The incoming request (a web `Request`, `Headers`, or Node's `IncomingHttpHeaders`). */
  readonly request: RequestHeadersInput
  /** The page's absolute URL (what `Navigation.current` answers); default `http://localhost/`. */
  readonly url?: string | undefined
  /** The `fetch` to reach the API with (default: the global one). */
  readonly fetch?: FetchFunction | undefined
}

const headerOf = (request: RequestHeadersInput, name: string): string => {
  const headers = "headers" in request && request.headers instanceof Headers ? request.headers : request
  if (headers instanceof Headers) return headers.get(name) ?? ""
  const value = (headers as Readonly<Record<string, string | ReadonlyArray<string> | undefined>>)[name]
  return typeof value === "string" ? value : value?.join("; ") ?? ""
}

/**
 * Everything `StackProvider` needs, on a server for one request. Token refreshes stay in this
 * request (nothing is written back to the browser, which refreshes for itself); a navigation asked
 * for during the render (`useUser({ or: "redirect" })`) is ignored, and passkeys are unavailable.
 */
export const layerServerRender = (options: ServerRenderOptions): Layer.Layer<BrowserServices, InvalidStackOptions> => {
  return Layer.mergeAll(
    layerCoreFetch(options, options.fetch).pipe(Layer.provideMerge(layerRequestTokenStore(options.request, options))),
    layerOutsideBrowser(options.url, headerOf(options.request, "cookie"))
  )
}

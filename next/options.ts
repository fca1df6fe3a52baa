/** What every part of `stackfx/next` is configured with: the client's options and the handler URLs. */
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import { HandlerUrlsConfig } from "../src/client/redirects.ts"
import type { HeaderNames } from "../src/http/wire-names.ts"
import { type HandlerUrlsOptions, resolveHandlerUrls } from "../src/urls/handler-urls.ts"
import type { StackClientOptions } from "../src/client/core.ts"

/** Options of `stackfx/next`: the project, where the API is, and where the handler pages are. */
export interface StackNextOptions extends StackClientOptions {
  /** The handler pages' URLs (default: under `/handler`, `app/handler/[...stack]/page.tsx`). */
  readonly urls?: HandlerUrlsOptions | undefined
}

/**
 * The options a server component hands to the browser: plain JSON (a `Redacted` publishable key
 * unwrapped: it is public; request policies stay on the server).
 */
export interface ClientOptions {
  readonly projectId: string
  readonly publishableClientKey?: string | undefined
  readonly baseUrl?: string | undefined
  readonly allowRestrictedUser?: boolean | undefined
  readonly allowAnonymousUser?: boolean | undefined
  readonly headerNames?: HeaderNames | undefined
  readonly urls?: HandlerUrlsOptions | undefined
}

/** The JSON-safe part of `options`, for the browser. */
export const clientOptionsOf = (options: StackNextOptions): ClientOptions => {
  const key = options.publishableClientKey
  return {
    projectId: options.projectId,
    ...(key === undefined ? {} : { publishableClientKey: Redacted.isRedacted(key) ? Redacted.value(key) : key }),
    ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
    ...(options.allowRestrictedUser === undefined ? {} : { allowRestrictedUser: options.allowRestrictedUser }),
    ...(options.allowAnonymousUser === undefined ? {} : { allowAnonymousUser: options.allowAnonymousUser }),
    ...(options.headerNames === undefined ? {} : { headerNames: options.headerNames }),
    ...(options.urls === undefined ? {} : { urls: options.urls })
  }
}

/** The handler URLs of `options` as the `HandlerUrlsConfig` the pages and redirects read. */
export const layerHandlerUrls = (options: Pick<StackNextOptions, "urls">) =>
  Layer.succeed(HandlerUrlsConfig, resolveHandlerUrls(options.urls))

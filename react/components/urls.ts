/** Handler-page URLs as the kit sends them to the server (e-mail links, OAuth callbacks). */
import * as Effect from "effect/Effect"
import { HandlerUrlsConfig } from "../../src/client/index.ts"
import type { HandlerPage } from "../../src/urls/handler-urls.ts"
import { Navigation } from "../../src/urls/navigation.ts"
import { constructCallbackUrl } from "../../src/urls/return-to.ts"
import { queryKey } from "../cache.ts"
import { useStackSuspenseQuery } from "../hooks.ts"

/**
 * The absolute URL of handler page `page` for a link the server e-mails or redirects to, carrying
 * the current page's `after_auth_return_to` so the user lands where they were going.
 */
export const callbackUrl = (page: HandlerPage) =>
  Effect.gen(function*() {
    const urls = yield* HandlerUrlsConfig
    const current = yield* (yield* Navigation).current
    return constructCallbackUrl(urls[page], current) ?? new URL(urls[page], current).href
  })

/** A query parameter of the current page. */
export const currentParam = (name: string) =>
  Effect.gen(function*() {
    const current = yield* (yield* Navigation).current
    return new URL(current).searchParams.get(name) ?? ""
  })

/** The handler pages' URLs as the app configured them (one cached read shared by every component). */
export const useHandlerUrls = () => useStackSuspenseQuery(queryKey("handlerUrls"), Effect.service(HandlerUrlsConfig))

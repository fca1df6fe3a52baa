/**
 * `stackfx/next/handler`: `StackHandler` for `app/handler/[...stack]/page.tsx` (a server component):
 * renders the handler page the route's params name on the server, with the search params the pages
 * read, so the sign-in form (and every other page) is in the first HTML. An entry of its own: what
 * imports it gets the handler pages' browser code, and only the handler route should.
 */
import { redirect } from "next/navigation.js"
import { handlerPageForPath, resolveHandlerUrls } from "../src/urls/handler-urls.ts"
import { signInTargetWithReturnTo } from "../src/urls/return-to.ts"
import { toSearchParams } from "../react/search-params.ts"
import { ClientStackHandler } from "./client-handler.tsx"
import type { StackNext } from "./server.ts"

type SearchParams = Readonly<Record<string, string | ReadonlyArray<string> | undefined>>

/** Props of {@link StackHandler}: the page's own props, passed on, and the app's `stackNext(options)`. */
export interface StackHandlerProps {
  readonly stack: StackNext
  /** The route's params (`{ stack: ["sign-in"] }`), as Next.js gives them to the page. */
  readonly params: Promise<{ readonly stack?: ReadonlyArray<string> | undefined }>
  /** The page's search params, as Next.js gives them to the page. */
  readonly searchParams: Promise<SearchParams>
}

/**
 * @example
 * // app/handler/[...stack]/page.tsx
 * export default function Handler(props: { params: Promise<{ stack: string[] }>; searchParams: Promise<Record<string, string | string[]>> }) {
 *   return <StackHandler stack={stack} {...props} />
 * }
 */
export const StackHandler = async ({ stack, params, searchParams }: StackHandlerProps) => {
  const urls = resolveHandlerUrls(stack.options.urls)
  const base = new URL(urls.handler, "http://localhost").pathname.replace(/\/$/, "")
  const path = `${base}/${((await params).stack ?? []).map(encodeURIComponent).join("/")}`
  const search = await searchParams
  // The account settings need a user: a signed-out visitor goes to sign in (and comes back) before
  // anything renders, rather than a page that could only fail on the server.
  if (handlerPageForPath(urls, path) === "accountSettings" && (await stack.currentUser()) === null) {
    const query = toSearchParams(search).toString()
    redirect(signInTargetWithReturnTo(urls.signIn, `http://localhost${path}${query === "" ? "" : `?${query}`}`))
  }
  return <ClientStackHandler path={path} searchParams={search} />
}

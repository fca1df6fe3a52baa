/**
 * The page's address as components see it while rendering, hydration-safe: given by the app (a
 * router's path and search params, Next.js's `params` and `searchParams`) through
 * {@link PageLocationProvider}, or else read from `location` only after the first render in the
 * browser. A server render and the hydration that follows it then agree, and nothing reads `window`
 * while rendering on a server.
 */
import { createContext, createElement, type ReactNode, useContext, useMemo, useSyncExternalStore } from "react"
import { type SearchParamsInput, toSearchParams } from "./search-params.ts"

export { type SearchParamsInput, toSearchParams } from "./search-params.ts"

/** A page's path and query, as rendering needs them. */
export interface PageLocation {
  /** The path, e.g. `/handler/sign-in`. */
  readonly pathname: string
  /** The query parameters. */
  readonly searchParams: URLSearchParams
  /**
   * The address as an absolute URL: the browser's, or, when the app gave the path, that path on a
   * placeholder origin (`http://localhost`), enough to build same-origin links from.
   */
  readonly href: string
}

const placeholderOrigin = "http://localhost"

const PageLocationContext = createContext<PageLocation | undefined>(undefined)

/** Props of {@link PageLocationProvider}. */
export interface PageLocationProviderProps {
  readonly pathname: string
  readonly searchParams?: SearchParamsInput | undefined
  readonly children?: ReactNode
}

/** Tells the components below which address they render for (on the server and in the browser alike). */
export const PageLocationProvider = ({ pathname, searchParams, children }: PageLocationProviderProps) => {
  const search = toSearchParams(searchParams).toString()
  const value = useMemo(() => {
    const url = new URL(pathname, placeholderOrigin)
    url.search = search
    return { pathname, searchParams: new URLSearchParams(search), href: url.href }
  }, [pathname, search])
  return createElement(PageLocationContext.Provider, { value }, children)
}

const subscribe = (listener: () => void) => {
  globalThis.addEventListener?.("popstate", listener)
  return () => globalThis.removeEventListener?.("popstate", listener)
}
const browserHref = (): string | undefined => globalThis.location?.href
// A server render knows no address; hydration renders with this too, then with the browser's.
const serverHref = (): string | undefined => undefined

/**
 * The address the page renders for: the nearest {@link PageLocationProvider}'s, else the browser's
 * (after hydration; undefined on a server and during hydration, so both render the same).
 */
export const usePageLocation = (): PageLocation | undefined => {
  const given = useContext(PageLocationContext)
  const href = useSyncExternalStore(subscribe, browserHref, serverHref)
  return useMemo(() => {
    if (given !== undefined) return given
    if (href === undefined) return undefined
    const url = new URL(href)
    return { pathname: url.pathname, searchParams: url.searchParams, href }
  }, [given, href])
}

/** One query parameter of the page's address (null when absent or not yet known). */
export const usePageParam = (name: string): string | null => usePageLocation()?.searchParams.get(name) ?? null

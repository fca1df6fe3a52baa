/**
 * What the React example app (examples/react-app) sends on each page's first load, counted on the
 * wire in Chromium: a fresh browser context per page, with a signed-up user's session cookies or
 * none, the page loaded until the network is idle. Shared by the test and `npm run bench`.
 */
import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"
import { startReactExample } from "../../examples/react-app/serve.ts"
import { launchChromium, step } from "./chromium.ts"
import { addSessionCookies, signedUpUser } from "./session-cookies.ts"

/** Each page, what it shows once loaded, and the requests its first load needs. */
export const examplePages = [
  { signedIn: true, path: "/", ready: "#home", needs: ["GET /api/v1/users/me", "GET /api/v1/teams", "GET /api/v1/contact-channels"] },
  { signedIn: true, path: "/account", ready: "main h1, main h2", needs: ["GET /api/v1/users/me"] },
  { signedIn: true, path: "/admin", ready: "#admin h1", needs: ["GET /api/v1/users/me", "GET /api/v1/internal/projects/current"] },
  { signedIn: true, path: "/handler/sign-in", ready: "main", needs: ["GET /api/v1/projects/current"] },
  { signedIn: false, path: "/", ready: "#home", needs: [] },
  { signedIn: false, path: "/handler/sign-in", ready: "form", needs: ["GET /api/v1/projects/current"] },
  { signedIn: false, path: "/handler/sign-up", ready: "form", needs: ["GET /api/v1/projects/current"] }
] as const

/** One page's first load: `METHOD /path?query` of every API request, in order. */
export interface PageRequests {
  readonly page: (typeof examplePages)[number]
  readonly requests: ReadonlyArray<string>
}

/** What `requests` holds where the tab loaded a new document (a page may send the visitor on, as a signed-in sign-in page does). */
export const navigationMarker = "navigated to "

/** The requests sent more than once by one document. */
export const repeated = (requests: ReadonlyArray<string>): ReadonlyArray<string> => {
  const documents: Array<Array<string>> = [[]]
  for (const request of requests) {
    if (request.startsWith(navigationMarker)) documents.push([])
    else documents.at(-1)?.push(request)
  }
  return [...new Set(documents.flatMap((sent) => sent.filter((request, index) => sent.indexOf(request) !== index)))]
}

/** Loads every page of `examplePages` in Chromium against a fresh example app and emulator. */
export const exampleRequests: Effect.Effect<ReadonlyArray<PageRequests>, never, Scope.Scope> = Effect.gen(function*() {
  const { emu, page: served } = yield* startReactExample
  const browser = yield* launchChromium
  const config = { baseUrl: emu.info.baseUrl, projectId: emu.info.projectId, publishableClientKey: emu.info.publishableClientKey }
  const session = yield* signedUpUser(config, { email: "requests@example.com", displayName: "Counted", team: "Team" })
  const loads: Array<PageRequests> = []
  for (const page of examplePages) {
    const context = yield* step(() => browser.newContext())
    const requests: Array<string> = []
    context.on("request", (request) => {
      const url = new URL(request.url())
      if (request.url().startsWith(emu.info.baseUrl)) requests.push(`${request.method()} ${url.pathname}${url.search}`)
    })
    if (page.signedIn) yield* addSessionCookies(context, served.origin, emu.info.projectId, session)
    const tab = yield* step(() => context.newPage())
    tab.on("framenavigated", (frame) => {
      if (frame === tab.mainFrame()) requests.push(`${navigationMarker}${new URL(frame.url()).pathname}`)
    })
    yield* step(() => tab.goto(`${served.origin}${page.path}`))
    yield* step(() => tab.waitForSelector(page.ready))
    yield* step(() => tab.waitForLoadState("networkidle"))
    yield* step(() => context.close())
    loads.push({ page, requests })
  }
  return loads
})

/**
 * Issue 10 figures: API requests made by stackfx/react pages in Chromium (the test page
 * test/browser/pages/session-counts.tsx against the emulator over HTTP), counted on the wire.
 */
import * as Effect from "effect/Effect"
import type { BrowserContext } from "playwright-core"
import { startApp, step } from "../test/browser/chromium.ts"
import { addSessionCookies, expiredCopy, signedUpUser } from "../test/browser/session-cookies.ts"
import { exampleRequests, navigationMarker, repeated } from "../test/browser/example-requests.ts"

/** Prints the request counts of a 50-component page, a fresh page, and 20 tabs with an expired token. */
export const reportReactRequestCounts = (): Promise<void> =>
  Effect.runPromise(Effect.scoped(Effect.gen(function*() {
    const { browser, emu, page } = yield* startApp("session-counts.tsx")
    const config = { baseUrl: emu.info.baseUrl, projectId: emu.info.projectId, publishableClientKey: emu.info.publishableClientKey }
    const session = yield* signedUpUser(config, { email: "bench-react@example.com", displayName: "Bench", team: "Team" })
    const measure = (cookies: { readonly refresh: string; readonly access?: string }, query: string, tabs: number, expectedNames: number) =>
      Effect.gen(function*() {
        const context: BrowserContext = yield* step(() => browser.newContext())
        const requests: Array<string> = []
        context.on("request", (request) => {
          if (request.url().startsWith(emu.info.baseUrl)) requests.push(`${request.method()} ${new URL(request.url()).pathname}`)
        })
        yield* addSessionCookies(context, page.origin, emu.info.projectId, cookies)
        yield* Effect.forEach(Array.from({ length: tabs }), () =>
          Effect.gen(function*() {
            const tab = yield* step(() => context.newPage())
            yield* step(() => tab.goto(`${page.origin}/?${query}`))
            yield* step(() =>
              tab.waitForFunction((least) => {
                const names = [...document.querySelectorAll(".name")]
                return names.length >= least && names.every((name) => name.textContent === "Bench")
              }, expectedNames)
            )
            if (query.includes("resources=1")) yield* step(() => tab.waitForSelector("#teams:has-text('Team')"))
          }), { concurrency: "unbounded" })
        yield* step(() => new Promise((resolve) => setTimeout(resolve, 300)))
        yield* step(() => context.close())
        return requests
      })
    const refreshes = (requests: ReadonlyArray<string>) => requests.filter((request) => request.endsWith("/auth/oauth/token")).length
    const fifty = yield* measure(session, "components=50", 1, 50)
    const fresh = yield* measure({ refresh: session.refresh }, "components=5&resources=1", 1, 5)
    const twenty = yield* measure({ refresh: session.refresh, access: expiredCopy(session.access) }, "components=1", 20, 1)
    process.stdout.write(
      [
        "stackfx/react requests in Chromium (counted on the wire, emulator over HTTP)",
        `  50 components reading the user:                    ${fifty.length} request (goal 1)`,
        `  fresh page, refresh token only; user, teams, channels: ${fresh.length} requests, ${refreshes(fresh)} refresh (goal 4)`,
        `  20 tabs whose access token expired:                ${refreshes(twenty)} refresh request (goal 1; ${twenty.length} requests in all)`,
        ""
      ].join("\n") + "\n"
    )
    // The example app's pages (examples/react-app), each loaded fresh: every resource at most once.
    const pages = yield* exampleRequests
    process.stdout.write("the React example app's first loads in Chromium (requests per page; goal: each resource read once)\n")
    for (const { page, requests: sent } of pages) {
      const twice = repeated(sent)
      // Documents the page sent the visitor on to are named; the count is of API requests.
      const requests = sent.filter((request) => !request.startsWith(navigationMarker) || sent.indexOf(request) > 0)
        .map((request) => request.startsWith(navigationMarker) ? `then ${request}` : request)
      const label = `${page.path} (${page.signedIn ? "signed in" : "signed out"})`
      process.stdout.write(`  ${label.padEnd(30)} ${requests.filter((request) => !request.startsWith("then ")).length} request(s), ${twice.length === 0 ? "none repeated" : `REPEATED: ${twice.join(", ")}`}: ${requests.map((request) => request.split("?")[0]).join(", ")}\n`)
    }
    process.stdout.write("\n")
  })))

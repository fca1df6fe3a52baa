/**
 * Issue 30: every page of the React example app (examples/react-app) makes the fewest API requests
 * on a first load, counted on the wire in Chromium: a fresh tab with a session's cookies (or none),
 * each page loaded until the network is idle. No request is sent twice (before: `GET /users/me` once
 * for the header's and the home page's `useUser()`, again for the team switcher's
 * `useUser({ or: "throw" })`, and on `/account` a third time for `useUser({ or: "redirect" })`).
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { startReactExample } from "../../examples/react-app/serve.ts"
import { launchChromium, step } from "./chromium.ts"
import { addSessionCookies, signedUpUser } from "./session-cookies.ts"

/** Each page, what it shows once loaded, and the requests its first load needs, signed in or out. */
const pages = [
  { signedIn: true, path: "/", ready: "#home", needs: ["GET /api/v1/users/me", "GET /api/v1/teams", "GET /api/v1/contact-channels"] },
  { signedIn: true, path: "/account", ready: "main h1, main h2", needs: ["GET /api/v1/users/me"] },
  { signedIn: true, path: "/admin", ready: "main h1, main h2", needs: ["GET /api/v1/users/me"] },
  { signedIn: true, path: "/handler/sign-in", ready: "main", needs: ["GET /api/v1/projects/current"] },
  { signedIn: false, path: "/", ready: "#home", needs: [] },
  { signedIn: false, path: "/handler/sign-in", ready: "form", needs: ["GET /api/v1/projects/current"] },
  { signedIn: false, path: "/handler/sign-up", ready: "form", needs: ["GET /api/v1/projects/current"] }
] as const

/** The requests sent more than once. */
const repeated = (requests: ReadonlyArray<string>) => [...new Set(requests.filter((request, index) => requests.indexOf(request) !== index))]

describe("the example app's first loads in Chromium", () => {
  it.live("every page reads each resource once, signed in and signed out", () =>
    Effect.gen(function*() {
      const { emu, page } = yield* startReactExample
      const browser = yield* launchChromium
      const config = { baseUrl: emu.info.baseUrl, projectId: emu.info.projectId, publishableClientKey: emu.info.publishableClientKey }
      const session = yield* signedUpUser(config, { email: "requests@example.com", displayName: "Counted", team: "Team" })
      for (const { signedIn, path, ready, needs } of pages) {
        const context = yield* step(() => browser.newContext())
        const requests: Array<string> = []
        context.on("request", (request) => {
          if (request.url().startsWith(emu.info.baseUrl)) requests.push(`${request.method()} ${new URL(request.url()).pathname}${new URL(request.url()).search}`)
        })
        if (signedIn) yield* addSessionCookies(context, page.origin, emu.info.projectId, session)
        const tab = yield* step(() => context.newPage())
        yield* step(() => tab.goto(`${page.origin}${path}`))
        yield* step(() => tab.waitForSelector(ready))
        yield* step(() => tab.waitForLoadState("networkidle"))
        yield* step(() => context.close())
        const label = `${path} (${signedIn ? "signed in" : "signed out"}): ${requests.join(", ")}`
        assert.deepStrictEqual(repeated(requests), [], label)
        for (const need of needs) assert.isTrue(requests.some((request) => request.split("?")[0] === need), `${need} for ${label}`)
      }
    }).pipe(Effect.scoped), 120_000)
})

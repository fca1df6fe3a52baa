/**
 * Issue 30: every page of the React example app (examples/react-app) makes the fewest API requests
 * on a first load, counted on the wire in Chromium (example-requests.ts). No request is sent twice
 * (before: `GET /users/me` once for the header's and the home page's `useUser()`, again for the team
 * switcher's `useUser({ or: "throw" })`, a third time on `/account` for `useUser({ or: "redirect" })`;
 * the admin page read the project six times).
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { exampleRequests, repeated } from "./example-requests.ts"

describe("the example app's first loads in Chromium", () => {
  it.live("every page reads each resource once, signed in and signed out", () =>
    Effect.gen(function*() {
      for (const { page, requests } of yield* exampleRequests) {
        const label = `${page.path} (${page.signedIn ? "signed in" : "signed out"}): ${requests.join(", ")}`
        assert.deepStrictEqual(repeated(requests), [], label)
        for (const need of page.needs) assert.isTrue(requests.some((request) => request.split("?")[0] === need), `${need} for ${label}`)
      }
    }).pipe(Effect.scoped), 120_000)
})

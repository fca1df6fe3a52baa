/**
 * `stackfx/next/middleware` against the emulator over HTTP, with the `NextRequest`s Next.js hands it:
 * a visitor without cookies passes on public paths and is sent to sign in (with the way back) on
 * protected ones; a valid session passes (verified locally) and writes nothing; an expired access
 * token is refreshed once, the new cookies going to the browser and to the rest of the request; a
 * revoked session reads as signed out; a wrong project id is a readable 500, never a crash.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import { NextRequest } from "next/server.js"
import { readTokenCookies, tokenCookieNames } from "../../src/browser/cookie-token-store.ts"
import { Emulator } from "../../src/emulator/emulator.ts"
import { signOut } from "../../src/client/index.ts"
import { stackMiddleware } from "../../next/middleware.ts"
import { pageUrlHeader } from "../../next/server.ts"
import { expiredCopy, signedUpUser } from "../browser/session-cookies.ts"

const cookieHeader = (projectId: string, session: { readonly refresh: string; readonly access?: string }) => {
  const names = tokenCookieNames(projectId)
  return [
    `${names.refresh}=${encodeURIComponent(session.refresh)}`,
    ...(session.access === undefined ? [] : [`${names.access}=${encodeURIComponent(JSON.stringify([session.refresh, session.access]))}`])
  ].join("; ")
}

describe("stackMiddleware", () => {
  it.live("public and protected paths, local verification, refresh of an expired token, revoked sessions, bad options", () =>
    Effect.gen(function*() {
      const emu = yield* Effect.orDie(Emulator.serve({ port: 0 }))
      const options = { baseUrl: emu.info.baseUrl, projectId: emu.info.projectId, publishableClientKey: emu.info.publishableClientKey }
      const middleware = stackMiddleware({ ...options, protect: ["/dashboard", /^\/admin\b/] })
      const call = (path: string, cookie?: string) =>
        Effect.promise(() => middleware(new NextRequest(`http://app.test${path}`, { headers: cookie === undefined ? {} : { cookie } })))

      // No cookies: public paths pass (the page's address forwarded), protected ones redirect with the way back.
      const open = yield* call("/about?x=1")
      assert.strictEqual(open.headers.get("x-middleware-next"), "1")
      assert.strictEqual(open.headers.get(`x-middleware-request-${pageUrlHeader}`), "/about?x=1")
      const closed = yield* call("/dashboard/reports?tab=2")
      assert.strictEqual(closed.status, 307)
      const target = new URL(closed.headers.get("location") ?? "")
      assert.strictEqual(target.pathname, "/handler/sign-in")
      assert.strictEqual(target.searchParams.get("after_auth_return_to"), "/dashboard/reports?tab=2")
      assert.strictEqual((yield* call("/admin")).status, 307)
      assert.strictEqual((yield* call("/dashboards")).status, 200, "a prefix covers its own path and what is under it, nothing else")

      // A signed-in visitor with a fresh access token: through, and no cookie written.
      const session = yield* signedUpUser(options, { email: `mw-${Date.now().toString(36)}@example.com`, displayName: "Mia" })
      const fresh = yield* call("/dashboard", cookieHeader(emu.info.projectId, session))
      assert.strictEqual(fresh.headers.get("x-middleware-next"), "1")
      assert.isNull(fresh.headers.get("set-cookie"))

      // An expired access token: refreshed; the browser gets the new cookies, and so does the rest of the request.
      const expired = yield* call("/dashboard", cookieHeader(emu.info.projectId, { refresh: session.refresh, access: expiredCopy(session.access) }))
      assert.strictEqual(expired.headers.get("x-middleware-next"), "1")
      const written = expired.headers.getSetCookie()
      assert.isTrue(written.some((cookie) => cookie.startsWith(`${tokenCookieNames(emu.info.projectId).access}=`)), "the access cookie is written")
      const forwarded = expired.headers.get("x-middleware-request-cookie") ?? ""
      const refreshed = Option.map(readTokenCookies(forwarded, emu.info.projectId).accessToken, Redacted.value)
      assert.isTrue(Option.isSome(refreshed))
      assert.notStrictEqual(Option.getOrUndefined(refreshed), expiredCopy(session.access), "a new access token, not the expired one")

      // A session ended on the server: signed out, sent to sign in.
      yield* signOut().pipe(Effect.provide(session.core), Effect.orDie)
      const revoked = yield* call("/dashboard", cookieHeader(emu.info.projectId, { refresh: session.refresh }))
      assert.strictEqual(revoked.status, 307)

      // A project id that cannot be one, or none (an unset environment variable): a readable 500, with cookies or without.
      for (const [projectId, cookie] of [["not a project;", "a=b"], ["", "a=b"], ["", undefined]] as const) {
        const wrong = yield* Effect.promise(() =>
          stackMiddleware({ ...options, projectId, protect: ["/dashboard"] })(new NextRequest("http://app.test/dashboard", { headers: cookie === undefined ? {} : { cookie } }))
        )
        assert.strictEqual(wrong.status, 500, `${JSON.stringify(projectId)} ${cookie ?? "no cookies"}`)
        assert.include(yield* Effect.promise(() => wrong.text()), "projectId")
      }
    }), { timeout: 60_000 })
})

/**
 * `stackfx/next`'s server helpers over the request as Next.js gives it (`cookies()`, `headers()`),
 * against the emulator over HTTP: the user of the request's cookies; a refresh in a server component
 * stays in the request (Next.js forbids writing there) while one in a server action is written back;
 * signed out, `or` decides: null, `UserNotSignedIn`, or `SignInRequired` to the sign-in page with the
 * page's address as the way back.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { tokenCookieNames } from "../../src/browser/cookie-token-store.ts"
import { Emulator } from "../../src/emulator/emulator.ts"
import { currentUser, layerNextRequest, type NextContext, pageUrlHeader } from "../../next/server.ts"
import { cookieWriteOf, type CookieWrite } from "../../next/request-cookies.ts"
import { expiredCopy, signedUpUser } from "../browser/session-cookies.ts"

/** A request like Next.js's: its cookies (decoded values), its headers, and the cookies set on it. */
const fakeRequest = (cookies: ReadonlyArray<{ readonly name: string; readonly value: string }>, headers: Record<string, string> = {}) => {
  const set: Array<CookieWrite> = []
  return {
    set,
    input: {
      cookies: { getAll: () => cookies, set: (cookie: CookieWrite) => set.push(cookie) },
      headers: { get: (name: string) => headers[name] ?? null }
    }
  }
}

describe("stackfx/next on the server", () => {
  it.live("reads the user from the cookies; writes refreshed tokens only where Next.js allows; or: null, throw, redirect", () =>
    Effect.gen(function*() {
      const emu = yield* Effect.orDie(Emulator.serve({ port: 0 }))
      const options = { baseUrl: emu.info.baseUrl, projectId: emu.info.projectId, publishableClientKey: emu.info.publishableClientKey }
      const session = yield* signedUpUser(options, { email: `next-server-${Date.now().toString(36)}@example.com`, displayName: "Noor" })
      const names = tokenCookieNames(emu.info.projectId)
      const expiredCookies = [
        { name: names.refresh, value: session.refresh },
        { name: names.access, value: JSON.stringify([session.refresh, expiredCopy(session.access)]) }
      ]
      const userIn = (context: NextContext) =>
        Effect.gen(function*() {
          const request = fakeRequest(expiredCookies)
          const user = yield* currentUser({ or: "throw" }).pipe(Effect.provide(layerNextRequest(options, request.input, context)), Effect.orDie)
          return { name: user.displayName, set: request.set }
        })

      const inComponent = yield* userIn("server-component")
      assert.strictEqual(inComponent.name, "Noor")
      assert.deepStrictEqual(inComponent.set, [], "a server component writes no cookie")
      const inAction = yield* userIn("server-action")
      assert.strictEqual(inAction.name, "Noor")
      const access = inAction.set.find((cookie) => cookie.name === names.access)
      assert.isDefined(access, "a server action writes the refreshed access cookie")
      assert.include(access?.value ?? "", session.refresh)
      assert.notInclude(access?.value ?? "", expiredCopy(session.access))
      assert.strictEqual(access?.sameSite, "lax")

      // Signed out.
      const visitor = fakeRequest([], { [pageUrlHeader]: "/reports?year=2026", host: "app.test" })
      const layer = layerNextRequest(options, visitor.input)
      assert.isNull(yield* currentUser().pipe(Effect.provide(layer), Effect.orDie))
      const thrown = yield* currentUser({ or: "throw" }).pipe(Effect.provide(layer), Effect.flip, Effect.orDie)
      assert.strictEqual(thrown._tag, "UserNotSignedIn")
      const redirected = yield* currentUser({ or: "redirect" }).pipe(Effect.provide(layer), Effect.flip, Effect.orDie)
      assert.strictEqual(redirected._tag, "SignInRequired")
      assert.strictEqual(redirected._tag === "SignInRequired" ? redirected.url : "", "/handler/sign-in?after_auth_return_to=%2Freports%3Fyear%3D2026")
    }), { timeout: 60_000 })

  it.effect("a missing or wrong project id (an unset environment variable gives \"\"): a typed error naming the option, before any request", () =>
    Effect.gen(function*() {
      for (const projectId of ["", "not a project;"]) {
        const visitor = fakeRequest([{ name: "other", value: "1" }])
        const layer = layerNextRequest({ projectId, publishableClientKey: "pck_x", baseUrl: "http://127.0.0.1:9" }, visitor.input)
        const failure = yield* currentUser({ or: "throw" }).pipe(Effect.provide(layer), Effect.flip)
        assert.oneOf(failure._tag, ["InvalidStackOptions", "InvalidProjectId"], projectId)
        assert.include(failure.message, "projectId", projectId)
      }
    }))

  it("reads a cookie assignment as Next.js's cookies().set takes it", () => {
    assert.deepStrictEqual(cookieWriteOf("stack-access=%5B%22r%22%5D; Path=/; Max-Age=86400; SameSite=Lax; Priority=High; Secure"), {
      name: "stack-access",
      value: "[\"r\"]",
      path: "/",
      maxAge: 86400,
      sameSite: "lax",
      priority: "high",
      secure: true
    })
    assert.deepStrictEqual(cookieWriteOf("stack-refresh-p=; Path=/; Max-Age=0"), { name: "stack-refresh-p", value: "", path: "/", maxAge: 0 })
  })
})

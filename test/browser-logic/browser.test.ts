/** Browser pieces without a browser: the cookie token store and the OAuth redirect flow, over fakes. */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Scope from "effect/Scope"
import { TestClock } from "effect/testing"
import {
  CookieJar,
  cookieAssignment,
  cookieValue,
  handleOAuthCallback,
  makeCookieTokenStore,
  makeMemoryCookieJar,
  signInWithOAuth
} from "../../src/browser/index.ts"
import { cookieNames } from "../../src/browser/cookies.ts"
import { getUser, layerTestNavigation, TestNavigation } from "../../src/client/index.ts"
import { Emulator } from "../../src/emulator/emulator.ts"
import { inProcess } from "../client/client-harness.ts"

const token = (value: string) => Option.some(Redacted.make(value))

describe("cookie token store", () => {
  it.effect("writes both cookie families, reads them back, and hears other tabs within 100 ms", () =>
    Effect.scoped(Effect.gen(function*() {
      const jar = makeMemoryCookieJar()
      const store = yield* Effect.provideService(makeCookieTokenStore("p1"), CookieJar, jar)
      yield* jar.write(cookieAssignment("stack-refresh", "legacy"))
      yield* store.set({ refreshToken: token("r1"), accessToken: token("a1") })
      const cookies = yield* jar.read
      assert.strictEqual(cookieValue(cookies, "stack-refresh-p1"), "r1")
      assert.include(cookieValue(cookies, "hexclave-refresh-p1--default") ?? "", `"refresh_token":"r1"`)
      assert.strictEqual(cookieValue(cookies, "stack-access"), JSON.stringify(["r1", "a1"]))
      assert.strictEqual(cookieValue(cookies, "hexclave-access"), JSON.stringify(["r1", "a1"]))
      assert.isUndefined(cookieValue(cookies, "stack-refresh"))
      const read = yield* store.get
      assert.strictEqual(Option.getOrUndefined(Option.map(read.accessToken, Redacted.value)), "a1")
      const heard: Array<string | undefined> = []
      yield* store.subscribe((t) => heard.push(Option.getOrUndefined(Option.map(t.refreshToken, Redacted.value))))
      // Another tab (the current official SDK) signs in as someone else: a newer structured cookie.
      yield* jar.write(cookieAssignment("hexclave-refresh-p1--default", JSON.stringify({ refresh_token: "r2", updated_at_millis: 10 })))
      yield* TestClock.adjust("100 millis")
      assert.deepStrictEqual(heard, ["r2"])
      const other = yield* store.get
      assert.isTrue(Option.isNone(other.accessToken), "an access token of another refresh token is not used")
      yield* store.clear
      const after = yield* jar.read
      for (const name of ["stack-refresh-p1", "hexclave-refresh-p1--default", "stack-access", "hexclave-access"]) {
        assert.isUndefined(cookieValue(after, name), `${name} is cleared by sign-out`)
      }
    })))

  it.effect("stops looking at the cookies once its scope closes", () =>
    Effect.gen(function*() {
      const jar = makeMemoryCookieJar()
      let reads = 0
      const counting = CookieJar.of({ ...jar, read: Effect.tap(jar.read, () => Effect.sync(() => reads++)) })
      const scope = yield* Scope.make()
      yield* Effect.provideService(Scope.provide(makeCookieTokenStore("p1"), scope), CookieJar, counting)
      yield* TestClock.adjust("1 second")
      assert.isAtLeast(reads, 10, "polled every 100 ms while open")
      yield* Scope.close(scope, Exit.void)
      const closedAt = reads
      yield* TestClock.adjust("1 second")
      assert.strictEqual(reads, closedAt, "no poll after the scope closed")
    }))

  const sessionFrom = (cookies: ReadonlyArray<readonly [string, string]>) =>
    Effect.scoped(Effect.gen(function*() {
      const jar = makeMemoryCookieJar()
      for (const [name, value] of cookies) yield* jar.write(cookieAssignment(name, value))
      const store = yield* Effect.provideService(makeCookieTokenStore("p1"), CookieJar, jar)
      const tokens = yield* store.get
      return [Option.getOrNull(Option.map(tokens.refreshToken, Redacted.value)), Option.getOrNull(Option.map(tokens.accessToken, Redacted.value))]
    }))

  it.effect("picks up a session the official SDK left under either family of names", () =>
    Effect.gen(function*() {
      // Older official SDKs: plain stack-refresh-<project> and stack-access.
      assert.deepStrictEqual(yield* sessionFrom([["stack-refresh-p1", "old-r"], ["stack-access", JSON.stringify(["old-r", "old-a"])]]), ["old-r", "old-a"])
      // The current one (2.8.x): the structured hexclave cookie (secure pages: __Host-) and hexclave-access.
      const structured = JSON.stringify({ refresh_token: "new-r", updated_at_millis: 5 })
      assert.deepStrictEqual(yield* sessionFrom([["hexclave-refresh-p1--default", structured], ["hexclave-access", JSON.stringify(["new-r", "new-a"])]]), ["new-r", "new-a"])
      assert.deepStrictEqual(yield* sessionFrom([["__Host-hexclave-refresh-p1--default", structured]]), ["new-r", null])
      // Plain hexclave-refresh-<project>, and a legacy structured stack cookie.
      assert.deepStrictEqual(yield* sessionFrom([["hexclave-refresh-p1", "h-r"]]), ["h-r", null])
      assert.deepStrictEqual(yield* sessionFrom([["stack-refresh-p1--default", JSON.stringify({ refresh_token: "s-r" })]]), ["s-r", null])
      // Another project's cookies are not this project's session.
      assert.deepStrictEqual(yield* sessionFrom([["stack-refresh-p2", "x"], ["hexclave-refresh-p2--default", structured]]), [null, null])
    }))

  it.effect("skips cookies whose JSON is not what the official SDK writes, and keeps looking", () =>
    Effect.gen(function*() {
      const plain: ReadonlyArray<readonly [string, string]> = [["stack-refresh-p1", "plain-r"]]
      for (
        const broken of [
          "{not json",
          JSON.stringify(["plain-r"]),
          JSON.stringify({ refresh_token: 7 }),
          JSON.stringify({ refresh_token: "x-r", updated_at_millis: "5" }),
          JSON.stringify(null)
        ]
      ) {
        // A broken structured cookie loses to the plain one; a broken access pair gives no access token.
        assert.deepStrictEqual(yield* sessionFrom([...plain, ["hexclave-refresh-p1--default", broken]]), ["plain-r", null], broken)
        assert.deepStrictEqual(yield* sessionFrom([...plain, ["stack-access", broken]]), ["plain-r", null], broken)
      }
      assert.deepStrictEqual(yield* sessionFrom([...plain, ["stack-access", JSON.stringify(["plain-r", "a", "extra"])]]), ["plain-r", null])
      assert.deepStrictEqual(
        yield* sessionFrom([["hexclave-refresh-p1--default", JSON.stringify({ refresh_token: "n-r", updated_at_millis: null })]]),
        ["n-r", null]
      )
    }))

  it.effect("writes SameSite=Lax by default, Secure and the __Host- name on https, and the priority asked for", () =>
    Effect.scoped(Effect.gen(function*() {
      const written: Array<string> = []
      const memory = makeMemoryCookieJar()
      const jar = { read: memory.read, write: (assignment: string) => Effect.andThen(Effect.sync(() => written.push(assignment)), memory.write(assignment)) }
      const plainStore = yield* Effect.provideService(makeCookieTokenStore("p1"), CookieJar, jar)
      yield* plainStore.set({ refreshToken: token("r1"), accessToken: token("a1") })
      const refreshWrite = written.find((line) => line.startsWith("stack-refresh-p1=")) ?? ""
      assert.include(refreshWrite, "SameSite=Lax")
      assert.notInclude(refreshWrite, "Secure")
      written.length = 0
      const secureStore = yield* Effect.provideService(makeCookieTokenStore("p1", { secure: true, sameSite: "strict", priority: "high" }), CookieJar, jar)
      yield* secureStore.set({ refreshToken: token("r2"), accessToken: token("a2") })
      const hostWrite = written.find((line) => line.startsWith("__Host-hexclave-refresh-p1--default=")) ?? ""
      for (const attribute of ["Secure", "SameSite=Strict", "Priority=High", "Path=/"]) assert.include(hostWrite, attribute)
      assert.isTrue(written.some((line) => line.startsWith("hexclave-refresh-p1--default=;")), "the insecure default cookie is replaced")
    })))

  it.effect("on https only __Host- cookies count: a tossed cookie neither wins, nor fixes a signed-out page, nor survives a sign-in", () =>
    Effect.scoped(Effect.gen(function*() {
      const jar = makeMemoryCookieJar()
      // What a sibling subdomain can set with Domain=<parent>: any name but a __Host- one.
      const tossed = JSON.stringify({ refresh_token: "attacker-r", updated_at_millis: 9_999_999_999_999 })
      yield* jar.write(cookieAssignment("hexclave-refresh-p1--tossed", tossed))
      yield* jar.write(cookieAssignment("stack-refresh-p1", "attacker-plain"))
      yield* jar.write(cookieAssignment("hexclave-access", JSON.stringify(["attacker-r", "attacker-a"])))
      const store = yield* Effect.provideService(makeCookieTokenStore("p1", { secure: true }), CookieJar, jar)
      // Signed out here: the tossed session is not picked up.
      assert.isTrue(Option.isNone((yield* store.get).refreshToken))
      // The victim signs in: only __Host- cookies are written, and the tossed ones are gone.
      yield* store.set({ refreshToken: token("victim-r"), accessToken: token("victim-a") })
      const cookies = yield* jar.read
      assert.deepStrictEqual(cookieNames(cookies).filter((name) => !name.startsWith("__Host-")), [])
      assert.strictEqual(cookieValue(cookies, "__Host-hexclave-access"), JSON.stringify(["victim-r", "victim-a"]))
      // Tossed again after the sign-in, with a later date: still the victim's own session.
      yield* jar.write(cookieAssignment("hexclave-refresh-p1--tossed", tossed))
      const read = yield* store.get
      assert.strictEqual(Option.getOrUndefined(Option.map(read.refreshToken, Redacted.value)), "victim-r")
      assert.strictEqual(Option.getOrUndefined(Option.map(read.accessToken, Redacted.value)), "victim-a")
    })))

  it.effect("refuses project ids that would forge cookie names or attributes, before writing anything", () =>
    Effect.gen(function*() {
      for (const projectId of ["p1; SameSite=None", "p1=x", "p 1", "", "p1\nSet-Cookie", "../p1"]) {
        const written: Array<string> = []
        const jar = { read: Effect.succeed(""), write: (assignment: string) => Effect.sync(() => void written.push(assignment)) }
        const failure = yield* Effect.flip(Effect.scoped(Effect.provideService(makeCookieTokenStore(projectId), CookieJar, jar)))
        assert.strictEqual(failure._tag, "InvalidProjectId")
        assert.include(failure.message, "projectId option")
        assert.deepStrictEqual(written, [])
      }
    }))
})

describe("OAuth in the browser", () => {
  // Live clock: the callback page's redirect waits its real 2000 ms.
  it.live("signInWithOAuth leaves for the provider with the verifier in a cookie; the callback page signs in and moves on", () =>
    Effect.gen(function*() {
      const emu = yield* Emulator
      const navigation = yield* TestNavigation
      const jar = yield* CookieJar
      const authorization = yield* signInWithOAuth({ provider: "github" })
      const entries = yield* navigation.entries
      assert.strictEqual(entries[0]?.url, authorization.url)
      assert.isDefined(cookieValue(yield* jar.read, `stack-oauth-outer-${authorization.state}`))
      assert.isDefined(cookieValue(yield* jar.read, `hexclave-oauth-outer-${authorization.state}`))
      // The provider side, as the browser would walk it.
      const authorize = yield* emu.handle(new Request(authorization.url))
      const consent = new URL(authorize.headers.get("location") ?? "")
      const approve = new URL("approve", consent)
      approve.searchParams.set("state", consent.searchParams.get("state") ?? "")
      approve.searchParams.set("email", "browser-oauth@example.com")
      const callback = (yield* emu.handle(new Request(approve.toString()))).headers.get("location") ?? ""
      const back = yield* emu.handle(new Request(callback, { headers: { cookie: (authorize.headers.get("set-cookie") ?? "").split(";")[0] ?? "" } }))
      yield* navigation.setCurrent(back.headers.get("location") ?? "")
      const result = yield* handleOAuthCallback()
      assert.isTrue(result.isNewUser)
      const after = yield* navigation.entries
      // The address loses code and state without a page load, then the app moves on to "/".
      assert.deepStrictEqual(after.slice(1).map((entry) => entry.kind), ["rewrite", "replace"])
      assert.strictEqual(new URL(after[1]?.url ?? "").searchParams.get("code"), null)
      assert.strictEqual(new URL(after.at(-1)?.url ?? "").pathname, "/")
      assert.isUndefined(cookieValue(yield* jar.read, `stack-oauth-outer-${authorization.state}`))
      assert.isUndefined(cookieValue(yield* jar.read, `hexclave-oauth-outer-${authorization.state}`))
      const user = yield* getUser()
      assert.strictEqual(Option.getOrUndefined(Option.map(user, (u) => u.primaryEmail)), "browser-oauth@example.com")
      const again = yield* Effect.flip(handleOAuthCallback())
      assert.strictEqual(again._tag, "OAuthCallbackIgnored")
    }).pipe(Effect.provide(Layer.mergeAll(inProcess(), layerTestNavigation("http://localhost:3000/handler/sign-in"), Layer.sync(CookieJar, makeMemoryCookieJar)))))
})

/** Browser pieces without a browser: the cookie token store and the OAuth redirect flow, over fakes. */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
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
import { getUser, layerTestNavigation, TestNavigation } from "../../src/client/index.ts"
import { Emulator } from "../../src/emulator/emulator.ts"
import { inProcess } from "../client/client-harness.ts"

const token = (value: string) => Option.some(Redacted.make(value))

describe("cookie token store", () => {
  it.effect("writes the official SDK's cookies, reads them back, and hears other tabs within 100 ms", () =>
    Effect.scoped(Effect.gen(function*() {
      const jar = makeMemoryCookieJar()
      const store = yield* Effect.provideService(makeCookieTokenStore("p1"), CookieJar, jar)
      yield* jar.write(cookieAssignment("stack-refresh", "legacy"))
      yield* store.set({ refreshToken: token("r1"), accessToken: token("a1") })
      const cookies = yield* jar.read
      assert.strictEqual(cookieValue(cookies, "stack-refresh-p1"), "r1")
      assert.strictEqual(cookieValue(cookies, "stack-access"), JSON.stringify(["r1", "a1"]))
      assert.isUndefined(cookieValue(cookies, "stack-refresh"))
      const read = yield* store.get
      assert.strictEqual(Option.getOrUndefined(Option.map(read.accessToken, Redacted.value)), "a1")
      const heard: Array<string | undefined> = []
      yield* store.subscribe((t) => heard.push(Option.getOrUndefined(Option.map(t.refreshToken, Redacted.value))))
      // Another tab signs in as someone else: its access pair names another refresh token.
      yield* jar.write(cookieAssignment("stack-refresh-p1", "r2"))
      yield* TestClock.adjust("100 millis")
      assert.deepStrictEqual(heard, ["r2"])
      const other = yield* store.get
      assert.isTrue(Option.isNone(other.accessToken), "an access token of another refresh token is not used")
      yield* store.clear
      assert.isUndefined(cookieValue(yield* jar.read, "stack-refresh-p1"))
    })))
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
      const user = yield* getUser()
      assert.strictEqual(Option.getOrUndefined(Option.map(user, (u) => u.primaryEmail)), "browser-oauth@example.com")
      const again = yield* Effect.flip(handleOAuthCallback())
      assert.strictEqual(again._tag, "OAuthCallbackIgnored")
    }).pipe(Effect.provide(Layer.mergeAll(inProcess(), layerTestNavigation("http://localhost:3000/handler/sign-in"), Layer.sync(CookieJar, makeMemoryCookieJar)))))
})

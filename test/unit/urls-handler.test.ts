import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Option from "effect/Option"
import { TestClock } from "effect/testing"
import {
  AFTER_AUTH_RETURN_TO,
  afterAuthTarget,
  applyReturnToRules,
  constructCallbackUrl,
  defaultHandlerUrls,
  handlerPageForPath,
  layerTestNavigation,
  makeLocationNavigation,
  Navigation,
  PAGE_REDIRECT_WAIT_MILLIS,
  readOAuthCallbackParams,
  readReturnTo,
  redirectTo,
  redirectToHandler,
  resolveHandlerUrls,
  signInTargetWithReturnTo,
  stripOAuthParams,
  TestNavigation,
  trustedDomainsDashboardPath
} from "../../src/urls/index.ts"

describe("handler URLs", () => {
  it("has the SPEC defaults under /handler", () => {
    assert.deepStrictEqual(defaultHandlerUrls, {
      handler: "/handler",
      home: "/",
      afterSignIn: "/",
      afterSignUp: "/",
      afterSignOut: "/",
      signIn: "/handler/sign-in",
      signUp: "/handler/sign-up",
      signOut: "/handler/sign-out",
      emailVerification: "/handler/email-verification",
      passwordReset: "/handler/password-reset",
      forgotPassword: "/handler/forgot-password",
      oauthCallback: "/handler/oauth-callback",
      magicLinkCallback: "/handler/magic-link-callback",
      accountSettings: "/handler/account-settings",
      error: "/handler/error",
      teamInvitation: "/handler/team-invitation",
      cliAuthConfirm: "/handler/cli-auth-confirm"
    })
    assert.deepStrictEqual(resolveHandlerUrls(), defaultHandlerUrls)
  })

  it("derives every page from a custom base path", () => {
    const urls = resolveHandlerUrls({ handler: "/auth" })
    assert.strictEqual(urls.handler, "/auth")
    assert.strictEqual(urls.signIn, "/auth/sign-in")
    assert.strictEqual(urls.oauthCallback, "/auth/oauth-callback")
    assert.strictEqual(urls.teamInvitation, "/auth/team-invitation")
    assert.strictEqual(urls.home, "/")
  })

  it("tolerates a trailing slash on the base path, and the root as base path", () => {
    assert.strictEqual(resolveHandlerUrls({ handler: "/auth/" }).signUp, "/auth/sign-up")
    assert.strictEqual(resolveHandlerUrls({ handler: "/" }).signUp, "/sign-up")
  })

  it("lets explicit URLs win over derived ones", () => {
    const urls = resolveHandlerUrls({
      handler: "/auth",
      signIn: "/login",
      oauthCallback: "https://app.example.com/oauth",
      error: "/oops"
    })
    assert.strictEqual(urls.signIn, "/login")
    assert.strictEqual(urls.oauthCallback, "https://app.example.com/oauth")
    assert.strictEqual(urls.error, "/oops")
    assert.strictEqual(urls.signUp, "/auth/sign-up")
  })

  it("after-sign-in and after-sign-out follow home; after-sign-up follows after-sign-in", () => {
    const withHome = resolveHandlerUrls({ home: "/app" })
    assert.strictEqual(withHome.afterSignIn, "/app")
    assert.strictEqual(withHome.afterSignUp, "/app")
    assert.strictEqual(withHome.afterSignOut, "/app")

    const withAfterSignIn = resolveHandlerUrls({ home: "/app", afterSignIn: "/dashboard" })
    assert.strictEqual(withAfterSignIn.afterSignUp, "/dashboard")
    assert.strictEqual(withAfterSignIn.afterSignOut, "/app")

    const all = resolveHandlerUrls({ afterSignIn: "/dashboard", afterSignUp: "/welcome", afterSignOut: "/bye" })
    assert.strictEqual(all.afterSignUp, "/welcome")
    assert.strictEqual(all.afterSignOut, "/bye")
  })

  it("treats an undefined override as not given", () => {
    assert.strictEqual(resolveHandlerUrls({ signIn: undefined }).signIn, "/handler/sign-in")
  })

  it("finds the handler page of a path", () => {
    const urls = resolveHandlerUrls({ signIn: "/login" })
    assert.strictEqual(handlerPageForPath(urls, "/login"), "signIn")
    assert.strictEqual(handlerPageForPath(urls, "/handler/sign-up/"), "signUp")
    assert.strictEqual(handlerPageForPath(urls, "/handler/magic-link-callback"), "magicLinkCallback")
    assert.isUndefined(handlerPageForPath(urls, "/handler/sign-in"))
    assert.isUndefined(handlerPageForPath(urls, "/handler/nothing"))
  })

  it("gives the dashboard path of a project's trusted domains", () => {
    assert.strictEqual(trustedDomainsDashboardPath("p-123"), "/projects/p-123/domains")
  })
})

describe("return-to rules", () => {
  const page = "https://good.com/dashboard?tab=billing#invoices"

  it("adds the current page to a sign-in target on the same origin", () => {
    const target = signInTargetWithReturnTo("/handler/sign-in", page)
    const url = new URL(target, "https://good.com")
    assert.isTrue(target.startsWith("/handler/sign-in?"))
    assert.strictEqual(url.searchParams.get(AFTER_AUTH_RETURN_TO), "/dashboard?tab=billing#invoices")
  })

  it("copies the current page's return target over instead of nesting", () => {
    const onSignIn = "https://good.com/handler/sign-in?after_auth_return_to=%2Forders%2F7"
    const target = signInTargetWithReturnTo("/handler/sign-up", onSignIn)
    assert.strictEqual(target, "/handler/sign-up?after_auth_return_to=%2Forders%2F7")
  })

  it("keeps a return target the configured URL already sets", () => {
    const target = signInTargetWithReturnTo("/login?after_auth_return_to=%2Fhome", page)
    assert.strictEqual(target, "/login?after_auth_return_to=%2Fhome")
  })

  it("returns the relative part for a same-origin absolute sign-in URL", () => {
    const target = signInTargetWithReturnTo("https://good.com/login", "https://good.com/a")
    assert.strictEqual(target, "/login?after_auth_return_to=%2Fa")
  })

  it("adds nothing when the sign-in page is on another origin", () => {
    assert.strictEqual(signInTargetWithReturnTo("https://auth.other.com/login", page), "https://auth.other.com/login")
  })

  it("after sign-in and sign-up, the return target wins over the configured target", () => {
    const back = "https://good.com/handler/sign-in?after_auth_return_to=%2Forders%2F7%3Fx%3D1"
    assert.strictEqual(afterAuthTarget("/", back), "/orders/7?x=1")
    assert.strictEqual(applyReturnToRules("afterSignIn", "/", back), "/orders/7?x=1")
    assert.strictEqual(applyReturnToRules("afterSignUp", "/welcome", back), "/orders/7?x=1")
    assert.strictEqual(applyReturnToRules("afterSignIn", "/", "https://good.com/handler/sign-in"), "/")
  })

  it("other pages and noRedirectBack leave the target unchanged", () => {
    const back = "https://good.com/x?after_auth_return_to=%2Forders"
    assert.strictEqual(applyReturnToRules("afterSignOut", "/", back), "/")
    assert.strictEqual(applyReturnToRules("accountSettings", "/handler/account-settings", back), "/handler/account-settings")
    assert.strictEqual(applyReturnToRules("afterSignIn", "/", back, { noRedirectBack: true }), "/")
    assert.strictEqual(applyReturnToRules("signIn", "/handler/sign-in", page, { noRedirectBack: true }), "/handler/sign-in")
  })

  it("reads the return target of a URL", () => {
    assert.deepStrictEqual(readReturnTo("https://good.com/?after_auth_return_to=%2Fa"), Option.some("/a"))
    assert.deepStrictEqual(readReturnTo("https://good.com/"), Option.none())
  })

  it("builds callback URLs: absolute, return target carried, fragment dropped", () => {
    const from = "https://good.com/handler/sign-in?after_auth_return_to=%2Forders#frag"
    assert.strictEqual(
      constructCallbackUrl("/handler/magic-link-callback#x", from),
      "https://good.com/handler/magic-link-callback?after_auth_return_to=%2Forders"
    )
    assert.strictEqual(
      constructCallbackUrl("/handler/email-verification", "https://good.com/account"),
      "https://good.com/handler/email-verification"
    )
    assert.isUndefined(constructCallbackUrl("/relative", "not a url"))
  })

  it("strips OAuth code and state from a redirect URI, keeping everything else", () => {
    assert.strictEqual(
      stripOAuthParams("https://good.com/handler/oauth-callback?code=abc&keep=1&state=xyz"),
      "https://good.com/handler/oauth-callback?keep=1"
    )
  })

  it("reads code and state on the callback page and gives the address without them", () => {
    const read = readOAuthCallbackParams("https://good.com/handler/oauth-callback?code=abc&state=xyz&after_auth_return_to=%2Fa")
    assert.deepStrictEqual(read.code, Option.some("abc"))
    assert.deepStrictEqual(read.state, Option.some("xyz"))
    assert.strictEqual(read.cleanedUrl, "https://good.com/handler/oauth-callback?after_auth_return_to=%2Fa")
    const missing = readOAuthCallbackParams("https://good.com/handler/oauth-callback?code=abc")
    assert.deepStrictEqual(missing.state, Option.none())
  })
})

describe("navigation and redirectTo", () => {
  const start = "https://good.com/dashboard?tab=1"

  it.effect("navigates to the resolved URL and completes only after the 2000 ms page redirect wait", () =>
    Effect.gen(function*() {
      const test = yield* TestNavigation
      let done = false
      const fiber = yield* Effect.forkChild(redirectTo("/settings").pipe(Effect.tap(() => Effect.sync(() => { done = true }))))
      yield* Effect.yieldNow
      assert.deepStrictEqual(yield* test.entries, [{ kind: "assign", url: "https://good.com/settings" }])
      assert.isFalse(done)
      yield* TestClock.adjust(PAGE_REDIRECT_WAIT_MILLIS - 1)
      assert.isFalse(done)
      yield* TestClock.adjust(1)
      yield* Fiber.join(fiber)
      assert.isTrue(done)
      assert.strictEqual(PAGE_REDIRECT_WAIT_MILLIS, 2000)
      assert.deepStrictEqual(yield* test.history, [start, "https://good.com/settings"])
      assert.strictEqual(yield* (yield* Navigation).current, "https://good.com/settings")
    }).pipe(Effect.provide(layerTestNavigation(start))))

  it.effect("replace: the history entry is replaced, not pushed", () =>
    Effect.gen(function*() {
      const test = yield* TestNavigation
      const fiber = yield* Effect.forkChild(redirectTo("/handler/sign-in", { replace: true }))
      yield* TestClock.adjust(PAGE_REDIRECT_WAIT_MILLIS)
      yield* Fiber.join(fiber)
      assert.deepStrictEqual(yield* test.entries, [{ kind: "replace", url: "https://good.com/handler/sign-in" }])
      assert.deepStrictEqual(yield* test.history, ["https://good.com/handler/sign-in"])
    }).pipe(Effect.provide(layerTestNavigation(start))))

  it.effect("an untrusted target fails at once and navigates nowhere", () =>
    Effect.gen(function*() {
      const test = yield* TestNavigation
      const error = yield* Effect.flip(redirectTo("https://evil.com/phish"))
      assert.strictEqual(error._tag, "UntrustedRedirectUrl")
      assert.strictEqual(error.message, "Redirect URL https://evil.com/phish is not trusted; should be relative.")
      assert.deepStrictEqual(yield* test.entries, [])
      assert.deepStrictEqual(yield* test.history, [start])
    }).pipe(Effect.provide(layerTestNavigation(start))))

  it.effect("redirectToHandler(signIn) carries the current page as after_auth_return_to", () =>
    Effect.gen(function*() {
      const test = yield* TestNavigation
      const fiber = yield* Effect.forkChild(redirectToHandler(defaultHandlerUrls, "signIn", { replace: true }))
      yield* TestClock.adjust(PAGE_REDIRECT_WAIT_MILLIS)
      yield* Fiber.join(fiber)
      const entries = yield* test.entries
      assert.strictEqual(entries.length, 1)
      assert.strictEqual(entries[0]?.kind, "replace")
      const url = new URL(entries[0]?.url ?? "")
      assert.strictEqual(url.origin + url.pathname, "https://good.com/handler/sign-in")
      assert.strictEqual(url.searchParams.get(AFTER_AUTH_RETURN_TO), "/dashboard?tab=1")
    }).pipe(Effect.provide(layerTestNavigation(start))))

  it.effect("redirectToHandler(afterSignIn) goes back to after_auth_return_to", () =>
    Effect.gen(function*() {
      const test = yield* TestNavigation
      const fiber = yield* Effect.forkChild(redirectToHandler(defaultHandlerUrls, "afterSignIn"))
      yield* TestClock.adjust(PAGE_REDIRECT_WAIT_MILLIS)
      yield* Fiber.join(fiber)
      assert.deepStrictEqual(yield* test.entries, [{ kind: "assign", url: "https://good.com/orders/7?x=1" }])
    }).pipe(Effect.provide(layerTestNavigation("https://good.com/handler/sign-in?after_auth_return_to=%2Forders%2F7%3Fx%3D1"))))

  it.effect("a hostile after_auth_return_to is refused, not followed", () =>
    Effect.gen(function*() {
      const test = yield* TestNavigation
      for (const hostile of ["https://evil.com", "//evil.com", "javascript:alert(1)", "/\\evil.com"]) {
        yield* test.setCurrent(`https://good.com/handler/sign-in?${new URLSearchParams({ [AFTER_AUTH_RETURN_TO]: hostile })}`)
        const error = yield* Effect.flip(redirectToHandler(defaultHandlerUrls, "afterSignIn", { replace: true }))
        assert.strictEqual(error.url, hostile)
      }
      assert.deepStrictEqual(yield* test.entries, [])
    }).pipe(Effect.provide(layerTestNavigation(start))))

  it.effect("noRedirectBack ignores after_auth_return_to", () =>
    Effect.gen(function*() {
      const test = yield* TestNavigation
      const fiber = yield* Effect.forkChild(
        redirectToHandler(resolveHandlerUrls({ afterSignIn: "/home" }), "afterSignIn", { noRedirectBack: true })
      )
      yield* TestClock.adjust(PAGE_REDIRECT_WAIT_MILLIS)
      yield* Fiber.join(fiber)
      assert.deepStrictEqual(yield* test.entries, [{ kind: "assign", url: "https://good.com/home" }])
    }).pipe(Effect.provide(layerTestNavigation("https://good.com/x?after_auth_return_to=%2Forders"))))

  it.effect("the location-backed navigation calls assign and replace on the location, replaceState on the history", () =>
    Effect.gen(function*() {
      const calls: Array<string> = []
      const location = {
        href: "https://good.com/a",
        assign: (url: string) => { calls.push(`assign ${url}`) },
        replace: (url: string) => { calls.push(`replace ${url}`) }
      }
      const history = { state: { route: 1 }, replaceState: (data: unknown, _: string, url: string) => { calls.push(`replaceState ${JSON.stringify(data)} ${url}`) } }
      const navigation = makeLocationNavigation(location, history)
      const go = (effect: Effect.Effect<void, unknown, Navigation>) =>
        Effect.gen(function*() {
          const fiber = yield* Effect.forkChild(Effect.provideService(effect, Navigation, navigation))
          yield* TestClock.adjust(2 * PAGE_REDIRECT_WAIT_MILLIS)
          yield* Fiber.join(fiber)
        })
      // A jump within the page does not leave it.
      yield* navigation.assign("https://good.com/a#section")
      yield* go(redirectTo("/b", { replace: true }))
      // The page is leaving for /b: a second redirect (say, a protected view sending a signed-out
      // visitor to sign in) must not cancel it.
      yield* go(redirectTo("/c"))
      yield* navigation.rewrite("https://good.com/c?kept=1")
      // Back from the back-forward cache, the page can navigate again.
      navigation.reset()
      yield* go(redirectTo("/d"))
      assert.deepStrictEqual(calls, [
        "assign https://good.com/a#section",
        "replace https://good.com/b",
        "replaceState {\"route\":1} https://good.com/c?kept=1",
        "assign https://good.com/d"
      ])
    }))
})

/** Redirects the client performs: after sign-in/up, to sign-in when a user is needed; all checked. */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import {
  getUserOrRedirect,
  HandlerUrlsConfig,
  layerTestNavigation,
  redirectAfterSignIn,
  resolveHandlerUrls,
  signUpWithPassword,
  TestNavigation
} from "../../src/client/index.ts"
import { freshEmail, inProcess } from "./client-harness.ts"

const page = "https://app.example.com/dashboard?tab=1"
const withNavigation = (layer: ReturnType<typeof inProcess>) => Layer.merge(layer, layerTestNavigation(page))

/** Runs an effect that ends with the 2000 ms redirect wait, moving the TestClock past it. */
const pastTheWait = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const fiber = yield* Effect.forkChild(Effect.exit(effect))
    yield* TestClock.adjust("2 seconds")
    return yield* Fiber.join(fiber)
  })

describe("client redirects", () => {
  it.effect("a new user goes to the after-sign-up page, an existing one to the after-sign-in page", () =>
    Effect.gen(function*() {
      const urls = resolveHandlerUrls({ afterSignIn: "/home", afterSignUp: "/welcome" })
      const navigation = yield* TestNavigation
      yield* pastTheWait(redirectAfterSignIn({ userId: "u", isNewUser: true }).pipe(Effect.provideService(HandlerUrlsConfig, urls)))
      yield* pastTheWait(redirectAfterSignIn({ userId: "u", isNewUser: false }).pipe(Effect.provideService(HandlerUrlsConfig, urls)))
      const entries = yield* navigation.entries
      assert.deepStrictEqual(entries.map((e) => [e.kind, new URL(e.url).pathname]), [["replace", "/welcome"], ["replace", "/home"]])
    }).pipe(Effect.provide(withNavigation(inProcess()))))

  it.effect("getUserOrRedirect sends a signed-out user to sign-in with a return-to, and fails", () =>
    Effect.gen(function*() {
      const navigation = yield* TestNavigation
      const exit = yield* pastTheWait(getUserOrRedirect())
      assert.isTrue(exit._tag === "Failure")
      const entries = yield* navigation.entries
      assert.strictEqual(entries.length, 1)
      const target = new URL(entries[0]?.url ?? "")
      assert.strictEqual(target.pathname, "/handler/sign-in")
      assert.strictEqual(target.searchParams.get("after_auth_return_to"), "/dashboard?tab=1")
    }).pipe(Effect.provide(withNavigation(inProcess()))))

  it.effect("getUserOrRedirect returns the user without navigating when signed in", () =>
    Effect.gen(function*() {
      const navigation = yield* TestNavigation
      const signedUp = yield* signUpWithPassword({ email: freshEmail(), password: "correct horse battery" })
      const user = yield* getUserOrRedirect()
      assert.strictEqual(user.id, signedUp.userId)
      assert.strictEqual((yield* navigation.entries).length, 0)
    }).pipe(Effect.provide(withNavigation(inProcess()))))

  it.effect("an after-sign-in target on another host is refused and nothing navigates", () =>
    Effect.gen(function*() {
      const navigation = yield* TestNavigation
      const urls = resolveHandlerUrls({ afterSignIn: "https://evil.example.net/" })
      const exit = yield* pastTheWait(redirectAfterSignIn({ userId: "u", isNewUser: false }).pipe(Effect.provideService(HandlerUrlsConfig, urls)))
      assert.isTrue(exit._tag === "Failure")
      assert.strictEqual((yield* navigation.entries).length, 0)
    }).pipe(Effect.provide(withNavigation(inProcess()))))
})

/**
 * CLI sign-in end to end over the emulator, in-process and over HTTP: a "terminal" client calls
 * `promptCliLogin`, receives the confirmation URL, and polls; a signed-in "browser" client approves
 * the code from that URL; the terminal ends up signed in as the browser's user. Expired and reused
 * codes are refused.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Option from "effect/Option"
import * as TestClock from "effect/testing/TestClock"
import { StackClient } from "../../src/client/index.ts"
import { clientFor, freshEmail } from "../client/client-harness.ts"
import { transports } from "./features-harness.ts"

const loginCodeOf = (url: string) => new URL(url).searchParams.get("login_code") ?? ""

describe.each(transports)("CLI sign-in (%s)", (_name, layer) => {
  it.effect("the terminal receives the session the browser approves", () =>
    Effect.gen(function*() {
      const browser = yield* StackClient
      const { userId } = yield* browser.signUpWithPassword({ email: freshEmail("cli"), password: "long enough pass" })
      const urlSeen = yield* Deferred.make<string>()
      const terminal = yield* Effect.gen(function*() {
        const cli = yield* StackClient
        yield* cli.promptCliLogin({ appUrl: "http://localhost:3000", onUrl: (url) => Deferred.succeed(urlSeen, url), pollIntervalMillis: 1_000 })
        return yield* cli.getUser()
      }).pipe(Effect.provide(clientFor()), Effect.forkChild)

      const url = yield* Deferred.await(urlSeen)
      assert.match(url, /^http:\/\/localhost:3000\/handler\/cli-auth-confirm\?login_code=[0-9a-z]{45}$/)
      yield* TestClock.adjust("3 seconds")
      assert.strictEqual(yield* browser.checkCliLogin(loginCodeOf(url)), "none")
      yield* browser.completeCliLogin(loginCodeOf(url))
      yield* TestClock.adjust("2 seconds")
      const signedIn = yield* Fiber.join(terminal)
      assert.strictEqual(Option.getOrUndefined(Option.map(signedIn, (u) => u.id)), userId)

      const again = yield* Effect.flip(browser.completeCliLogin(loginCodeOf(url)))
      assert.strictEqual(again._tag, "StackResponseError")
    }).pipe(Effect.provide(layer())))
})

// In-process only: over a real socket, jumping the TestClock by minutes fires the per-request
// timeout of a poll in flight, which is not what this test is about.
describe("CLI sign-in expiry", () => {
  it.effect("an attempt nobody approves expires", () =>
    Effect.gen(function*() {
      const terminal = yield* Effect.gen(function*() {
        const cli = yield* StackClient
        return yield* Effect.flip(cli.promptCliLogin({ appUrl: "http://localhost:3000", onUrl: () => Effect.void, expiresInMillis: 60_000 }))
      }).pipe(Effect.provide(clientFor()), Effect.forkChild)
      yield* TestClock.adjust("2 minutes")
      const error = yield* Fiber.join(terminal)
      assert.strictEqual(error._tag, "CliAuthExpiredError")
    }).pipe(Effect.provide(transports[0][1]())))
})

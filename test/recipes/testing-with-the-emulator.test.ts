/**
 * The README's testing recipe, as it runs: an app's own effect (a "magic link sign-in" feature)
 * tested offline against the emulator as a Layer, with `TestClock` for time. Copy it as a start.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { TestClock } from "effect/testing"
import {
  getUser,
  layerCore,
  layerMemoryTokenStore,
  sendMagicLinkEmail,
  signInWithMagicLink,
  StackClientCore
} from "stackfx/client"
import { Emulator } from "stackfx/emulator"

// --- the app's code under test -------------------------------------------------------------------

/** Sends a sign-in link; the app keeps nothing but the e-mail address. */
const startSignIn = (email: string) =>
  sendMagicLinkEmail({ email, callbackUrl: "http://localhost:3000/handler/magic-link-callback" })

/** Finishes the sign-in from the link's `code` and says who is signed in. */
const finishSignIn = (code: string) =>
  Effect.gen(function*() {
    yield* signInWithMagicLink(code)
    const user = yield* getUser()
    return Option.match(user, { onNone: () => "nobody", onSome: (signedIn) => signedIn.primaryEmail ?? signedIn.id })
  })

// --- the test setup: the emulator provides the HttpClient, the client core talks to it ----------

/** A fresh emulator (in memory, no socket) and a client of its default project. */
const testLayer = Layer.unwrap(Effect.gen(function*() {
  const emu = yield* Emulator
  return layerCore({ projectId: emu.info.projectId, publishableClientKey: emu.info.publishableClientKey, baseUrl: emu.info.baseUrl }).pipe(
    Layer.provide(layerMemoryTokenStore())
  )
})).pipe(Layer.provideMerge(Emulator.layer()))

/** The `code` of the newest link the emulator "sent" to `email`. */
const codeFromOutbox = (email: string) =>
  Effect.gen(function*() {
    const emu = yield* Emulator
    const mail = (yield* emu.outbox(email)).at(-1)
    return new URL(mail?.link ?? "http://invalid/").searchParams.get("code") ?? ""
  })

describe("recipe: testing an app against the emulator", () => {
  it.effect("a user signs in from the e-mailed link", () =>
    Effect.gen(function*() {
      yield* startSignIn("ada@example.com")
      const code = yield* codeFromOutbox("ada@example.com")
      assert.strictEqual(yield* finishSignIn(code), "ada@example.com")
    }).pipe(Effect.provide(testLayer)))

  it.effect("a link used after its 7 days is refused with a typed error (TestClock moves time)", () =>
    Effect.gen(function*() {
      yield* startSignIn("grace@example.com")
      const code = yield* codeFromOutbox("grace@example.com")
      yield* TestClock.adjust("8 days") // links live 7 days
      const failure = yield* Effect.flip(finishSignIn(code))
      assert.strictEqual(failure._tag, "VerificationCodeExpired")
      yield* StackClientCore // the core is still usable after a typed failure
    }).pipe(Effect.provide(testLayer)))
})

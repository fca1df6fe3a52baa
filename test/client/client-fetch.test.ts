/**
 * StackClient over stackfx's own fetch transport (`StackClient.layerFetch`, no `effect/http`):
 * in-process through the emulator's `fetch` (so TestClock drives token expiry) and over a real socket.
 */
import { assert, describe, it, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { TestClock } from "effect/testing"
import * as Layer from "effect/Layer"
import * as HttpClient from "effect/http/HttpClient"
import { layerCore, layerCoreFetch, layerMemoryTokenStore, signUpWithPassword, StackClient } from "../../src/client/index.ts"
import { Emulator, type EmulatorService } from "../../src/emulator/emulator.ts"
import { freshEmail, inProcessFetch, overHttpFetch } from "./client-harness.ts"

const password = "correct horse battery"

describe("StackClient over fetch (in-process)", () => {
  it.effect("signs up, signs out, meets a wrong password as EmailPasswordMismatch, signs back in", () =>
    Effect.gen(function*() {
      const stack = yield* StackClient
      const email = freshEmail("fetch")
      const signUp = yield* stack.signUpWithPassword({ email, password })
      yield* stack.signOut()
      const wrong = yield* Effect.flip(stack.signInWithPassword({ email, password: "not the password" }))
      assert.strictEqual(wrong._tag, "EmailPasswordMismatch")
      const signIn = yield* stack.signInWithPassword({ email, password })
      assert.strictEqual(signIn.userId, signUp.userId)
      const updated = yield* stack.updateUser({ displayName: "Ada" })
      assert.strictEqual(updated.displayName, "Ada")
    }).pipe(Effect.provide(inProcessFetch())))

  it.effect("an access token that expired under TestClock is refreshed once, then the user reads fine", () =>
    Effect.gen(function*() {
      const stack = yield* StackClient
      const emu = yield* Emulator
      const signUp = yield* stack.signUpWithPassword({ email: freshEmail("fetch-expiry"), password })
      const before = yield* stack.getAuthJson()
      yield* TestClock.adjust("11 minutes")
      const users = yield* Effect.all([stack.getUser(), stack.getUser(), stack.getUser()], { concurrency: "unbounded" })
      for (const user of users) assert.strictEqual(Option.getOrUndefined(Option.map(user, (u) => u.id)), signUp.userId)
      const after = yield* stack.getAuthJson()
      assert.notStrictEqual(after.accessToken, before.accessToken)
      assert.strictEqual(after.refreshToken, before.refreshToken)
      // The emulator knows the refreshed session: one refresh token, still valid.
      const sessions = yield* emu.withState((data) =>
        Effect.succeed(Object.values(data.refreshTokens).filter((session) => session.userId === signUp.userId).length)
      )
      assert.strictEqual(sessions, 1)
    }).pipe(Effect.provide(inProcessFetch())))
})

describe("several clients in one program", () => {
  const optionsOf = (emu: EmulatorService) => ({
    projectId: emu.info.projectId,
    publishableClientKey: emu.info.publishableClientKey,
    baseUrl: emu.info.baseUrl
  })

  it.effect("clients over two emulators keep their own transports, whichever way they send", () =>
    Effect.gen(function*() {
      const first = yield* Emulator.make()
      const second = yield* Emulator.make()
      const overHttpClient = (emu: EmulatorService) =>
        layerCore(optionsOf(emu)).pipe(
          Layer.provide(Layer.merge(layerMemoryTokenStore(), Layer.succeed(HttpClient.HttpClient, emu.httpClient)))
        )
      const overFetch = (emu: EmulatorService) =>
        layerCoreFetch(optionsOf(emu), emu.fetch).pipe(Layer.provide(layerMemoryTokenStore()))
      const signUp = (email: string) => Effect.exit(signUpWithPassword({ email, password }))
      // The same address signs up once per emulator: a shared transport would answer "already exists".
      // The second client is built inside the first one's program, where layers could be shared.
      const nested = (outer: typeof overFetch, inner: typeof overFetch, email: string) =>
        Effect.gen(function*() {
          const own = yield* signUp(email)
          const other = yield* signUp(email).pipe(Effect.provide(inner(second)))
          return [own._tag, other._tag]
        }).pipe(Effect.provide(outer(first)))
      const program = Effect.map(
        Effect.all([
          nested(overHttpClient, overHttpClient, freshEmail("nested")),
          nested(overFetch, overFetch, freshEmail("nested")),
          nested(overHttpClient, overFetch, freshEmail("nested"))
        ]),
        (pairs) => pairs.flat()
      )
      assert.deepStrictEqual(yield* program, ["Success", "Success", "Success", "Success", "Success", "Success"])
    }))
})

layer(overHttpFetch())("StackClient over fetch and a real socket", (it) => {
  it.effect("signs up, signs in, reads and updates the user, adds a contact channel", () =>
    Effect.gen(function*() {
      const stack = yield* StackClient
      const email = freshEmail("fetch-http")
      const signUp = yield* stack.signUpWithPassword({ email, password })
      yield* stack.signOut()
      assert.isTrue(Option.isNone(yield* stack.getUser()))
      const signIn = yield* stack.signInWithPassword({ email, password })
      assert.strictEqual(signIn.userId, signUp.userId)
      const user = yield* stack.getUser()
      assert.strictEqual(Option.getOrUndefined(Option.map(user, (u) => u.primaryEmail)), email)
      const channel = yield* stack.createContactChannel({ type: "email", value: freshEmail("second"), usedForAuth: false })
      const channels = yield* stack.listContactChannels()
      assert.include(channels.map((c) => c.id), channel.id)
    }))

  it.effect("a wrong password over the socket is EmailPasswordMismatch with the server's status", () =>
    Effect.gen(function*() {
      const stack = yield* StackClient
      const email = freshEmail("fetch-wrong")
      yield* stack.signUpWithPassword({ email, password })
      yield* stack.signOut()
      const wrong = yield* Effect.flip(stack.signInWithPassword({ email, password: "not the password" }))
      assert.strictEqual(wrong._tag, "EmailPasswordMismatch")
      if (wrong._tag === "EmailPasswordMismatch") assert.strictEqual(wrong.status, 400)
    }))
})

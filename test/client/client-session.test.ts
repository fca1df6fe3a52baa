/** The session seen from StackClient: offline refreshes are errors, revoked ones sign the user out. */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientError from "effect/http/HttpClientError"
import { TestClock } from "effect/testing"
import { getUser, layerCore, layerMemoryTokenStore, sessionKey, signOut, signUpWithPassword } from "../../src/client/index.ts"
import { Emulator } from "../../src/emulator/emulator.ts"

/** A core over the emulator whose token endpoint can be taken offline. */
const withSwitchableNetwork = Effect.gen(function*() {
  const emu = yield* Emulator.make()
  const network = { tokenEndpointDown: false, allDown: false }
  const http = HttpClient.make((request) =>
    network.allDown || (network.tokenEndpointDown && request.url.endsWith("/auth/oauth/token"))
      ? Effect.fail(new HttpClientError.HttpClientError({ reason: new HttpClientError.TransportError({ request, description: "offline" }) }))
      : emu.httpClient.execute(request)
  )
  const core = layerCore({ projectId: emu.info.projectId, publishableClientKey: emu.info.publishableClientKey, baseUrl: emu.info.baseUrl }).pipe(
    Layer.provide(Layer.merge(layerMemoryTokenStore(), Layer.succeed(HttpClient.HttpClient, http)))
  )
  return { emu, network, core }
})

describe("client session", () => {
  it.effect("an expired access token with the token endpoint offline is a transport error, and the user stays signed in", () =>
    Effect.gen(function*() {
      const { network, core } = yield* withSwitchableNetwork
      yield* Effect.gen(function*() {
        const signedUp = yield* signUpWithPassword({ email: "offline@example.com", password: "correct horse battery" })
        yield* TestClock.adjust("11 minutes")
        network.tokenEndpointDown = true
        const fiber = yield* Effect.forkChild(Effect.flip(getUser()))
        // The refresh retries on the network schedule (1, 2, 4, 8, 16 s) before giving up.
        yield* TestClock.adjust("40 seconds")
        const error = yield* Fiber.join(fiber)
        assert.strictEqual(error._tag, "StackTransportError")
        assert.notStrictEqual(yield* sessionKey, "not logged in")
        network.tokenEndpointDown = false
        const user = yield* getUser()
        assert.strictEqual(Option.getOrUndefined(Option.map(user, (u) => u.id)), signedUp.userId)
      }).pipe(Effect.provide(core))
    }))

  it.effect("a revoked refresh token signs the user out: getUser is none", () =>
    Effect.gen(function*() {
      const { emu, core } = yield* withSwitchableNetwork
      yield* Effect.gen(function*() {
        const signedUp = yield* signUpWithPassword({ email: "revoked@example.com", password: "correct horse battery" })
        yield* emu.withState((data) =>
          Effect.sync(() => {
            for (const [id, session] of Object.entries(data.refreshTokens)) if (session.userId === signedUp.userId) delete data.refreshTokens[id]
          })
        )
        yield* TestClock.adjust("11 minutes")
        assert.isTrue(Option.isNone(yield* getUser()))
        assert.strictEqual(yield* sessionKey, "not logged in")
      }).pipe(Effect.provide(core))
    }))
})

describe("client sign-out", () => {
  it.effect("signing out twice, or after the server ended the session, still leaves the client signed out", () =>
    Effect.gen(function*() {
      const { emu, core } = yield* withSwitchableNetwork
      yield* Effect.gen(function*() {
        const signedUp = yield* signUpWithPassword({ email: "twice@example.com", password: "correct horse battery" })
        yield* emu.withState((data) =>
          Effect.sync(() => {
            for (const [id, session] of Object.entries(data.refreshTokens)) if (session.userId === signedUp.userId) delete data.refreshTokens[id]
          })
        )
        yield* signOut()
        assert.strictEqual(yield* sessionKey, "not logged in")
        yield* signOut()
        assert.isTrue(Option.isNone(yield* getUser()))
      }).pipe(Effect.provide(core))
    }))

  it.effect("sign-out with the network down still forgets the tokens locally", () =>
    Effect.gen(function*() {
      const { network, core } = yield* withSwitchableNetwork
      yield* Effect.gen(function*() {
        yield* signUpWithPassword({ email: "offline-out@example.com", password: "correct horse battery" })
        network.allDown = true
        const fiber = yield* Effect.forkChild(signOut())
        // The sign-out request is retried on the network schedule, then given up.
        yield* TestClock.adjust("40 seconds")
        yield* Fiber.join(fiber)
        assert.strictEqual(yield* sessionKey, "not logged in")
      }).pipe(Effect.provide(core))
    }))
})

/** The session seen from StackClient: offline refreshes are errors, revoked ones sign the user out. */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientError from "effect/http/HttpClientError"
import { TestClock } from "effect/testing"
import {
  getUser,
  layerCore,
  layerMemoryTokenStore,
  makeMemoryTokenStore,
  sessionKey,
  signInWithPassword,
  signOut,
  signUpWithPassword,
  TokenStore
} from "../../src/client/index.ts"
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

describe("one refresh per session, whoever asks", () => {
  it.effect("100 client cores over one token store make one refresh request when the access token expires", () =>
    Effect.gen(function*() {
      const emu = yield* Emulator.make()
      const grants: Array<string> = []
      const http = HttpClient.make((request) => {
        if (request.url.endsWith("/auth/oauth/token")) grants.push(request.url)
        return emu.httpClient.execute(request)
      })
      const store = yield* makeMemoryTokenStore()
      const options = { projectId: emu.info.projectId, publishableClientKey: emu.info.publishableClientKey, baseUrl: emu.info.baseUrl }
      // Each `Effect.provide` below builds a core (and a session) of its own over the same store.
      const core = layerCore(options).pipe(
        Layer.provide(Layer.merge(Layer.succeed(TokenStore, store), Layer.succeed(HttpClient.HttpClient, http)))
      )
      const signedUp = yield* signUpWithPassword({ email: "many-cores@example.com", password: "correct horse battery" }).pipe(Effect.provide(core))
      yield* TestClock.adjust("11 minutes")
      const users = yield* Effect.forEach(
        Array.from({ length: 100 }, (_, i) => i),
        () => getUser().pipe(Effect.provide(core)),
        { concurrency: "unbounded" }
      )
      assert.strictEqual(users.filter((user) => Option.isSome(user) && user.value.id === signedUp.userId).length, 100)
      assert.strictEqual(grants.length, 1)
      // A later expiry is one more grant, not one per core.
      yield* TestClock.adjust("11 minutes")
      yield* Effect.forEach([1, 2, 3], () => getUser().pipe(Effect.provide(core)), { concurrency: "unbounded" })
      assert.strictEqual(grants.length, 2)
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
        // The server had ended it already: as good as ended.
        assert.strictEqual((yield* signOut())._tag, "Revoked")
        assert.strictEqual(yield* sessionKey, "not logged in")
        assert.strictEqual((yield* signOut())._tag, "NotSignedIn")
        assert.isTrue(Option.isNone(yield* getUser()))
      }).pipe(Effect.provide(core))
    }))

  it.effect("sign-out with the network down forgets the tokens at once and reports NotRevoked by its deadline", () =>
    Effect.gen(function*() {
      const { network, core } = yield* withSwitchableNetwork
      yield* Effect.gen(function*() {
        yield* signUpWithPassword({ email: "offline-out@example.com", password: "correct horse battery" })
        network.allDown = true
        const fiber = yield* Effect.forkChild(signOut())
        yield* TestClock.adjust("10 millis")
        // Signed out here before the server has been reached.
        assert.strictEqual(yield* sessionKey, "not logged in")
        yield* TestClock.adjust("5 seconds")
        const result = yield* Fiber.join(fiber)
        assert.strictEqual(result._tag, "LocalOnly")
        if (result._tag === "LocalOnly") assert.strictEqual(result.reason._tag, "StackTransportError")
      }).pipe(Effect.provide(core))
    }))

  it.effect("sign-out against a server that never answers completes at the deadline, signed out", () =>
    Effect.gen(function*() {
      const emu = yield* Emulator.make()
      const hang = { on: false }
      const http = HttpClient.make((request) => hang.on ? Effect.never : emu.httpClient.execute(request))
      const core = layerCore({ projectId: emu.info.projectId, publishableClientKey: emu.info.publishableClientKey, baseUrl: emu.info.baseUrl }).pipe(
        Layer.provide(Layer.merge(layerMemoryTokenStore(), Layer.succeed(HttpClient.HttpClient, http)))
      )
      yield* Effect.gen(function*() {
        yield* signUpWithPassword({ email: "hang-out@example.com", password: "correct horse battery" })
        hang.on = true
        const fiber = yield* Effect.forkChild(signOut())
        yield* TestClock.adjust("5 seconds")
        const result = yield* Fiber.join(fiber)
        assert.strictEqual(result._tag, "LocalOnly")
        if (result._tag === "LocalOnly" && result.reason._tag === "StackTransportError") assert.strictEqual(result.reason.reason, "Timeout")
        assert.strictEqual(yield* sessionKey, "not logged in")
      }).pipe(Effect.provide(core))
    }))

  it.effect("sign-out revokes on the server (the refresh token stops working), also with an expired access token, without signing back in", () =>
    Effect.gen(function*() {
      const { core, emu } = yield* withSwitchableNetwork
      yield* Effect.gen(function*() {
        const signedUp = yield* signUpWithPassword({ email: "revoke@example.com", password: "correct horse battery" })
        assert.strictEqual((yield* signOut())._tag, "Revoked")
        const sessions = (yield* emu.withState((data) => Effect.succeed(Object.values(data.refreshTokens)))).filter((each) => each.userId === signedUp.userId)
        assert.lengthOf(sessions, 0)
        assert.strictEqual((yield* signOut())._tag, "NotSignedIn")
        // Expired access token: the revocation refreshes in a session of its own.
        yield* signInWithPassword({ email: "revoke@example.com", password: "correct horse battery" })
        yield* TestClock.adjust("11 minutes")
        assert.strictEqual((yield* signOut())._tag, "Revoked")
        assert.strictEqual(yield* sessionKey, "not logged in", "the refresh made for the revocation did not sign the app back in")
      }).pipe(Effect.provide(core))
    }))
})

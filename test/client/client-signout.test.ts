/**
 * Sign-out that tells the truth: local tokens are cleared first, the server revocation runs within a
 * deadline, and a revocation that did not happen comes back as a typed `LocalOnly` value.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import { TestClock } from "effect/testing"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { type FetchFunction, StackClient } from "../../src/client/index.ts"
import { Emulator } from "../../src/emulator/emulator.ts"
import { layerMemoryTokenStore } from "../../src/session/token-store.ts"
import { clientFetchFor, freshEmail } from "./client-harness.ts"

const password = "correct horse battery staple"

/** How the network between the client and the emulator behaves. */
interface Network {
  mode: "up" | "hang" | "refuse"
  aborted: number
}

const switchable = (network: Network, fetch: FetchFunction): FetchFunction => (input, init) => {
  switch (network.mode) {
    case "up":
      return fetch(input, init)
    case "refuse":
      return Promise.reject(new TypeError("fetch failed", { cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }) }))
    case "hang":
      return new Promise((_, reject) => {
        init.signal?.addEventListener("abort", () => {
          network.aborted++
          reject(init.signal?.reason)
        })
      })
  }
}

const over = (network: Network) =>
  Layer.provideMerge(clientFetchFor((emu) => switchable(network, emu.fetch)), Layer.effect(Emulator, Emulator.make()))

/** Whether the server still honours `refreshToken` (the session lives on). */
const sessionAlive = (refreshToken: string) =>
  Effect.gen(function*() {
    const emu = yield* Emulator
    const response = yield* Effect.promise(() =>
      emu.fetch(`${emu.info.baseUrl}/api/v1/auth/oauth/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "refresh_token",
          refresh_token: refreshToken,
          client_id: emu.info.projectId,
          client_secret: emu.info.publishableClientKey
        }).toString()
      })
    )
    return response.status === 200
  })

const signedIn = Effect.gen(function*() {
  const stack = yield* StackClient
  yield* stack.signUpWithPassword({ email: freshEmail("signout"), password })
  const auth = yield* stack.getAuthJson()
  assert.isNotNull(auth.refreshToken)
  return { stack, refreshToken: auth.refreshToken ?? "" }
})

describe("signOut", () => {
  it.effect("ends the session on the server: Revoked, tokens cleared, the refresh token no longer works", () => {
    const network: Network = { mode: "up", aborted: 0 }
    return Effect.gen(function*() {
      const { stack, refreshToken } = yield* signedIn
      assert.isTrue(yield* sessionAlive(refreshToken))
      const result = yield* stack.signOut()
      assert.deepStrictEqual(result, { _tag: "Revoked", revoked: true })
      assert.strictEqual(yield* stack.sessionKey, "not logged in")
      assert.isFalse(yield* sessionAlive(refreshToken))
      assert.deepStrictEqual(yield* stack.signOut(), { _tag: "NotSignedIn", revoked: false })
    }).pipe(Effect.provide(over(network)))
  })

  it.effect("a server that never answers: tokens cleared at once, LocalOnly (Timeout) at the 5 s deadline, fetch aborted", () => {
    const network: Network = { mode: "up", aborted: 0 }
    return Effect.gen(function*() {
      const { stack, refreshToken } = yield* signedIn
      network.mode = "hang"
      const fiber = yield* Effect.forkChild(stack.signOut())
      yield* TestClock.adjust("1 millis")
      // Signed out here before the server was even asked.
      assert.strictEqual(yield* stack.sessionKey, "not logged in")
      yield* TestClock.adjust("5 seconds")
      const result = yield* Fiber.join(fiber)
      assert.strictEqual(result._tag, "LocalOnly")
      assert.isFalse(result.revoked)
      if (result._tag === "LocalOnly") {
        assert.strictEqual(result.reason._tag, "StackTransportError")
        if (result.reason._tag === "StackTransportError") assert.strictEqual(result.reason.reason, "Timeout")
      }
      assert.isAtLeast(network.aborted, 1)
      // The truth: the server session lives on.
      network.mode = "up"
      assert.isTrue(yield* sessionAlive(refreshToken))
    }).pipe(Effect.provide(over(network)))
  })

  it.effect("offline: LocalOnly with the transport error within the deadline, not after 31 s", () => {
    const network: Network = { mode: "up", aborted: 0 }
    return Effect.gen(function*() {
      const { stack } = yield* signedIn
      network.mode = "refuse"
      const fiber = yield* Effect.forkChild(stack.signOut({ deadline: "2 seconds" }))
      yield* TestClock.adjust("2 seconds")
      const result = yield* Fiber.join(fiber)
      assert.strictEqual(result._tag, "LocalOnly")
      if (result._tag === "LocalOnly") assert.strictEqual(result.reason._tag, "StackTransportError")
      assert.isTrue(Option.isNone(yield* stack.getUser()))
    }).pipe(Effect.provide(over(network)))
  })
})

describe("signOut over real HTTP", () => {
  it.live("against a node:http server that accepts and never answers, it completes by the deadline", () =>
    Effect.gen(function*() {
      const server: Server = yield* Effect.acquireRelease(
        Effect.promise(() =>
          new Promise<Server>((resolve) => {
            const s = createServer(() => undefined)
            s.listen(0, "127.0.0.1", () => resolve(s))
          })
        ),
        (s) => Effect.promise(() => new Promise<void>((resolve) => s.close(() => resolve())).then(() => s.closeAllConnections()))
      )
      const port = (server.address() as AddressInfo).port
      const far = Math.floor(Date.now() / 1000) + 3600
      const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url")
      const accessToken = `${encode({ alg: "ES256" })}.${encode({ exp: far, sub: "u1" })}.c2ln`
      const tokens = { accessToken: Option.some(Redacted.make(accessToken)), refreshToken: Option.some(Redacted.make("rt-hanging-1234")) }
      const layer = StackClient.layerFetch({ projectId: "p1", baseUrl: `http://127.0.0.1:${port}` }).pipe(
        Layer.provide(layerMemoryTokenStore(tokens))
      )
      const started = Date.now()
      const { result, key } = yield* Effect.gen(function*() {
        const stack = yield* StackClient
        const result = yield* stack.signOut({ deadline: "300 millis" })
        return { result, key: yield* stack.sessionKey }
      }).pipe(Effect.provide(layer))
      const elapsed = Date.now() - started
      assert.strictEqual(result._tag, "LocalOnly")
      assert.strictEqual(key, "not logged in")
      assert.isBelow(elapsed, 2000)
    }).pipe(Effect.scoped))
})

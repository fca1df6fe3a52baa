/**
 * The pipeline over real HTTP against a tiny node:http server that misbehaves (refuses, hangs,
 * answers 503 with Retry-After), through both transports.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Schedule from "effect/Schedule"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as HttpClient from "effect/http/HttpClient"
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { noTokens } from "../../src/http/access.ts"
import { withRequestPolicy } from "../../src/http/retry.ts"
import { send } from "../../src/http/send.ts"
import { StackTransport } from "../../src/http/transport.ts"
import { makeFetchTransport } from "../../src/http/transport-fetch.ts"
import { transportFromHttpClient } from "../../src/http/transport-http-client.ts"
import { read, write } from "./pipeline-endpoints.ts"

/** A server answering with `handler`, closed with the test's scope. */
const serve = (handler: (request: IncomingMessage, response: ServerResponse) => void) =>
  Effect.acquireRelease(
    Effect.promise(() =>
      new Promise<Server>((resolve) => {
        const server = createServer(handler)
        server.listen(0, "127.0.0.1", () => resolve(server))
      })
    ),
    (server) =>
      Effect.promise(() => {
        server.closeAllConnections()
        return new Promise<void>((resolve) => server.close(() => resolve()))
      })
  ).pipe(Effect.map((server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`))

/** A port nothing listens on. */
const closedPort = Effect.promise(() =>
  new Promise<string>((resolve) => {
    const server = createServer()
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as AddressInfo).port
      server.close(() => resolve(`http://127.0.0.1:${port}`))
    })
  })
)

const transports = {
  fetch: Effect.succeed(makeFetchTransport()),
  httpClient: Effect.map(HttpClient.HttpClient.pipe(Effect.provide(FetchHttpClient.layer)), transportFromHttpClient)
}

const fast = withRequestPolicy({
  attemptTimeout: "300 millis",
  deadline: "2 seconds",
  retrySchedule: Schedule.max([Schedule.spaced("20 millis"), Schedule.recurs(4)])
})

for (const [name, makeTransport] of Object.entries(transports)) {
  describe(`pipeline over real HTTP (${name} transport)`, () => {
    it.live("a refused connection is never-sent: a POST too makes all 5 attempts", () =>
      Effect.gen(function*() {
        const baseUrl = yield* closedPort
        const transport = yield* makeTransport
        const error = yield* Effect.flip(
          send({ baseUrl, keys: { projectId: "p1" }, projectErrors: [] }, write, noTokens).pipe(Effect.provideService(StackTransport, transport), fast)
        )
        assert.strictEqual(error._tag, "StackTransportError")
        if (error._tag === "StackTransportError") {
          assert.strictEqual(error.reason, "NoResponse")
          assert.strictEqual(error.attempts, 5)
        }
      }))

    it.live("a server that never answers: Timeout by the deadline, every attempt's request aborted", () =>
      Effect.gen(function*() {
        let received = 0
        let closed = 0
        const baseUrl = yield* serve((request) => {
          received++
          request.socket.on("close", () => closed++)
        })
        const transport = yield* makeTransport
        const started = Date.now()
        const error = yield* Effect.flip(
          send({ baseUrl, keys: { projectId: "p1" }, projectErrors: [] }, read, noTokens).pipe(
            Effect.provideService(StackTransport, transport),
            withRequestPolicy({
              attemptTimeout: "200 millis",
              deadline: "700 millis",
              retrySchedule: Schedule.max([Schedule.spaced("20 millis"), Schedule.recurs(4)])
            })
          )
        )
        assert.isBelow(Date.now() - started, 1500)
        assert.strictEqual(error._tag, "StackTransportError")
        if (error._tag === "StackTransportError") assert.strictEqual(error.reason, "Timeout")
        yield* Effect.sleep("100 millis")
        assert.isAtLeast(received, 2)
        assert.strictEqual(closed, received)
      }).pipe(Effect.scoped))

    it.live("a GET answered 503 with Retry-After: 1 is sent again a second later and succeeds", () =>
      Effect.gen(function*() {
        const times: Array<number> = []
        const baseUrl = yield* serve((_, response) => {
          times.push(Date.now())
          if (times.length === 1) {
            response.writeHead(503, { "retry-after": "1", "content-type": "text/plain" }).end("busy")
          } else {
            response.writeHead(200, { "content-type": "application/json" }).end("{\"id\":\"u1\"}")
          }
        })
        const transport = yield* makeTransport
        const user = yield* send({ baseUrl, keys: { projectId: "p1" }, projectErrors: [] }, read, noTokens).pipe(
          Effect.provideService(StackTransport, transport)
        )
        assert.deepStrictEqual(user, { id: "u1" })
        assert.strictEqual(times.length, 2)
        assert.isAtLeast((times[1] ?? 0) - (times[0] ?? 0), 950)
      }).pipe(Effect.scoped))
  })
}

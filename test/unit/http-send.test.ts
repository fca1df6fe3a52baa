import { assert, describe, it } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Schema from "effect/Schema"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientError from "effect/http/HttpClientError"
import type * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import { TestClock } from "effect/testing"
import { UserNotFound } from "../../src/errors/catalogue.ts"
import { noTokens } from "../../src/http/access.ts"
import { type Endpoint, json } from "../../src/http/endpoint.ts"
import { type PipelineConfig, send } from "../../src/http/send.ts"
import { StackTransport } from "../../src/http/transport.ts"
import { transportFromHttpClient } from "../../src/http/transport-http-client.ts"

const config: PipelineConfig = { baseUrl: "https://stack.test", keys: { projectId: "p1" } }
const Body = Schema.Struct({ id: Schema.String })
const getUser: Endpoint<{ readonly id: string }, readonly [typeof UserNotFound]> = {
  method: "GET",
  path: "/users/u1",
  level: "server",
  response: json(Body),
  errors: [UserNotFound]
}

interface Recorder {
  readonly times: Array<number>
  readonly requests: Array<HttpClientRequest.HttpClientRequest>
}

const fakeHttp = (
  recorder: Recorder,
  answer: (request: HttpClientRequest.HttpClientRequest, attempt: number) => Response | "network-failure"
) =>
  HttpClient.make((request) =>
    Effect.gen(function*() {
      recorder.requests.push(request)
      recorder.times.push(yield* Clock.currentTimeMillis)
      const result = answer(request, recorder.requests.length)
      if (result === "network-failure") {
        return yield* Effect.fail(
          new HttpClientError.HttpClientError({
            reason: new HttpClientError.TransportError({ request, description: "connection refused" })
          })
        )
      }
      return HttpClientResponse.fromWeb(request, result)
    })
  )

const jsonResponse = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers }
  })

const run = (recorder: Recorder, answer: Parameters<typeof fakeHttp>[1]) =>
  send(config, getUser, noTokens).pipe(Effect.provideService(StackTransport, transportFromHttpClient(fakeHttp(recorder, answer))))

describe("send: retries", () => {
  it.effect("a read with no response: 5 attempts in all, waits 1, 2, 4, 8 s, then gives up", () =>
    Effect.gen(function*() {
      const recorder: Recorder = { times: [], requests: [] }
      const fiber = yield* Effect.forkChild(Effect.flip(run(recorder, () => "network-failure")))
      yield* TestClock.adjust("60 seconds")
      const error = yield* Fiber.join(fiber)
      assert.strictEqual(recorder.requests.length, 5)
      const waits = recorder.times.slice(1).map((t, i) => t - (recorder.times[i] ?? 0))
      assert.deepStrictEqual(waits, [1000, 2000, 4000, 8000])
      assert.strictEqual(error._tag, "StackTransportError")
      if (error._tag === "StackTransportError") {
        assert.strictEqual(error.attempts, 5)
        assert.strictEqual(error.reason, "NoResponse")
        assert.include(error.diagnostics.cause, "connection refused")
      }
    }))

  it.effect("succeeds when a later attempt gets through", () =>
    Effect.gen(function*() {
      const recorder: Recorder = { times: [], requests: [] }
      const fiber = yield* Effect.forkChild(
        run(recorder, (_, attempt) => attempt < 3 ? "network-failure" : jsonResponse(200, { id: "u1" }))
      )
      yield* TestClock.adjust("10 seconds")
      const user = yield* Fiber.join(fiber)
      assert.deepStrictEqual(user, { id: "u1" })
      assert.strictEqual(recorder.requests.length, 3)
    }))

  it.effect("a read answered 503 to the last attempt is a StackResponseError with the body", () =>
    Effect.gen(function*() {
      const recorder: Recorder = { times: [], requests: [] }
      const fiber = yield* Effect.forkChild(Effect.flip(run(recorder, () => new Response("busy", { status: 503 }))))
      yield* TestClock.adjust("60 seconds")
      const error = yield* Fiber.join(fiber)
      assert.strictEqual(recorder.requests.length, 5)
      assert.strictEqual(error._tag, "StackResponseError")
      if (error._tag === "StackResponseError") assert.strictEqual(error.bodyExcerpt, "busy")
    }))

  it.effect("never retries a write once a response arrived, even a 503", () =>
    Effect.gen(function*() {
      const recorder: Recorder = { times: [], requests: [] }
      const error = yield* Effect.flip(
        send(config, { ...getUser, method: "POST" }, noTokens).pipe(
          Effect.provideService(StackTransport, transportFromHttpClient(fakeHttp(recorder, () => new Response("busy", { status: 503 }))))
        )
      )
      assert.strictEqual(recorder.requests.length, 1)
      assert.strictEqual(error._tag, "StackResponseError")
    }))
})

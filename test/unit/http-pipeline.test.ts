/**
 * The pipeline under a bad network, with a scripted transport and the TestClock: deadlines, the
 * card's retry (5 attempts, waits 1, 2, 4, 8 s), what is safe to retry, Retry-After, rate limits,
 * the response size cap, aborts, and secrets around the excerpt cut.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Clock from "effect/Clock"
import type * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Schedule from "effect/Schedule"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as HttpClient from "effect/http/HttpClient"
import { TestClock } from "effect/testing"
import { StackRateLimitedError } from "../../src/errors/index.ts"
import { noTokens, type UserTokens } from "../../src/http/access.ts"
import { parseRetryAfter, StackRequestPolicy, withRequestPolicy } from "../../src/http/retry.ts"
import { type PipelineConfig, send } from "../../src/http/send.ts"
import {
  StackTransport,
  transportFailure,
  type TransportFailure,
  type TransportRequest,
  type TransportResponse
} from "../../src/http/transport.ts"
import { makeFetchTransport } from "../../src/http/transport-fetch.ts"
import { transportFromHttpClient } from "../../src/http/transport-http-client.ts"
import { read, write } from "./pipeline-endpoints.ts"

const config: PipelineConfig = { baseUrl: "https://stack.test", keys: { projectId: "p1" } }
type Step = TransportResponse | TransportFailure | "hang"

/** A transport answering from `script` (by attempt number), recording when each attempt was sent. */
const scripted = (script: (attempt: number) => Step) => {
  const times: Array<number> = []
  let aborted = 0
  const transport: StackTransport["Service"] = {
    send: (_request: TransportRequest) =>
      Effect.gen(function*() {
        times.push(yield* Clock.currentTimeMillis)
        const step = script(times.length)
        if (step === "hang") {
          return yield* Effect.never.pipe(Effect.onInterrupt(() => Effect.sync(() => aborted++)))
        }
        if ("_tag" in step) return yield* Effect.fail(step)
        return step
      })
  }
  return { times, transport, aborts: () => aborted }
}

const response = (status: number, body: string, headers: Record<string, string> = {}): TransportResponse => ({
  status,
  headers: { "content-type": "application/json", ...headers },
  text: Effect.succeed(body)
})

const refused = transportFailure("NotSent", "connect ECONNREFUSED")
const reset = transportFailure("NoResponse", "socket hang up")

/** Runs `effect` forked, moves the TestClock by `advance`, and returns its failure. */
const failingAfter = <A, E>(effect: Effect.Effect<A, E>, advance: Duration.Input) =>
  Effect.gen(function*() {
    const fiber = yield* Effect.forkChild(Effect.flip(effect))
    yield* TestClock.adjust(advance)
    return yield* Fiber.join(fiber)
  })

const waits = (times: ReadonlyArray<number>) => times.slice(1).map((t, i) => t - (times[i] ?? 0))

describe("pipeline: deadlines", () => {
  it.effect("a hang times out at the attempt timeout; a read tries again, and the call stops at its deadline", () =>
    Effect.gen(function*() {
      const { times, transport, aborts } = scripted(() => "hang")
      const error = yield* failingAfter(
        send(config, read, noTokens).pipe(Effect.provideService(StackTransport, transport)),
        "2 minutes"
      )
      assert.strictEqual(error._tag, "StackTransportError")
      if (error._tag !== "StackTransportError") return
      assert.strictEqual(error.reason, "Timeout")
      // 10 s per attempt, waits 1 and 2 s: attempts at 0, 11, 23 s; the 30 s deadline ends the third.
      assert.deepStrictEqual(times, [0, 11_000, 23_000])
      assert.strictEqual(error.attempts, 3)
      assert.strictEqual(error.diagnostics.elapsedMillis, 30_000)
      assert.include(error.description, "deadline")
      // Every hanging attempt was interrupted, so the transport aborted its fetch.
      assert.strictEqual(aborts(), 3)
    }))

  it.effect("a hanging write times out once: no second attempt, Timeout after 10 s", () =>
    Effect.gen(function*() {
      const { times, transport } = scripted(() => "hang")
      const error = yield* failingAfter(
        send(config, write, noTokens).pipe(Effect.provideService(StackTransport, transport)),
        "1 minute"
      )
      assert.deepStrictEqual(times, [0])
      assert.strictEqual(error._tag, "StackTransportError")
      if (error._tag === "StackTransportError") {
        assert.strictEqual(error.reason, "Timeout")
        assert.strictEqual(error.attempts, 1)
        assert.strictEqual(error.diagnostics.elapsedMillis, 10_000)
      }
    }))

  it.effect("timeouts are set per call (StackRequestPolicy) on top of the client's options", () =>
    Effect.gen(function*() {
      const { times, transport } = scripted(() => "hang")
      const client: PipelineConfig = { ...config, requestPolicy: { attemptTimeout: "3 seconds", deadline: "5 seconds" } }
      const clientError = yield* failingAfter(
        send(client, write, noTokens).pipe(Effect.provideService(StackTransport, transport)),
        "1 minute"
      )
      assert.strictEqual(clientError._tag === "StackTransportError" && clientError.diagnostics.elapsedMillis, 3_000)
      const callError = yield* failingAfter(
        send(client, read, noTokens).pipe(
          Effect.provideService(StackTransport, transport),
          withRequestPolicy({ attemptTimeout: "500 millis", retrySchedule: Schedule.recurs(0) })
        ),
        "1 minute"
      )
      assert.strictEqual(callError._tag === "StackTransportError" && callError.diagnostics.elapsedMillis, 500)
      assert.strictEqual(times.length, 2)
    }))
})

describe("pipeline: the card's retry", () => {
  it.effect("refused connections make exactly 5 attempts at 0, 1, 3, 7, 15 s, a write too", () =>
    Effect.gen(function*() {
      const { times, transport } = scripted(() => refused)
      const error = yield* failingAfter(
        send(config, write, noTokens).pipe(Effect.provideService(StackTransport, transport)),
        "1 minute"
      )
      assert.deepStrictEqual(times, [0, 1000, 3000, 7000, 15000])
      assert.strictEqual(error._tag, "StackTransportError")
      if (error._tag === "StackTransportError") {
        assert.strictEqual(error.reason, "NoResponse")
        assert.strictEqual(error.attempts, 5)
        assert.strictEqual(error.diagnostics.elapsedMillis, 15000)
      }
    }))

  it.effect("a POST whose connection reset after sending is not retried", () =>
    Effect.gen(function*() {
      const { times, transport } = scripted(() => reset)
      const error = yield* failingAfter(
        send(config, write, noTokens).pipe(Effect.provideService(StackTransport, transport)),
        "1 minute"
      )
      assert.deepStrictEqual(times, [0])
      assert.strictEqual(error._tag === "StackTransportError" && error.attempts, 1)
    }))

  it.effect("a GET whose connection reset is retried", () =>
    Effect.gen(function*() {
      const { times, transport } = scripted((attempt) => attempt === 1 ? reset : response(200, "{\"id\":\"u1\"}"))
      const fiber = yield* Effect.forkChild(send(config, read, noTokens).pipe(Effect.provideService(StackTransport, transport)))
      yield* TestClock.adjust("5 seconds")
      assert.deepStrictEqual(yield* Fiber.join(fiber), { id: "u1" })
      assert.deepStrictEqual(times, [0, 1000])
    }))

  it.effect("a GET with 503 + Retry-After: 2 is retried after 2 s", () =>
    Effect.gen(function*() {
      const { times, transport } = scripted((attempt) =>
        attempt === 1 ? response(503, "busy", { "retry-after": "2" }) : response(200, "{\"id\":\"u1\"}")
      )
      const fiber = yield* Effect.forkChild(send(config, read, noTokens).pipe(Effect.provideService(StackTransport, transport)))
      yield* TestClock.adjust("1 second")
      assert.strictEqual(times.length, 1)
      yield* TestClock.adjust("1 second")
      assert.deepStrictEqual(yield* Fiber.join(fiber), { id: "u1" })
      assert.deepStrictEqual(times, [0, 2000])
    }))

  it.effect("a POST answered 503 is final: the server may have acted", () =>
    Effect.gen(function*() {
      const { times, transport } = scripted(() => response(503, "busy", { "retry-after": "2" }))
      const error = yield* failingAfter(
        send(config, write, noTokens).pipe(Effect.provideService(StackTransport, transport)),
        "1 minute"
      )
      assert.deepStrictEqual(times, [0])
      assert.strictEqual(error._tag === "StackResponseError" && error.status, 503)
    }))

  it.effect("a 429 past the attempts is a StackRateLimitedError with Retry-After and the attempts", () =>
    Effect.gen(function*() {
      const { times, transport } = scripted(() => response(429, "slow down", { "retry-after": "3" }))
      const error = yield* failingAfter(
        send(config, write, noTokens).pipe(Effect.provideService(StackTransport, transport)),
        "1 minute"
      )
      assert.instanceOf(error, StackRateLimitedError)
      if (error._tag !== "StackRateLimitedError") return
      assert.strictEqual(error.attempts, 5)
      assert.strictEqual(error.retryAfterMillis, 3000)
      assert.deepStrictEqual(waits(times), [3000, 3000, 3000, 3000])
    }))

  it.effect("Retry-After is capped (60 s by default) and read as an HTTP date too", () =>
    Effect.gen(function*() {
      assert.strictEqual(parseRetryAfter("3600", 0, 60_000), 60_000)
      assert.strictEqual(parseRetryAfter(new Date(5_000).toUTCString(), 1_000, 60_000), 4_000)
      assert.strictEqual(parseRetryAfter(new Date(0).toUTCString(), 1_000, 60_000), 0)
      assert.strictEqual(parseRetryAfter("soon", 0, 60_000), undefined)
      assert.strictEqual(parseRetryAfter(undefined, 0, 60_000), undefined)
    }))

  it.effect("the schedule is the user's: a replacement through StackRequestPolicy decides the waits", () =>
    Effect.gen(function*() {
      const { times, transport } = scripted(() => refused)
      yield* failingAfter(
        send(config, read, noTokens).pipe(
          Effect.provideService(StackTransport, transport),
          Effect.provideService(StackRequestPolicy, { retrySchedule: Schedule.max([Schedule.spaced("500 millis"), Schedule.recurs(2)]) })
        ),
        "1 minute"
      )
      assert.deepStrictEqual(times, [0, 500, 1000])
    }))
})

describe("pipeline: response size and aborts over real transports", () => {
  const big = "x".repeat(2048)
  const bigBody = () =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < 4; i++) controller.enqueue(new TextEncoder().encode(big))
          controller.close()
        }
      }),
      { headers: { "content-type": "application/json" } }
    )
  const small = { maxResponseBytes: 4096 }

  it.effect("a body over the cap is a TooLarge response error (fetch transport)", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(
        send({ ...config, requestPolicy: small }, read, noTokens).pipe(
          Effect.provideService(StackTransport, makeFetchTransport(() => Promise.resolve(bigBody())))
        )
      )
      assert.strictEqual(error._tag === "StackResponseError" && error.reason, "TooLarge")
    }))

  it.effect("a body over the cap is a TooLarge response error (HttpClient transport), by stream or length", () =>
    Effect.gen(function*() {
      for (const answer of [bigBody, () => new Response(big.repeat(4), { headers: { "content-type": "application/json" } })]) {
        const http = yield* HttpClient.HttpClient.pipe(
          Effect.provide(FetchHttpClient.layer),
          Effect.provideService(FetchHttpClient.Fetch, () => Promise.resolve(answer()))
        )
        const error = yield* Effect.flip(
          send({ ...config, requestPolicy: small }, read, noTokens).pipe(
            Effect.provideService(StackTransport, transportFromHttpClient(http))
          )
        )
        assert.strictEqual(error._tag === "StackResponseError" && error.reason, "TooLarge")
      }
    }))

  it.effect("a body cut off mid-read is Truncated (HttpClient transport)", () =>
    Effect.gen(function*() {
      const broken = () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(new TextEncoder().encode("{\"id\":"))
              controller.error(new Error("connection reset"))
            }
          }),
          { headers: { "content-type": "application/json" } }
        )
      const http = yield* HttpClient.HttpClient.pipe(
        Effect.provide(FetchHttpClient.layer),
        Effect.provideService(FetchHttpClient.Fetch, () => Promise.resolve(broken()))
      )
      const error = yield* Effect.flip(
        send(config, write, noTokens).pipe(Effect.provideService(StackTransport, transportFromHttpClient(http)))
      )
      assert.strictEqual(error._tag === "StackResponseError" && error.reason, "Truncated")
    }))

  it.live("interrupting a call aborts its fetch through the HttpClient transport", () =>
    Effect.gen(function*() {
      const signals: Array<AbortSignal> = []
      const hangingFetch: typeof globalThis.fetch = (_input, init) => {
        if (init?.signal) signals.push(init.signal)
        return new Promise(() => undefined)
      }
      const http = yield* HttpClient.HttpClient.pipe(
        Effect.provide(FetchHttpClient.layer),
        Effect.provideService(FetchHttpClient.Fetch, hangingFetch)
      )
      const fiber = yield* Effect.forkChild(
        send(config, read, noTokens).pipe(Effect.provideService(StackTransport, transportFromHttpClient(http)))
      )
      yield* Effect.sleep("20 millis")
      assert.strictEqual(signals.length, 1)
      assert.isFalse(signals[0]?.aborted)
      yield* Fiber.interrupt(fiber)
      assert.isTrue(signals[0]?.aborted)
    }))
})

describe("pipeline: secrets are hidden before the excerpt is cut", () => {
  const refreshToken = "rt_9fK2mQ7xLp4vN8sT3wY6zB1cD5eG0hJ"
  const accessToken = "eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEifQ.c2lnbmF0dXJlLWJ5dGVz"
  const serverKey = "ssk_live_7Hq2Wm9Xr4Tz8Kp3Nv6Bc1Ld5Fg0Js"
  const clientKey = "pck_live_4Jd8Rt2Yq6Wm1Xn9Lp3Hk7Gf5Sb0Vc"
  const secretConfig: PipelineConfig = {
    baseUrl: "https://stack.test",
    keys: { projectId: "p1", secretServerKey: Redacted.make(serverKey), publishableClientKey: Redacted.make(clientKey) }
  }
  const tokens: UserTokens = {
    accessToken: Option.some(Redacted.make(accessToken)),
    refreshToken: Option.some(Redacted.make(refreshToken))
  }

  /** Whether any 8-character piece of `secret` appears in `text`. */
  const leaks = (text: string, secret: string) => {
    for (let i = 0; i + 8 <= secret.length; i++) if (text.includes(secret.slice(i, i + 8))) return secret.slice(i, i + 8)
    return undefined
  }

  it.effect("a secret at every offset around the 200-character cut never shows 8 of its characters", () =>
    Effect.gen(function*() {
      for (const secret of [refreshToken, accessToken, serverKey, clientKey]) {
        for (let offset = 200 - secret.length - 2; offset <= 202; offset++) {
          const body = `${"a".repeat(offset)}${secret}${" trailing text".repeat(20)}`
          for (const [status, headers] of [[500, {}], [200, { "content-type": "text/plain" }]] as const) {
            const { transport } = scripted(() => response(status, body, headers))
            const error = yield* Effect.flip(
              send(secretConfig, write, tokens).pipe(Effect.provideService(StackTransport, transport))
            )
            const shown = JSON.stringify(error) + error.message
            const leaked = leaks(shown, secret)
            assert.isUndefined(leaked, `offset ${offset}, status ${status}: ${leaked}`)
          }
        }
      }
    }))
})

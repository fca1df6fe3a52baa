/**
 * The fetch transport through the whole pipeline, over fake `fetch` functions: what goes on the
 * wire, how answers are read, retries under TestClock, aborts, and requests that cannot be sent.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import { TestClock } from "effect/testing"
import { EmailPasswordMismatch, UserNotFound } from "../../src/errors/catalogue.ts"
import type { UserTokens } from "../../src/http/access.ts"
import { type Endpoint, json } from "../../src/http/endpoint.ts"
import { type PipelineConfig, send } from "../../src/http/send.ts"
import { StackTransport } from "../../src/http/transport.ts"
import { type FetchFunction, makeFetchTransport } from "../../src/http/transport-fetch.ts"

const clientKey = "pck_1234567890abcdef1234567890abcdef"
const refreshToken = "r7k2m9p4q8s1t6v3w5x0y2z7a9b4c6d8e1f3g5h7j9k2m"

const config: PipelineConfig = {
  baseUrl: "https://stack.test/",
  keys: { projectId: "11111111-2222-4333-8444-555555555555", publishableClientKey: Redacted.make(clientKey) }
}
const signedIn: UserTokens = { accessToken: Option.none(), refreshToken: Option.some(Redacted.make(refreshToken)) }

const Tokens = Schema.Struct({ user_id: Schema.String })
const signIn: Endpoint<typeof Tokens.Type, readonly [typeof EmailPasswordMismatch]> = {
  method: "POST",
  path: "/auth/password/sign-in",
  level: "client",
  query: [["note", "a b&c"]],
  body: { _tag: "Json", value: { email: "ada@example.com", password: "correct horse battery" } },
  response: json(Tokens),
  errors: [EmailPasswordMismatch]
}

interface Sent {
  readonly url: string
  readonly init: RequestInit
  readonly at: number
}

/** A fetch answering with `answer`, recording each call and the TestClock time it was made at. */
const recordingFetch = (answer: (call: number, init: RequestInit) => Promise<Response>) =>
  Effect.gen(function*() {
    const sent: Array<Sent> = []
    const services = yield* Effect.context<never>()
    const fetch: FetchFunction = (url, init) => {
      const at = Effect.runSync(Clock.currentTimeMillis.pipe(Effect.provideContext(services)))
      sent.push({ url, init, at })
      return answer(sent.length, init)
    }
    return { sent, fetch }
  })

const sendWith = <A, E>(fetch: FetchFunction, effect: Effect.Effect<A, E, StackTransport>) =>
  Effect.provideService(effect, StackTransport, makeFetchTransport(fetch))

const jsonResponse = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { ...init, headers: { "content-type": "application/json", ...init.headers } })

describe("fetch transport", () => {
  it.effect("sends the method, URL with its query, lower-case Stack headers and the JSON body", () =>
    Effect.gen(function*() {
      const { fetch, sent } = yield* recordingFetch(() => Promise.resolve(jsonResponse({ user_id: "u1" })))
      const result = yield* sendWith(fetch, send(config, signIn, signedIn))
      assert.deepStrictEqual(result, { user_id: "u1" })
      assert.strictEqual(sent.length, 1)
      const { init, url } = sent[0]!
      assert.strictEqual(url, "https://stack.test/api/v1/auth/password/sign-in?note=a+b%26c")
      assert.strictEqual(init.method, "POST")
      const headers = init.headers as Record<string, string>
      assert.strictEqual(headers["content-type"], "application/json")
      assert.strictEqual(headers["accept"], "application/json")
      assert.strictEqual(headers["x-stack-access-type"], "client")
      assert.strictEqual(headers["x-stack-publishable-client-key"], clientKey)
      assert.strictEqual(headers["x-stack-refresh-token"], refreshToken)
      assert.strictEqual(headers["x-stack-override-error-status"], "true")
      assert.deepStrictEqual(JSON.parse(String(init.body)), { email: "ada@example.com", password: "correct horse battery" })
      assert.instanceOf(init.signal, AbortSignal)
    }))

  it.effect("sends a form body url-encoded, in field order", () =>
    Effect.gen(function*() {
      const { fetch, sent } = yield* recordingFetch(() => Promise.resolve(jsonResponse({ user_id: "u1" })))
      const grant: Endpoint<typeof Tokens.Type, readonly []> = {
        method: "POST",
        path: "/auth/oauth/token",
        level: "none",
        body: { _tag: "Form", fields: [["grant_type", "refresh_token"], ["refresh_token", "a+b c"]] },
        response: json(Tokens),
        errors: []
      }
      yield* sendWith(fetch, send(config, grant, signedIn))
      const headers = sent[0]!.init.headers as Record<string, string>
      assert.strictEqual(headers["content-type"], "application/x-www-form-urlencoded")
      assert.strictEqual(sent[0]!.init.body, "grant_type=refresh_token&refresh_token=a%2Bb+c")
      // The token endpoint gets no Stack headers besides the override switch.
      assert.isUndefined(headers["x-stack-project-id"])
    }))

  it.effect("a known error sent with the override header decodes to its class, with the real status", () =>
    Effect.gen(function*() {
      const { fetch } = yield* recordingFetch(() =>
        Promise.resolve(jsonResponse(
          { code: "EMAIL_PASSWORD_MISMATCH", error: "Wrong e-mail or password." },
          { status: 200, headers: { "X-Stack-Known-Error": "EMAIL_PASSWORD_MISMATCH", "X-Stack-Actual-Status": "400" } }
        ))
      )
      const error = yield* Effect.flip(sendWith(fetch, send(config, signIn, signedIn)))
      assert.instanceOf(error, EmailPasswordMismatch)
      assert.strictEqual(error.status, 400)
    }))

  it.effect("a refused connection is retried after 1, 2, 4 and 8 s (5 attempts, a POST too), then fails with the cause chain", () =>
    Effect.gen(function*() {
      const { fetch, sent } = yield* recordingFetch(() =>
        Promise.reject(new TypeError("fetch failed", { cause: new Error("connect ECONNREFUSED 127.0.0.1:8102") }))
      )
      const fiber = yield* Effect.forkChild(Effect.flip(sendWith(fetch, send(config, signIn, signedIn))))
      yield* TestClock.adjust("1 minute")
      const error = yield* Fiber.join(fiber)
      assert.deepStrictEqual(sent.map((call) => call.at), [0, 1000, 3000, 7000, 15000])
      assert.strictEqual(error._tag, "StackTransportError")
      if (error._tag === "StackTransportError") {
        assert.strictEqual(error.attempts, 5)
        assert.strictEqual(error.url, "https://stack.test/api/v1/auth/password/sign-in")
        assert.include(error.diagnostics.cause, "TypeError: fetch failed")
        assert.include(error.diagnostics.cause, "connect ECONNREFUSED 127.0.0.1:8102")
        assert.notInclude(JSON.stringify(error), "correct horse battery")
      }
    }))

  it.effect("a fetch that recovers before the retries run out answers normally", () =>
    Effect.gen(function*() {
      const { fetch, sent } = yield* recordingFetch((call) =>
        call < 3
          ? Promise.reject(new TypeError("fetch failed", { cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }) }))
          : Promise.resolve(jsonResponse({ user_id: "u1" }))
      )
      const fiber = yield* Effect.forkChild(sendWith(fetch, send(config, signIn, signedIn)))
      yield* TestClock.adjust("10 seconds")
      assert.deepStrictEqual(yield* Fiber.join(fiber), { user_id: "u1" })
      assert.strictEqual(sent.length, 3)
    }))

  it.effect("a POST whose connection reset after sending is not retried: it may have reached the server", () =>
    Effect.gen(function*() {
      const { fetch, sent } = yield* recordingFetch(() =>
        Promise.reject(new TypeError("fetch failed", { cause: Object.assign(new Error("socket hang up"), { code: "ECONNRESET" }) }))
      )
      const fiber = yield* Effect.forkChild(Effect.flip(sendWith(fetch, send(config, signIn, signedIn))))
      yield* TestClock.adjust("1 minute")
      const error = yield* Fiber.join(fiber)
      assert.strictEqual(sent.length, 1)
      assert.strictEqual(error._tag, "StackTransportError")
      if (error._tag === "StackTransportError") {
        assert.strictEqual(error.reason, "NoResponse")
        assert.strictEqual(error.attempts, 1)
      }
    }))

  it.effect("a base URL that is not a URL fails at once, without a fetch or a retry", () =>
    Effect.gen(function*() {
      const { fetch, sent } = yield* recordingFetch(() => Promise.resolve(jsonResponse({ user_id: "u1" })))
      const error = yield* Effect.flip(sendWith(fetch, send({ ...config, baseUrl: "stack dot test" }, signIn, signedIn)))
      assert.strictEqual(error._tag, "StackTransportError")
      if (error._tag === "StackTransportError") assert.include(error.description, "could not be sent")
      assert.strictEqual(sent.length, 0)
    }))

  it.effect("a body JSON cannot write is a typed failure, not a defect", () =>
    Effect.gen(function*() {
      const { fetch, sent } = yield* recordingFetch(() => Promise.resolve(jsonResponse({ user_id: "u1" })))
      const error = yield* Effect.flip(
        sendWith(fetch, send(config, { ...signIn, body: { _tag: "Json", value: { n: 1n } } }, signedIn))
      )
      assert.strictEqual(error._tag, "StackTransportError")
      assert.strictEqual(sent.length, 0)
    }))

  it.effect("interrupting the call aborts the fetch", () =>
    Effect.gen(function*() {
      let signal: AbortSignal | undefined
      const { fetch } = yield* recordingFetch((_, init) => {
        signal = init.signal ?? undefined
        return new Promise<Response>(() => {})
      })
      const fiber = yield* Effect.forkChild(sendWith(fetch, send(config, signIn, signedIn)))
      yield* Effect.yieldNow
      assert.isFalse(signal?.aborted)
      yield* Fiber.interrupt(fiber)
      assert.isTrue(signal?.aborted)
    }))

  it.effect("a body that breaks off while being read is a Truncated response error, not EmptyBody", () =>
    Effect.gen(function*() {
      const broken = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("{\"user_"))
          controller.error(new Error("connection reset"))
        }
      })
      const { fetch } = yield* recordingFetch(() =>
        Promise.resolve(new Response(broken, { headers: { "content-type": "application/json" } }))
      )
      const error = yield* Effect.flip(sendWith(fetch, send(config, signIn, signedIn)))
      assert.strictEqual(error._tag, "StackResponseError")
      if (error._tag === "StackResponseError") assert.strictEqual(error.reason, "Truncated")
    }))

  it.effect("an error status without a known-error header is a response error with the body excerpt", () =>
    Effect.gen(function*() {
      const { fetch } = yield* recordingFetch(() =>
        Promise.resolve(new Response("<html>502 Bad Gateway</html>", { status: 502, headers: { "content-type": "text/html" } }))
      )
      const lookup: Endpoint<typeof Tokens.Type, readonly [typeof UserNotFound]> = {
        method: "GET",
        path: "/users/u1",
        level: "client",
        response: json(Tokens),
        errors: [UserNotFound]
      }
      const fiber = yield* Effect.forkChild(Effect.flip(sendWith(fetch, send(config, lookup, signedIn))))
      yield* TestClock.adjust("1 minute")
      const error = yield* Fiber.join(fiber)
      assert.strictEqual(error._tag, "StackResponseError")
      if (error._tag === "StackResponseError") {
        assert.strictEqual(error.reason, "UnexpectedStatus")
        assert.strictEqual(error.status, 502)
        assert.include(error.bodyExcerpt, "502 Bad Gateway")
      }
    }))
})

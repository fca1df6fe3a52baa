/**
 * The service's two names (Stack Auth and Hexclave) on the wire: the SDK reads `x-hexclave-*`
 * response headers first and `x-stack-*` after, refuses two that disagree, and sends either
 * spelling of the request headers; the emulator accepts both and answers in both.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import { layerCoreWithTransport, layerMemoryTokenStore, signInWithPassword, signUpWithPassword } from "../../src/client/index.ts"
import { Emulator } from "../../src/emulator/emulator.ts"
import { EmailPasswordMismatch } from "../../src/errors/catalogue.ts"
import { noTokens } from "../../src/http/access.ts"
import { json } from "../../src/http/endpoint.ts"
import { send } from "../../src/http/send.ts"
import { StackTransport, type TransportRequest } from "../../src/http/transport.ts"

const config = { baseUrl: "https://stack.test", keys: { projectId: "p1", publishableClientKey: Redacted.make("pck_example_key_123") } }
const signIn = {
  method: "POST",
  path: "/auth/password/sign-in",
  level: "client",
  response: json(Schema.Struct({ user_id: Schema.String })),
  errors: [EmailPasswordMismatch]
} as const

/** A transport answering every request with `headers` and `body`, recording what it was sent. */
const scripted = (status: number, headers: Record<string, string>, body: string) => {
  const sent: Array<TransportRequest> = []
  const transport = StackTransport.of({
    send: (request) =>
      Effect.sync(() => {
        sent.push(request)
        return { status, headers: { "content-type": "application/json", ...headers }, text: Effect.succeed(body) }
      })
  })
  return { sent, transport }
}

const mismatchBody = JSON.stringify({ code: "EMAIL_PASSWORD_MISMATCH", error: "Wrong e-mail or password." })

describe("SDK: response headers under both names", () => {
  for (const prefix of ["x-hexclave", "x-stack"]) {
    it.effect(`a known error carried only by ${prefix}-* headers is decoded`, () =>
      Effect.gen(function*() {
        const { transport } = scripted(200, { [`${prefix}-actual-status`]: "400", [`${prefix}-known-error`]: "EMAIL_PASSWORD_MISMATCH" }, mismatchBody)
        const failure = yield* Effect.flip(send(config, signIn, noTokens).pipe(Effect.provideService(StackTransport, transport)))
        assert.strictEqual(failure._tag, "EmailPasswordMismatch")
        assert.strictEqual("status" in failure ? failure.status : 0, 400)
      }))
  }

  it.effect("both names with the same values: one known error", () =>
    Effect.gen(function*() {
      const { transport } = scripted(200, {
        "x-hexclave-actual-status": "400",
        "x-stack-actual-status": "400",
        "x-hexclave-known-error": "EMAIL_PASSWORD_MISMATCH",
        "x-stack-known-error": "EMAIL_PASSWORD_MISMATCH"
      }, mismatchBody)
      const failure = yield* Effect.flip(send(config, signIn, noTokens).pipe(Effect.provideService(StackTransport, transport)))
      assert.strictEqual(failure._tag, "EmailPasswordMismatch")
    }))

  it.effect("two known-error codes that disagree are a typed response error naming both", () =>
    Effect.gen(function*() {
      const { transport } = scripted(200, {
        "x-hexclave-actual-status": "400",
        "x-hexclave-known-error": "EMAIL_PASSWORD_MISMATCH",
        "x-stack-known-error": "USER_NOT_FOUND"
      }, mismatchBody)
      const failure = yield* Effect.flip(send(config, signIn, noTokens).pipe(Effect.provideService(StackTransport, transport)))
      assert.strictEqual(failure._tag, "StackResponseError")
      assert.strictEqual("reason" in failure ? failure.reason : "", "KnownErrorHeaderMismatch")
      assert.include(failure.message, "EMAIL_PASSWORD_MISMATCH")
      assert.include(failure.message, "USER_NOT_FOUND")
    }))

  it.effect("two statuses that disagree are a typed response error", () =>
    Effect.gen(function*() {
      const { transport } = scripted(200, { "x-hexclave-actual-status": "400", "x-stack-actual-status": "401" }, mismatchBody)
      const failure = yield* Effect.flip(send(config, signIn, noTokens).pipe(Effect.provideService(StackTransport, transport)))
      assert.strictEqual("reason" in failure ? failure.reason : "", "StatusCodeMismatch")
    }))
})

describe("SDK: request header names", () => {
  it.effect("sends x-stack-* by default and x-hexclave-* when asked, never both", () =>
    Effect.gen(function*() {
      const ok = JSON.stringify({ user_id: "u1" })
      const stack = scripted(200, {}, ok)
      yield* send(config, signIn, noTokens).pipe(Effect.provideService(StackTransport, stack.transport))
      const hexclave = scripted(200, {}, ok)
      yield* send({ ...config, headerNames: "hexclave" }, signIn, noTokens).pipe(Effect.provideService(StackTransport, hexclave.transport))
      const names = (request: TransportRequest | undefined) => Object.keys(request?.headers ?? {})
      assert.includeMembers(names(stack.sent[0]), ["x-stack-project-id", "x-stack-access-type", "x-stack-publishable-client-key"])
      assert.isFalse(names(stack.sent[0]).some((name) => name.startsWith("x-hexclave-")))
      assert.includeMembers(names(hexclave.sent[0]), ["x-hexclave-project-id", "x-hexclave-access-type", "x-hexclave-publishable-client-key"])
      assert.isFalse(names(hexclave.sent[0]).some((name) => name.startsWith("x-stack-")))
    }))
})

describe("emulator: both names", () => {
  const layer = Emulator.layer()

  it.effect("accepts x-hexclave-* request headers and answers with both response header families", () =>
    Effect.gen(function*() {
      const emu = yield* Emulator
      const request = (headers: Record<string, string>) =>
        emu.handle(new Request(`${emu.info.baseUrl}/api/v1/auth/password/sign-in`, {
          method: "POST",
          headers: { "content-type": "application/json", ...headers },
          body: JSON.stringify({ email: "nobody@example.com", password: "not the password" })
        }))
      const hexclave = yield* request({
        "x-hexclave-project-id": emu.info.projectId,
        "x-hexclave-access-type": "client",
        "x-hexclave-publishable-client-key": emu.info.publishableClientKey,
        "x-hexclave-override-error-status": "true"
      })
      assert.strictEqual(hexclave.status, 200)
      for (const prefix of ["x-hexclave", "x-stack"]) {
        assert.strictEqual(hexclave.headers.get(`${prefix}-known-error`), "EMAIL_PASSWORD_MISMATCH")
        assert.strictEqual(hexclave.headers.get(`${prefix}-actual-status`), "400")
        assert.match(hexclave.headers.get(`${prefix}-request-id`) ?? "", /^[a-z0-9]+$/)
      }
      // Both spellings with different values: the Hexclave one wins (here: a wrong project id).
      const conflicting = yield* request({
        "x-stack-project-id": emu.info.projectId,
        "x-hexclave-project-id": "00000000-0000-4000-8000-000000000000",
        "x-stack-access-type": "client",
        "x-stack-publishable-client-key": emu.info.publishableClientKey
      })
      assert.strictEqual(conflicting.headers.get("x-hexclave-known-error"), "CURRENT_PROJECT_NOT_FOUND")
      const preflight = yield* emu.handle(new Request(`${emu.info.baseUrl}/api/v1/users/me`, { method: "OPTIONS" }))
      const allowed = preflight.headers.get("access-control-allow-headers") ?? ""
      const exposed = preflight.headers.get("access-control-expose-headers") ?? ""
      for (const name of ["x-stack-access-token", "x-hexclave-access-token", "x-hexclave-project-id", "x-hexclave-allow-restricted-user"]) {
        assert.include(allowed, name)
      }
      for (const name of ["x-stack-known-error", "x-hexclave-known-error", "x-hexclave-actual-status"]) assert.include(exposed, name)
    }).pipe(Effect.provide(layer)))

  it.effect("a client sending Hexclave names signs up and meets a wrong password by tag", () =>
    Effect.gen(function*() {
      const emu = yield* Emulator
      const sent: Array<TransportRequest> = []
      const transport = StackTransport.of({
        send: (request) =>
          Effect.gen(function*() {
            sent.push(request)
            const response = yield* emu.handle(new Request(request.url, {
              method: request.method,
              headers: { ...request.headers, ...(request.body === undefined ? {} : { "content-type": request.body.contentType }) },
              ...(request.body === undefined ? {} : { body: request.body.text })
            }))
            const headers: Record<string, string> = {}
            response.headers.forEach((value, name) => {
              headers[name] = value
            })
            return { status: response.status, headers, text: Effect.promise(() => response.text()) }
          })
      })
      const client = layerCoreWithTransport({
        projectId: emu.info.projectId,
        publishableClientKey: emu.info.publishableClientKey,
        baseUrl: emu.info.baseUrl,
        headerNames: "hexclave"
      }).pipe(Layer.provide(layerMemoryTokenStore()), Layer.provide(Layer.succeed(StackTransport, transport)))
      yield* Effect.gen(function*() {
        yield* signUpWithPassword({ email: "hexclave@example.com", password: "correct horse battery" })
        const wrong = yield* Effect.flip(signInWithPassword({ email: "hexclave@example.com", password: "wrong password!" }))
        assert.strictEqual(wrong._tag, "EmailPasswordMismatch")
      }).pipe(Effect.provide(client))
      assert.isTrue(sent.every((request) => Object.keys(request.headers).every((name) => !name.startsWith("x-stack-"))))
    }).pipe(Effect.provide(layer)))
})

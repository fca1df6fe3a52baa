/**
 * The emulator's Node transport (no web `Request` or `Response` between Node and the pipeline):
 * its request headers read like a web `Headers`, and every answer over HTTP is the in-process
 * answer, status, headers and body, with the head written in the order a web `Headers` lists it.
 */
import * as Http from "node:http"
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { Emulator, type EmulatorService } from "../../src/emulator/emulator.ts"
import * as Reply from "../../src/emulator/reply.ts"
import { defineRoute } from "../../src/emulator/router.ts"
import { NodeRequestHeaders } from "../../src/emulator/request-headers.ts"

/** What one raw HTTP exchange gave: status, headers in wire order, body. */
interface RawAnswer {
  readonly status: number
  readonly headers: ReadonlyArray<readonly [string, string]>
  readonly body: string
}

/** Sends one request with node:http (so the head is seen as written) and reads the whole answer. */
const rawRequest = (url: string, method: string, headers: Readonly<Record<string, string>>, body?: string | Uint8Array | ReadonlyArray<string>) =>
  Effect.callback<RawAnswer, Error>((resume) => {
    const request = Http.request(url, { method, headers, agent: false }, (response) => {
      const chunks: Array<Buffer> = []
      response.on("data", (chunk: Buffer) => chunks.push(chunk))
      response.on("end", () => {
        const pairs: Array<readonly [string, string]> = []
        for (let i = 0; i + 1 < response.rawHeaders.length; i += 2) {
          pairs.push([(response.rawHeaders[i] ?? "").toLowerCase(), response.rawHeaders[i + 1] ?? ""])
        }
        resume(Effect.succeed({ status: response.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks).toString() }))
      })
    })
    request.on("error", (error) => resume(Effect.fail(error)))
    if (typeof body === "string" || body === undefined || body instanceof Uint8Array) request.end(body)
    else {
      // A chunked body, written piece by piece.
      for (const piece of body) request.write(piece)
      request.end()
    }
  })

/** The same request answered in-process (`emu.handle`). */
const inProcess = (emu: EmulatorService, url: string, method: string, headers: Readonly<Record<string, string>>, body?: string) =>
  Effect.gen(function*() {
    const response = yield* emu.handle(new Request(url, { method, headers, ...(body === undefined ? {} : { body }) }))
    const text = yield* Effect.promise(() => response.text())
    return { status: response.status, headers: [...response.headers], body: text }
  })

/** Headers that differ per request or per transport by nature (Node's own connection headers, the request id). */
const perRequest = new Set(["date", "connection", "keep-alive", "content-length", "x-stack-request-id", "x-hexclave-request-id"])

const comparable = (headers: ReadonlyArray<readonly [string, string]>) => headers.filter(([name]) => !perRequest.has(name))

describe("emulator over Node HTTP", () => {
  it("reads Node's raw request headers as a web Headers does", () => {
    const raw = [
      "Host", "localhost:8102",
      "X-Stack-Access-Type", " client ",
      "accept", "text/html",
      "Accept", "application/json",
      "Set-Cookie", "a=1",
      "set-cookie", "b=2",
      "x-hexclave-project-id", "p1",
      "Content-Type", "application/json\t"
    ]
    const web = new Headers()
    for (let i = 0; i < raw.length; i += 2) web.append(raw[i] ?? "", raw[i + 1] ?? "")
    const node = new NodeRequestHeaders(raw)
    assert.deepStrictEqual([...node], [...web])
    assert.deepStrictEqual([...node.keys()], [...web.keys()])
    assert.deepStrictEqual([...node.values()], [...web.values()])
    assert.deepStrictEqual(node.getSetCookie(), web.getSetCookie())
    for (const name of ["accept", "ACCEPT", "x-stack-access-type", "set-cookie", "content-type", "missing"]) {
      assert.strictEqual(node.get(name), web.get(name), name)
      assert.strictEqual(node.has(name), web.has(name), name)
    }
    const seen: Array<string> = []
    node.forEach((value, name) => seen.push(`${name}=${value}`))
    const expected: Array<string> = []
    web.forEach((value, name) => expected.push(`${name}=${value}`))
    assert.deepStrictEqual(seen, expected)
    node.set("Accept", " */* ")
    web.set("Accept", " */* ")
    node.delete("set-cookie")
    web.delete("set-cookie")
    assert.deepStrictEqual([...node], [...web])
  })

  it.live.each(["both", "stack"] as const)("answers over HTTP exactly what it answers in-process, the head in Headers order (%s header names)", (responseHeaderNames) =>
    Effect.scoped(Effect.gen(function*() {
      const emu = yield* Emulator.serve({ port: 0, passwordHashing: "fast", maxBodyBytes: 4096, responseHeaderNames })
      const { baseUrl, projectId, publishableClientKey, secretServerKey } = emu.info
      const client = { "x-stack-access-type": "client", "x-stack-project-id": projectId, "x-stack-publishable-client-key": publishableClientKey }
      const server = { "x-stack-access-type": "server", "x-stack-project-id": projectId, "x-stack-secret-server-key": secretServerKey }
      const json = { "content-type": "application/json" }
      const signUp = yield* rawRequest(`${baseUrl}/api/v1/auth/password/sign-up`, "POST", { ...client, ...json }, JSON.stringify({ email: "node@example.com", password: "node-password-123" }))
      assert.strictEqual(signUp.status, 200, signUp.body)
      const accessToken = String(Reflect.get(JSON.parse(signUp.body) as object, "access_token"))
      const cases: ReadonlyArray<readonly [string, string, Readonly<Record<string, string>>, string?]> = [
        ["GET", "/api/v1/users/me", { ...client, "x-stack-access-token": accessToken }],
        ["GET", "/api/v1/users/me", { ...client, "X-Hexclave-Access-Token": accessToken, accept: "text/html" }],
        ["GET", "/api/v1/users/me", client],
        ["GET", "/api/v1/users/me", { ...client, "x-stack-override-error-status": "true" }],
        ["GET", "/api/v1/users/me/", { ...server, "x-stack-access-token": accessToken }],
        ["GET", "/api/v1/nowhere", client],
        ["PUT", "/api/v1/users/me", client],
        ["OPTIONS", "/api/v1/users/me", { origin: "http://localhost:3000" }],
        ["GET", "/health", {}],
        ["POST", "/api/v1/users", { ...server, ...json }, JSON.stringify({ display_name: "Node" })],
        ["POST", "/api/v1/users", { ...server, ...json }, "{not json"],
        ["POST", "/api/v1/users", { ...server, ...json }, JSON.stringify({ display_name: "x".repeat(5000) })],
        ["GET", "/api/v1/users?limit=1&order_by=signed_up_at", server]
      ]
      for (const [method, path, headers, body] of cases) {
        const label = `${method} ${path} ${JSON.stringify(Object.keys(headers))}`
        const wire = yield* rawRequest(`${baseUrl}${path}`, method, headers, body)
        const local = yield* inProcess(emu, `${baseUrl}${path}`, method, headers, body)
        assert.strictEqual(wire.status, local.status, label)
        assert.deepStrictEqual(comparable(wire.headers), comparable(local.headers), label)
        // The POST creating a user answers a new id and time each time; everything else is the same text.
        if (!(method === "POST" && local.status === 201)) assert.strictEqual(wire.body, local.body, label)
        else assert.deepStrictEqual(Object.keys(JSON.parse(wire.body) as object), Object.keys(JSON.parse(local.body) as object), label)
        const names = wire.headers.map(([name]) => name).filter((name) => !["date", "connection", "keep-alive", "content-length"].includes(name))
        assert.deepStrictEqual(names, [...names].sort(), label)
        const length = wire.headers.find(([name]) => name === "content-length")?.[1]
        if (wire.body.length > 0) assert.strictEqual(length, String(Buffer.byteLength(wire.body)), label)
      }
    })))

  it.live("a chunked body over the limit ends that request without taking the server down", () =>
    Effect.scoped(Effect.gen(function*() {
      const emu = yield* Emulator.serve({ port: 0, passwordHashing: "fast", maxBodyBytes: 1024 })
      const { baseUrl, projectId, secretServerKey } = emu.info
      const headers = { "x-stack-access-type": "server", "x-stack-project-id": projectId, "x-stack-secret-server-key": secretServerKey, "content-type": "application/json" }
      const tooLarge = yield* Effect.result(rawRequest(`${baseUrl}/api/v1/users`, "POST", headers, ["{\"display_name\":\"", "x".repeat(2048), "\"}"]))
      // Either the 413 reaches the client or the connection is cut: never a user, never a 500.
      if (tooLarge._tag === "Success") assert.strictEqual(tooLarge.success.status, 413)
      const after = yield* rawRequest(`${baseUrl}/api/v1/users`, "GET", headers)
      assert.strictEqual(after.status, 200)
      assert.deepStrictEqual(Reflect.get(JSON.parse(after.body) as object, "items"), [])
    })))

  it.live("a reply header no HTTP server may send is a 500 on both transports, and the server goes on", () =>
    Effect.scoped(Effect.gen(function*() {
      const badHeader = defineRoute({
        method: "GET",
        path: "/test/bad-header",
        access: "none",
        handler: () => Effect.succeed(Reply.text("never sent", { headers: { "x-test": "a\u0001b" } }))
      })
      const emu = yield* Emulator.serve({ port: 0, passwordHashing: "fast", extraRoutes: [badHeader] })
      const url = `${emu.info.baseUrl}/api/v1/test/bad-header`
      const wire = yield* rawRequest(url, "GET", {})
      const local = yield* inProcess(emu, url, "GET", {})
      for (const answer of [wire, local]) {
        assert.strictEqual(answer.status, 500)
        assert.ok(answer.body.startsWith("Something went wrong."), answer.body)
        assert.strictEqual(answer.headers.find(([name]) => name === "x-test"), undefined)
      }
      assert.strictEqual((yield* rawRequest(`${emu.info.baseUrl}/health`, "GET", {})).status, 200)
    })))

  it.live("a body that is not UTF-8 is a BODY_PARSING_ERROR, and the next body decodes", () =>
    Effect.scoped(Effect.gen(function*() {
      const emu = yield* Emulator.serve({ port: 0, passwordHashing: "fast" })
      const { baseUrl, projectId, secretServerKey } = emu.info
      const headers = { "x-stack-access-type": "server", "x-stack-project-id": projectId, "x-stack-secret-server-key": secretServerKey, "content-type": "application/json" }
      for (let round = 0; round < 2; round++) {
        const broken = yield* rawRequest(`${baseUrl}/api/v1/users`, "POST", headers, new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]))
        assert.strictEqual(broken.status, 400, broken.body)
        assert.strictEqual(Reflect.get(JSON.parse(broken.body) as object, "error"), "Request body cannot be parsed as UTF-8")
        const good = yield* rawRequest(`${baseUrl}/api/v1/users`, "POST", headers, JSON.stringify({ display_name: "Zoë" }))
        assert.strictEqual(good.status, 201, good.body)
        assert.strictEqual(Reflect.get(JSON.parse(good.body) as object, "display_name"), "Zoë")
      }
    })))
})

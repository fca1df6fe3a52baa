/**
 * The fetch-style examples over real HTTP against the emulator: the Hono app (examples/hono-server.ts)
 * and the Worker-shaped handler (examples/fetch-worker.ts), each served by node:http through
 * examples/serve-fetch.ts; and the guide quoting both.
 */
import { readFileSync } from "node:fs"
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Scope from "effect/Scope"
import { getAuthHeaders, layerCoreFetch, layerMemoryTokenStore, signInWithPassword } from "stackfx/client"
import { Emulator } from "stackfx/emulator"
import worker from "../../examples/fetch-worker.ts"
import { makeApp } from "../../examples/hono-server.ts"
import { serveFetch } from "../../examples/serve-fetch.ts"
import { harnessFor } from "../integration/emulator-harness.ts"

const served = (handler: (request: Request) => Response | Promise<Response>) =>
  Effect.acquireRelease(Effect.promise(() => serveFetch(handler)), (server) => Effect.promise(server.close))

const call = (url: string, headers: Record<string, string> = {}) =>
  Effect.promise(async () => {
    const response = await fetch(url, { headers })
    return { status: response.status, challenge: response.headers.get("www-authenticate"), body: await response.json() as unknown }
  })

const withEmulator = <A, E>(effect: Effect.Effect<A, E, Emulator | Scope.Scope>) =>
  effect.pipe(Effect.provide(Emulator.layerServe({ port: 0 })), Effect.scoped)

describe("fetch servers over HTTP", () => {
  it.live("Hono: the signed-in stackfx client 200, no token 401 with its challenge, other tokens 401, optional greeting", () =>
    withEmulator(Effect.gen(function*() {
      const emu = yield* Emulator
      const h = yield* harnessFor(emu)
      const ada = yield* h.signUp({ email: "ada@example.com" })
      const { app, dispose } = makeApp({ projectId: emu.info.projectId, baseUrl: emu.info.baseUrl })
      yield* Effect.addFinalizer(() => Effect.promise(dispose))
      const server = yield* served(app.fetch)
      const headers = yield* Effect.gen(function*() {
        yield* signInWithPassword({ email: "ada@example.com", password: ada.password })
        return yield* getAuthHeaders()
      }).pipe(Effect.provide(layerCoreFetch(emu.info).pipe(Layer.provide(layerMemoryTokenStore()))))

      const me = yield* call(`${server.url}/api/me`, headers)
      assert.deepStrictEqual(me, { status: 200, challenge: null, body: { id: ada.userId, email: "ada@example.com" } })
      const missing = yield* call(`${server.url}/api/me`)
      assert.strictEqual(missing.status, 401)
      assert.strictEqual(missing.challenge, "Bearer realm=\"stackfx\"")
      const expired = yield* h.oldAccessToken(ada.refreshToken, 60 * 60 * 1000)
      const late = yield* call(`${server.url}/api/me`, { authorization: `Bearer ${expired}` })
      assert.strictEqual(late.status, 401)
      assert.include(late.challenge ?? "", "ExpiredAccessToken")
      const stranger = yield* h.signUp({ keys: h.internalKeys })
      assert.strictEqual((yield* call(`${server.url}/api/me`, { "x-stack-access-token": stranger.accessToken })).status, 401)

      assert.deepStrictEqual((yield* call(`${server.url}/hello`)).body, { greeting: "Hello, stranger" })
      assert.deepStrictEqual((yield* call(`${server.url}/hello`, { "x-stack-access-token": ada.accessToken })).body, {
        greeting: "Hello, ada@example.com"
      })
      assert.strictEqual((yield* call(`${server.url}/hello`, { "x-stack-access-token": "garbage" })).status, 401)
    })))

  it.live("the Worker-shaped handler: 200 for a signed-in user, 401 for a forged token, 404 elsewhere", () =>
    withEmulator(Effect.gen(function*() {
      const emu = yield* Emulator
      const h = yield* harnessFor(emu)
      const ada = yield* h.signUp({ email: "ada@example.com" })
      const env = { STACK_PROJECT_ID: emu.info.projectId, STACK_API_URL: emu.info.baseUrl }
      const server = yield* served((request) => worker.fetch(request, env))
      assert.deepStrictEqual((yield* call(`${server.url}/api/me`, { authorization: `Bearer ${ada.accessToken}` })).body, {
        id: ada.userId,
        email: "ada@example.com"
      })
      const [head, payload] = ada.accessToken.split(".")
      const forged = yield* call(`${server.url}/api/me`, { authorization: `Bearer ${head}.${payload}.AAAA` })
      assert.strictEqual(forged.status, 401)
      assert.include(forged.challenge ?? "", "error=\"invalid_token\"")
      const elsewhere = yield* Effect.promise(() => fetch(`${server.url}/other`))
      assert.strictEqual(elsewhere.status, 404)
    })))
})

/** The regions a guide quotes from an example, by name. */
const regions = (file: string): ReadonlyMap<string, string> => {
  const text = readFileSync(new URL(file, import.meta.url), "utf8")
  const found = new Map<string, string>()
  for (const match of text.matchAll(/\/\/ #region (\S+)\n([\s\S]*?)\/\/ #endregion \1/g)) found.set(match[1] ?? "", match[2] ?? "")
  return found
}

describe("the server guides quote the examples", () => {
  it("every region of the examples appears verbatim in its guide", () => {
    const pairs = [
      ["../../examples/hono-server.ts", "../../docs/fetch-servers.md"],
      ["../../examples/fetch-worker.ts", "../../docs/fetch-servers.md"],
      ["../../examples/http-api-server.ts", "../../docs/effect-servers.md"]
    ] as const
    for (const [example, guide] of pairs) {
      const quoted = regions(example)
      assert.isAbove(quoted.size, 0, `${example} has regions`)
      const text = readFileSync(new URL(guide, import.meta.url), "utf8")
      for (const [name, code] of quoted) assert.include(text, code, `${guide} quotes ${example}#${name}`)
    }
  })
})

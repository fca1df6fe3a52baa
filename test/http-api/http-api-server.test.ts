/**
 * examples/http-api-server.ts over real HTTP: the emulator on a port, the example HttpApi server on
 * another, callers with fetch, the stackfx client's headers and an HttpApiClient generated from the
 * API.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Scope from "effect/Scope"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as HttpServer from "effect/http/HttpServer"
import { getAuthHeaders, layerCoreFetch, layerMemoryTokenStore, signInWithPassword } from "stackfx/client"
import { Emulator } from "stackfx/emulator"
import { make as makeStackServer } from "stackfx/server"
import { makeClient, ServerLive } from "../../examples/http-api-server.ts"
import { harnessFor } from "../integration/emulator-harness.ts"

interface Reply {
  readonly status: number
  readonly headers: Headers
  readonly body: unknown
}

const call = (url: string, headers: Record<string, string> = {}) =>
  Effect.promise(async (): Promise<Reply> => {
    const response = await fetch(url, { headers })
    return { status: response.status, headers: response.headers, body: await response.json() }
  })

const field = (value: unknown, name: string): unknown =>
  typeof value === "object" && value !== null ? Reflect.get(value, name) : undefined

/** The emulator over HTTP, the example server on a free port, two users and a team. */
const setup = Effect.gen(function*() {
  const emu = yield* Emulator
  const h = yield* harnessFor(emu)
  const { info } = emu
  const options = { projectId: info.projectId, secretServerKey: info.secretServerKey, baseUrl: info.baseUrl }
  const server = yield* Layer.build(ServerLive({ ...options, port: 0, quiet: true }))
  const address = HttpServer.formatAddress(Context.get(server, HttpServer.HttpServer).address)
  const ada = yield* h.signUp({ email: "ada@example.com" })
  const bob = yield* h.signUp({ email: "bob@example.com" })
  const stack = yield* makeStackServer(options).pipe(Effect.provide(FetchHttpClient.layer))
  const team = yield* stack.createTeam({ displayName: "Analytical Engines", creatorUserId: ada.userId })
  yield* stack.addTeamMember(team.id, bob.userId)
  yield* stack.updateUser(ada.userId, { serverMetadata: { plan: "pro" } })
  return { h, emu, address, ada, bob, team, options }
})

const withEmulator = <A, E>(effect: Effect.Effect<A, E, Emulator | Scope.Scope>) =>
  effect.pipe(Effect.provide(Emulator.layerServe({ port: 0 })), Effect.scoped)

describe("examples/http-api-server.ts over HTTP", () => {
  it.live("a signed-in user's stackfx client gets 200; no token, forged, expired and other-project tokens get 401", () =>
    withEmulator(Effect.gen(function*() {
      const { address, ada, emu, h } = yield* setup
      // The stackfx client of a signed-in user: its auth headers (`x-stack-auth`).
      const headers = yield* Effect.gen(function*() {
        yield* signInWithPassword({ email: "ada@example.com", password: ada.password })
        return yield* getAuthHeaders()
      }).pipe(Effect.provide(layerCoreFetch(emu.info).pipe(Layer.provide(layerMemoryTokenStore()))))
      const me = yield* call(`${address}/me`, headers)
      assert.strictEqual(me.status, 200)
      assert.deepStrictEqual(me.body, { id: ada.userId, email: "ada@example.com", name: null })

      const missing = yield* call(`${address}/me`)
      assert.strictEqual(missing.status, 401)
      assert.strictEqual(missing.headers.get("www-authenticate"), "Bearer realm=\"stackfx\"")
      assert.strictEqual(field(missing.body, "reason"), "MissingAccessToken")

      // Forged: Ada's token with Bob's id in the payload (the signature no longer matches).
      const [head, payload, signature] = ada.accessToken.split(".")
      const claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString("utf8"))
      const forgedPayload = Buffer.from(JSON.stringify({ ...claims, sub: "someone-else" })).toString("base64url")
      const forged = yield* call(`${address}/me`, { "x-stack-access-token": `${head}.${forgedPayload}.${signature}` })
      assert.strictEqual(forged.status, 401)
      assert.strictEqual(field(forged.body, "reason"), "InvalidAccessTokenSignature")
      assert.include(forged.headers.get("www-authenticate") ?? "", "error=\"invalid_token\"")

      const expired = yield* h.oldAccessToken(ada.refreshToken, 60 * 60 * 1000)
      const late = yield* call(`${address}/me`, { authorization: `Bearer ${expired}` })
      assert.strictEqual(late.status, 401)
      assert.strictEqual(field(late.body, "reason"), "ExpiredAccessToken")

      const stranger = yield* h.signUp({ keys: h.internalKeys })
      const elsewhere = yield* call(`${address}/me`, { "x-stack-access-token": stranger.accessToken })
      assert.strictEqual(elsewhere.status, 401)
      assert.oneOf(field(elsewhere.body, "reason"), ["InvalidAccessTokenSignature", "WrongAccessTokenAudience"])
    })))

  it.live("the full user on demand, the team permission (403 for a plain member), optional authentication", () =>
    withEmulator(Effect.gen(function*() {
      const { address, ada, bob, team } = yield* setup
      const profile = yield* call(`${address}/me/profile`, { "x-stack-access-token": ada.accessToken })
      assert.deepStrictEqual(profile.body, { id: ada.userId, plan: "pro" })

      const report = yield* call(`${address}/teams/${team.id}/report`, { authorization: `Bearer ${ada.accessToken}` })
      assert.strictEqual(report.status, 200)
      assert.deepStrictEqual(report.body, { teamId: team.id, preparedFor: ada.userId })
      const refused = yield* call(`${address}/teams/${team.id}/report`, { authorization: `Bearer ${bob.accessToken}` })
      assert.strictEqual(refused.status, 403)
      assert.strictEqual(field(refused.body, "_tag"), "TeamPermissionDenied")
      assert.strictEqual(field(refused.body, "permissionId"), "team_admin")

      assert.deepStrictEqual((yield* call(`${address}/hello`)).body, { greeting: "Hello, stranger" })
      assert.deepStrictEqual((yield* call(`${address}/hello`, { "x-stack-access-token": bob.accessToken })).body, {
        greeting: "Hello, bob@example.com"
      })
      assert.strictEqual((yield* call(`${address}/hello`, { "x-stack-access-token": "not-a-token" })).status, 401)
    })))

  it.live("the OpenAPI document lists Stack's security schemes and the declared errors", () =>
    withEmulator(Effect.gen(function*() {
      const { address } = yield* setup
      const spec = (yield* call(`${address}/openapi.json`)).body
      const schemes = field(field(spec, "components"), "securitySchemes")
      assert.deepInclude(field(schemes, "stackAccessToken"), { type: "apiKey", in: "header", name: "x-stack-access-token" })
      assert.deepInclude(field(schemes, "hexclaveAccessToken"), { type: "apiKey", in: "header", name: "x-hexclave-access-token" })
      assert.deepInclude(field(schemes, "bearer"), { type: "http", scheme: "Bearer", bearerFormat: "JWT" })
      assert.deepInclude(field(schemes, "stackAccessCookie"), { type: "apiKey", in: "cookie", name: "stack-access" })
      assert.deepInclude(field(schemes, "hexclaveAccessCookie"), { type: "apiKey", in: "cookie", name: "hexclave-access" })
      const me = field(field(field(spec, "paths"), "/me"), "get")
      const responses = field(me, "responses")
      assert.containsAllKeys(responses, ["200", "401", "403", "503"])
      assert.property(field(field(responses, "401"), "headers"), "www-authenticate")
      const security = field(me, "security")
      assert.isArray(security)
      assert.deepInclude(security, { stackAccessToken: [] })
      assert.deepInclude(security, { bearer: [] })
    })))

  it.live("an HttpApiClient generated from the API calls it with the user's token, and gets typed errors", () =>
    withEmulator(Effect.gen(function*() {
      const { address, ada, bob, team } = yield* setup
      const clientFor = (token: string | null) => makeClient(address, token)
      const asAda = yield* clientFor(ada.accessToken)
      assert.deepStrictEqual(yield* asAda.account.me(), { id: ada.userId, email: "ada@example.com", name: null })
      assert.deepStrictEqual(yield* asAda.account.report({ params: { teamId: team.id } }), { teamId: team.id, preparedFor: ada.userId })

      const anonymous = yield* clientFor(null)
      const missing = yield* Effect.flip(anonymous.account.me())
      assert.strictEqual(missing._tag, "Unauthenticated")
      assert.strictEqual(missing._tag === "Unauthenticated" ? missing.reason : "", "MissingAccessToken")

      const asBob = yield* clientFor(bob.accessToken)
      const denied = yield* Effect.flip(asBob.account.report({ params: { teamId: team.id } }))
      assert.strictEqual(denied._tag, "TeamPermissionDenied")
    })))
})

/** StackAdmin's configuration as code against the emulator, in-process and over real HTTP. */
import { assert, describe, it, layer } from "@effect/vitest"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as HttpClient from "effect/http/HttpClient"
import { type BranchConfig, StackAdmin } from "../../src/admin/index.ts"
import { Emulator } from "../../src/emulator/emulator.ts"

const adminFor = Layer.unwrap(Effect.gen(function*() {
  const emu = yield* Emulator
  return StackAdmin.layer({ projectId: emu.info.projectId, superSecretAdminKey: emu.info.superSecretAdminKey, baseUrl: emu.info.baseUrl })
}))

class Sent extends Context.Service<Sent, Array<string>>()("test/Sent") {}
const counting = Layer.unwrap(Effect.gen(function*() {
  const emu = yield* Emulator.make()
  const sent: Array<string> = []
  const http = HttpClient.make((request) => {
    sent.push(`${request.method} ${request.url}`)
    return emu.httpClient.execute(request)
  })
  return Layer.mergeAll(Layer.succeed(Emulator, emu), Layer.succeed(HttpClient.HttpClient, http), Layer.succeed(Sent, sent))
}))
const inProcess = Layer.provideMerge(adminFor, counting)

const isObject = (value: unknown): value is Readonly<Record<string, unknown>> => typeof value === "object" && value !== null
const at = (config: unknown, path: string): unknown =>
  path.split(".").reduce<unknown>((value, key) => isObject(value) ? value[key] : undefined, config)

describe("StackAdmin: configuration as code", () => {
  it.effect("pushConfig replaces the branch config, updateConfig wins over it, resetting lets the push through", () =>
    Effect.gen(function*() {
      const admin = yield* StackAdmin
      yield* admin.pushConfig({ teams: { createPersonalTeamOnSignUp: true }, auth: { oauth: { providers: { gh: { type: "github", allowSignIn: true } } } } })
      assert.strictEqual(at(yield* admin.getConfig(), "teams.createPersonalTeamOnSignUp"), true)
      assert.deepStrictEqual(yield* admin.getPushedConfigSource(), { type: "pushed-from-unknown" })
      yield* admin.updateConfig({ "teams.createPersonalTeamOnSignUp": false })
      assert.strictEqual(at(yield* admin.getConfig(), "teams.createPersonalTeamOnSignUp"), false)
      assert.deepStrictEqual(yield* admin.getConfigOverride("environment"), { "teams.createPersonalTeamOnSignUp": false })
      yield* admin.resetConfigOverrideKeys("environment", ["teams"])
      assert.strictEqual(at(yield* admin.getConfig(), "teams.createPersonalTeamOnSignUp"), true)
      // The project's behaviour follows the rendered configuration.
      const project = yield* admin.getProject()
      assert.isTrue(project.config.createTeamOnSignUp)

      yield* admin.pushConfig({ users: { allowClientUserDeletion: false } }, { source: { type: "pushed-from-github", owner: "o", repo: "r", branch: "main", commit_hash: "c0ffee", config_file_path: "stack.config.ts" } })
      assert.deepStrictEqual(yield* admin.getConfigOverride("branch"), { users: { allowClientUserDeletion: false } })
      yield* admin.updatePushedConfig({ "auth.passkey.allowSignIn": false })
      assert.strictEqual((yield* admin.getPushedConfigSource()).type, "pushed-from-github")
      yield* admin.replaceConfigOverride("branch", {})
      assert.deepStrictEqual(yield* admin.getConfigOverride("branch"), {})
      assert.strictEqual((yield* admin.getPushedConfigSource()).type, "pushed-from-github")
      yield* admin.unlinkPushedConfigSource()
      assert.deepStrictEqual(yield* admin.getPushedConfigSource(), { type: "unlinked" })
    }).pipe(Effect.provide(inProcess)))

  it.effect("an unknown key, a secret in the branch config or a mistyped value is refused before sending", () =>
    Effect.gen(function*() {
      const admin = yield* StackAdmin
      const sent = yield* Sent
      sent.length = 0
      const unknown = yield* Effect.flip(admin.updateConfig({ "teams.allowEverything": true }))
      assert.strictEqual(unknown._tag, "InvalidConfigOverride")
      assert.strictEqual(unknown.message, "The key \"teams.allowEverything\" is not valid (nested object not found in schema: \"teams.allowEverything\").")
      const mistyped = yield* Effect.flip(admin.updateConfig({ "auth.allowSignUp": "yes" }))
      assert.include(mistyped.message, "auth.allowSignUp must be a `boolean` type")
      // A config file is typed, but a value read from elsewhere is checked at run time too.
      const fromFile: BranchConfig = JSON.parse(JSON.stringify({ emails: { server: { isShared: false } } }))
      const secret = yield* Effect.flip(admin.pushConfig(fromFile))
      assert.strictEqual(secret._tag, "InvalidConfigOverride")
      assert.strictEqual(secret.message, "emails contains unknown properties: server")
      assert.deepStrictEqual(sent, [])
    }).pipe(Effect.provide(inProcess)))
})

layer(Layer.provideMerge(adminFor, Layer.merge(Emulator.layerServe({ port: 0 }), FetchHttpClient.layer)))("StackAdmin configuration over real HTTP", (it) => {
  it.effect("updates, reads and resets the environment override", () =>
    Effect.gen(function*() {
      const admin = yield* StackAdmin
      yield* admin.updateConfig({ domains: { trustedDomains: { app: { baseUrl: "https://app.example.com", handlerPath: "/handler" } } } })
      assert.deepStrictEqual(at(yield* admin.getConfig(), "domains.trustedDomains"), { app: { baseUrl: "https://app.example.com", handlerPath: "/handler" } })
      assert.deepStrictEqual((yield* admin.getProject()).config.domains, [{ domain: "https://app.example.com", handlerPath: "/handler" }])
      yield* admin.resetConfigOverrideKeys("environment", ["domains.trustedDomains.app"])
      assert.deepStrictEqual(at(yield* admin.getConfig(), "domains.trustedDomains"), {})
    }))
})

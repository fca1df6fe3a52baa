/**
 * StackServer and StackAdmin refuse to build where a page would ship their secret keys: a browser-
 * like global scope (here faked with `window` and `document`), unless the app opts in.
 */
import { afterEach, assert, beforeEach, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as HttpClient from "effect/http/HttpClient"
import { StackAdmin } from "../../src/admin/index.ts"
import { StackServer } from "../../src/server/index.ts"
import { makeHarness } from "../integration/emulator-harness.ts"

const fakeBrowser = () => {
  Object.assign(globalThis, { window: {}, document: {} })
}
const realNode = () => {
  Reflect.deleteProperty(globalThis, "window")
  Reflect.deleteProperty(globalThis, "document")
}

describe("secret keys in a browser", () => {
  beforeEach(fakeBrowser)
  afterEach(realNode)

  it.effect("StackServer and StackAdmin with a secret key refuse to build, sending nothing; opting in builds them", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      let sent = 0
      const http = Layer.succeed(HttpClient.HttpClient, HttpClient.tapRequest(h.emu.httpClient, () => Effect.sync(() => void sent++)))
      const base = { projectId: h.keys.projectId, baseUrl: h.emu.info.baseUrl }
      const server = yield* Effect.flip(Effect.provide(Effect.service(StackServer), StackServer.layer({ ...base, secretServerKey: h.keys.ssk }).pipe(Layer.provide(http))))
      assert.strictEqual(server._tag, "SecretKeyInBrowser")
      assert.include(server.message, "must not run in a browser")
      const admin = yield* Effect.flip(Effect.provide(Effect.service(StackAdmin), StackAdmin.layer({ ...base, superSecretAdminKey: h.keys.sak }).pipe(Layer.provide(http))))
      assert.strictEqual(admin._tag, "SecretKeyInBrowser")
      assert.strictEqual(sent, 0)
      const allowed = yield* Effect.gen(function*() {
        const stack = yield* StackServer
        return yield* stack.listUsers({})
      }).pipe(Effect.provide(StackServer.layer({ ...base, secretServerKey: h.keys.ssk, dangerouslyAllowBrowser: true }).pipe(Layer.provide(http))))
      assert.isArray(allowed.items)
    }))

  it.effect("an owner's dashboard (admin access token, no secret key) runs in the browser", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const owner = yield* h.projectOwner
      const project = yield* Effect.gen(function*() {
        const admin = yield* StackAdmin
        return yield* admin.getProject()
      }).pipe(Effect.provide(StackAdmin.layer({ projectId: h.keys.projectId, baseUrl: h.emu.info.baseUrl, adminAccessToken: owner.accessToken }).pipe(
        Layer.provide(Layer.succeed(HttpClient.HttpClient, h.emu.httpClient))
      )))
      assert.strictEqual(project.id, h.keys.projectId)
    }))
})

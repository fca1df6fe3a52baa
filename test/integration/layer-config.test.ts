/** The services read their settings from Config (environment variables by default). */
import { assert, describe, it } from "@effect/vitest"
import * as ConfigProvider from "effect/ConfigProvider"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as HttpClient from "effect/http/HttpClient"
import { StackAdmin } from "../../src/admin/index.ts"
import { getProject, layerCoreConfig, layerMemoryTokenStore } from "../../src/client/index.ts"
import { Emulator } from "../../src/emulator/emulator.ts"
import { StackServer } from "../../src/server/index.ts"

const withEnvironment = (env: Record<string, string>) => ConfigProvider.layer(ConfigProvider.fromEnvRecord(env))

describe("layerConfig", () => {
  it.effect("client core, server and admin from STACK_* variables", () =>
    Effect.gen(function*() {
      const emu = yield* Emulator.make()
      const http = Layer.succeed(HttpClient.HttpClient, emu.httpClient)
      const env = withEnvironment({
        STACK_PROJECT_ID: emu.info.projectId,
        STACK_API_URL: emu.info.baseUrl,
        STACK_PUBLISHABLE_CLIENT_KEY: emu.info.publishableClientKey,
        STACK_SECRET_SERVER_KEY: emu.info.secretServerKey,
        STACK_SUPER_SECRET_ADMIN_KEY: emu.info.superSecretAdminKey
      })
      const project = yield* getProject().pipe(Effect.provide(layerCoreConfig.pipe(Layer.provide(Layer.mergeAll(layerMemoryTokenStore(), http, env)))))
      assert.strictEqual(project.id, emu.info.projectId)
      const users = yield* Effect.flatMap(Effect.service(StackServer), (s) => s.listUsers()).pipe(
        Effect.provide(StackServer.layerConfig.pipe(Layer.provide(Layer.merge(http, env))))
      )
      assert.isTrue(Array.isArray(users.items))
      const adminProject = yield* Effect.flatMap(Effect.service(StackAdmin), (a) => a.getProject()).pipe(
        Effect.provide(StackAdmin.layerConfig.pipe(Layer.provide(Layer.merge(http, env))))
      )
      assert.strictEqual(adminProject.id, emu.info.projectId)
    }))

  it.effect("a missing variable is a ConfigError naming it", () =>
    Effect.gen(function*() {
      const emu = yield* Emulator.make()
      const error = yield* Effect.flip(Layer.build(StackServer.layerConfig.pipe(
        Layer.provide(Layer.merge(Layer.succeed(HttpClient.HttpClient, emu.httpClient), withEnvironment({ STACK_PROJECT_ID: "p" })))
      )).pipe(Effect.scoped))
      assert.include(String(error), "STACK_SECRET_SERVER_KEY")
    }))
})

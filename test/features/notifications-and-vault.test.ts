/**
 * Notification categories (StackClient, StackServer) and the data vault (StackServer), in-process
 * and over HTTP. Vault values are encrypted before they are sent: the emulator holds neither key
 * nor value in the clear, and a wrong secret cannot read them.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { StackClient } from "../../src/client/index.ts"
import { Emulator } from "../../src/emulator/emulator.ts"
import { defaultFeatureConfig } from "../../src/emulator/feature-state.ts"
import { StackServer } from "../../src/server/index.ts"
import { freshEmail } from "../client/client-harness.ts"
import { transports } from "./features-harness.ts"

const marketing = "4f6f8873-3d04-46bd-8bef-18338b1a1b4c"

/** Configures a data vault store on the default project. */
const withStore = (storeId: string) =>
  Effect.gen(function*() {
    const emu = yield* Emulator
    yield* emu.withState((data) =>
      Effect.sync(() => {
        data.features.configs[emu.info.projectId] = { ...defaultFeatureConfig, dataVaultStores: { [storeId]: { displayName: storeId } } }
      })
    )
  })

describe.each(transports)("notification categories and the data vault (%s)", (_name, layer) => {
  it.effect("a user turns marketing e-mail off; the server sees it", () =>
    Effect.gen(function*() {
      const client = yield* StackClient
      const server = yield* StackServer
      const { userId } = yield* client.signUpWithPassword({ email: freshEmail("notif"), password: "long enough pass" })
      const categories = yield* client.listNotificationCategories()
      assert.deepStrictEqual(categories.map((c) => [c.notificationCategoryName, c.enabled, c.canDisable]), [
        ["Transactional", true, false],
        ["Marketing", true, true]
      ])
      const off = yield* client.setNotificationCategoryEnabled(marketing, false)
      assert.isFalse(off.enabled)
      const seen = yield* server.listNotificationCategories(userId)
      assert.isFalse(seen.find((c) => c.notificationCategoryId === marketing)?.enabled ?? true)
      yield* server.setNotificationCategoryEnabled(userId, marketing, true)
      assert.isTrue((yield* client.listNotificationCategories()).every((c) => c.enabled))
      const unknown = yield* Effect.flip(client.setNotificationCategoryEnabled("00000000-0000-4000-8000-000000000001", false))
      assert.strictEqual(unknown._tag, "StackResponseError")
    }).pipe(Effect.provide(layer())))

  it.effect("the vault stores encrypted values per store; a wrong secret fails; an unknown store is refused", () =>
    Effect.gen(function*() {
      yield* withStore("tokens")
      const server = yield* StackServer
      const store = server.getDataVaultStore("tokens")
      assert.isTrue(Option.isNone(yield* store.getValue("github", { secret: "s3cret" })))
      yield* store.setValue("github", "gho_secret_value", { secret: "s3cret" })
      assert.strictEqual(Option.getOrUndefined(yield* store.getValue("github", { secret: "s3cret" })), "gho_secret_value")
      yield* store.setValue("github", "replaced", { secret: "s3cret" })
      assert.strictEqual(Option.getOrUndefined(yield* server.getDataVaultValue("tokens", "github", { secret: "s3cret" })), "replaced")
      // Another secret hashes the key differently: nothing stored there.
      assert.isTrue(Option.isNone(yield* store.getValue("github", { secret: "other" })))

      const emu = yield* Emulator
      const stored = yield* emu.withState((data) => Effect.succeed(Object.values(data.features.dataVaultEntries)))
      assert.strictEqual(stored.length, 1)
      assert.notInclude(JSON.stringify(stored), "github")
      assert.notInclude(JSON.stringify(stored), "replaced")

      const missing = yield* Effect.flip(server.setDataVaultValue("nope", "k", "v", { secret: "s" }))
      assert.strictEqual(missing._tag, "DataVaultStoreDoesNotExist")
    }).pipe(Effect.provide(layer())))
})

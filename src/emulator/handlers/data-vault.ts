/**
 * The data vault (server only): `POST /data-vault/stores/{id}/set` and `.../get`, as backend
 * 2.8.86 answers them. The store must be configured (`dataVault.stores.<id>`, a config override),
 * otherwise DATA_VAULT_STORE_DOES_NOT_EXIST; a key never set is
 * DATA_VAULT_STORE_HASHED_KEY_DOES_NOT_EXIST. The service encrypts the stored value once more
 * with its KMS; the emulator keeps it as the SDK sent it (it never leaves the process).
 */
import * as Effect from "effect/Effect"
import { DataVaultGet, DataVaultSet, DataVaultStoreParams, DataVaultValue } from "../../wire/data-vault.ts"
import * as Create from "../../errors/create.ts"
import { featureConfigOf } from "../feature-state.ts"
import * as Reply from "../reply.ts"
import { defineRoute } from "../router.ts"
import type { StateData } from "../state.ts"

const entryKey = (projectId: string, storeId: string, hashedKey: string) => `${projectId}:${storeId}:${hashedKey}`

/** The key of a store's entry, once the store is known to be configured (both routes look it up so). */
const storeEntryKey = (data: StateData, projectId: string, storeId: string, hashedKey: string) =>
  Object.hasOwn(featureConfigOf(data.features, projectId).dataVaultStores, storeId)
    ? Effect.succeed(entryKey(projectId, storeId, hashedKey))
    : Effect.fail(Create.DataVaultStoreDoesNotExist({ store_id: storeId }))

/** The routes of this file. */
export const routes = [
  defineRoute({
    method: "POST",
    path: "/data-vault/stores/{id}/set",
    access: ["server", "admin"],
    params: DataVaultStoreParams,
    body: DataVaultSet,
    handler: Effect.fnUntraced(function*(ctx) {
      const projectId = ctx.auth.project.id
      const key = yield* storeEntryKey(ctx.data, projectId, ctx.params.id, ctx.body.hashed_key)
      ctx.data.features.dataVaultEntries[key] = {
        projectId,
        storeId: ctx.params.id,
        hashedKey: ctx.body.hashed_key,
        encryptedValue: ctx.body.encrypted_value
      }
      return yield* Reply.success
    })
  }),
  defineRoute({
    method: "POST",
    path: "/data-vault/stores/{id}/get",
    access: ["server", "admin"],
    params: DataVaultStoreParams,
    body: DataVaultGet,
    handler: Effect.fnUntraced(function*(ctx) {
      const entry = ctx.data.features.dataVaultEntries[yield* storeEntryKey(ctx.data, ctx.auth.project.id, ctx.params.id, ctx.body.hashed_key)]
      if (entry === undefined) {
        return yield* Create.DataVaultStoreHashedKeyDoesNotExist({ store_id: ctx.params.id, hashed_key: ctx.body.hashed_key })
      }
      return yield* Reply.json(DataVaultValue, { encrypted_value: entry.encryptedValue })
    })
  })
]

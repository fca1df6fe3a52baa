/**
 * Notification preferences of any user, and the data vault (official: `getDataVaultStore(id)` with
 * `store.setValue(key, value, { secret })` / `store.getValue(key, { secret })`). Vault values are
 * encrypted here with the secret before they are sent (`data-vault-crypto.ts`), in the official
 * SDK's format, so the service never sees the key or the value.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { DataVaultStoreDoesNotExist, DataVaultStoreHashedKeyDoesNotExist, UserNotFound } from "../errors/catalogue.ts"
import { json, segment } from "../http/endpoint.ts"
import { NotificationCategory, NotificationCategoryList } from "../model/notification-preference.ts"
import { SuccessBody } from "../wire/common.ts"
import { DataVaultValue } from "../wire/data-vault.ts"
import { decryptVaultValue, encryptVaultValue, hashVaultKey } from "./data-vault-crypto.ts"
import type { KeyProjectErrorClass, KeyRuntime } from "./runtime.ts"

/** The secret a store's values are encrypted with (never sent). */
export interface DataVaultSecret {
  readonly secret: string
}

/** The notification and data vault operations of StackServer (and StackAdmin). */
export const makeServerNotificationsAndVault = <P extends KeyProjectErrorClass>(runtime: KeyRuntime<P>) => {
  /** A user's notification categories and whether the user receives each. */
  const listNotificationCategories = Effect.fn("StackServer.listNotificationCategories")(function*(userId: string) {
    const list = yield* runtime.call({
      method: "GET",
      path: `/emails/notification-preference/${segment(userId)}`,
      response: json(NotificationCategoryList),
      errors: [UserNotFound]
    })
    return list.items
  })

  /** Turns a category on or off for a user; an unknown category is a 404 status error. */
  const setNotificationCategoryEnabled = Effect.fn("StackServer.setNotificationCategoryEnabled")(function*(
    userId: string,
    categoryId: string,
    enabled: boolean
  ) {
    return yield* runtime.call({
      method: "PATCH",
      path: `/emails/notification-preference/${segment(userId)}/${segment(categoryId)}`,
      body: { _tag: "Json", value: { enabled } },
      response: json(NotificationCategory),
      errors: [UserNotFound]
    })
  })

  /** Stores `value` under `key` in a configured store (replacing what was there). */
  const setDataVaultValue = Effect.fn("StackServer.setDataVaultValue")(function*(
    storeId: string,
    key: string,
    value: string,
    options: DataVaultSecret
  ) {
    const hashedKey = yield* hashVaultKey(options.secret, key)
    const encryptedValue = yield* encryptVaultValue(options.secret, key, value)
    yield* runtime.call({
      method: "POST",
      path: `/data-vault/stores/${segment(storeId)}/set`,
      body: { _tag: "Json", value: { hashed_key: hashedKey, encrypted_value: encryptedValue } },
      response: json(SuccessBody),
      errors: [DataVaultStoreDoesNotExist]
    })
  })

  /** The value under `key`, or none when nothing was stored there; a wrong secret is `DataVaultDecryptionFailed`. */
  const getDataVaultValue = Effect.fn("StackServer.getDataVaultValue")(function*(storeId: string, key: string, options: DataVaultSecret) {
    const hashedKey = yield* hashVaultKey(options.secret, key)
    const stored = yield* runtime.call({
      method: "POST",
      path: `/data-vault/stores/${segment(storeId)}/get`,
      body: { _tag: "Json", value: { hashed_key: hashedKey } },
      response: json(DataVaultValue),
      errors: [DataVaultStoreDoesNotExist, DataVaultStoreHashedKeyDoesNotExist]
    }).pipe(
      Effect.map(Option.some),
      Effect.catchTag("DataVaultStoreHashedKeyDoesNotExist", () => Effect.succeedNone)
    )
    if (Option.isNone(stored)) return Option.none<string>()
    return Option.some(yield* decryptVaultValue(options.secret, key, stored.value.encrypted_value))
  })

  /** One store, its operations bound (the official `getDataVaultStore(id)`). */
  const getDataVaultStore = (storeId: string) => ({
    id: storeId,
    setValue: (key: string, value: string, options: DataVaultSecret) => setDataVaultValue(storeId, key, value, options),
    getValue: (key: string, options: DataVaultSecret) => getDataVaultValue(storeId, key, options)
  })

  return { listNotificationCategories, setNotificationCategoryEnabled, setDataVaultValue, getDataVaultValue, getDataVaultStore }
}

/**
 * The data vault on the wire (server only): `POST /data-vault/stores/{id}/set` stores a value the
 * SDK encrypted under a key the SDK hashed; `POST /data-vault/stores/{id}/get` returns it. The
 * store must be configured (`dataVault.stores.<id>`). Shapes from the service's source (backend 2.8.86).
 */
import * as Schema from "effect/Schema"

const HashedKey = /*#__PURE__*/ Schema.String.check(/*#__PURE__*/ Schema.isNonEmpty())

/** `set` body. */
export const DataVaultSet = /*#__PURE__*/ Schema.Struct({ hashed_key: HashedKey, encrypted_value: Schema.String })
export type DataVaultSet = typeof DataVaultSet.Type

/** `get` body. */
export const DataVaultGet = /*#__PURE__*/ Schema.Struct({ hashed_key: HashedKey })
export type DataVaultGet = typeof DataVaultGet.Type

/** `get` answer: the value as the SDK encrypted it. */
export const DataVaultValue = /*#__PURE__*/ Schema.Struct({ encrypted_value: Schema.String })
export type DataVaultValue = typeof DataVaultValue.Type

/** Path parameters: the store id. */
export const DataVaultStoreParams = /*#__PURE__*/ Schema.Struct({ id: Schema.String })

/**
 * Wire shapes shared by many endpoints: JSON values, `{ success: true }`, list envelopes, ids.
 */
import * as Schema from "effect/Schema"
import { isJson } from "./json-value.ts"

export { isJson } from "./json-value.ts"

/**
 * Any JSON value (metadata fields): `Schema.Json`'s type, checked by a small depth-bounded walk
 * rather than Effect's cycle-tracking one (lighter in a browser bundle, and no allocation per value).
 */
export const Json = /*#__PURE__*/ Schema.declare(
  (value: unknown): value is typeof Schema.Json.Type => isJson(value),
  { expected: "JSON value" }
)
export type Json = typeof Json.Type

/** Milliseconds since the epoch, as every `*_millis` field carries. */
export const Millis = Schema.Finite

/** `{"success": true}`: the body of every CRUD delete and several actions. */
export const SuccessBody = /*#__PURE__*/ Schema.Struct({ success: /*#__PURE__*/ Schema.Literal(true) })
export type SuccessBody = typeof SuccessBody.Type

/** `{"is_code_valid": true}`: the body of every `.../check-code` endpoint. */
export const CodeValidBody = /*#__PURE__*/ Schema.Struct({ is_code_valid: /*#__PURE__*/ Schema.Literal(true) })

/** `{"items": [...], "is_paginated": false}`: an unpaginated CRUD list. */
export const ListOf = <S extends Schema.Top>(item: S) =>
  Schema.Struct({ items: Schema.Array(item), is_paginated: Schema.Boolean })

/** `GET /users`: `{"items", "is_paginated": true, "pagination": {"next_cursor"}}`. */
export const PaginatedListOf = <S extends Schema.Top>(item: S) =>
  Schema.Struct({
    items: Schema.Array(item),
    is_paginated: Schema.Boolean,
    pagination: Schema.optional(Schema.Struct({ next_cursor: Schema.NullOr(Schema.String) }))
  })

/** An empty JSON object, required as the body of several actions (`{}`). */
export const EmptyBody = /*#__PURE__*/ Schema.Struct({})

/** The fields of `F` overridden and extended by those of `G`, as an object spread types them. */
export type MergedFields<F extends Schema.Struct.Fields, G extends Schema.Struct.Fields> = {
  readonly [K in keyof F | keyof G]: K extends keyof G ? G[K] : K extends keyof F ? F[K] : never
}

/**
 * `Schema.Struct({ ...base, ...more, ...last })` as one call. Written inline, a spread among a pure
 * call's arguments keeps the schema in every bundle (bundlers keep arguments that may have side
 * effects); behind this call an unused schema is dropped, as a client bundle drops server schemas.
 */
export const structWith = <
  F extends Schema.Struct.Fields,
  const G extends Schema.Struct.Fields,
  const H extends Schema.Struct.Fields = {}
>(base: F, more: G, last?: H): Schema.Struct<MergedFields<MergedFields<F, G>, H>> =>
  // The spread's own type is an intersection, which misstates an overridden field.
  Schema.Struct({ ...base, ...more, ...last }) as unknown as Schema.Struct<MergedFields<MergedFields<F, G>, H>>

/** `Schema.Struct({ ...base.fields, ...more })` as one call: {@link structWith} over a struct's fields. */
export const extendStruct = <F extends Schema.Struct.Fields, const G extends Schema.Struct.Fields>(
  base: Schema.Struct<F>,
  more: G
): Schema.Struct<MergedFields<F, G>> => structWith<F, G, {}>(base.fields, more)

/**
 * Wire shapes shared by many endpoints: JSON values, `{ success: true }`, list envelopes, ids.
 */
import * as Schema from "effect/Schema"

/** Any JSON value (metadata fields). */
export const Json = Schema.Json
export type Json = typeof Json.Type

/** Milliseconds since the epoch, as every `*_millis` field carries. */
export const Millis = Schema.Number

/** `{"success": true}`: the body of every CRUD delete and several actions. */
export const SuccessBody = /*#__PURE__*/ Schema.Struct({ success: Schema.Literal(true) })
export type SuccessBody = typeof SuccessBody.Type

/** `{"is_code_valid": true}`: the body of every `.../check-code` endpoint. */
export const CodeValidBody = /*#__PURE__*/ Schema.Struct({ is_code_valid: Schema.Literal(true) })

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

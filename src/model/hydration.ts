/**
 * What a server render hands to the browser (react/hydration.ts): `[cache key, wire JSON]` pairs,
 * read in the browser with a generated reader (generated/readers.ts).
 */
import * as Schema from "effect/Schema"

/** `{stackfx: 1, answers: [[key, value], ...]}`. */
export const DehydratedState = /*#__PURE__*/ Schema.Struct({
  stackfx: /*#__PURE__*/ Schema.Literal(1),
  answers: /*#__PURE__*/ Schema.Array(/*#__PURE__*/ Schema.Tuple([Schema.String, Schema.Unknown]))
})
export type DehydratedState = typeof DehydratedState.Type

/** A query's cache key (`JSON.stringify` of its parts): a name and its arguments. */
export const KeyParts = /*#__PURE__*/ Schema.Array(Schema.Unknown)
export type KeyParts = typeof KeyParts.Type

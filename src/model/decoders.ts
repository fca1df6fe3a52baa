/**
 * The decoder of each response schema and the encoder of each input schema: Effect's, until the
 * compiled readers of fast-decode.ts have loaded (requested on the first response), then those,
 * with Effect's parser deciding whatever they cannot vouch for. Same results either way, at a
 * fraction of the cost.
 */
import { memoize } from "effect/Function"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import type * as SchemaAST from "effect/SchemaAST"
import { isJson, Json } from "../wire/common.ts"
import type * as FastDecode from "./fast-decode.ts"
import { renamings } from "./renamings.ts"

/** A decoder (or encoder) of one schema: the value, or Effect's refusal. */
export type Decoder<A = unknown> = (input: unknown) => Result.Result<A, Schema.SchemaError>

type Direction = FastDecode.CompilerParts["direction"]

/** A response schema (decoded only) or an input schema (encoded only). */
type AnySchema = Schema.Top

// Compiled once per schema, not once per call; parsing runs synchronously (these schemas have no
// effectful steps), without an effect per call.
const effectParsers = {
  // Each is only ever given schemas of its direction (see `decoderOf`, `encoderOf`), which need no
  // services there.
  decode: /*#__PURE__*/ memoize((schema: AnySchema): Decoder => Schema.decodeUnknownResult(schema as Schema.Decoder<unknown>)),
  encode: /*#__PURE__*/ memoize((schema: AnySchema): Decoder => Schema.encodeUnknownResult(schema as Schema.Encoder<unknown>))
}

/**
 * Parsers built on fast-decode.ts (`module`) in `direction`, Effect's parser deciding where its
 * readers are unsure.
 */
export const compiledParsers = (module: typeof FastDecode, direction: Direction): (schema: AnySchema) => Decoder => {
  const effectParser = effectParsers[direction]
  const readerOf = module.makeCompiler({
    direction,
    parseNode: (ast: SchemaAST.AST) => effectParser(Schema.make<AnySchema>(ast)),
    renamings,
    guards: new WeakMap([[Json.ast.run, isJson]])
  })
  return memoize((schema: AnySchema): Decoder => {
    const read = readerOf(schema)
    const full = effectParser(schema)
    return (input) => {
      const value = read(input)
      return value === module.unsure ? full(input) : Result.succeed(value)
    }
  })
}

// Set once fast-decode.ts has loaded; should it never load (offline), Effect's parsers go on serving.
let compiled: { readonly [D in Direction]: (schema: AnySchema) => Decoder } | undefined
let requested = false

const parserOf = (direction: Direction, schema: AnySchema): Decoder => {
  if (!requested) {
    requested = true
    import("./fast-decode.ts").then((module) => {
      compiled = { decode: compiledParsers(module, "decode"), encode: compiledParsers(module, "encode") }
    }, () => undefined)
  }
  return compiled === undefined ? effectParsers[direction](schema) : compiled[direction](schema)
}

/** The decoder of `schema` (the first call requests the compiled readers). */
export const decoderOf = <A>(schema: Schema.Decoder<A>): Decoder<A> =>
  // Effect's decoder, or readers giving what it gives, for this schema: its values are `A`s.
  parserOf("decode", schema) as Decoder<A>

/** The encoder of `schema`: a value of its type to the wire form (the first call requests the compiled readers). */
export const encoderOf = <S extends Schema.Codec<unknown, unknown>>(schema: S): (input: S["Type"]) => Result.Result<S["Encoded"], Schema.SchemaError> =>
  // Effect's encoder, or readers giving what it gives, for this schema: its values are `Encoded`s.
  parserOf("encode", schema) as (input: S["Type"]) => Result.Result<S["Encoded"], Schema.SchemaError>

/**
 * A response body's reader with `schema`, through Effect's parser (calls whose responses have no
 * generated reader): the decoder is looked up on the first read, not when an endpoint is built.
 */
export const readWith = <A>(schema: Schema.Decoder<A>): Decoder<A> => (input) => decoderOf(schema)(input)

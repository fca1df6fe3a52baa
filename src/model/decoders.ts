/**
 * The decoder of each response schema: Effect's, until the compiled readers of fast-decode.ts
 * have loaded (requested on the first response), then those, with Effect's decoder deciding
 * whatever they cannot vouch for. Same results either way, at a fraction of the cost.
 */
import { memoize } from "effect/Function"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { isJson, Json } from "../wire/common.ts"
import type * as FastDecode from "./fast-decode.ts"
import { renamings } from "./renamings.ts"

/** A decoder of one schema: the value, or Effect's refusal. */
export type Decoder<A = unknown> = (input: unknown) => Result.Result<A, Schema.SchemaError>

// Compiled once per schema, not once per call; decoding runs synchronously (response schemas have
// no effectful steps), without an effect per call.
const effectDecoder = /*#__PURE__*/ memoize((schema: Schema.Decoder<unknown>): Decoder => Schema.decodeUnknownResult(schema))

/** Decoders built on fast-decode.ts (`module`), Effect's decoder deciding where its readers are unsure. */
export const compiledDecoders = (module: typeof FastDecode): <A>(schema: Schema.Decoder<A>) => Decoder<A> => {
  const readerOf = module.makeCompiler({
    decodeNode: (ast) => Schema.decodeUnknownResult(Schema.make<Schema.Decoder<unknown>>(ast)),
    renamings,
    guards: new WeakMap([[Json.ast.run, isJson]])
  })
  const decoders = memoize((schema: Schema.Decoder<unknown>): Decoder => {
    const read = readerOf(schema)
    const full = effectDecoder(schema)
    return (input) => {
      const value = read(input)
      return value === module.unsure ? full(input) : Result.succeed(value)
    }
  })
  // A compiled reader hands back what Effect's decoder would for this schema: an `A`.
  return <A>(schema: Schema.Decoder<A>) => decoders(schema) as Decoder<A>
}

// Set once fast-decode.ts has loaded; should it never load (offline), Effect's decoder goes on serving.
let compiled: (<A>(schema: Schema.Decoder<A>) => Decoder<A>) | undefined
let requested = false

/** The decoder of `schema` (the first call requests the compiled readers). */
export const decoderOf = <A>(schema: Schema.Decoder<A>): Decoder<A> => {
  if (!requested) {
    requested = true
    import("./fast-decode.ts").then((module) => {
      compiled = compiledDecoders(module)
    }, () => undefined)
  }
  // Effect's decoder was compiled for this schema: its values are `A`s.
  return compiled === undefined ? effectDecoder(schema) as Decoder<A> : compiled(schema)
}

/** Turning caller input into wire bodies, with a typed error instead of a crash on bad input. */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { camelCase } from "../model/camel.ts"

/** The caller's input did not satisfy the request schema; nothing was sent. */
export class InvalidInput extends Schema.TaggedError<InvalidInput>()("InvalidInput", {
  method: Schema.String,
  message: Schema.String
}) {}

// Each input schema is compiled to an encoder once; encoding runs synchronously (input schemas
// have no effectful steps), without an effect per call.
const encoders = new WeakMap<Schema.Top, (input: unknown) => Result.Result<unknown, Schema.SchemaError>>()

const encoderOf = <S extends Schema.Codec<unknown, unknown>>(schema: S) => {
  let encoder = encoders.get(schema)
  if (encoder === undefined) {
    encoder = Schema.encodeUnknownResult(schema)
    encoders.set(schema, encoder)
  }
  return encoder as (input: S["Type"]) => Result.Result<S["Encoded"], Schema.SchemaError>
}

/**
 * The refusal's paths name the caller's keys: models validate on their wire side, so a path reads
 * `["display_name"]` where the caller wrote `displayName`.
 */
const withModelPaths = (message: string): string =>
  message.replace(/\["([a-z0-9]+(?:_[a-z0-9]+)+)"\]/g, (_, key: string) => `["${camelCase(key)}"]`)

/** Encodes `value` to its wire form with `schema`, failing with `InvalidInput` (naming the method). */
export const encodeInput = <S extends Schema.Codec<unknown, unknown>>(
  method: string,
  schema: S,
  value: S["Type"]
): Effect.Effect<S["Encoded"], InvalidInput> =>
  Effect.suspend(() => {
    const encoded = encoderOf(schema)(value)
    return Result.isSuccess(encoded)
      ? Effect.succeed(encoded.success)
      : Effect.fail(new InvalidInput({ method, message: withModelPaths(encoded.failure.message) }))
  })

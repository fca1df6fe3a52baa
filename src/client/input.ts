/** Turning caller input into wire bodies, with a typed error instead of a crash on bad input. */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Data from "effect/Data"
import * as Schema from "effect/Schema"
import { withModelKeys } from "../model/camel.ts"
import { encoderOf } from "../model/decoders.ts"

/** The caller's input did not satisfy the request schema; nothing was sent. */
export class InvalidInput extends Data.TaggedError("InvalidInput")<{
  readonly method: string
  readonly message: string
}> {}

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
      : Effect.fail(new InvalidInput({ method, message: withModelKeys(encoded.failure.message) }))
  })

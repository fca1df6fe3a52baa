/** Turning caller input into wire bodies, with a typed error instead of a crash on bad input. */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"

/** The caller's input did not satisfy the request schema; nothing was sent. */
export class InvalidInput extends Schema.TaggedError<InvalidInput>()("InvalidInput", {
  method: Schema.String,
  message: Schema.String
}) {}

/** Encodes `value` to its wire form with `schema`, failing with `InvalidInput` (naming the method). */
export const encodeInput = <S extends Schema.Codec<unknown, unknown>>(method: string, schema: S, value: S["Type"]) =>
  Schema.encodeEffect(schema)(value).pipe(
    Effect.mapError((error) => new InvalidInput({ method, message: error.message }))
  )

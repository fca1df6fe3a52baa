/** Turning caller input into a wire body with a generated writer, with a typed error instead of a crash on bad input. */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import type { ReadResult } from "../model/generated/kit.ts"
import { InvalidInput } from "./input.ts"

/**
 * Writes `value` as its wire body with `write` (src/model/generated/readers.ts), failing with
 * `InvalidInput` (naming the method, the field in the caller's terms and what it should be).
 */
export const writeInput = <I, O>(method: string, write: (input: I) => ReadResult<O>, value: I): Effect.Effect<O, InvalidInput> =>
  Effect.suspend(() => {
    const written = write(value)
    return Result.isSuccess(written)
      ? Effect.succeed(written.success)
      : Effect.fail(new InvalidInput({ method, message: written.failure.message }))
  })

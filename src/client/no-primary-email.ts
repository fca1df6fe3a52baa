/**
 * The error of asking for a verification e-mail without a primary address. A module of its own: a
 * class is never dropped from a module a bundle keeps, and most programs never send one.
 */
import * as Data from "effect/Data"

/** The signed-in user has no primary e-mail to verify. */
export class NoPrimaryEmail extends Data.TaggedError("NoPrimaryEmail")<{
  readonly message: string
}> {}

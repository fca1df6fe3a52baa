/**
 * The error of asking for a verification e-mail without a primary address. A module of its own: a
 * class is never dropped from a module a bundle keeps, and most programs never send one.
 */
import * as Schema from "effect/Schema"

/** The signed-in user has no primary e-mail to verify. */
export class NoPrimaryEmail extends Schema.TaggedError<NoPrimaryEmail>()("NoPrimaryEmail", {
  message: Schema.String
}) {}

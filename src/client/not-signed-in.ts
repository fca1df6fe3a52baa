/**
 * The error of reading the user when nobody is signed in. A module of its own: a class is never
 * dropped from a module a bundle keeps, and most programs never fail this way.
 */
import * as Schema from "effect/Schema"

/** `getUser({ or: "throw" })` found nobody signed in. The message is the official SDK's. */
export class UserNotSignedIn extends Schema.TaggedError<UserNotSignedIn>()("UserNotSignedIn", {
  message: Schema.String
}) {}

/**
 * The error of reading the user when nobody is signed in. A module of its own: a class is never
 * dropped from a module a bundle keeps, and most programs never fail this way.
 */
import * as Data from "effect/Data"

/** `getUser({ or: "throw" })` found nobody signed in. The message is the official SDK's. */
export class UserNotSignedIn extends Data.TaggedError("UserNotSignedIn")<{
  readonly message: string
}> {}

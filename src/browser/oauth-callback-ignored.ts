/**
 * The error of a callback page with nothing to complete. A module of its own: a class is never
 * dropped from a module a bundle keeps, and only the callback page can meet it.
 */
import * as Data from "effect/Data"

/** `handleOAuthCallback` found no OAuth code and state, or no verifier cookie for the state. */
export class OAuthCallbackIgnored extends Data.TaggedError("OAuthCallbackIgnored")<{
  readonly message: string
}> {}

/**
 * The error of an OAuth callback URL that does not belong to the sign-in this tab started. A module
 * of its own: a class is never dropped from a module a bundle keeps, and a page that only starts
 * OAuth sign-ins (the kit's buttons) never completes one.
 */
import * as Data from "effect/Data"

/** The callback URL's `state` is not the one this flow started with, or `code`/`state` are missing. */
export class OAuthCallbackInvalid extends Data.TaggedError("OAuthCallbackInvalid")<{
  readonly message: string
}> {}

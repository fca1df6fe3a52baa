/** `decodeKnownErrorWith` over the whole code table: for callers that do not load it lazily. */
import { catalogueStatusesOf } from "./codes.ts"
import { type AnyKnownErrorClass, type DecodedKnownError, decodeKnownErrorWith, type KnownErrorResponse } from "./decode.ts"

/**
 * Decodes a known-error response into one of the `expected` classes, an `UnexpectedKnownError` (a
 * catalogue code the method does not declare), an `UnsupportedError` (a code the catalogue does not
 * know) or a `StackResponseError` (a body or status that contradicts the catalogue).
 *
 * @example
 * decodeKnownError([EmailPasswordMismatch], { code, status, body, method: "POST", url })
 */
export const decodeKnownError = <const Errors extends ReadonlyArray<AnyKnownErrorClass>>(
  expected: Errors,
  response: KnownErrorResponse
): DecodedKnownError<Errors> => decodeKnownErrorWith(expected, response, catalogueStatusesOf)

/**
 * `stackfx/errors`: the known-error catalogue (one class per code), its families, and the errors of
 * requests that got no readable answer.
 */
export * from "./catalogue.ts"
export * from "./families.ts"
export { allKnownErrors, type KnownError, type KnownErrorClass, type KnownErrorCode, knownErrorByCode } from "./all.ts"
export { catalogueStatuses, catalogueStatusesOf } from "./codes.ts"
export { type DecodedKnownError, decodeKnownErrorWith, type KnownErrorResponse } from "./decode.ts"
export { decodeKnownError } from "./decode-known.ts"
export type { DetailsRead, DetailsReader } from "./details-reader.ts"
export {
  type AnyKnownError,
  type AnyKnownErrorClass,
  type CurrentDetails,
  type DetailsOf,
  type KnownErrorClassWithDetails,
  type KnownErrorClassWithoutDetails,
  type KnownErrorFields,
  type KnownErrorFieldsWithDetails,
  type KnownErrorInstance,
  type KnownErrorWireBody,
  type KnownErrorWireParts,
  toWireBody
} from "./known-error.ts"
export { StackRateLimitedError, StackResponseError, StackTransportError, UnexpectedKnownError } from "./transport.ts"
// Each name is a type (in transport.ts) and a Schema (in schemas.ts), as before the classes lost their Schema.
export { StackResponseErrorReason, StackTransportErrorReason, TransportDiagnostics } from "./schemas.ts"
export { type ProjectRequestError, projectRequestErrors } from "../http/project-errors.ts"
export { InvalidStackOptions } from "../client/options-check.ts"

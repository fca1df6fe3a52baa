/**
 * Schemas of the transport errors' data, for code that validates or serialises them (servers,
 * tests). The error classes themselves carry no Schema (`transport.ts`), so a browser bundle that
 * only creates and matches errors does not load effect/Schema; nothing on a browser path imports
 * this module.
 */
import * as Schema from "effect/Schema"
import type * as Transport from "./transport.ts"

/** What is known about a request that got no response (the data of {@link Transport.TransportDiagnostics}). */
export const TransportDiagnostics: Schema.Codec<Transport.TransportDiagnostics> = /*#__PURE__*/ Schema.Struct({
  cause: Schema.String,
  elapsedMillis: Schema.Number,
  online: Schema.optionalKey(Schema.Boolean)
})

/** What is known about a request that got no response. */
export type TransportDiagnostics = Transport.TransportDiagnostics

/** Why no response was used (see {@link Transport.StackTransportErrorReason}). */
export const StackTransportErrorReason: Schema.Codec<Transport.StackTransportErrorReason> = /*#__PURE__*/ Schema.Literals([
  "NoResponse",
  "Timeout",
  "InvalidRequest"
])

/** Why no response was used. */
export type StackTransportErrorReason = Transport.StackTransportErrorReason

/** Why a response could not be read (see {@link Transport.StackResponseErrorReason}). */
export const StackResponseErrorReason: Schema.Codec<Transport.StackResponseErrorReason> = /*#__PURE__*/ Schema.Literals([
  "MalformedJson",
  "UnexpectedContentType",
  "EmptyBody",
  "SchemaMismatch",
  "StatusCodeMismatch",
  "KnownErrorHeaderMismatch",
  "UnexpectedStatus",
  "Truncated",
  "TooLarge"
])

/** Why a response could not be read. */
export type StackResponseErrorReason = Transport.StackResponseErrorReason

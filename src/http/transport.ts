/**
 * The one thing the pipeline needs from HTTP: send a request, get the status, headers and text back.
 *
 * Kept this small on purpose: a browser app can send through `fetch` directly
 * (`layerFetchTransport`, no `effect/http` in the bundle), while servers, tests and the emulator
 * plug an Effect `HttpClient` in (`layerHttpClientTransport`).
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { Method } from "./endpoint.ts"
import { dualHeaderSpellings } from "./wire-names.ts"

/** A request exactly as it goes on the wire. */
export interface TransportRequest {
  readonly method: Method
  /** The absolute URL, query string included. */
  readonly url: string
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>
  readonly body?: { readonly contentType: string; readonly text: string } | undefined
  /** Largest body the transport reads; a larger one fails `text` with `TooLarge`. */
  readonly maxResponseBytes?: number | undefined
}

/** A response whose status and headers arrived; the body is read on demand. */
export interface TransportResponse {
  readonly status: number
  /** Header names in lower case; at least the {@link responseHeaderNames} the response has. */
  readonly headers: Readonly<Record<string, string | undefined>>
  /** The body as text; fails when the connection breaks while reading it. */
  readonly text: Effect.Effect<string, TransportFailure>
}

/**
 * The response headers the pipeline reads. A transport may hand over only these: copying every
 * header of a response (the service sends long CORS and `vary` lists) cost more CPU per call than
 * the rest of the pipeline.
 */
export const responseHeaderNames: ReadonlyArray<string> = [
  "content-type",
  "retry-after",
  ...dualHeaderSpellings["actual-status"],
  ...dualHeaderSpellings["known-error"]
]

/**
 * Why a request got no usable answer:
 * - `NotSent`: the request surely never reached the server (connection refused, DNS): always retried;
 * - `NoResponse`: nothing came back, but the request may have reached the server (reset, offline):
 *   retried for reads only;
 * - `Timeout`: the attempt ran past its timeout and was aborted (set by the pipeline);
 * - `InvalidRequest`: the request could not be sent at all (a malformed URL): retrying cannot help;
 * - `BodyUnreadable`: the status arrived but the body broke off while being read (truncated);
 * - `TooLarge`: the body is larger than the request's `maxResponseBytes`.
 */
export interface TransportFailure {
  readonly _tag: "TransportFailure"
  readonly reason: "NotSent" | "NoResponse" | "Timeout" | "InvalidRequest" | "BodyUnreadable" | "TooLarge"
  /** The transport's own words. */
  readonly message: string
  /** What the runtime threw (a `TypeError: fetch failed` with its own causes, ...). */
  readonly cause?: unknown
}

/** Builds a {@link TransportFailure}. */
export const transportFailure = (
  reason: TransportFailure["reason"],
  message: string,
  cause?: unknown
): TransportFailure => ({ _tag: "TransportFailure", reason, message, cause })

/** A whole exchange: the status, the headers and the body, or why the body could not be read. */
export interface TransportExchange {
  readonly status: number
  /** Header names in lower case; at least the {@link responseHeaderNames} the response has. */
  readonly headers: Readonly<Record<string, string | undefined>>
  readonly body: string | TransportFailure
}

/**
 * How stackfx talks HTTP. Provide `layerFetchTransport` (browser, edge) or
 * `layerHttpClientTransport` (any Effect `HttpClient`: Node, tests, the emulator).
 */
export class StackTransport extends Context.Service<StackTransport, {
  readonly send: (request: TransportRequest) => Effect.Effect<TransportResponse, TransportFailure>
  /**
   * Optional: sends and reads the body in one step, giving up after `timeoutMillis` by the
   * platform's own timer (the request aborted, the failure's reason `Timeout`). The pipeline uses
   * it for a call's first attempt while the call runs on Effect's live clock, whose sleeps are those
   * same timers; retries, and every attempt under a `TestClock` or any other clock, use `send` and
   * time out on that clock.
   */
  readonly exchange?: ((request: TransportRequest, timeoutMillis: number) => Effect.Effect<TransportExchange, TransportFailure>) | undefined
}>()("stackfx/StackTransport") {}

/** Error codes of a connection that was never established: the request cannot have reached the server. */
const notSent = /\b(?:ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|UND_ERR_CONNECT_TIMEOUT)\b/

/**
 * `NotSent` when the runtime's cause chain names a connection that never opened (Node's
 * `ECONNREFUSED`, DNS failures; as a `code` or, in some runtimes, only in the message), else
 * `NoResponse`: a browser's `TypeError: Failed to fetch` cannot tell, so it counts as possibly sent.
 */
export const noResponseReason = (cause: unknown): "NotSent" | "NoResponse" => {
  let current: unknown = cause
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth++) {
    const code = "code" in current ? current.code : ""
    const message = "message" in current ? current.message : ""
    if (notSent.test(`${String(code)} ${String(message)}`)) return "NotSent"
    current = "cause" in current ? current.cause : undefined
  }
  return "NoResponse"
}

// Decoding a whole buffer keeps no state between calls, so one decoder serves every response.
const utf8 = /*#__PURE__*/ new TextDecoder()

/** The UTF-8 text of `chunks`, read in order. */
export const decodeChunks = (chunks: ReadonlyArray<Uint8Array>): string => {
  if (chunks.length === 1 && chunks[0] !== undefined) return utf8.decode(chunks[0])
  let size = 0
  for (const chunk of chunks) size += chunk.byteLength
  const whole = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    whole.set(chunk, offset)
    offset += chunk.byteLength
  }
  return utf8.decode(whole)
}

/** The failure for a body over the cap. */
export const tooLarge = (maxBytes: number): TransportFailure =>
  transportFailure("TooLarge", `The response body is larger than ${maxBytes} bytes`)

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

/** A request exactly as it goes on the wire. */
export interface TransportRequest {
  readonly method: Method
  /** The absolute URL, query string included. */
  readonly url: string
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>
  readonly body?: { readonly contentType: string; readonly text: string } | undefined
}

/** A response whose status and headers arrived; the body is read on demand. */
export interface TransportResponse {
  readonly status: number
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string | undefined>>
  /** The body as text; fails when the connection breaks while reading it. */
  readonly text: Effect.Effect<string, TransportFailure>
}

/**
 * Why a request got no usable answer:
 * - `NoResponse`: nothing came back (refused, reset, DNS, offline): the pipeline retries these;
 * - `InvalidRequest`: the request could not be sent at all (a malformed URL): retrying cannot help;
 * - `BodyUnreadable`: the status arrived but the body broke off while it was read;
 * - `BodyTooLarge`: the body is longer than the transport's `maxResponseBytes`.
 */
export interface TransportFailure {
  readonly _tag: "TransportFailure"
  readonly reason: "NoResponse" | "InvalidRequest" | "BodyUnreadable" | "BodyTooLarge"
  /** The transport's own words. */
  readonly message: string
  /** What the runtime threw (a `TypeError: fetch failed` with its own causes, ...). */
  readonly cause?: unknown
}

/** The largest response body a transport reads by default: 10 MB (the API's answers are far smaller). */
export const defaultMaxResponseBytes = 10 * 1024 * 1024

/** Builds a {@link TransportFailure}. */
export const transportFailure = (
  reason: TransportFailure["reason"],
  message: string,
  cause?: unknown
): TransportFailure => ({ _tag: "TransportFailure", reason, message, cause })

/**
 * How stackfx talks HTTP. Provide `layerFetchTransport` (browser, edge) or
 * `layerHttpClientTransport` (any Effect `HttpClient`: Node, tests, the emulator).
 */
export class StackTransport extends Context.Service<StackTransport, {
  readonly send: (request: TransportRequest) => Effect.Effect<TransportResponse, TransportFailure>
}>()("stackfx/StackTransport") {}

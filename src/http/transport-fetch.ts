/**
 * The transport over the platform's `fetch` (browsers, Node 18+, edge runtimes), without
 * `effect/http`: a browser bundle that signs users in carries no HTTP client framework.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import {
  decodeChunks,
  noResponseReason,
  responseHeaderNames,
  StackTransport,
  tooLarge,
  transportFailure,
  type TransportFailure,
  type TransportRequest,
  type TransportResponse
} from "./transport.ts"

/** The `fetch` signature the transport calls (the global one by default). */
export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>

// Only what the pipeline reads, looked up by name: iterating a response's headers (sorted and
// lower-cased by the runtime) cost more than the rest of a call.
const headersOf = (response: Response): Record<string, string> => {
  const headers: Record<string, string> = {}
  for (const name of responseHeaderNames) {
    const value = response.headers.get(name)
    if (value !== null) headers[name] = value
  }
  return headers
}

const isValidUrl = (url: string): boolean => {
  try {
    new URL(url)
    return true
  } catch {
    return false
  }
}

const declaredLength = (response: Response): number | undefined => {
  const header = response.headers.get("content-length")
  const length = header === null ? Number.NaN : Number(header)
  return Number.isSafeInteger(length) ? length : undefined
}

/**
 * Reads the body chunk by chunk, stopping (and cancelling the stream) once it passes `maxBytes` or
 * the reading fiber is interrupted (`signal`).
 */
const readBody = async (
  response: Response,
  maxBytes: number | undefined,
  signal: AbortSignal
): Promise<string | TransportFailure> => {
  if (response.body === null) return response.text()
  const limit = maxBytes ?? Number.POSITIVE_INFINITY
  const length = declaredLength(response)
  if (length !== undefined && length > limit) {
    await response.body.cancel().catch(() => undefined)
    return tooLarge(limit)
  }
  // A declared length within the cap: the runtime's own reader is the fastest, and a body cut short
  // of that length still fails it.
  if (length !== undefined) return response.text()
  const reader = response.body.getReader()
  signal.addEventListener("abort", () => void reader.cancel().catch(() => undefined), { once: true })
  const chunks: Array<Uint8Array> = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return decodeChunks(chunks)
    size += value.byteLength
    if (size > limit) {
      await reader.cancel().catch(() => undefined)
      return tooLarge(limit)
    }
    chunks.push(value)
  }
}

/**
 * Sends with `fetchFunction`. Interrupting the effect aborts the fetch. A rejected fetch is
 * `NoResponse` (retried by the pipeline); a URL that cannot be parsed is `InvalidRequest`.
 */
export const makeFetchTransport = (fetchFunction?: FetchFunction): StackTransport["Service"] => ({
  send: (request: TransportRequest): Effect.Effect<TransportResponse, TransportFailure> => {
    if (!isValidUrl(request.url)) {
      return Effect.fail(transportFailure("InvalidRequest", `Invalid URL: ${request.url}`))
    }
    const headers = request.body === undefined
      ? request.headers
      : { ...request.headers, "content-type": request.body.contentType }
    return Effect.tryPromise({
      // Read `fetch` at call time, so a page or test that replaces the global is honoured.
      try: (signal) =>
        (fetchFunction ?? globalThis.fetch)(request.url, {
          method: request.method,
          headers,
          ...(request.body === undefined ? {} : { body: request.body.text }),
          signal
        }),
      catch: (cause) =>
        transportFailure(noResponseReason(cause), `${request.method} ${request.url} got no response`, cause)
    }).pipe(
      Effect.map((response): TransportResponse => ({
        status: response.status,
        headers: headersOf(response),
        text: Effect.tryPromise({
          try: (signal) => readBody(response, request.maxResponseBytes, signal),
          catch: (cause) => transportFailure("BodyUnreadable", "The response body broke off while being read", cause)
        }).pipe(Effect.flatMap((text) => typeof text === "string" ? Effect.succeed(text) : Effect.fail(text)))
      }))
    )
  }
})

/**
 * The fetch transport as a Layer.
 *
 * @example
 * const live = layerCoreFetch({ projectId })       // or, by hand:
 * layerCoreOver({ projectId }).pipe(Layer.provide(layerFetchTransport()))
 */
export const layerFetchTransport = (fetchFunction?: FetchFunction): Layer.Layer<StackTransport> =>
  Layer.succeed(StackTransport, makeFetchTransport(fetchFunction))

/**
 * The transport over the platform's `fetch` (browsers, Node 18+, edge runtimes), without
 * `effect/http`: a browser bundle that signs users in carries no HTTP client framework.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import {
  defaultMaxResponseBytes,
  StackTransport,
  transportFailure,
  type TransportFailure,
  type TransportRequest,
  type TransportResponse
} from "./transport.ts"

/** The `fetch` signature the transport calls (the global one by default). */
export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>

const headersOf = (response: Response): Record<string, string> => {
  const headers: Record<string, string> = {}
  // Headers iterate with lower-case names, which is what the pipeline looks up.
  response.headers.forEach((value, name) => {
    headers[name] = value
  })
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

class TooLarge {
  readonly limit: number
  constructor(limit: number) {
    this.limit = limit
  }
}

/**
 * The body as text, read chunk by chunk and given up (the rest never downloaded) once it passes
 * `limit` bytes: a huge answer cannot fill the app's memory.
 */
const readCapped = (response: Response, limit: number): Effect.Effect<string, TransportFailure> =>
  Effect.tryPromise({
    try: async (signal) => {
      const declared = Number(response.headers.get("content-length") ?? "")
      if (Number.isFinite(declared) && declared > limit) {
        await response.body?.cancel()
        throw new TooLarge(limit)
      }
      if (response.body === null) return ""
      const reader = response.body.getReader()
      signal.addEventListener("abort", () => void reader.cancel())
      const decoder = new TextDecoder()
      let text = ""
      let received = 0
      for (;;) {
        const chunk = await reader.read()
        if (chunk.done) return text + decoder.decode()
        received += chunk.value.byteLength
        if (received > limit) {
          await reader.cancel()
          throw new TooLarge(limit)
        }
        text += decoder.decode(chunk.value, { stream: true })
      }
    },
    catch: (cause) =>
      cause instanceof TooLarge
        ? transportFailure("BodyTooLarge", `The response body is larger than ${cause.limit} bytes (maxResponseBytes)`)
        : transportFailure("BodyUnreadable", "The response body broke off while it was read", cause)
  })

/**
 * Sends with `fetchFunction`. Interrupting the effect aborts the fetch. A rejected fetch is
 * `NoResponse` (retried by the pipeline); a URL that cannot be parsed is `InvalidRequest`.
 */
export const makeFetchTransport = (
  fetchFunction?: FetchFunction,
  options: { readonly maxResponseBytes?: number | undefined } = {}
): StackTransport["Service"] => ({
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
      catch: (cause) => transportFailure("NoResponse", `${request.method} ${request.url} got no response`, cause)
    }).pipe(
      Effect.map((response): TransportResponse => ({
        status: response.status,
        headers: headersOf(response),
        text: readCapped(response, options.maxResponseBytes ?? defaultMaxResponseBytes)
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
export const layerFetchTransport = (
  fetchFunction?: FetchFunction,
  options: { readonly maxResponseBytes?: number | undefined } = {}
): Layer.Layer<StackTransport> => Layer.succeed(StackTransport, makeFetchTransport(fetchFunction, options))

/**
 * The transport over the platform's `fetch` (browsers, Node 18+, edge runtimes), without
 * `effect/http`: a browser bundle that signs users in carries no HTTP client framework.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { addDeadline, type Deadline, deadlineClock, removeDeadline } from "./deadlines.ts"
import {
  decodeChunks,
  noResponseReason,
  responseHeaderNames,
  StackTransport,
  tooLarge,
  transportFailure,
  type TransportExchange,
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
  // The getter checks its receiver every time it is read: read it once.
  const received = response.headers
  for (const name of responseHeaderNames) {
    const value = received.get(name)
    if (value !== null) headers[name] = value
  }
  return headers
}

const declaredLength = (response: Response): number | undefined => {
  const header = response.headers.get("content-length")
  const length = header === null ? Number.NaN : Number(header)
  return Number.isSafeInteger(length) ? length : undefined
}

/**
 * Whether the declared length is the length of the text the runtime hands over. It counts the bytes
 * on the wire, so a compressed body may decode to a thousand times more (a 1 MB gzip of 1 GiB). A
 * cross-origin (`cors`) response hides `content-encoding`, so only a response whose headers are all
 * visible (Node's `default`, a same-origin `basic`) can show it was sent uncompressed.
 */
const lengthIsDecodedLength = (response: Response): boolean => {
  if (response.type !== "default" && response.type !== "basic") return false
  const encoding = response.headers.get("content-encoding")
  return encoding === null || encoding === "" || encoding.toLowerCase() === "identity"
}

/**
 * Reads the body chunk by chunk, stopping (and cancelling the stream) once its decoded bytes pass `maxBytes` or
 * the reading fiber is interrupted (`signal`; none when the fetch's own signal, which also ends the
 * body's stream, is the one aborted).
 */
const readBody = async (
  response: Response,
  maxBytes: number | undefined,
  signal: AbortSignal | undefined
): Promise<string | TransportFailure> => {
  if (response.body === null) return response.text()
  const limit = maxBytes ?? Number.POSITIVE_INFINITY
  const length = declaredLength(response)
  if (length !== undefined && length > limit) {
    await response.body.cancel().catch(() => undefined)
    return tooLarge(limit)
  }
  // A declared length within the cap that is the decoded length: the runtime's own reader is the
  // fastest, and a body cut short of that length still fails it. Anything else is counted as it
  // decodes, so a compression bomb stops at the cap.
  if (length !== undefined && lengthIsDecodedLength(response)) return response.text()
  const reader = response.body.getReader()
  signal?.addEventListener("abort", () => void reader.cancel().catch(() => undefined), { once: true })
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

const initOf = (request: TransportRequest, signal: AbortSignal): RequestInit =>
  request.body === undefined
    ? { method: request.method, headers: request.headers, signal }
    : { method: request.method, headers: { ...request.headers, "content-type": request.body.contentType }, body: request.body.text, signal }

const noResponse = (request: TransportRequest, cause: unknown): TransportFailure =>
  transportFailure(noResponseReason(cause), `${request.method} ${request.url} got no response`, cause)

/**
 * Why a fetch failed before any answer: a URL that cannot be parsed is `InvalidRequest`, else
 * `NotSent` / `NoResponse`. The URL is parsed only here, on failure: parsing it before every
 * request cost a visible share of a call (the pipeline checks its base URL once, so no request
 * of stackfx's own goes out with a bad one).
 */
const notAnswered = (request: TransportRequest, cause: unknown): TransportFailure =>
  URL.canParse(request.url) ? noResponse(request, cause) : transportFailure("InvalidRequest", `Invalid URL: ${request.url}`, cause)

const bodyBrokeOff = (cause: unknown): TransportFailure =>
  transportFailure("BodyUnreadable", "The response body broke off while being read", cause)

/**
 * One exchange under way, and its own deadline entry: its state is one object rather than a closure
 * per step (an exchange runs for every call).
 */
class FetchExchange implements Deadline {
  settled = false
  // Fields set by the constructor are declared only (no class-field initialisers to emit and run).
  declare readonly at: number
  declare readonly controller: AbortController
  declare readonly timeoutMillis: number
  declare readonly resume: (outcome: Effect.Effect<TransportExchange, TransportFailure>) => void
  constructor(timeoutMillis: number, resume: (outcome: Effect.Effect<TransportExchange, TransportFailure>) => void) {
    this.at = deadlineClock() + timeoutMillis
    this.controller = new AbortController()
    this.timeoutMillis = timeoutMillis
    this.resume = resume
  }

  /** Hands the outcome over, once; the deadline is dropped. */
  settle(outcome: Effect.Effect<TransportExchange, TransportFailure>): void {
    if (this.settled) return
    this.settled = true
    removeDeadline(this)
    this.resume(outcome)
  }

  /** The deadline passed: a `Timeout`, and the request aborted. */
  expire(): void {
    this.settle(Effect.fail(transportFailure("Timeout", `No response within ${this.timeoutMillis} ms`)))
    this.controller.abort()
  }

  /** The call was interrupted: no outcome, the deadline dropped, the request aborted. */
  cancel(): void {
    this.settled = true
    removeDeadline(this)
    this.controller.abort()
  }
}

/**
 * Sends with `fetchFunction`. Interrupting the effect aborts the fetch. A rejected fetch is
 * `NoResponse` (retried by the pipeline); a URL that cannot be parsed is `InvalidRequest`.
 */
export const makeFetchTransport = (fetchFunction?: FetchFunction): StackTransport["Service"] => {
  // Read `fetch` at call time, so a page or test that replaces the global is honoured.
  const fetchNow = (request: TransportRequest, signal: AbortSignal) =>
    (fetchFunction ?? globalThis.fetch)(request.url, initOf(request, signal))
  return {
    send: (request) =>
      Effect.tryPromise({ try: (signal) => fetchNow(request, signal), catch: (cause) => notAnswered(request, cause) }).pipe(
        Effect.map((response): TransportResponse => ({
          status: response.status,
          headers: headersOf(response),
          text: Effect.tryPromise({
            try: (signal) => readBody(response, request.maxResponseBytes, signal),
            catch: bodyBrokeOff
          }).pipe(Effect.flatMap((text) => typeof text === "string" ? Effect.succeed(text) : Effect.fail(text)))
        }))
      ),
    // One callback for the request, the body and the deadline: the per-call work of a fetch and little more.
    exchange: (request, timeoutMillis) =>
      Effect.callback<TransportExchange, TransportFailure>((resume) => {
        const exchange = new FetchExchange(timeoutMillis, resume)
        addDeadline(exchange)
        let pending: Promise<Response>
        try {
          pending = fetchNow(request, exchange.controller.signal)
        } catch (cause) {
          // A fetch function that throws instead of rejecting (some polyfills, a bad URL in some runtimes).
          exchange.settle(Effect.fail(notAnswered(request, cause)))
          return
        }
        pending.then(
          (response) => {
            const status = response.status
            const headers = headersOf(response)
            return readBody(response, request.maxResponseBytes, undefined).then(
              (body) => exchange.settle(Effect.succeed({ status, headers, body })),
              (cause) => exchange.settle(Effect.succeed({ status, headers, body: bodyBrokeOff(cause) }))
            )
          },
          (cause) => exchange.settle(Effect.fail(notAnswered(request, cause)))
        )
        return Effect.sync(() => exchange.cancel())
      })
  }
}

/**
 * The fetch transport as a Layer.
 *
 * @example
 * const live = layerCoreFetch({ projectId })       // or, by hand:
 * layerCoreOver({ projectId }).pipe(Layer.provide(layerFetchTransport()))
 */
export const layerFetchTransport = (fetchFunction?: FetchFunction): Layer.Layer<StackTransport> =>
  Layer.succeed(StackTransport, makeFetchTransport(fetchFunction))

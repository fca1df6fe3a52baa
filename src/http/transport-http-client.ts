/**
 * The transport over an Effect `HttpClient` (`FetchHttpClient.layer`, the emulator's in-process
 * client, a test fake, or an app's client with its own middleware and tracing).
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Headers from "effect/http/Headers"
import * as HttpClient from "effect/http/HttpClient"
import type * as HttpClientError from "effect/http/HttpClientError"
import type * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import { secretHeaderNames } from "./access.ts"
import * as Stream from "effect/Stream"
import {
  decodeChunks,
  noResponseReason,
  StackTransport,
  tooLarge,
  transportFailure,
  type TransportFailure,
  type TransportRequest
} from "./transport.ts"

const failureOf = (error: HttpClientError.HttpClientError): TransportFailure =>
  transportFailure(
    error.reason._tag === "TransportError" ? noResponseReason(error.reason.cause) : "InvalidRequest",
    error.reason.message,
    error.reason.cause
  )

/**
 * The body as text, failing with `TooLarge` as soon as its decoded bytes pass `maxBytes` (the stream
 * is then dropped).
 */
export const readBody = (
  response: HttpClientResponse.HttpClientResponse,
  maxBytes: number | undefined
): Effect.Effect<string, TransportFailure> => {
  const limit = maxBytes ?? Number.POSITIVE_INFINITY
  const length = Number(response.headers["content-length"] ?? Number.NaN)
  if (Number.isSafeInteger(length) && length > limit) return Effect.fail(tooLarge(limit))
  const chunks: Array<Uint8Array> = []
  let size = 0
  return response.stream.pipe(
    Stream.runForEach((chunk): Effect.Effect<void, TransportFailure> => {
      size += chunk.byteLength
      if (size > limit) return Effect.fail(tooLarge(limit))
      chunks.push(chunk)
      return Effect.void
    }),
    Effect.map(() => decodeChunks(chunks)),
    Effect.catch((error) =>
      error._tag === "TransportFailure"
        ? Effect.fail(error)
        // A response without a body (a 204, a bare 405) reads as empty text, as `response.text` does.
        : error.reason._tag === "EmptyBodyError"
        ? Effect.succeed("")
        : Effect.fail(transportFailure("BodyUnreadable", error.message, error.reason.cause))
    )
  )
}

const toHttpClientRequest = (request: TransportRequest): HttpClientRequest.HttpClientRequest => {
  const base = HttpClientRequest.make(request.method)(request.url).pipe(HttpClientRequest.setHeaders(request.headers))
  return request.body === undefined
    ? base
    : HttpClientRequest.bodyText(base, request.body.text, request.body.contentType)
}

/** A transport sending through `client`. */
export const transportFromHttpClient = (client: HttpClient.HttpClient): StackTransport["Service"] => ({
  send: (request) =>
    Effect.flatMap(Headers.CurrentRedactedNames, (redactedNames) =>
      client.execute(toHttpClientRequest(request)).pipe(
        Effect.map((response) => ({
          status: response.status,
          headers: response.headers,
          text: readBody(response, request.maxResponseBytes)
        })),
        Effect.mapError(failureOf),
        // The Stack API's CORS allow-list has no `b3` / `traceparent`: a browser preflight would fail.
        Effect.provideService(HttpClient.TracerPropagationEnabled, false),
        // Whatever records or renders these request headers (spans, logs) must not show the secrets.
        Effect.provideService(Headers.CurrentRedactedNames, [...redactedNames, ...secretHeaderNames])
      ))
})

/**
 * The transport over the `HttpClient` in context, as a Layer. A fresh layer per call: layers are
 * memoised by identity, and two apps with different clients must not share one transport.
 */
export const layerHttpClientTransport = (): Layer.Layer<StackTransport, never, HttpClient.HttpClient> =>
  Layer.effect(StackTransport, Effect.map(HttpClient.HttpClient, transportFromHttpClient))

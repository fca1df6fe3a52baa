/**
 * The transport over an Effect `HttpClient` (`FetchHttpClient.layer`, the emulator's in-process
 * client, a test fake, or an app's client with its own middleware and tracing).
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Headers from "effect/http/Headers"
import * as HttpClient from "effect/http/HttpClient"
import type * as HttpClientError from "effect/http/HttpClientError"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import { secretHeaderNames } from "./access.ts"
import { defaultMaxResponseBytes, StackTransport, transportFailure, type TransportFailure, type TransportRequest } from "./transport.ts"

const failureOf = (error: HttpClientError.HttpClientError): TransportFailure =>
  transportFailure(
    error.reason._tag === "TransportError" ? "NoResponse" : "InvalidRequest",
    error.reason.message,
    error.reason.cause
  )

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
          text: Number(response.headers["content-length"] ?? "") > defaultMaxResponseBytes
            ? Effect.fail(transportFailure("BodyTooLarge", `The response body is larger than ${defaultMaxResponseBytes} bytes`))
            : Effect.mapError(
              response.text,
              (error) => transportFailure("BodyUnreadable", error.message, error.reason.cause)
            ).pipe(Effect.filterOrFail(
              (text) => text.length <= defaultMaxResponseBytes,
              () => transportFailure("BodyTooLarge", `The response body is larger than ${defaultMaxResponseBytes} bytes`)
            ))
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

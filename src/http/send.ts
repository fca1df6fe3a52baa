/**
 * The request pipeline: one function that sends an `Endpoint` and turns whatever comes back into
 * either the decoded success value or exactly one typed error (PROTOCOL.md §3.5, §3.6).
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as HttpClient from "effect/http/HttpClient"
import type * as HttpClientError from "effect/http/HttpClientError"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import type * as HttpClientResponse from "effect/http/HttpClientResponse"
import { type AnyKnownErrorClass, decodeKnownError, type DecodedKnownError } from "../errors/decode.ts"
import { StackResponseError, StackTransportError } from "../errors/transport.ts"
import { headersFor, type ProjectKeys, type UserAllowances, type UserTokens } from "./access.ts"
import type { Endpoint } from "./endpoint.ts"
import { maxRetries, networkRetrySchedule } from "./retry.ts"

/** Where and as whom requests are sent. */
export interface PipelineConfig {
  /** The service's base URL without a trailing slash, e.g. `https://api.stack-auth.com`. */
  readonly baseUrl: string
  readonly keys: ProjectKeys
  readonly allowances?: UserAllowances | undefined
}

/** Every failure `send` can produce for an endpoint declaring `Errors`. */
export type SendError<Errors extends ReadonlyArray<AnyKnownErrorClass>> =
  | DecodedKnownError<Errors>
  | StackTransportError
  | StackResponseError

/** The API root: `{baseUrl}/api/v1`. */
export const apiRoot = (baseUrl: string): string => `${baseUrl.replace(/\/+$/, "")}/api/v1`

const excerpt = (text: string): string => text.length > 200 ? `${text.slice(0, 200)}…` : text

const buildRequest = (
  config: PipelineConfig,
  endpoint: Endpoint<unknown, ReadonlyArray<AnyKnownErrorClass>>,
  tokens: UserTokens
): HttpClientRequest.HttpClientRequest => {
  const url = `${apiRoot(config.baseUrl)}${endpoint.path}`
  let request = HttpClientRequest.make(endpoint.method)(url).pipe(HttpClientRequest.acceptJson)
  if (endpoint.level === "none") {
    request = HttpClientRequest.setHeader(request, "x-stack-override-error-status", "true")
  } else {
    request = HttpClientRequest.setHeaders(request, headersFor(endpoint.level, config.keys, tokens, config.allowances))
  }
  if (endpoint.query !== undefined && endpoint.query.length > 0) {
    request = HttpClientRequest.setUrlParams(request, endpoint.query)
  }
  const body = endpoint.body
  if (body?._tag === "Json") request = HttpClientRequest.bodyJsonUnsafe(request, body.value)
  if (body?._tag === "Form") request = HttpClientRequest.bodyUrlParams(request, body.fields)
  return request
}

/** The status the server meant: `x-stack-actual-status` when the override header rewrote it. */
const actualStatus = (response: HttpClientResponse.HttpClientResponse): number | undefined => {
  const header = response.headers["x-stack-actual-status"]
  if (header === undefined) return response.status
  const parsed = Number(header)
  return Number.isInteger(parsed) && parsed >= 100 && parsed <= 599 ? parsed : undefined
}

const parseJson = (text: string): Option.Option<unknown> => {
  try {
    return Option.some(JSON.parse(text))
  } catch {
    return Option.none()
  }
}

const interpret = <A, Errors extends ReadonlyArray<AnyKnownErrorClass>>(
  endpoint: Endpoint<A, Errors>,
  request: HttpClientRequest.HttpClientRequest,
  response: HttpClientResponse.HttpClientResponse
): Effect.Effect<A, SendError<Errors>> =>
  Effect.gen(function*() {
    const method = endpoint.method
    const url = request.url
    const responseError = (
      reason: StackResponseError["reason"],
      status: number,
      description: string,
      body: string
    ) => new StackResponseError({ method, url, status, reason, description, bodyExcerpt: excerpt(body) })

    const text = yield* response.text.pipe(
      Effect.mapError((error) =>
        responseError("EmptyBody", response.status, `The response body could not be read: ${error.message}`, "")
      )
    )
    const status = actualStatus(response)
    if (status === undefined) {
      return yield* responseError(
        "StatusCodeMismatch",
        response.status,
        `x-stack-actual-status is not an HTTP status: ${response.headers["x-stack-actual-status"] ?? ""}`,
        text
      )
    }
    const knownCode = response.headers["x-stack-known-error"]
    if (knownCode !== undefined) {
      const body = parseJson(text)
      if (Option.isNone(body)) {
        return yield* responseError("MalformedJson", status, `Known error ${knownCode} with a body that is not JSON`, text)
      }
      return yield* Effect.fail(decodeKnownError(endpoint.errors, { code: knownCode, status, body: body.value, method, url }))
    }
    if (status < 200 || status > 299) {
      const description = text.length > 0 ? `${status} ${excerpt(text)}` : `${status} with an empty body`
      return yield* responseError("UnexpectedStatus", status, description, text)
    }
    const reader = endpoint.response
    if (reader._tag === "Text") return reader.read(text)
    const contentType = response.headers["content-type"] ?? ""
    if (!contentType.toLowerCase().includes("application/json")) {
      return yield* responseError(
        "UnexpectedContentType",
        status,
        `Expected application/json, got ${contentType === "" ? "no content type" : contentType}`,
        text
      )
    }
    if (text.trim().length === 0) return yield* responseError("EmptyBody", status, "Expected a JSON body", text)
    const json = parseJson(text)
    if (Option.isNone(json)) return yield* responseError("MalformedJson", status, "The body is not valid JSON", text)
    return yield* Schema.decodeUnknownEffect(reader.schema)(json.value).pipe(
      Effect.mapError((error) => responseError("SchemaMismatch", status, error.message, text))
    )
  })

const isNoResponse = (error: HttpClientError.HttpClientError): boolean => error.reason._tag === "TransportError"

const transportError = (
  request: HttpClientRequest.HttpClientRequest,
  error: HttpClientError.HttpClientError,
  attempts: number,
  elapsedMillis: number
): StackTransportError => {
  const online = globalThis.navigator?.onLine
  return new StackTransportError({
    method: request.method,
    url: request.url,
    description: error.reason._tag === "TransportError"
      ? online === false
        ? "Failed to send the request: the device seems to be offline (navigator.onLine is false)."
        : "Unable to connect to the Stack Auth server. Check the base URL and your connection."
      : `The request could not be sent: ${error.reason.message}`,
    attempts,
    diagnostics: {
      cause: error.reason.message,
      elapsedMillis,
      ...(online === undefined ? {} : { online })
    }
  })
}

/**
 * Sends `endpoint` with `tokens` and decodes the answer. Fetches that get no response are retried on
 * the network schedule; every response, whatever its status, is final.
 */
export const send = <A, Errors extends ReadonlyArray<AnyKnownErrorClass>>(
  config: PipelineConfig,
  endpoint: Endpoint<A, Errors>,
  tokens: UserTokens
): Effect.Effect<A, SendError<Errors>, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    const request = buildRequest(config, endpoint, tokens)
    const started = yield* Clock.currentTimeMillis
    let attempts = 0
    const response = yield* Effect.suspend(() => {
      attempts++
      return client.execute(request)
    }).pipe(
      Effect.retry({ schedule: networkRetrySchedule, times: maxRetries, while: isNoResponse }),
      Effect.catch((error) =>
        Effect.flatMap(Clock.currentTimeMillis, (now) =>
          Effect.fail(transportError(request, error, attempts, now - started)))
      )
    )
    return yield* interpret(endpoint, request, response)
  })

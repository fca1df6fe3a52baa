/**
 * The request pipeline: one function that sends an `Endpoint` and turns whatever comes back into
 * either the decoded success value or exactly one typed error.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import { type AnyKnownErrorClass, decodeKnownError, type DecodedKnownError } from "../errors/decode.ts"
import { StackResponseError, StackTransportError } from "../errors/transport.ts"
import { headersFor, type ProjectKeys, type UserAllowances, type UserTokens } from "./access.ts"
import type { Endpoint } from "./endpoint.ts"
import { type ProjectRequestError, projectRequestErrors, withOptionHint } from "./project-errors.ts"
import { type DualHeader, type HeaderNames, readDualHeader, spellHeaders } from "./wire-names.ts"
import { maxRetries, networkRetrySchedule } from "./retry.ts"
import {
  StackTransport,
  transportFailure,
  type TransportFailure,
  type TransportRequest,
  type TransportResponse
} from "./transport.ts"

/** Where and as whom requests are sent. */
export interface PipelineConfig {
  /** The service's base URL without a trailing slash, e.g. `https://api.stack-auth.com`. */
  readonly baseUrl: string
  readonly keys: ProjectKeys
  readonly allowances?: UserAllowances | undefined
  /** Send the request headers as `x-stack-*` (default: every server version knows them) or `x-hexclave-*`. */
  readonly headerNames?: HeaderNames | undefined
}

/**
 * Every failure `send` can produce for an endpoint declaring `Errors`: those, the project errors any
 * request with project headers can meet (`projectRequestErrors`), and the transport and response
 * errors.
 */
export type SendError<Errors extends ReadonlyArray<AnyKnownErrorClass>> =
  | DecodedKnownError<Errors>
  | ProjectRequestError
  | StackTransportError
  | StackResponseError

/** The API root: `{baseUrl}/api/v1`. */
export const apiRoot = (baseUrl: string): string => `${baseUrl.replace(/\/+$/, "")}/api/v1`

const excerpt = (text: string): string => text.length > 200 ? `${text.slice(0, 200)}…` : text

/** Names of body fields whose values are credentials (refresh tokens, client secrets, passwords, codes). */
const secretFieldName = /token|secret|password|key|code|verifier|nonce/i

/** Values shorter than this are not hidden: they could be ordinary words of a message. */
const minSecretLength = 8

const collectBodySecrets = (value: unknown, name: string, into: Array<string>, depth: number): void => {
  if (depth > 8) return
  if (typeof value === "string") {
    if (secretFieldName.test(name)) into.push(value)
  } else if (Array.isArray(value)) {
    for (const item of value) collectBodySecrets(item, name, into, depth + 1)
  } else if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) collectBodySecrets(item, key, into, depth + 1)
  }
}

/**
 * Every credential one request carries in clear: the app's keys, the user's tokens and the values
 * of credential-named body fields. A response may echo any of them (a debugging proxy, a server
 * that quotes the input); errors must not, so the pipeline hides these exact strings from
 * whatever it puts into an error, on top of the pattern-based scrubbing of the error classes.
 */
const secretsOf = (
  config: PipelineConfig,
  endpoint: Endpoint<unknown, ReadonlyArray<AnyKnownErrorClass>>,
  tokens: UserTokens
): ReadonlyArray<string> => {
  const { adminAccessToken, publishableClientKey, secretServerKey, superSecretAdminKey } = config.keys
  const found: Array<string> = []
  for (const key of [publishableClientKey, secretServerKey, superSecretAdminKey, adminAccessToken]) {
    if (key !== undefined) found.push(Redacted.value(key))
  }
  for (const token of [tokens.accessToken, tokens.refreshToken]) {
    if (Option.isSome(token)) found.push(Redacted.value(token.value))
  }
  const body = endpoint.body
  if (body?._tag === "Form") {
    for (const [name, value] of body.fields) collectBodySecrets(value, name, found, 0)
  }
  if (body?._tag === "Json") collectBodySecrets(body.value, "", found, 0)
  // Longest first, so a secret containing another one is hidden whole.
  return [...new Set(found.filter((secret) => secret.length >= minSecretLength))].sort((a, b) => b.length - a.length)
}

const hideSecrets = (secrets: ReadonlyArray<string>, text: string): string =>
  secrets.reduce((hidden, secret) => hidden.split(secret).join("<redacted>"), text)

/** A request as it goes on the wire, or why it cannot (a body JSON cannot represent). */
const buildRequest = (
  config: PipelineConfig,
  endpoint: Endpoint<unknown, ReadonlyArray<AnyKnownErrorClass>>,
  tokens: UserTokens
): TransportRequest | TransportFailure => {
  const query = endpoint.query !== undefined && endpoint.query.length > 0
    ? `?${new URLSearchParams(endpoint.query.map(([name, value]) => [name, value]))}`
    : ""
  const headers = spellHeaders(
    endpoint.level === "none"
      ? { "x-stack-override-error-status": "true" }
      : headersFor(endpoint.level, config.keys, tokens, config.allowances),
    config.headerNames
  )
  const request = {
    method: endpoint.method,
    url: `${apiRoot(config.baseUrl)}${endpoint.path}${query}`,
    headers: { accept: "application/json", ...headers }
  }
  const body = endpoint.body
  if (body?._tag === "Form") {
    const text = new URLSearchParams(body.fields.map(([name, value]) => [name, value])).toString()
    return { ...request, body: { contentType: "application/x-www-form-urlencoded", text } }
  }
  if (body?._tag === "Json") {
    try {
      return { ...request, body: { contentType: "application/json", text: JSON.stringify(body.value) } }
    } catch (cause) {
      return transportFailure("InvalidRequest", "The request body cannot be written as JSON", cause)
    }
  }
  return request
}

/** The status the server meant: `x-hexclave-actual-status` (or `x-stack-`) when the override rewrote it. */
const actualStatus = (header: DualHeader, response: TransportResponse): number | undefined => {
  if (header._tag === "Absent") return response.status
  if (header._tag === "Conflict") return undefined
  const parsed = Number(header.value)
  return Number.isInteger(parsed) && parsed >= 100 && parsed <= 599 ? parsed : undefined
}

const describeHeader = (name: string, header: DualHeader): string =>
  header._tag === "Conflict"
    ? `x-hexclave-${name} (${header.hexclave}) and x-stack-${name} (${header.stack}) disagree`
    : `x-stack-${name} is not an HTTP status: ${header._tag === "Present" ? header.value : ""}`

/** The URLs a request body sends (`callback_url`, `verification_callback_url`, `redirect_url`, ...). */
const sentUrls = (endpoint: Endpoint<unknown, ReadonlyArray<AnyKnownErrorClass>>): ReadonlyArray<string> => {
  const body = endpoint.body
  const fields: ReadonlyArray<readonly [string, unknown]> = body?._tag === "Form"
    ? body.fields
    : body?._tag === "Json" && typeof body.value === "object" && body.value !== null
    ? Object.entries(body.value)
    : []
  const query = endpoint.query ?? []
  return [...fields, ...query].flatMap(([name, value]) => /url$/i.test(name) && typeof value === "string" ? [value] : [])
}

/**
 * A known error's body with what the user needs to fix it: the option to check (see
 * `withOptionHint`), and the URL a `REDIRECT_URL_NOT_WHITELISTED` refused.
 */
const hintedBody = (code: string, body: unknown, endpoint: Endpoint<unknown, ReadonlyArray<AnyKnownErrorClass>>): unknown => {
  if (typeof body !== "object" || body === null || !("error" in body) || typeof body.error !== "string") return body
  const urls = code === "REDIRECT_URL_NOT_WHITELISTED" ? sentUrls(endpoint) : []
  const refused = urls.length === 0 ? "" : ` (the URL sent: ${urls.join(", ")}; add its domain to the project's trusted domains)`
  return { ...body, error: `${withOptionHint(code, body.error)}${refused}` }
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
  url: string,
  response: TransportResponse,
  secrets: ReadonlyArray<string>
): Effect.Effect<A, SendError<Errors>> =>
  Effect.gen(function*() {
    const method = endpoint.method
    const responseError = (
      reason: StackResponseError["reason"],
      status: number,
      description: string,
      body: string
    ) =>
      new StackResponseError({
        method,
        url,
        status,
        reason,
        description: hideSecrets(secrets, description),
        bodyExcerpt: excerpt(hideSecrets(secrets, body))
      })

    const text = yield* response.text.pipe(
      Effect.mapError((error) =>
        error.reason === "BodyTooLarge"
          ? responseError("BodyTooLarge", response.status, error.message, "")
          : responseError("TruncatedBody", response.status, `The response body broke off while it was read: ${error.message}`, "")
      )
    )
    const statusHeader = readDualHeader(response.headers, "actual-status")
    const status = actualStatus(statusHeader, response)
    if (status === undefined) {
      return yield* responseError("StatusCodeMismatch", response.status, describeHeader("actual-status", statusHeader), text)
    }
    const knownHeader = readDualHeader(response.headers, "known-error")
    if (knownHeader._tag === "Conflict") {
      return yield* responseError("KnownErrorHeaderMismatch", status, describeHeader("known-error", knownHeader), text)
    }
    if (knownHeader._tag === "Present") {
      const knownCode = knownHeader.value
      // The error keeps what the server said (message, details), minus any credential it echoed.
      const body = parseJson(hideSecrets(secrets, text))
      if (Option.isNone(body)) {
        return yield* responseError("MalformedJson", status, `Known error ${knownCode} with a body that is not JSON`, text)
      }
      // Calls with project headers can meet the project errors too (the token endpoint sends none).
      const expected = endpoint.level === "none" ? endpoint.errors : [...endpoint.errors, ...projectRequestErrors]
      return yield* Effect.fail(decodeKnownError(expected, { code: knownCode, status, body: hintedBody(knownCode, body.value, endpoint), method, url }))
    }
    if (status < 200 || status > 299) {
      const description = text.length > 0 ? `${status} ${excerpt(hideSecrets(secrets, text))}` : `${status} with an empty body`
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

const isNoResponse = (failure: TransportFailure): boolean => failure.reason === "NoResponse"

/**
 * The runtime's own words for a failed fetch: the transport's message plus the chain of causes
 * (`TypeError: fetch failed` → `Error: connect ECONNREFUSED 127.0.0.1:8102`), at most three deep.
 */
const describeFailure = (failure: TransportFailure): string => {
  const parts = [failure.message]
  let cause: unknown = failure.cause
  for (let depth = 0; depth < 3 && cause instanceof Error; depth++) {
    parts.push(`${cause.name}: ${cause.message}`)
    cause = cause.cause
  }
  return parts.join(" ← ")
}

const transportError = (
  method: string,
  url: string,
  failure: TransportFailure,
  attempts: number,
  elapsedMillis: number,
  secrets: ReadonlyArray<string>
): StackTransportError => {
  const online = globalThis.navigator?.onLine
  return new StackTransportError({
    method,
    url,
    description: failure.reason === "NoResponse"
      ? online === false
        ? "Failed to send the request: the device seems to be offline (navigator.onLine is false)."
        : "Unable to connect to the Stack Auth server. Check the base URL and your connection."
      : `The request could not be sent: ${hideSecrets(secrets, failure.message)}`,
    attempts,
    diagnostics: {
      cause: hideSecrets(secrets, describeFailure(failure)),
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
): Effect.Effect<A, SendError<Errors>, StackTransport> =>
  Effect.gen(function*() {
    const transport = yield* StackTransport
    // Errors name the endpoint without its query string, which may carry user input.
    const url = `${apiRoot(config.baseUrl)}${endpoint.path}`
    const secrets = secretsOf(config, endpoint, tokens)
    const started = yield* Clock.currentTimeMillis
    const request = buildRequest(config, endpoint, tokens)
    let attempts = 0
    const response = yield* ("_tag" in request
      ? Effect.fail(request)
      : Effect.suspend(() => {
        attempts++
        return transport.send(request)
      })).pipe(
        Effect.retry({ schedule: networkRetrySchedule, times: maxRetries, while: isNoResponse }),
        Effect.catch((failure) =>
          Effect.flatMap(Clock.currentTimeMillis, (now) =>
            Effect.fail(transportError(endpoint.method, url, failure, attempts, now - started, secrets)))
        )
      )
    return yield* interpret(endpoint, url, response, secrets)
  })

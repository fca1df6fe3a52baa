/**
 * The request pipeline: one function that sends an `Endpoint` and turns whatever comes back into
 * either the decoded success value or exactly one typed error.
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Schedule from "effect/Schedule"
import { type AnyKnownErrorClass, type DecodedKnownError, decodeKnownErrorWith } from "../errors/decode.ts"
import { mapStrings, scrubSecrets, StackRateLimitedError, StackResponseError, StackTransportError } from "../errors/transport.ts"
import { headersFor, type ProjectKeys, type UserAllowances, type UserTokens } from "./access.ts"
import type { Endpoint } from "./endpoint.ts"
import { type ProjectErrorClass, withOptionHint } from "./project-errors.ts"
import { millisOf, parseRetryAfter, type RequestPolicy, resolvePolicy, StackRequestPolicy } from "./retry.ts"
import { type DualHeader, type HeaderNames, readDualHeader, spellHeaders } from "./wire-names.ts"
import {
  StackTransport,
  transportFailure,
  type TransportExchange,
  type TransportFailure,
  type TransportRequest,
  type TransportResponse
} from "./transport.ts"

/**
 * Where and as whom requests are sent. `P` is the project-error classes the app's access level can
 * meet (`clientProjectErrors`, `serverProjectErrors`, `adminProjectErrors`).
 */
export interface PipelineConfig<P extends AnyKnownErrorClass = ProjectErrorClass> {
  /** The service's base URL without a trailing slash, e.g. `https://api.stack-auth.com`. */
  readonly baseUrl: string
  readonly keys: ProjectKeys
  readonly allowances?: UserAllowances | undefined
  /** Send the request headers as `x-stack-*` (default: every server version knows them) or `x-hexclave-*`. */
  readonly headerNames?: HeaderNames | undefined
  /** The client's request policy (timeouts, retry, size cap); per-call `StackRequestPolicy` overrides it. */
  readonly requestPolicy?: Partial<RequestPolicy> | undefined
  /**
   * The project errors requests of this app can meet (`projectRequestErrors`, or the client
   * subset), decoded on every call but the token endpoint's.
   */
  readonly projectErrors?: ReadonlyArray<P> | undefined
}

/**
 * Every failure `send` can produce for an endpoint declaring `Errors`: those, the project errors any
 * request with project headers can meet (`projectRequestErrors`), and the transport and response
 * errors.
 */
export type SendError<Errors extends ReadonlyArray<AnyKnownErrorClass>, P extends AnyKnownErrorClass = ProjectErrorClass> =
  | DecodedKnownError<Errors>
  | P["Type"]
  | StackTransportError
  | StackResponseError
  | StackRateLimitedError

/** The API root: `{baseUrl}/api/v1`. */
export const apiRoot = (baseUrl: string): string => `${baseUrl.replace(/\/+$/, "")}/api/v1`

// The base URL seen last and its API root, or undefined when it does not parse: a program mostly
// talks to one, and parsing it for every request cost a visible share of a call.
let lastBase = ""
let lastRoot: string | undefined

/** `apiRoot(baseUrl)`, or undefined when `baseUrl` is not a URL (a path appended to one that parses still parses). */
const requestRoot = (baseUrl: string): string | undefined => {
  if (baseUrl !== lastBase) {
    lastRoot = URL.canParse(baseUrl) ? apiRoot(baseUrl) : undefined
    lastBase = baseUrl
  }
  return lastRoot
}

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
  config: PipelineConfig<AnyKnownErrorClass>,
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
  config: PipelineConfig<AnyKnownErrorClass>,
  endpoint: Endpoint<unknown, ReadonlyArray<AnyKnownErrorClass>>,
  tokens: UserTokens,
  url: string,
  maxResponseBytes: number
): TransportRequest | TransportFailure => {
  const query = endpoint.query !== undefined && endpoint.query.length > 0
    ? `?${new URLSearchParams(endpoint.query.map(([name, value]) => [name, value]))}`
    : ""
  const headers = spellHeaders(
    endpoint.level === "none"
      ? { "x-stack-override-error-status": "true" }
      : headersFor(
        endpoint.level,
        config.keys,
        tokens,
        endpoint.allowAnonymousUser === true ? { ...config.allowances, allowAnonymousUser: true } : config.allowances
      ),
    config.headerNames
  )
  headers.accept = "application/json"
  const body = endpoint.body
  let sent: TransportRequest["body"]
  if (body?._tag === "Form") {
    sent = {
      contentType: "application/x-www-form-urlencoded",
      text: new URLSearchParams(body.fields.map(([name, value]) => [name, value])).toString()
    }
  } else if (body?._tag === "Json") {
    try {
      sent = { contentType: "application/json", text: JSON.stringify(body.value) }
    } catch (cause) {
      return transportFailure("InvalidRequest", "The request body cannot be written as JSON", cause)
    }
  }
  return { method: endpoint.method, url: `${url}${query}`, headers, body: sent, maxResponseBytes }
}

/** The status the server meant: `x-hexclave-actual-status` (or `x-stack-`) when the override rewrote it. */
const actualStatusOf = (header: DualHeader, response: { readonly status: number }): number | undefined => {
  if (header._tag === "Absent") return response.status
  if (header._tag === "Conflict") return undefined
  const parsed = Number(header.value)
  return Number.isInteger(parsed) && parsed >= 100 && parsed <= 599 ? parsed : undefined
}

/** The actual-status header of a response, read under both names. */
const statusHeaderOf = (received: Received): DualHeader => readDualHeader(received.headers, "actual-status")

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

/** What one attempt brought back: the status, the headers and the body, or why the body could not be read. */
type Received = TransportExchange

const noCatalogue = (): undefined => undefined

/**
 * The catalogue's code → statuses lookup, from a chunk of its own (a browser app loads it only when
 * the service answers a code the call does not declare). Should the chunk fail to load (offline),
 * such a code is an `UnsupportedError` carrying the code, message and status the service sent.
 */
const catalogueLookup: Effect.Effect<(code: string) => ReadonlyArray<number> | undefined> = Effect.tryPromise(() => import("../errors/codes.ts")).pipe(
  Effect.map((codes) => codes.catalogueStatusesOf),
  Effect.orElseSucceed(() => (_code: string) => undefined)
)

/** Where the request's credentials are found when an error needs them (a call collects them only then). */
interface SecretsSource {
  readonly secrets: () => ReadonlyArray<string>
}

/**
 * `text` with the request's credentials and anything that looks like one hidden. Secrets are
 * hidden from the whole text before anything is cut from it: a cut through a secret would leave a
 * fragment that neither the exact nor the pattern match recognises.
 */
const visible = (secrets: SecretsSource, text: string): string => scrubSecrets(hideSecrets(secrets.secrets(), text))

/** A response error, with every credential of the request hidden from what it quotes. */
const responseError = (
  method: string,
  url: string,
  secrets: SecretsSource,
  reason: StackResponseError["reason"],
  status: number,
  description: string,
  body: string
) =>
  Effect.fail(
    new StackResponseError({
      method,
      url,
      status,
      reason,
      description: visible(secrets, description),
      bodyExcerpt: excerpt(visible(secrets, body))
    })
  )

const interpret = <A, Errors extends ReadonlyArray<AnyKnownErrorClass>, P extends AnyKnownErrorClass>(
  endpoint: Endpoint<A, Errors>,
  projectErrors: ReadonlyArray<P>,
  url: string,
  received: Received,
  secrets: SecretsSource,
  // Read by the caller when it already looked at it (the retry decision), else here.
  statusHeader: DualHeader = statusHeaderOf(received)
): Effect.Effect<A, SendError<Errors, P>> => {
  const method = endpoint.method
  if (typeof received.body !== "string") {
    const failure = received.body
    return failure.reason === "TooLarge"
      ? responseError(method, url, secrets, "TooLarge", received.status, failure.message, "")
      : responseError(method, url, secrets, "Truncated", received.status, `The response body broke off while being read: ${failure.message}`, "")
  }
  const text = received.body
  const status = actualStatusOf(statusHeader, received)
  if (status === undefined) {
    return responseError(method, url, secrets, "StatusCodeMismatch", received.status, describeHeader("actual-status", statusHeader), text)
  }
  const knownHeader = readDualHeader(received.headers, "known-error")
  if (knownHeader._tag === "Conflict") {
    return responseError(method, url, secrets, "KnownErrorHeaderMismatch", status, describeHeader("known-error", knownHeader), text)
  }
  if (knownHeader._tag === "Present") {
    const knownCode = knownHeader.value
    // The error keeps what the server said (message, details), minus any credential it echoed.
    const body = parseJson(hideSecrets(secrets.secrets(), text))
    if (Option.isNone(body)) {
      return responseError(method, url, secrets, "MalformedJson", status, `Known error ${knownCode} with a body that is not JSON`, text)
    }
    // Calls with project headers can meet the project errors too (the token endpoint sends none).
    const expected = endpoint.level === "none" ? endpoint.errors : [...endpoint.errors, ...projectErrors]
    const report = { code: knownCode, status, body: hintedBody(knownCode, body.value, endpoint), method, url }
    // The catalogue's code table is needed only for a code the call does not declare: loaded then.
    return expected.some((known) => known.code === knownCode)
      ? Effect.fail(decodeKnownErrorWith(expected, report, noCatalogue))
      : Effect.flatMap(catalogueLookup, (statusesOf) => Effect.fail(decodeKnownErrorWith(expected, report, statusesOf)))
  }
  if (status < 200 || status > 299) {
    const description = text.length > 0 ? `${status} ${excerpt(visible(secrets, text))}` : `${status} with an empty body`
    return responseError(method, url, secrets, "UnexpectedStatus", status, description, text)
  }
  const reader = endpoint.response
  if (reader._tag === "Text") return Effect.succeed(reader.read(text))
  const contentType = received.headers["content-type"] ?? ""
  if (!contentType.toLowerCase().includes("application/json")) {
    const got = contentType === "" ? "no content type" : contentType
    return responseError(method, url, secrets, "UnexpectedContentType", status, `Expected application/json, got ${got}`, text)
  }
  const json = parseJson(text)
  if (Option.isNone(json)) {
    return text.trim().length === 0
      ? responseError(method, url, secrets, "EmptyBody", status, "Expected a JSON body", text)
      : responseError(method, url, secrets, "MalformedJson", status, "The body is not valid JSON", text)
  }
  const decoded = reader.read(json.value)
  return decoded._tag === "Success"
    ? Effect.succeed(decoded.success)
    : schemaMismatch(method, url, secrets, status, decoded.failure.message, json.value)
}

/**
 * A successful answer the schema cannot read. It may be the answer that hands out credentials (a
 * sign-in's tokens under a name or type the SDK does not expect), and nothing tells which string is
 * one: the excerpt shows the body's shape without its strings, and the schema's description has
 * every string of the body hidden.
 */
const schemaMismatch = (
  method: string,
  url: string,
  secrets: SecretsSource,
  status: number,
  description: string,
  body: unknown
) => {
  const strings: Array<string> = []
  const shape = JSON.stringify(mapStrings(body, (text) => {
    if (text.length >= minSecretLength) strings.push(text)
    return "<string>"
  }, String))
  // Longest first, so that no string hides part of a longer one and leaves the rest.
  return responseError(method, url, secrets, "SchemaMismatch", status, hideSecrets(strings.sort((a, b) => b.length - a.length), description), shape)
}

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
  const reason = failure.reason === "Timeout" || failure.reason === "InvalidRequest" ? failure.reason : "NoResponse"
  return new StackTransportError({
    method,
    url,
    reason,
    description: reason === "Timeout"
      ? `${failure.message} (${attempts} attempt${attempts === 1 ? "" : "s"} in ${elapsedMillis} ms)`
      : reason === "NoResponse"
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

/** A 429, or a 502/503/504 to a read: the server did not act on the request, so it may be sent again. */
class RetryableStatus {
  readonly _tag = "RetryableStatus"
  // Fields set by the constructor are declared only (no class-field initialisers to emit and run).
  declare readonly status: number
  declare readonly retryAfterMillis: number | undefined
  declare readonly received: Received
  declare readonly deadlineAt: number
  constructor(status: number, retryAfterMillis: number | undefined, received: Received, deadlineAt: number) {
    this.status = status
    this.retryAfterMillis = retryAfterMillis
    this.received = received
    this.deadlineAt = deadlineAt
  }
}

/** An attempt without a usable response; `final` when the call's deadline has passed. */
class AttemptFailed {
  readonly _tag = "AttemptFailed"
  declare readonly failure: TransportFailure
  declare readonly deadlineAt: number
  declare readonly final: boolean
  constructor(failure: TransportFailure, deadlineAt: number, final: boolean) {
    this.failure = failure
    this.deadlineAt = deadlineAt
    this.final = final
  }
}

type AttemptFailure = AttemptFailed | RetryableStatus

/** Calls whose repetition changes nothing on the server: reads, and endpoints marked idempotent. */
const isIdempotent = (endpoint: Endpoint<unknown, ReadonlyArray<AnyKnownErrorClass>>): boolean =>
  endpoint.method === "GET" || endpoint.idempotent === true

const gatewayStatuses: ReadonlySet<number> = new Set([502, 503, 504])

/**
 * Whether a failed attempt may be sent again: surely never sent, a read that got no answer, or a
 * status that says the server did not act. Never a write that may have reached the server.
 */
const mayRetry = (idempotent: boolean) => (failure: AttemptFailure): boolean => {
  if (failure._tag === "RetryableStatus") return true
  if (failure.final) return false
  switch (failure.failure.reason) {
    case "NotSent":
      return true
    case "NoResponse":
    case "Timeout":
      return idempotent
    default:
      return false
  }
}

/** Effect's live clock, whose sleeps are the platform's timers (the default of `Clock.Clock`). */
let liveClock: Clock.Clock | undefined
const isLiveClock = (clock: Clock.Clock): boolean => clock === (liveClock ??= Context.getUnsafe(Context.empty(), Clock.Clock))

/** Reads the whole body of a response `send` delivered. */
const readAll = (response: TransportResponse): Effect.Effect<Received> =>
  Effect.match(response.text, {
    onSuccess: (body): Received => ({ status: response.status, headers: response.headers, body }),
    onFailure: (body): Received => ({ status: response.status, headers: response.headers, body })
  })

/**
 * One call on its way: what every attempt needs, and how many were made. A class, so the per-call
 * state is one object and its steps are shared methods rather than closures made anew per call.
 */
class Call {
  attempts = 0
  private secretsFound: ReadonlyArray<string> | undefined
  // Fields set by the constructor are declared only (no class-field initialisers to emit and run).
  declare readonly started: number
  declare readonly deadlineAt: number
  declare readonly attemptMillis: number
  declare readonly deadlineMillis: number
  declare readonly idempotent: boolean
  /** Whether the attempt under way is limited by what is left of the call's deadline (its timeout is later). */
  private byDeadline = false
  declare readonly transport: StackTransport["Service"]
  declare readonly config: PipelineConfig<AnyKnownErrorClass>
  declare readonly endpoint: Endpoint<unknown, ReadonlyArray<AnyKnownErrorClass>>
  declare readonly tokens: UserTokens
  declare readonly policy: RequestPolicy
  declare readonly clock: Clock.Clock
  declare readonly url: string
  declare readonly request: TransportRequest
  constructor(
    transport: StackTransport["Service"],
    config: PipelineConfig<AnyKnownErrorClass>,
    endpoint: Endpoint<unknown, ReadonlyArray<AnyKnownErrorClass>>,
    tokens: UserTokens,
    policy: RequestPolicy,
    clock: Clock.Clock,
    url: string,
    request: TransportRequest
  ) {
    this.transport = transport
    this.config = config
    this.endpoint = endpoint
    this.tokens = tokens
    this.policy = policy
    this.clock = clock
    this.url = url
    this.request = request
    this.started = clock.currentTimeMillisUnsafe()
    this.attemptMillis = millisOf(policy.attemptTimeout)
    this.deadlineMillis = millisOf(policy.deadline)
    this.deadlineAt = this.started + this.deadlineMillis
    this.idempotent = isIdempotent(endpoint)
  }

  /** The request's credentials, collected only when an error needs them: a successful call never looks. */
  secrets(): ReadonlyArray<string> {
    return (this.secretsFound ??= secretsOf(this.config, this.endpoint, this.tokens))
  }

  pastDeadline(): AttemptFailed {
    return new AttemptFailed(transportFailure("Timeout", `The call's deadline of ${this.deadlineMillis} ms passed`), this.deadlineAt, true)
  }

  attemptTimedOut(): AttemptFailed {
    return new AttemptFailed(transportFailure("Timeout", `No response within ${this.attemptMillis} ms`), this.deadlineAt, false)
  }

  /**
   * Starts an attempt (counted) and gives its time limit: its timeout, or what is left of the call's
   * deadline when that is sooner; undefined once the deadline has passed.
   */
  startAttempt(): number | undefined {
    const remaining = this.deadlineAt - this.clock.currentTimeMillisUnsafe()
    if (remaining <= 0) return undefined
    this.attempts++
    this.byDeadline = remaining < this.attemptMillis
    return this.byDeadline ? remaining : this.attemptMillis
  }

  /** The attempt under way ran out of time: its own timeout, or the call's deadline. */
  timedOut(): AttemptFailed {
    return this.byDeadline ? this.pastDeadline() : this.attemptTimedOut()
  }

  /** A 429, or a 502/503/504 to a read: the failure that lets the schedule send it again; else undefined. */
  retryableFailure(received: Received, statusHeader: DualHeader = statusHeaderOf(received)): RetryableStatus | undefined {
    const status = actualStatusOf(statusHeader, received) ?? received.status
    if (status !== 429 && !(gatewayStatuses.has(status) && this.idempotent)) return undefined
    const retryAfter = status === 429 || status === 503
      ? parseRetryAfter(received.headers["retry-after"], this.clock.currentTimeMillisUnsafe(), millisOf(this.policy.maxRetryAfter))
      : undefined
    return new RetryableStatus(status, retryAfter, received, this.deadlineAt)
  }

  /** The native exchange's failure as the attempt's (it says `Timeout` when it timed the attempt out). */
  attemptFailure(failure: TransportFailure): AttemptFailed {
    return failure.reason === "Timeout" ? this.timedOut() : new AttemptFailed(failure, this.deadlineAt, false)
  }

  /** One attempt, from now: under its timeout, or what is left of the call's deadline when that is sooner. */
  attempt(): Effect.Effect<Received, AttemptFailure> {
    const timeoutMillis = this.startAttempt()
    if (timeoutMillis === undefined) return Effect.fail(this.pastDeadline())
    // The first attempt on the live clock went through the transport's own exchange (`sendVia`);
    // this one races the clock's sleep, whatever the clock.
    return this.transport.send(this.request).pipe(
      Effect.flatMap(readAll),
      Effect.mapError((failure) => new AttemptFailed(failure, this.deadlineAt, false)),
      Effect.timeoutOrElse({ duration: timeoutMillis, orElse: () => Effect.fail(this.timedOut()) }),
      Effect.flatMap((received) => {
        const failure = this.retryableFailure(received)
        return failure === undefined ? Effect.succeed(received) : Effect.fail(failure)
      })
    )
  }

  /**
   * After a failed first attempt: the retry machinery starts only now, its schedule first stepped
   * with that failure, exactly as if the call had been retried from the start.
   */
  retryOrGiveUp(first: AttemptFailure): Effect.Effect<Received, StackTransportError | StackRateLimitedError> {
    const retryable = mayRetry(this.idempotent)
    if (!retryable(first)) return this.giveUp(first)
    // The policy's schedule stepped by hand (what `Effect.retry` does, in less code): each retryable
    // failure is its input; a `Retry-After` the server sent replaces the wait it computed, and no
    // wait runs past the call's deadline (the attempt after it then fails at once with `Timeout`).
    return Effect.flatMap(Schedule.toStep(this.policy.retrySchedule), (step) => {
      const retry = (failure: AttemptFailure): Effect.Effect<Received, StackTransportError | StackRateLimitedError> =>
        Effect.matchEffect(step(this.clock.currentTimeMillisUnsafe(), failure), {
          // The schedule is done: the last failure is the answer.
          onFailure: () => this.giveUp(failure),
          onSuccess: ([, delay]) => {
            const wait = failure._tag === "RetryableStatus" && failure.retryAfterMillis !== undefined
              ? failure.retryAfterMillis
              : Duration.toMillis(delay)
            const waitMillis = Math.max(0, Math.min(wait, failure.deadlineAt - this.clock.currentTimeMillisUnsafe()))
            return Effect.flatMap(
              Effect.sleep(waitMillis),
              () => Effect.catch(this.attempt(), (next) => retryable(next) ? retry(next) : this.giveUp(next))
            )
          }
        })
      return retry(first)
    })
  }

  giveUp(failure: AttemptFailure): Effect.Effect<Received, StackTransportError | StackRateLimitedError> {
    const { method } = this.endpoint
    if (failure._tag === "AttemptFailed") {
      const elapsed = this.clock.currentTimeMillisUnsafe() - this.started
      return Effect.fail(transportError(method, this.url, failure.failure, this.attempts, elapsed, this.secrets()))
    }
    if (failure.status === 429) {
      const retryAfter = failure.retryAfterMillis === undefined ? {} : { retryAfterMillis: failure.retryAfterMillis }
      return Effect.fail(new StackRateLimitedError({ method, url: this.url, attempts: this.attempts, ...retryAfter }))
    }
    // A gateway error past the last attempt is read like any other response.
    return Effect.succeed(failure.received)
  }
}

/** After a failed or retryable first attempt: the retries (or giving up), then the answer read. */
const retried = <A, Errors extends ReadonlyArray<AnyKnownErrorClass>, P extends AnyKnownErrorClass>(
  call: Call,
  failure: AttemptFailure,
  endpoint: Endpoint<A, Errors>,
  projectErrors: ReadonlyArray<P>,
  url: string
): Effect.Effect<A, SendError<Errors, P>> =>
  Effect.flatMap(call.retryOrGiveUp(failure), (received) => interpret(endpoint, projectErrors, url, received, call))

/**
 * Sends `endpoint` with `tokens` and decodes the answer. Each attempt has a timeout and the call a
 * deadline (a `Timeout` transport error, the fetch aborted); safe failures are retried on the
 * policy's schedule (see {@link RequestPolicy}), `Retry-After` honoured; a 429 past the last attempt
 * is a `StackRateLimitedError`.
 */
export const send = <A, Errors extends ReadonlyArray<AnyKnownErrorClass>, P extends AnyKnownErrorClass>(
  config: PipelineConfig<P>,
  endpoint: Endpoint<A, Errors>,
  tokens: UserTokens
): Effect.Effect<A, SendError<Errors, P>, StackTransport> =>
  Effect.flatMap(StackTransport, (transport) => sendVia(transport, config, endpoint, tokens))

/** {@link send} through `transport`, for runtimes that hold their transport (no context lookup per call). */
export const sendVia = <A, Errors extends ReadonlyArray<AnyKnownErrorClass>, P extends AnyKnownErrorClass>(
  transport: StackTransport["Service"],
  config: PipelineConfig<P>,
  endpoint: Endpoint<A, Errors>,
  tokens: UserTokens
): Effect.Effect<A, SendError<Errors, P>> =>
  // One look at the fiber for the policy and the clock: a call costs few effects.
  Effect.withFiber((fiber) => {
    const policy = resolvePolicy(config.requestPolicy, fiber.getRef(StackRequestPolicy))
    // Errors name the endpoint without its query string, which may carry user input.
    const root = requestRoot(config.baseUrl)
    const url = `${root ?? apiRoot(config.baseUrl)}${endpoint.path}`
    const request = root === undefined
      ? transportFailure("InvalidRequest", `Invalid URL: ${url}`)
      : buildRequest(config, endpoint, tokens, url, policy.maxResponseBytes)
    if ("_tag" in request) {
      return Effect.fail(transportError(endpoint.method, url, request, 0, 0, secretsOf(config, endpoint, tokens)))
    }
    const clock = fiber.getRef(Clock.Clock)
    const call = new Call(transport, config, endpoint, tokens, policy, clock, url, request)
    const projectErrors = config.projectErrors ?? []
    // On the live clock a transport that times itself out does it with one timer and no extra
    // fiber; otherwise the attempt races the clock's own sleep (a TestClock decides when time passes).
    const native = transport.exchange
    if (native === undefined || !isLiveClock(clock)) {
      return Effect.flatMap(
        Effect.catch(call.attempt(), (failure) => call.retryOrGiveUp(failure)),
        (received) => interpret(endpoint, projectErrors, url, received, call)
      )
    }
    // The usual case, one exchange on the live clock, in one step: its answer read at once (its
    // status header looked at once), the retry machinery reached only from a failed or retryable
    // attempt (no closure is made for it on the way).
    const timeoutMillis = call.startAttempt()
    if (timeoutMillis === undefined) return retried(call, call.pastDeadline(), endpoint, projectErrors, url)
    return Effect.matchEffect(native(request, timeoutMillis), {
      onFailure: (failure) => retried(call, call.attemptFailure(failure), endpoint, projectErrors, url),
      onSuccess: (received) => {
        const statusHeader = statusHeaderOf(received)
        const retryable = call.retryableFailure(received, statusHeader)
        return retryable === undefined
          ? interpret(endpoint, projectErrors, url, received, call, statusHeader)
          : retried(call, retryable, endpoint, projectErrors, url)
      }
    })
  })

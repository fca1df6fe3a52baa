/**
 * Errors that are not in the catalogue: a catalogue code the calling method does not list, no
 * response at all, and a response that cannot be read. None of them may carry a key or a token:
 * their constructors scrub URLs, descriptions and body excerpts, whoever builds them.
 */
import * as Data from "effect/Data"

// ---------------------------------------------------------------------------------------------
// Scrubbing

/** Query parameters whose values identify resources, not credentials; every other value is hidden. */
const harmlessQueryParameters: ReadonlySet<string> = new Set([
  "contact_channel_id",
  "cursor",
  "desc",
  "include_anonymous",
  "limit",
  "order_by",
  "project_id",
  "query",
  "recursive",
  "team_id",
  "type",
  "user_id"
])

const redacted = "<redacted>"

const decodeComponent = (text: string): string => {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "))
  } catch {
    return text
  }
}

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Whether a run of token characters is random enough to be a credential whatever it is called: 20
 * or more characters with letters and at least two digits (one from 32 on), not a UUID (ids are
 * what makes an error message useful). Refresh tokens, codes and API keys of every Stack version
 * are 32-45 such characters; words, snake_case names and error codes have too few digits.
 */
const looksOpaque = (run: string): boolean => {
  if (uuidShape.test(run) || !/[A-Za-z]/.test(run)) return false
  const digits = run.replace(/[^0-9]/g, "").length
  return digits >= 2 || (digits === 1 && run.length >= 32)
}

/**
 * Hides what may be a secret in free text: JWTs, Stack keys, bearer tokens, the string values of
 * JSON keys or form fields named like credentials (`access_token`, `client_secret`, `attempt_code`, …)
 * and any long random-looking run, so a token is hidden under whatever name or nesting a server
 * puts it. A string cut off by truncation is hidden too.
 */
export const scrubSecrets = (text: string): string =>
  text
    .replace(/eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}(?:\.[A-Za-z0-9_-]*)?/g, redacted)
    .replace(/\b(pck|ssk|sak)_[A-Za-z0-9_-]{6,}/g, `$1_${redacted}`)
    .replace(/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/-]+=*/gi, `$1 ${redacted}`)
    .replace(
      /("[A-Za-z0-9_-]*(?:token|secret|password|key|attempt_code|code_verifier|nonce)[A-Za-z0-9_-]*"\s*:\s*)"(?:[^"\\]|\\.)*(?:"|$)/gi,
      `$1"${redacted}"`
    )
    .replace(
      /\b([A-Za-z0-9_-]*(?:token|secret|password|key|attempt_code|code_verifier|code|state)[A-Za-z0-9_-]*)=[^&\s"]*/gi,
      `$1=${redacted}`
    )
    .replace(/[A-Za-z0-9_+=~-]{20,}/g, (run) => looksOpaque(run) ? redacted : run)

/**
 * `value` with every string in it replaced by `replace` and every key by `replaceKey` (ten levels
 * deep at most, anything deeper replaced whole).
 */
export const mapStrings = (
  value: unknown,
  replace: (text: string) => string,
  replaceKey: (key: string) => string = replace,
  depth = 0
): unknown => {
  if (typeof value === "string") return replace(value)
  if (typeof value !== "object" || value === null) return value
  if (depth >= 10) return redacted
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, replace, replaceKey, depth + 1))
  const mapped: Record<string, unknown> = {}
  for (const key in value) {
    mapped[replaceKey(key)] = mapStrings((value as Record<string, unknown>)[key], replace, replaceKey, depth + 1)
  }
  return mapped
}

/**
 * A URL fit for an error message: user info and fragment removed, every query value hidden except
 * those of resource-identifying parameters (`user_id`, `team_id`, `cursor`, …).
 */
export const redactUrl = (url: string): string => {
  const withoutFragment = url.split("#", 1)[0] ?? ""
  const queryStart = withoutFragment.indexOf("?")
  const path = (queryStart === -1 ? withoutFragment : withoutFragment.slice(0, queryStart))
    .replace(/^([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^/?#@]*@/, "$1")
  if (queryStart === -1) return scrubSecrets(path)
  const query = withoutFragment.slice(queryStart + 1).split("&").filter((pair) => pair !== "").map((pair) => {
    const equals = pair.indexOf("=")
    if (equals === -1) return pair
    const name = pair.slice(0, equals)
    return harmlessQueryParameters.has(decodeComponent(name)) ? pair : `${name}=${redacted}`
  })
  return scrubSecrets(query.length === 0 ? path : `${path}?${query.join("&")}`)
}

// ---------------------------------------------------------------------------------------------
// UnexpectedKnownError

/** What an `UnexpectedKnownError` holds. */
interface UnexpectedKnownFields {
  readonly code: string
  readonly status: number
  readonly message: string
  readonly details: unknown
}

/**
 * A catalogue error the calling method does not declare. It keeps everything the server said but
 * what looks like a credential, so the method's error union stays small and honest without losing
 * information.
 */
export class UnexpectedKnownError extends Data.TaggedError("UnexpectedKnownError")<UnexpectedKnownFields> {
  constructor(fields: UnexpectedKnownFields) {
    super({ ...fields, message: scrubSecrets(fields.message), details: mapStrings(fields.details, scrubSecrets) })
  }
}

// ---------------------------------------------------------------------------------------------
// StackTransportError

/** What is known about a request that got no response. */
export interface TransportDiagnostics {
  /** The runtime's own description of the failure (e.g. `fetch failed`), scrubbed. */
  readonly cause: string
  /** Time from the first attempt to giving up. */
  readonly elapsedMillis: number
  /** `navigator.onLine` where the runtime has it; `false` means the device reports being offline. */
  readonly online?: boolean
}

/**
 * Why no response was used: `NoResponse` (refused, reset, DNS, offline), `Timeout` (an attempt or the
 * whole call ran past its deadline; the fetch was aborted) or `InvalidRequest` (it could not be sent).
 */
export type StackTransportErrorReason = "NoResponse" | "Timeout" | "InvalidRequest"

/** What a `StackTransportError` holds. */
interface StackTransportFields {
  readonly method: string
  readonly url: string
  readonly reason: StackTransportErrorReason
  readonly description: string
  readonly attempts: number
  readonly diagnostics: TransportDiagnostics
}

/** No response arrived (the fetch itself failed), after `attempts` tries. */
export class StackTransportError extends Data.TaggedError("StackTransportError")<StackTransportFields> {
  constructor(fields: StackTransportFields) {
    super({
      ...fields,
      url: redactUrl(fields.url),
      description: scrubSecrets(fields.description),
      diagnostics: { ...fields.diagnostics, cause: scrubSecrets(fields.diagnostics.cause) }
    })
  }

  override get message(): string {
    return `${this.method} ${this.url}: ${this.description}`
  }
}

// ---------------------------------------------------------------------------------------------
// StackResponseError

/** Why a response could not be read. */
export type StackResponseErrorReason =
  | "MalformedJson"
  | "UnexpectedContentType"
  | "EmptyBody"
  | "SchemaMismatch"
  | "StatusCodeMismatch"
  | "KnownErrorHeaderMismatch"
  | "UnexpectedStatus"
  | "Truncated"
  | "TooLarge"

/** What a `StackResponseError` holds. */
interface StackResponseFields {
  readonly method: string
  readonly url: string
  /** The status the server meant (after `x-stack-actual-status`). */
  readonly status: number
  readonly reason: StackResponseErrorReason
  readonly description: string
  /** The start of the body text (about 200 characters), scrubbed; never headers. */
  readonly bodyExcerpt: string
}

/**
 * The server answered, but not with something this SDK can read: an HTML 502 page, malformed JSON,
 * a body that does not match the schema, a status that contradicts the known-error code, or a
 * plain-text error such as `400 Client user deletion is not enabled for this project`.
 */
export class StackResponseError extends Data.TaggedError("StackResponseError")<StackResponseFields> {
  constructor(fields: StackResponseFields) {
    super({
      ...fields,
      url: redactUrl(fields.url),
      description: scrubSecrets(fields.description),
      bodyExcerpt: scrubSecrets(fields.bodyExcerpt)
    })
  }

  override get message(): string {
    return `${this.method} ${this.url}: ${this.reason} (${this.status}): ${this.description}`
  }
}

// ---------------------------------------------------------------------------------------------
// StackRateLimitedError

/** What a `StackRateLimitedError` holds. */
interface StackRateLimitedFields {
  readonly method: string
  readonly url: string
  /** Tries made, the last one answered 429. */
  readonly attempts: number
  /** What the last `Retry-After` asked for, in milliseconds (absent when the server gave none). */
  readonly retryAfterMillis?: number
}

/** The server kept answering 429 Too Many Requests until the retry schedule ran out. */
export class StackRateLimitedError extends Data.TaggedError("StackRateLimitedError")<StackRateLimitedFields> {
  constructor(fields: StackRateLimitedFields) {
    super({ ...fields, url: redactUrl(fields.url) })
  }

  override get message(): string {
    const wait = this.retryAfterMillis === undefined ? "" : `; retry after ${this.retryAfterMillis} ms`
    return `${this.method} ${this.url}: rate limited after ${this.attempts} attempts${wait}`
  }
}

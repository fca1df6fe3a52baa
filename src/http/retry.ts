/**
 * The request policy: per-attempt timeout, overall deadline, retry schedule, `Retry-After` cap and
 * response size cap. Defaults follow the design card: 5 attempts in all, exponential from 1000 ms
 * (waits 1, 2, 4, 8 s).
 */
import * as Cause from "effect/Cause"
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Schedule from "effect/Schedule"

/** Base delay of the exponential backoff. */
export const retryBaseMillis = 1000
/** Attempts in all, the first one included. */
export const maxAttempts = 5

/**
 * Waits 1 s, 2 s, 4 s, 8 s between the five attempts. What `Schedule.max([Schedule.exponential(1000
 * millis), Schedule.recurs(4)])` does (each wait is also its output; done with `Duration.zero`), in
 * one step: those combinators were a fifth of a browser app's Schedule code.
 */
export const networkRetrySchedule: Schedule.Schedule<unknown, unknown> = /*#__PURE__*/ Schedule.fromStepWithMetadata(
  Effect.succeed(({ attempt }) => {
    if (attempt >= maxAttempts) return Cause.done(Duration.zero)
    const wait = Duration.millis(retryBaseMillis * 2 ** (attempt - 1))
    return Effect.succeed([wait, wait] as [Duration.Duration, Duration.Duration])
  })
)

/** The same schedule with random jitter on every wait (between 80% and 120% of it). */
export const jitteredRetrySchedule: Schedule.Schedule<unknown, unknown> = /*#__PURE__*/ Schedule.jittered(
  networkRetrySchedule
)

/** One attempt, never retried. */
export const noRetrySchedule: Schedule.Schedule<unknown, unknown> = /*#__PURE__*/ Schedule.recurs(0)

/** How the pipeline sends one call. */
export interface RequestPolicy {
  /** Longest wait for one attempt's response (headers and body). Default 10 s. */
  readonly attemptTimeout: Duration.Input
  /** Longest time for the whole call, retries and waits included. Default 30 s. */
  readonly deadline: Duration.Input
  /**
   * When to try again after a retryable failure (it decides the number of attempts too). Only safe
   * failures reach it: a request that never reached the server, or a read (GET) with no response or
   * a 502/503/504, and any 429.
   */
  readonly retrySchedule: Schedule.Schedule<unknown, unknown>
  /** Longest `Retry-After` honoured; a longer one is waited for this long. Default 60 s. */
  readonly maxRetryAfter: Duration.Input
  /** Largest response body read, in bytes; a larger one is a `TooLarge` response error. Default 10 MB. */
  readonly maxResponseBytes: number
}

/** The defaults of {@link RequestPolicy}. */
export const defaultRequestPolicy: RequestPolicy = {
  attemptTimeout: "10 seconds",
  deadline: "30 seconds",
  retrySchedule: networkRetrySchedule,
  maxRetryAfter: "60 seconds",
  maxResponseBytes: 10 * 1024 * 1024
}

/**
 * Per-call overrides of the request policy, on top of the client's layer options. Set it around a
 * call: `Effect.provideService(StackRequestPolicy, { attemptTimeout: "2 seconds" })`, or
 * {@link withRequestPolicy}.
 */
export const StackRequestPolicy = /*#__PURE__*/ Context.Reference<Partial<RequestPolicy>>(
  "stackfx/StackRequestPolicy",
  { defaultValue: () => ({}) }
)

/** Runs `effect` with `policy` overriding the request policy of every call inside it. */
export const withRequestPolicy = (policy: Partial<RequestPolicy>) =>
<A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.provideService(effect, StackRequestPolicy, policy)

// Policies spell durations as text ("10 seconds"); each call reads them, so each text is parsed once.
const parsed = new Map<string, number>()

/** A duration input in milliseconds. */
export const millisOf = (input: Duration.Input): number => {
  if (typeof input !== "string") return Duration.toMillis(Duration.fromInputUnsafe(input))
  let millis = parsed.get(input)
  if (millis === undefined) {
    millis = Duration.toMillis(Duration.fromInputUnsafe(input))
    if (parsed.size < 64) parsed.set(input, millis)
  }
  return millis
}

/** The policy in force: defaults, then the client's options, then the per-call overrides. */
export const resolvePolicy = (
  client: Partial<RequestPolicy> | undefined,
  call: Partial<RequestPolicy>
): RequestPolicy =>
  client === undefined && Object.keys(call).length === 0
    ? defaultRequestPolicy
    : { ...defaultRequestPolicy, ...client, ...call }

/**
 * A `Retry-After` value in milliseconds: delay-seconds or an HTTP date (relative to `now`), capped at
 * `maxMillis`; `undefined` when absent or unreadable.
 */
export const parseRetryAfter = (header: string | undefined, now: number, maxMillis: number): number | undefined => {
  if (header === undefined) return undefined
  const text = header.trim()
  if (/^\d+$/.test(text)) return Math.min(Number(text) * 1000, maxMillis)
  const date = Date.parse(text)
  if (Number.isNaN(date)) return undefined
  return Math.min(Math.max(0, date - now), maxMillis)
}

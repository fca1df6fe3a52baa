/**
 * A user session: the only place that refreshes access tokens.
 *
 * - The access token is refreshed lazily, when it is missing or expires within 20 s.
 * - One refresh at a time per session: concurrent callers wait for it and reuse its token; across
 *   tabs sharing the store too, through the `RefreshLock` (Web Locks in browsers).
 * - Only a refresh-token error from the server (Revoked) clears the tokens; a network failure or an
 *   unreadable answer (Transient) leaves them untouched, so a flaky network never signs anyone out.
 * - A request answered with an invalid-access-token error marks that token expired and runs once more.
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import type * as Result from "effect/Result"
import * as Data from "effect/Data"
import {
  CannotDeleteCurrentSession,
  InvalidOAuthClientIdOrSecret,
  ProviderRejected,
  RefreshTokenNotFoundOrExpired
} from "../errors/catalogue.ts"
import {
  isInvalidAccessToken,
  isInvalidAccessTokenCode,
  isRefreshTokenError,
  type RefreshTokenError
} from "../errors/families.ts"
import { UnexpectedKnownError } from "../errors/transport.ts"
import { noTokens, type UserTokens } from "../http/access.ts"
import { jsonWith } from "../http/endpoint.ts"
import type { AnyKnownErrorClass } from "../errors/decode.ts"
import { type PipelineConfig, type SendError, sendVia } from "../http/send.ts"
import { StackTransport } from "../http/transport.ts"
import { readExpiry } from "./jwt.ts"
import { makeMutex } from "./mutex.ts"
import { RefreshLock } from "./refresh-lock.ts"
import { TokenStore } from "./token-store.ts"
import type { RefreshGrantTokens } from "../model/auth.ts"
import { readRefreshGrantTokens } from "../model/generated/readers.ts"

/** A token refreshed less than this long before it expires is refreshed first. */
export const refreshMarginMillis = 20_000

const refreshErrors = [
  RefreshTokenNotFoundOrExpired,
  ProviderRejected,
  CannotDeleteCurrentSession,
  InvalidOAuthClientIdOrSecret
] as const

/** Every failure of the refresh grant itself. */
export type RefreshGrantError = SendError<typeof refreshErrors, never>

/** Why a refresh could not produce a token without signing the user out. */
export type RefreshFailure = Exclude<SendError<typeof refreshErrors, never>, RefreshTokenError>

/** The result of one refresh attempt. */
export type RefreshOutcome =
  | { readonly _tag: "Refreshed"; readonly accessToken: Redacted.Redacted<string> }
  | { readonly _tag: "Revoked"; readonly error: RefreshTokenError }
  | { readonly _tag: "Transient"; readonly error: RefreshFailure }
  | { readonly _tag: "NoRefreshToken" }

/** A token string supplied by the app is not a usable token (never the text `undefined`). */
export class InvalidTokenValue extends Data.TaggedError("InvalidTokenValue")<{
  readonly message: string
}> {}

/** Tokens as an app hands them over (e.g. from its own storage). */
export interface TokenInput {
  readonly accessToken?: string | Redacted.Redacted<string> | null | undefined
  readonly refreshToken?: string | Redacted.Redacted<string> | null | undefined
}

/** The Session service. */
export interface SessionService {
  /** The tokens to send now, refreshing first when the access token is missing or about to expire. */
  readonly tokens: Effect.Effect<UserTokens, RefreshFailure>
  /** Refreshes the access token now (single-flight). */
  readonly refresh: Effect.Effect<RefreshOutcome>
  /** Runs `f` with the session's tokens; on an invalid-access-token answer, refreshes and runs it once more. */
  readonly use: <A, E, R>(f: (tokens: UserTokens) => Effect.Effect<A, E, R>) => Effect.Effect<A, E | RefreshFailure, R>
  /** {@link use} from tokens just read from the store (`stored`), without reading it again. */
  readonly useFrom: <A, E, R>(
    current: UserTokens,
    f: (tokens: UserTokens) => Effect.Effect<A, E, R>
  ) => Effect.Effect<A, E | RefreshFailure, R>
  /** Forgets the access token if it is still `token`, so the next request refreshes. */
  readonly markAccessTokenExpired: (token: Redacted.Redacted<string>) => Effect.Effect<void>
  /** Replaces the stored tokens; rejects the text `undefined` as a token. */
  readonly setTokens: (input: TokenInput) => Effect.Effect<void, InvalidTokenValue>
  /** Clears both tokens: the session is signed out. */
  readonly invalidate: Effect.Effect<void>
  /** Clears both tokens and returns what they were, so the session can still be ended on the server. */
  readonly detach: Effect.Effect<UserTokens>
  /**
   * Tokens fit to send for a session already detached from this store: `detached` as it is when its
   * access token is fresh, else with a newly refreshed one (nothing is written to the store).
   */
  readonly tokensFor: (detached: UserTokens) => Effect.Effect<UserTokens, RefreshGrantError>
  /** Refresh token, else access token, else `not logged in`. */
  readonly key: Effect.Effect<string>
  /** The stored tokens as they are, never refreshed (no request). */
  readonly stored: Effect.Effect<UserTokens>
}

/** The current user's session. */
export class Session extends Context.Service<Session, SessionService>()("stackfx/Session") {}

const toRedacted = (
  name: string,
  value: string | Redacted.Redacted<string> | null | undefined
): Effect.Effect<Option.Option<Redacted.Redacted<string>>, InvalidTokenValue> => {
  if (value === null || value === undefined) return Effect.succeed(Option.none())
  const plain = Redacted.isRedacted(value) ? Redacted.value(value) : value
  if (plain === "undefined") {
    return Effect.fail(new InvalidTokenValue({ message: `The ${name} may not be the text "undefined".` }))
  }
  if (plain.length === 0) return Effect.succeed(Option.none())
  return Effect.succeed(Option.some(Redacted.isRedacted(value) ? value : Redacted.make(value)))
}

const sameToken = (a: Option.Option<Redacted.Redacted<string>>, b: Redacted.Redacted<string>) =>
  Option.isSome(a) && Redacted.value(a.value) === Redacted.value(b)

/**
 * Whether a call failed because the server rejected its access token: a catalogue error of the
 * `INVALID_ACCESS_TOKEN` family, also when the calling endpoint did not declare it.
 */
const rejectsAccessToken = (error: unknown): boolean =>
  isInvalidAccessToken(error) || (error instanceof UnexpectedKnownError && isInvalidAccessTokenCode(error.code))

/** What one refresh grant came to. */
type GrantResult = Result.Result<RefreshGrantTokens, RefreshGrantError>

/**
 * Refresh grants under way in this process, by API and refresh token, with whoever waits for each:
 * every session over the same token store (100 client cores built over one store, a server's
 * layers per request) shares one grant, where each session's own lock alone would send one apiece.
 */
const grantsInFlight = new Map<string, Array<(result: GrantResult | undefined) => void>>()

/**
 * `grant` run once for every caller that asks for `key` while it runs. A waiter whose grant was
 * interrupted (its caller gave up) runs its own.
 */
const sharedGrant = (key: string, grant: Effect.Effect<GrantResult>): Effect.Effect<GrantResult> =>
  Effect.suspend(() => {
    const waiting = grantsInFlight.get(key)
    if (waiting !== undefined) {
      // A waiter that gives up leaves its listener behind: resuming it is then a no-op, and the
      // list goes with the grant.
      return Effect.flatMap(
        Effect.callback<GrantResult | undefined>((resume) => {
          waiting.push((result) => resume(Effect.succeed(result)))
        }),
        (result) => result === undefined ? sharedGrant(key, grant) : Effect.succeed(result)
      )
    }
    const listeners: Array<(result: GrantResult | undefined) => void> = []
    grantsInFlight.set(key, listeners)
    let outcome: GrantResult | undefined
    return grant.pipe(
      Effect.map((result) => outcome = result),
      Effect.ensuring(Effect.sync(() => {
        grantsInFlight.delete(key)
        for (const listener of listeners) listener(outcome)
      }))
    )
  })

/** Builds a Session over the TokenStore in context, refreshing through `config`. */
export const makeSession = /*#__PURE__*/ Effect.fnUntraced(function*(config: PipelineConfig<AnyKnownErrorClass>) {
  const store = yield* TokenStore
  const transport = yield* StackTransport
  // Across tabs sharing the store (browsers: Web Locks); a no-op by default.
  const crossTab = yield* RefreshLock
  const lock = makeMutex()
  // How many refreshes have finished, and the outcome of the last one: a caller that waited for the
  // lock while another refresh ran takes that outcome instead of refreshing again, so a failing
  // refresh is not repeated once per waiting caller.
  // (A plain variable: only this session's fibers touch it, each read and write in one step.)
  let finished: { readonly count: number; readonly last: RefreshOutcome } = { count: 0, last: { _tag: "NoRefreshToken" } }
  const readFinished = Effect.sync(() => finished)

  const isFresh = (token: Redacted.Redacted<string>, now: number): boolean => {
    const expiry = readExpiry(Redacted.value(token))
    switch (expiry._tag) {
      case "Never":
        return true
      case "Unreadable":
        return false
      case "ExpiresAt":
        return expiry.millis - now > refreshMarginMillis
    }
  }

  // The token endpoint takes no project headers, so no project error can come back from it.
  const refreshConfig: PipelineConfig<never> = { ...config, projectErrors: [] }
  const callRefreshEndpoint = (refreshToken: Redacted.Redacted<string>) =>
    sendVia(transport, refreshConfig, {
      method: "POST",
      path: "/auth/oauth/token",
      level: "none",
      // A refresh grant creates nothing: sending it twice mints two access tokens for one session.
      idempotent: true,
      body: {
        _tag: "Form",
        fields: [
          ["refresh_token", Redacted.value(refreshToken)],
          ["grant_type", "refresh_token"],
          ["client_id", config.keys.projectId],
          [
            "client_secret",
            config.keys.publishableClientKey === undefined ? "" : Redacted.value(config.keys.publishableClientKey)
          ]
        ]
      },
      response: jsonWith(readRefreshGrantTokens),
      errors: refreshErrors
    }, noTokens)

  // Runs under the lock; re-reads the store so a refresh finished by another fiber is reused.
  const refreshLocked = (force: boolean): Effect.Effect<RefreshOutcome> =>
    Effect.gen(function*() {
      const current = yield* store.get
      const now = yield* Clock.currentTimeMillis
      if (!force && Option.isSome(current.accessToken) && isFresh(current.accessToken.value, now)) {
        return { _tag: "Refreshed", accessToken: current.accessToken.value } as const
      }
      if (Option.isNone(current.refreshToken)) return { _tag: "NoRefreshToken" } as const
      const refreshToken = current.refreshToken.value
      const result = yield* sharedGrant(
        `${config.baseUrl} ${config.keys.projectId} ${Redacted.value(refreshToken)}`,
        Effect.result(callRefreshEndpoint(refreshToken))
      )
      if (result._tag === "Success") {
        const accessToken = Redacted.make(result.success.accessToken)
        // Another writer (sign-out, a new sign-in) may have replaced the session meanwhile.
        const latest = yield* store.get
        if (sameToken(latest.refreshToken, refreshToken)) {
          yield* store.set({ accessToken: Option.some(accessToken), refreshToken: latest.refreshToken })
        }
        return { _tag: "Refreshed", accessToken } as const
      }
      const error = result.failure
      if (isRefreshTokenError(error)) {
        const latest = yield* store.get
        if (sameToken(latest.refreshToken, refreshToken)) yield* store.clear
        return { _tag: "Revoked", error } as const
      }
      return { _tag: "Transient", error } as const
    })

  // Single flight: one refresh at a time, and every caller that waited for it shares its outcome.
  const sharedRefresh = (force: boolean): Effect.Effect<RefreshOutcome> =>
    Effect.flatMap(readFinished, (seen) =>
      lock.withLock(Effect.flatMap(readFinished, (now) =>
        now.count !== seen.count
          ? Effect.succeed(now.last)
          : Effect.tap(crossTab.withLock(refreshLocked(force)), (outcome) =>
            Effect.sync(() => {
              finished = { count: finished.count + 1, last: outcome }
            }))
      )))

  const refresh = sharedRefresh(true)

  const afterRefresh = (current: UserTokens) => (outcome: RefreshOutcome): Effect.Effect<UserTokens, RefreshFailure> => {
    switch (outcome._tag) {
      case "Refreshed":
        return Effect.succeed({ accessToken: Option.some(outcome.accessToken), refreshToken: current.refreshToken })
      case "Revoked":
      case "NoRefreshToken":
        return Effect.succeed(noTokens)
      case "Transient":
        return Effect.fail(outcome.error)
    }
  }

  /** The tokens to send as they are at `now`, or undefined when `current` needs a refresh first. */
  const readyTokens = (current: UserTokens, now: number): UserTokens | undefined => {
    if (Option.isSome(current.accessToken) && isFresh(current.accessToken.value, now)) return current
    // Signed out, or an access token of its own that can no longer be used or renewed.
    if (Option.isNone(current.refreshToken)) return Option.isSome(current.accessToken) ? current : noTokens
    return undefined
  }

  const markAccessTokenExpired = (token: Redacted.Redacted<string>) =>
    lock.withLock(Effect.gen(function*() {
      const current = yield* store.get
      if (sameToken(current.accessToken, token)) {
        yield* store.set({ accessToken: Option.none(), refreshToken: current.refreshToken })
      }
    }))

  /** `f` with `first`; if the server rejects that access token, refreshed and run once more. */
  const runWith = <A, E, R>(f: (tokens: UserTokens) => Effect.Effect<A, E, R>, first: UserTokens): Effect.Effect<A, E | RefreshFailure, R> =>
    Effect.catch(f(first), (failure) => {
      if (!rejectsAccessToken(failure) || Option.isNone(first.accessToken)) return Effect.fail(failure)
      return Effect.andThen(
        markAccessTokenExpired(first.accessToken.value),
        Effect.flatMap(tokens, (next) =>
          // No new access token (no refresh token, or the session was revoked meanwhile): running
          // the call again would run it signed out, so the rejection is the answer.
          Option.isNone(next.accessToken) ? Effect.fail(failure) : f(next))
      )
    })

  // Every session call goes through here: with fresh tokens it is one look at the fiber's clock and the call.
  const useFrom = <A, E, R>(current: UserTokens, f: (tokens: UserTokens) => Effect.Effect<A, E, R>): Effect.Effect<A, E | RefreshFailure, R> =>
    Effect.withFiber((fiber) => {
      const ready = readyTokens(current, fiber.getRef(Clock.Clock).currentTimeMillisUnsafe())
      return ready === undefined
        ? Effect.flatMap(Effect.flatMap(sharedRefresh(false), afterRefresh(current)), (first) => runWith(f, first))
        : runWith(f, ready)
    })

  const use = <A, E, R>(f: (tokens: UserTokens) => Effect.Effect<A, E, R>): Effect.Effect<A, E | RefreshFailure, R> =>
    Effect.flatMap(store.get, (current) => useFrom(current, f))

  // The tokens themselves (a fresh access token answers without further effects).
  const tokens: Effect.Effect<UserTokens, RefreshFailure> = use(Effect.succeed)

  const setTokens = (input: TokenInput) =>
    Effect.gen(function*() {
      const accessToken = yield* toRedacted("access token", input.accessToken)
      const refreshToken = yield* toRedacted("refresh token", input.refreshToken)
      yield* store.set({ accessToken, refreshToken })
    })

  const key = Effect.map(store.get, (current) =>
    Option.isSome(current.refreshToken)
      ? Redacted.value(current.refreshToken.value)
      : Option.isSome(current.accessToken)
      ? Redacted.value(current.accessToken.value)
      : "not logged in")

  // Under the lock, so a refresh in flight finds the store cleared and does not write its token back.
  const detach = lock.withLock(Effect.tap(store.get, () => store.clear))

  const tokensFor = (detached: UserTokens) =>
    Effect.gen(function*() {
      const now = yield* Clock.currentTimeMillis
      if (Option.isSome(detached.accessToken) && isFresh(detached.accessToken.value, now)) return detached
      if (Option.isNone(detached.refreshToken)) return detached
      const granted = yield* callRefreshEndpoint(detached.refreshToken.value)
      return { accessToken: Option.some(Redacted.make(granted.accessToken)), refreshToken: detached.refreshToken }
    })

  return Session.of({
    tokens,
    useFrom,
    refresh,
    use,
    markAccessTokenExpired,
    setTokens,
    invalidate: store.clear,
    detach,
    tokensFor,
    key,
    stored: store.get
  })
})

/** The Session as a Layer over a TokenStore and a transport. */
export const layerSession = (config: PipelineConfig<AnyKnownErrorClass>): Layer.Layer<Session, never, TokenStore | StackTransport> =>
  Layer.effect(Session, makeSession(config))

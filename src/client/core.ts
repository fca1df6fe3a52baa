/**
 * The client core as a layer, and the operations on the session itself (auth JSON and headers for the
 * app's own backend, the session key).
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import type * as HttpClient from "effect/http/HttpClient"
import type { RequestPolicy } from "../http/retry.ts"
import type { PipelineConfig } from "../http/send.ts"
import { StackTransport } from "../http/transport.ts"
import { type FetchFunction, layerFetchTransport } from "../http/transport-fetch.ts"
import { layerHttpClientTransport } from "../http/transport-http-client.ts"
import { makeSession } from "../session/session.ts"
import type { TokenStore } from "../session/token-store.ts"
import { makeClientContext, StackClientCore } from "./context.ts"
import { makeClientRuntime } from "./runtime.ts"
import type { HeaderNames } from "../http/wire-names.ts"
import { checkClientOptions, type InvalidStackOptions } from "./options-check.ts"
import { clientProjectErrors, type ClientProjectErrorClass } from "../http/project-errors.ts"

/** How to reach a project as an end user. */
export interface StackClientOptions {
  readonly projectId: string
  /** Optional on the current service; required by projects that demand it. */
  readonly publishableClientKey?: string | Redacted.Redacted<string> | undefined
  /** Default `https://api.stack-auth.com`. */
  readonly baseUrl?: string | undefined
  /** Send `x-stack-allow-restricted-user: true` (users whose e-mail is not yet verified, ...). */
  readonly allowRestrictedUser?: boolean | undefined
  /** Send `x-stack-allow-anonymous-user: true`. */
  readonly allowAnonymousUser?: boolean | undefined
  /**
   * The request headers' spelling: `"stack"` (`x-stack-*`, the default, understood by every server
   * version) or `"hexclave"` (`x-hexclave-*`, the service's new name). Responses are read in both.
   */
  readonly headerNames?: HeaderNames | undefined
  /** Timeouts, retry schedule and response size cap of every call (defaults: 10 s, 30 s, 5 attempts, 10 MB). */
  readonly requestPolicy?: Partial<RequestPolicy> | undefined
}

/** The tokens of the session as plain strings, for calls to the app's own backend. */
export interface AuthJson {
  readonly accessToken: string | null
  readonly refreshToken: string | null
}

const toRedacted = (key: string | Redacted.Redacted<string> | undefined) =>
  key === undefined || Redacted.isRedacted(key) ? key : Redacted.make(key)

/** The pipeline settings of a client app. */
export const clientConfig = (options: StackClientOptions): PipelineConfig<ClientProjectErrorClass> => ({
  baseUrl: options.baseUrl ?? "https://api.stack-auth.com",
  keys: { projectId: options.projectId, publishableClientKey: toRedacted(options.publishableClientKey) },
  allowances: { allowRestrictedUser: options.allowRestrictedUser, allowAnonymousUser: options.allowAnonymousUser },
  headerNames: options.headerNames,
  projectErrors: clientProjectErrors,
  requestPolicy: options.requestPolicy
})

/** Builds the client core over the TokenStore and StackTransport in context. */
export const makeCore = /*#__PURE__*/ Effect.fnUntraced(function*(options: StackClientOptions) {
  yield* checkClientOptions(options)
  const config = clientConfig(options)
  const session = yield* makeSession(config)
  return makeClientContext(makeClientRuntime(config, session, yield* StackTransport))
})

/** The core over the TokenStore and the transport in context (a custom or fake transport). */
export const layerCoreWithTransport = (
  options: StackClientOptions
): Layer.Layer<StackClientCore, InvalidStackOptions, TokenStore | StackTransport> => Layer.effect(StackClientCore, makeCore(options))

/**
 * The core over an Effect `HttpClient`: `FetchHttpClient.layer`, the emulator's in-process layer, or
 * an app's own client with its middleware and tracing.
 */
export const layerCore = (options: StackClientOptions): Layer.Layer<StackClientCore, InvalidStackOptions, TokenStore | HttpClient.HttpClient> =>
  layerCoreWithTransport(options).pipe(Layer.provide(layerHttpClientTransport()))

/**
 * The core over the platform's `fetch`, with no `effect/http` in the bundle: the lightest choice for
 * browser apps.
 *
 * @example
 * const live = layerCoreFetch({ projectId }).pipe(Layer.provide(layerMemoryTokenStore()))
 */
export const layerCoreFetch = (
  options: StackClientOptions,
  fetchFunction?: FetchFunction
): Layer.Layer<StackClientCore, InvalidStackOptions, TokenStore> =>
  layerCoreWithTransport(options).pipe(Layer.provide(layerFetchTransport(fetchFunction)))

/** The session's tokens (refreshed first when needed); nulls when signed out. */
export const getAuthJson = /*#__PURE__*/ Effect.fnUntraced(function*() {
  const { session } = yield* StackClientCore
  const tokens = yield* session.tokens
  const plain = (token: Option.Option<Redacted.Redacted<string>>) => Option.getOrNull(Option.map(token, Redacted.value))
  return { accessToken: plain(tokens.accessToken), refreshToken: plain(tokens.refreshToken) } satisfies AuthJson
})

/** `{ "x-stack-auth": JSON }` for cross-origin calls to the app's own server (read back by its request token store). */
export const getAuthHeaders = /*#__PURE__*/ Effect.fnUntraced(function*() {
  const json = yield* getAuthJson()
  return { "x-stack-auth": JSON.stringify(json) }
})

/** Refresh token, else access token, else `not logged in`. */
export const sessionKey: Effect.Effect<string, never, StackClientCore> = /*#__PURE__*/ Effect.gen(function*() {
  const { session } = yield* StackClientCore
  return yield* session.key
})

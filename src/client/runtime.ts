/**
 * What every client operation needs: where to send, the session, and two ways to send (without
 * user tokens, or with the session's tokens and one refresh-and-retry on an invalid access token).
 */
import * as Effect from "effect/Effect"
import { AccessTokenExpired, InvalidProjectForAccessToken, UnparsableAccessToken } from "../errors/catalogue.ts"
import type { AnyKnownErrorClass } from "../errors/decode.ts"
import { noTokens, type UserTokens } from "../http/access.ts"
import type * as Schema from "effect/Schema"
import { type Endpoint, jsonWith, type JsonRead, type Method } from "../http/endpoint.ts"
import { type PipelineConfig, type SendError, sendVia } from "../http/send.ts"
import type { ClientProjectErrorClass } from "../http/project-errors.ts"
import type { StackTransport } from "../http/transport.ts"
import type { RefreshFailure, SessionService } from "../session/session.ts"

/** The errors any request carrying an access token can meet; the session refreshes and retries once. */
export const invalidAccessTokenErrors = [UnparsableAccessToken, AccessTokenExpired, InvalidProjectForAccessToken] as const

/** The failure of a call made with the session's tokens. */
export type SessionCallError<Errors extends ReadonlyArray<AnyKnownErrorClass>> =
  | ClientSendError<Errors>
  | (typeof invalidAccessTokenErrors)[number]["Type"]
  | RefreshFailure

/** The failure of a client-level call: the endpoint's errors, the client's project errors, transport errors. */
export type ClientSendError<Errors extends ReadonlyArray<AnyKnownErrorClass>> = SendError<Errors, ClientProjectErrorClass>

/** Sending helpers bound to one app. */
export interface ClientRuntime {
  readonly config: PipelineConfig<ClientProjectErrorClass>
  readonly session: SessionService
  readonly anonymous: <A, Errors extends ReadonlyArray<AnyKnownErrorClass>>(
    endpoint: Endpoint<A, Errors>
  ) => Effect.Effect<A, ClientSendError<Errors>>
  readonly withSession: <A, Errors extends ReadonlyArray<AnyKnownErrorClass>>(
    endpoint: Endpoint<A, Errors>
  ) => Effect.Effect<A, SessionCallError<Errors>>
  /** {@link withSession} from tokens just read from the store, without reading it again. */
  readonly withSessionFrom: <A, Errors extends ReadonlyArray<AnyKnownErrorClass>>(
    current: UserTokens,
    endpoint: Endpoint<A, Errors>
  ) => Effect.Effect<A, SessionCallError<Errors>>
  /** Sends with the given tokens, outside the session (a session already cleared locally). */
  readonly withTokens: <A, Errors extends ReadonlyArray<AnyKnownErrorClass>>(
    endpoint: Endpoint<A, Errors>,
    tokens: UserTokens
  ) => Effect.Effect<A, ClientSendError<Errors>>
}

/** Builds the runtime over a transport. */
export const makeClientRuntime = (
  config: PipelineConfig<ClientProjectErrorClass>,
  session: SessionService,
  transport: StackTransport["Service"]
): ClientRuntime => {
  // Calls made as the user can also meet the invalid-access-token errors; decoded like project
  // errors, so no endpoint is copied per call to add them.
  const sessionConfig: PipelineConfig<ClientProjectErrorClass | (typeof invalidAccessTokenErrors)[number]> = {
    ...config,
    projectErrors: [...(config.projectErrors ?? []), ...invalidAccessTokenErrors]
  }
  return {
    config,
    session,
    anonymous: (endpoint) => sendVia(transport, config, endpoint, noTokens),
    withTokens: (endpoint, tokens) => sendVia(transport, config, endpoint, tokens),
    withSession: (endpoint) =>
      session.use((tokens) => sendVia(transport, sessionConfig, endpoint, tokens)),
    withSessionFrom: (current, endpoint) =>
      session.useFrom(current, (tokens) => sendVia(transport, sessionConfig, endpoint, tokens))
  }
}

/** Optional parts of a client endpoint. */
export interface ClientEndpointParts {
  /** The JSON body, already in wire form. */
  readonly body?: unknown
  readonly query?: ReadonlyArray<readonly [string, string]>
}

/** A client-level call answering JSON read with `response`. */
export const clientEndpoint = <A, const Errors extends ReadonlyArray<AnyKnownErrorClass>>(
  method: Method,
  path: string,
  response: JsonRead<A>,
  errors: Errors,
  parts: ClientEndpointParts = {}
): Endpoint<A, Errors> => ({
  method,
  path,
  level: "client",
  response: jsonWith(response),
  errors,
  // Absent parts are undefined rather than spread in: a write builds its endpoint on every call.
  query: parts.query,
  body: "body" in parts ? { _tag: "Json", value: parts.body } : undefined
})

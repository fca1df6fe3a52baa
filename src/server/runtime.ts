/**
 * How StackServer and StackAdmin send: one access level, the app's keys, no user session (calls on
 * behalf of a user name the user in the path).
 */
import * as Effect from "effect/Effect"
import type { AnyKnownErrorClass } from "../errors/decode.ts"
import { type AccessLevel, noTokens } from "../http/access.ts"
import type { Endpoint } from "../http/endpoint.ts"
import { type PipelineConfig, send, type SendError } from "../http/send.ts"
import type { AdminProjectErrorClass, ServerProjectErrorClass } from "../http/project-errors.ts"
import { StackTransport } from "../http/transport.ts"

/** An endpoint whose access level is the runtime's. */
export type LevelledEndpoint<A, Errors extends ReadonlyArray<AnyKnownErrorClass>> = Omit<Endpoint<A, Errors>, "level">

/** The project-error classes of a server or admin app. */
export type KeyProjectErrorClass = ServerProjectErrorClass | AdminProjectErrorClass

/** Sending bound to one app and access level; `P` is the project errors that level can meet. */
export interface KeyRuntime<P extends KeyProjectErrorClass = KeyProjectErrorClass> {
  readonly config: PipelineConfig<P>
  readonly level: AccessLevel
  readonly call: <A, Errors extends ReadonlyArray<AnyKnownErrorClass>>(
    endpoint: LevelledEndpoint<A, Errors>
  ) => Effect.Effect<A, SendError<Errors, P>>
}

/** Builds a runtime over a transport. */
export const makeKeyRuntime = <P extends KeyProjectErrorClass>(
  config: PipelineConfig<P>,
  level: AccessLevel,
  transport: StackTransport["Service"]
): KeyRuntime<P> => ({
  config,
  level,
  call: (endpoint) =>
    Effect.provideService(send(config, { ...endpoint, level }, noTokens), StackTransport, transport)
})

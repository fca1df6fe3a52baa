/**
 * The core every StackClient operation runs on: the sending runtime, the session, and the step that
 * turns a sign-in response into the new session. Operations are top-level functions that ask for
 * `StackClientCore`, so a bundle carries only the operations an app calls.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import type { SessionService } from "../session/session.ts"
import type { ClientRuntime } from "./runtime.ts"

/** The result of every sign-in and sign-up: who is signed in, and whether the account is new. */
export interface SignInResult {
  readonly userId: string
  readonly isNewUser: boolean
}

/** Tokens of a sign-in response, as the models decode them. */
export interface SignInTokens {
  readonly accessToken: string
  readonly refreshToken: string
  readonly userId: string
  readonly isNewUser?: boolean | undefined
}

/** The parts a client operation needs. */
export interface ClientContext {
  readonly runtime: ClientRuntime
  readonly session: SessionService
  /** Stores the tokens of a sign-in and describes it; `isNewUser` defaults to `newByDefault`. */
  readonly startSession: (tokens: SignInTokens, newByDefault: boolean) => Effect.Effect<SignInResult>
}

/** The client core of one project: provide it with `StackClientCore.layer(options)`. */
export class StackClientCore extends Context.Service<StackClientCore, ClientContext>()("stackfx/StackClientCore") {}

/** Builds the context over a runtime. */
export const makeClientContext = (runtime: ClientRuntime): ClientContext => ({
  runtime,
  session: runtime.session,
  startSession: (tokens, newByDefault) =>
    Effect.as(
      // Tokens the service issued are never the text `undefined`: `InvalidTokenValue` is for tokens
      // an app supplies, so here it could only be a defect.
      Effect.orDie(runtime.session.setTokens({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken })),
      { userId: tokens.userId, isNewUser: tokens.isNewUser ?? newByDefault }
    )
})

/** Any operation: a function returning an effect. */
type Operation = (...args: never[]) => Effect.Effect<unknown, unknown, unknown>

/** `ops` with `StackClientCore` provided: the methods of a bound client object. */
export type Bound<Ops extends Record<string, Operation>> = {
  readonly [K in keyof Ops]: Ops[K] extends (...args: infer Args) => Effect.Effect<infer A, infer E, infer R>
    ? (...args: Args) => Effect.Effect<A, E, Exclude<R, StackClientCore>>
    : never
}

/** Binds every operation of `ops` to one core, for the StackClient service object. */
export const bindOperations = <Ops extends Record<string, Operation>>(core: ClientContext, ops: Ops): Bound<Ops> => {
  // Adding the core to a call's context copies the context; a runtime starts every call with the
  // same context, so the copy made for the last context seen serves the next call (contexts are
  // immutable: the same input gives the same result).
  let seen: Context.Context<never> | undefined
  let withCore: Context.Context<unknown> | undefined
  const addCore = (context: Context.Context<never>): Context.Context<unknown> => {
    if (context !== seen || withCore === undefined) {
      // The operations' requirements are erased here (see `Bound` for the types callers see).
      withCore = Context.add(context, StackClientCore, core) as Context.Context<unknown>
      seen = context
    }
    return withCore
  }
  const bound: Record<string, (...args: never[]) => Effect.Effect<unknown, unknown, unknown>> = {}
  for (const [name, operation] of Object.entries(ops)) {
    bound[name] = (...args) => Effect.updateContext(operation(...args), addCore)
  }
  // The mapped type is exactly what the loop builds; TypeScript cannot follow a loop over keys.
  return bound as Bound<Ops>
}

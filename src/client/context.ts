/**
 * What every concern of StackClient is built from: the sending runtime, the session, and the step
 * that turns a sign-in response into the new session.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { InvalidTokenValue, SessionService } from "../session/session.ts"
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

/** The parts a client concern needs. */
export interface ClientContext {
  readonly runtime: ClientRuntime
  readonly session: SessionService
  /** Stores the tokens of a sign-in and describes it; `isNewUser` defaults to `newByDefault`. */
  readonly startSession: (tokens: SignInTokens, newByDefault: boolean) => Effect.Effect<SignInResult, InvalidTokenValue>
}

/** Builds the context over a runtime. */
export const makeClientContext = (runtime: ClientRuntime): ClientContext => ({
  runtime,
  session: runtime.session,
  startSession: (tokens, newByDefault) =>
    Effect.as(
      runtime.session.setTokens({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken }),
      { userId: tokens.userId, isNewUser: tokens.isNewUser ?? newByDefault }
    )
})

/** `{ success: true }` bodies of mutations, read without caring about the value. */
export const Acknowledged = Schema.Unknown

/**
 * StackClient: the current user's world, as effects whose error types are exact unions.
 *
 * @example
 * const program = Effect.gen(function*() {
 *   const stack = yield* StackClient
 *   yield* stack.signInWithPassword({ email: "ada@example.com", password: "correct horse" })
 *   return yield* stack.getUser()
 * })
 * program.pipe(Effect.provide(StackClient.layer({ projectId }).pipe(
 *   Layer.provide(layerMemoryTokenStore()), Layer.provide(FetchHttpClient.layer))))
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as HttpClient from "effect/http/HttpClient"
import {
  CannotGetOwnUserWithoutUser,
  EmailPasswordMismatch,
  MultiFactorAuthenticationRequired,
  PasswordAuthenticationNotEnabled,
  SchemaError
} from "../errors/catalogue.ts"
import { json } from "../http/endpoint.ts"
import type { SendError } from "../http/send.ts"
import { camelize } from "../model/camel.ts"
import { User } from "../model/user.ts"
import { makeSession, type InvalidTokenValue } from "../session/session.ts"
import type { TokenStore } from "../session/token-store.ts"
import { SuccessBody } from "../wire/common.ts"
import { PasswordSignInBody, PasswordSignInResponse } from "../wire/auth.ts"
import { encodeInput, type InvalidInput } from "./input.ts"
import { makeClientRuntime, type SessionCallError } from "./runtime.ts"

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
}

const SignInTokens = camelize(PasswordSignInResponse)
const SignInInput = camelize(PasswordSignInBody)

/** The result of a sign-in: the new session's user. */
export interface SignInResult {
  readonly userId: string
}

const signInErrors = [EmailPasswordMismatch, PasswordAuthenticationNotEnabled, MultiFactorAuthenticationRequired, SchemaError] as const
const getUserErrors = [CannotGetOwnUserWithoutUser, SchemaError] as const
const signOutErrors = [SchemaError] as const

/** The StackClient service. */
export interface StackClientService {
  /** Signs in with e-mail and password; the session then holds the new tokens. */
  readonly signInWithPassword: (
    input: typeof SignInInput.Type
  ) => Effect.Effect<SignInResult, SessionCallError<typeof signInErrors> | InvalidInput | InvalidTokenValue>
  /** The signed-in user, or `Option.none()` when nobody is signed in. */
  readonly getUser: () => Effect.Effect<Option.Option<User>, Exclude<SessionCallError<typeof getUserErrors>, CannotGetOwnUserWithoutUser>>
  /** Ends the session on the server (by its access token) and forgets the tokens locally, whatever the server says. */
  readonly signOut: () => Effect.Effect<void>
  /** Refresh token, else access token, else `not logged in`. */
  readonly sessionKey: Effect.Effect<string>
}

/** The end-user client of one project. */
export class StackClient extends Context.Service<StackClient, StackClientService>()("stackfx/StackClient") {
  /** StackClient over the TokenStore and HttpClient the app provides. */
  static readonly layer = (options: StackClientOptions): Layer.Layer<StackClient, never, TokenStore | HttpClient.HttpClient> =>
    Layer.effect(StackClient, make(options))
}

const toRedacted = (key: string | Redacted.Redacted<string> | undefined) =>
  key === undefined || Redacted.isRedacted(key) ? key : Redacted.make(key)

/** Builds a StackClient. */
export const make = Effect.fnUntraced(function*(options: StackClientOptions) {
  const config = {
    baseUrl: options.baseUrl ?? "https://api.stack-auth.com",
    keys: { projectId: options.projectId, publishableClientKey: toRedacted(options.publishableClientKey) },
    allowances: { allowRestrictedUser: options.allowRestrictedUser, allowAnonymousUser: options.allowAnonymousUser }
  }
  const session = yield* makeSession(config)
  const runtime = makeClientRuntime(config, session, yield* HttpClient.HttpClient)

  const signInWithPassword = Effect.fn("StackClient.signInWithPassword")(function*(input: typeof SignInInput.Type) {
    const body = yield* encodeInput("StackClient.signInWithPassword", SignInInput, input)
    const tokens = yield* runtime.withSession({
      method: "POST",
      path: "/auth/password/sign-in",
      level: "client",
      body: { _tag: "Json", value: body },
      response: json(SignInTokens),
      errors: signInErrors
    })
    yield* session.setTokens({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken })
    return { userId: tokens.userId }
  })

  const getUser = Effect.fn("StackClient.getUser")(function*() {
    return yield* runtime.withSession({
      method: "GET",
      path: "/users/me",
      level: "client",
      response: json(User),
      errors: getUserErrors
    }).pipe(
      Effect.map(Option.some),
      Effect.catchTag("CannotGetOwnUserWithoutUser", () => Effect.succeed(Option.none<User>()))
    )
  })

  const signOut = Effect.fn("StackClient.signOut")(function*() {
    const current = yield* session.tokens.pipe(Effect.option)
    const hasTokens = Option.exists(current, (t) => Option.isSome(t.accessToken) || Option.isSome(t.refreshToken))
    if (hasTokens) {
      // The session ends locally whatever the server answers: an expired or already ended session is fine.
      const ended: Effect.Effect<unknown, SessionCallError<typeof signOutErrors>> = runtime.withSession({
        method: "DELETE",
        path: "/auth/sessions/current",
        level: "client",
        body: { _tag: "Json", value: {} },
        response: json(SuccessBody),
        errors: signOutErrors
      })
      yield* Effect.ignore(ended)
    }
    yield* session.invalidate
  })

  return StackClient.of({ signInWithPassword, getUser, signOut, sessionKey: session.key })
})


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
import { makeSession } from "../session/session.ts"
import type { TokenStore } from "../session/token-store.ts"
import { makeAccount } from "./account.ts"
import { makeAnonymousAuth } from "./auth/anonymous.ts"
import { makeMfaAuth } from "./auth/mfa.ts"
import { makeOAuthAuth } from "./auth/oauth.ts"
import { makeOtpAuth } from "./auth/otp.ts"
import { makePasskeyAuth } from "./auth/passkey.ts"
import { makePasswordAuth } from "./auth/password.ts"
import { makeContactChannels } from "./contact-channels.ts"
import { makeClientContext } from "./context.ts"
import { makeClientRuntime } from "./runtime.ts"
import { makeTeams } from "./teams.ts"

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

/** The tokens of the session as plain strings, for calls to the app's own backend. */
export interface AuthJson {
  readonly accessToken: string | null
  readonly refreshToken: string | null
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
  const ctx = makeClientContext(runtime)

  /** The session's tokens (refreshed first when needed); nulls when signed out. */
  const getAuthJson = Effect.fn("StackClient.getAuthJson")(function*() {
    const tokens = yield* session.tokens
    const plain = (token: Option.Option<Redacted.Redacted<string>>) => Option.getOrNull(Option.map(token, Redacted.value))
    return { accessToken: plain(tokens.accessToken), refreshToken: plain(tokens.refreshToken) } satisfies AuthJson
  })

  /** `{ "x-stack-auth": JSON }` for cross-origin calls to the app's own server (read back by its request token store). */
  const getAuthHeaders = Effect.fn("StackClient.getAuthHeaders")(function*() {
    const json = yield* getAuthJson()
    return { "x-stack-auth": JSON.stringify(json) }
  })

  return {
    ...makePasswordAuth(ctx),
    ...makeOtpAuth(ctx),
    ...makeMfaAuth(ctx),
    ...makeOAuthAuth(ctx),
    ...makePasskeyAuth(ctx),
    ...makeAnonymousAuth(ctx),
    ...makeAccount(ctx),
    ...makeContactChannels(ctx),
    ...makeTeams(ctx),
    getAuthJson,
    getAuthHeaders,
    /** Refresh token, else access token, else `not logged in` (SPEC.md §3). */
    sessionKey: session.key,
    /** The underlying session (tokens, refresh, invalidate). */
    session
  }
})

/** The StackClient service. */
export type StackClientService = Effect.Success<ReturnType<typeof make>>

/** The end-user client of one project. */
export class StackClient extends Context.Service<StackClient, StackClientService>()("stackfx/StackClient") {
  /** StackClient over the TokenStore and HttpClient the app provides. */
  static readonly layer = (options: StackClientOptions): Layer.Layer<StackClient, never, TokenStore | HttpClient.HttpClient> =>
    Layer.effect(StackClient, make(options))
}

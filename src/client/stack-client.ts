/**
 * StackClient: the current user's world, as effects whose error types are exact unions.
 *
 * Two ways in. Every operation is a top-level function needing `StackClientCore` (tree-shakable: a
 * bundle carries what it calls); `StackClient` is all of them bound to one core, as a service.
 *
 * @example
 * const program = Effect.gen(function*() {
 *   yield* signInWithPassword({ email: "ada@example.com", password: "correct horse" })
 *   return yield* getUser()
 * })
 * program.pipe(Effect.provide(layerCoreFetch({ projectId }).pipe(Layer.provide(layerMemoryTokenStore()))))
 */
import type { InvalidStackOptions } from "./options-check.ts"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as HttpClient from "effect/http/HttpClient"
import type { TokenStore } from "../session/token-store.ts"
import { accountOperations } from "./account.ts"
import { anonymousAuthOperations } from "./auth/anonymous.ts"
import { mfaAuthOperations } from "./auth/mfa.ts"
import { oauthOperations } from "./auth/oauth.ts"
import { otpAuthOperations } from "./auth/otp.ts"
import { passkeyAuthOperations } from "./auth/passkey.ts"
import { passwordAuthOperations } from "./auth/password.ts"
import { contactChannelsOperations } from "./contact-channels.ts"
import { bindOperations, type ClientContext, StackClientCore } from "./context.ts"
import type { FetchFunction } from "../http/transport-fetch.ts"
import { getAuthHeaders, getAuthJson, layerCore, layerCoreFetch, type StackClientOptions } from "./core.ts"
import { getPartialUser } from "./partial-user.ts"
import { projectOperations } from "./project.ts"
import { sessionsOperations } from "./sessions.ts"
import { teamsOperations } from "./teams.ts"
import { featureOperations } from "./features.ts"

/** Every client operation by name (the methods of `StackClient`, and of React's `useStackClient()`). */
export const clientOperations = {
  ...passwordAuthOperations,
  ...otpAuthOperations,
  ...mfaAuthOperations,
  ...oauthOperations,
  ...passkeyAuthOperations,
  ...anonymousAuthOperations,
  ...accountOperations,
  ...contactChannelsOperations,
  ...sessionsOperations,
  ...teamsOperations,
  ...projectOperations,
  ...featureOperations,
  getAuthJson,
  getAuthHeaders,
  getPartialUser
}

/** Every operation bound to one core, plus the session key and the session itself. */
export const bindClient = (core: ClientContext) => ({
  ...bindOperations(core, clientOperations),
  sessionKey: core.session.key,
  session: core.session
})

/** The StackClient service. */
export type StackClientService = ReturnType<typeof bindClient>

/** The end-user client of one project, every operation as a method. */
export class StackClient extends Context.Service<StackClient, StackClientService>()("stackfx/StackClient") {
  /** StackClient (and its core) over the TokenStore and HttpClient the app provides. */
  static readonly layer = (options: StackClientOptions): Layer.Layer<StackClient | StackClientCore, InvalidStackOptions, TokenStore | HttpClient.HttpClient> =>
    bound().pipe(Layer.provideMerge(layerCore(options)))

  /** StackClient (and its core) over the TokenStore the app provides, sending with `fetch`. */
  static readonly layerFetch = (
    options: StackClientOptions,
    fetchFunction?: FetchFunction
  ): Layer.Layer<StackClient | StackClientCore, InvalidStackOptions, TokenStore> =>
    bound().pipe(Layer.provideMerge(layerCoreFetch(options, fetchFunction)))
}

// A function, not a shared constant: layers are memoised by identity, so one constant layer would
// hand every client built in the same program the first client's core.
const bound = (): Layer.Layer<StackClient, never, StackClientCore> => Layer.effect(StackClient, Effect.map(StackClientCore, bindClient))

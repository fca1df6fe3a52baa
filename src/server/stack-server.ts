/**
 * StackServer: every user, team, membership, permission and session of a project, from trusted
 * server code with the secret server key.
 *
 * @example
 * const program = Effect.gen(function*() {
 *   const stack = yield* StackServer
 *   const page = yield* stack.listUsers({ limit: 50 })
 *   const user = yield* stack.createUser({ primaryEmail: "ada@example.com", primaryEmailAuthEnabled: true })
 * })
 * program.pipe(Effect.provide(StackServer.layer({ projectId, secretServerKey }).pipe(Layer.provide(FetchHttpClient.layer))))
 */
import type * as Config from "effect/Config"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as HttpClient from "effect/http/HttpClient"
import { transportFromHttpClient } from "../http/transport-http-client.ts"
import { baseUrlConfig, orUndefined, projectIdConfig, publishableClientKeyConfig, secretServerKeyConfig } from "../http/config.ts"
import type { RequestPolicy } from "../http/retry.ts"
import type { PipelineConfig } from "../http/send.ts"
import { makeKeyRuntime } from "./runtime.ts"
import { refuseInBrowser, type SecretKeyInBrowser } from "./browser-guard.ts"
import { makeServerTeams, type ServerTeams } from "./teams.ts"
import { makeServerUsers, type ServerUsers } from "./users.ts"
import { makeServerEmails, type ServerEmails } from "./emails.ts"
import { makeServerFeatures, type ServerFeatures } from "./features.ts"
import type { HeaderNames } from "../http/wire-names.ts"
import { serverProjectErrors, type ServerProjectErrorClass } from "../http/project-errors.ts"

/** How to reach a project from server code. */
export interface StackServerOptions {
  readonly projectId: string
  readonly secretServerKey: string | Redacted.Redacted<string>
  /** Sent too when given (projects that require it on every request). */
  readonly publishableClientKey?: string | Redacted.Redacted<string> | undefined
  /** Default `https://api.stack-auth.com`. */
  readonly baseUrl?: string | undefined
  /** Build even where `window` and `document` exist (tests in a fake DOM); never in a real page. */
  readonly dangerouslyAllowBrowser?: boolean | undefined
  /**
   * The request headers' spelling: `"stack"` (`x-stack-*`, the default, understood by every server
   * version) or `"hexclave"` (`x-hexclave-*`, the service's new name). Responses are read in both.
   */
  readonly headerNames?: HeaderNames | undefined
  /** Timeouts, retry schedule and response size cap of every call (defaults: 10 s, 30 s, 5 attempts, 10 MB). */
  readonly requestPolicy?: Partial<RequestPolicy> | undefined
}

const redact = (key: string | Redacted.Redacted<string>) => (Redacted.isRedacted(key) ? key : Redacted.make(key))

/** The pipeline settings of a server app. */
export const serverConfig = (options: StackServerOptions): PipelineConfig<ServerProjectErrorClass> => ({
  baseUrl: options.baseUrl ?? "https://api.stack-auth.com",
  headerNames: options.headerNames,
  projectErrors: serverProjectErrors,
  keys: {
    projectId: options.projectId,
    secretServerKey: redact(options.secretServerKey),
    publishableClientKey: options.publishableClientKey === undefined ? undefined : redact(options.publishableClientKey)
  },
  requestPolicy: options.requestPolicy
})

/** Builds a StackServer. */
export const make = (options: StackServerOptions): Effect.Effect<StackServerService, SecretKeyInBrowser, HttpClient.HttpClient> =>
  Effect.andThen(refuseInBrowser("StackServer", options.dangerouslyAllowBrowser), Effect.service(HttpClient.HttpClient)).pipe(Effect.map((http) => {
    const runtime = makeKeyRuntime(serverConfig(options), "server", transportFromHttpClient(http))
    return {
      ...makeServerUsers(runtime),
      ...makeServerTeams(runtime),
      ...makeServerEmails(runtime),
      ...makeServerFeatures(runtime),
      projectId: options.projectId
    }
  }))

/** The StackServer service. */
export type StackServerService = ServerUsers & ServerTeams & ServerEmails<ServerProjectErrorClass> & ServerFeatures & {
  /** The project this app acts on. */
  readonly projectId: string
}

/** The server-side app of one project. */
export class StackServer extends Context.Service<StackServer, StackServerService>()("stackfx/StackServer") {
  /** StackServer over the HttpClient the app provides. */
  static readonly layer = (options: StackServerOptions): Layer.Layer<StackServer, SecretKeyInBrowser, HttpClient.HttpClient> =>
    Layer.effect(StackServer, make(options))

  /** StackServer from `STACK_PROJECT_ID`, `STACK_SECRET_SERVER_KEY`, optional `STACK_PUBLISHABLE_CLIENT_KEY` and `STACK_API_URL`. */
  static readonly layerConfig: Layer.Layer<StackServer, Config.ConfigError | SecretKeyInBrowser, HttpClient.HttpClient> = Layer.effect(
    StackServer,
    Effect.gen(function*() {
      return yield* make({
        projectId: yield* projectIdConfig,
        secretServerKey: yield* secretServerKeyConfig,
        publishableClientKey: orUndefined(yield* publishableClientKeyConfig),
        baseUrl: yield* baseUrlConfig
      })
    })
  )
}

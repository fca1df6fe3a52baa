/**
 * The two server-side questions the permission combinators ask the Stack API with the secret server
 * key: does a user hold a project permission, and is an API key a valid user or team key. A small
 * service of its own (same options as `StackServer`), so `stackfx/http-api` adds no operation to
 * `StackServer` itself.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as HttpClient from "effect/http/HttpClient"
import { ApiKeyExpired, ApiKeyNotFound, ApiKeyRevoked, WrongApiKeyType } from "../errors/catalogue.ts"
import { json } from "../http/endpoint.ts"
import { transportFromHttpClient } from "../http/transport-http-client.ts"
import { refuseInBrowser, type SecretKeyInBrowser } from "../server/browser-guard.ts"
import { makeKeyRuntime } from "../server/runtime.ts"
import { serverConfig, type StackServerOptions } from "../server/stack-server.ts"
import { CheckedTeamApiKey, CheckedUserApiKey, ProjectPermissionList } from "../wire/server-checks.ts"

const apiKeyCheckErrors = [ApiKeyNotFound, WrongApiKeyType, ApiKeyRevoked, ApiKeyExpired] as const

const make = (options: StackServerOptions) =>
  Effect.andThen(refuseInBrowser("StackServer", options.dangerouslyAllowBrowser), Effect.service(HttpClient.HttpClient)).pipe(
    Effect.map((http) => {
      const runtime = makeKeyRuntime(serverConfig(options), "server", transportFromHttpClient(http))

      /** Whether `userId` holds project permission `permissionId` (directly or contained). */
      const hasProjectPermission = Effect.fn("StackServerChecks.hasProjectPermission")(function*(userId: string, permissionId: string) {
        const list = yield* runtime.call({
          method: "GET",
          path: "/project-permissions",
          query: [["user_id", userId], ["permission_id", permissionId], ["recursive", "true"]],
          response: json(ProjectPermissionList),
          // An unknown user or permission is simply not held.
          errors: []
        })
        return list.items.some((permission) => permission.id === permissionId)
      })

      /** The user API key `apiKey`, if it is one, valid, not revoked nor expired. */
      const checkUserApiKey = Effect.fn("StackServerChecks.checkUserApiKey")(function*(apiKey: string) {
        const body = { _tag: "Json", value: { api_key: apiKey } } as const
        return yield* runtime.call({ method: "POST", path: "/user-api-keys/check", body, response: json(CheckedUserApiKey), errors: apiKeyCheckErrors })
      })

      /** The team API key `apiKey`, if it is one, valid, not revoked nor expired. */
      const checkTeamApiKey = Effect.fn("StackServerChecks.checkTeamApiKey")(function*(apiKey: string) {
        const body = { _tag: "Json", value: { api_key: apiKey } } as const
        return yield* runtime.call({ method: "POST", path: "/team-api-keys/check", body, response: json(CheckedTeamApiKey), errors: apiKeyCheckErrors })
      })

      return { hasProjectPermission, checkUserApiKey, checkTeamApiKey }
    })
  )

/** The StackServerChecks service. */
export type StackServerChecksService = Effect.Success<ReturnType<typeof make>>

/** Project permission and API key checks with the secret server key. */
export class StackServerChecks extends Context.Service<StackServerChecks, StackServerChecksService>()("stackfx/http-api/StackServerChecks") {
  /** The checks over the HttpClient the app provides (the same options as `StackServer.layer`). */
  static readonly layer = (options: StackServerOptions): Layer.Layer<StackServerChecks, SecretKeyInBrowser, HttpClient.HttpClient> =>
    Layer.effect(StackServerChecks, make(options))
}

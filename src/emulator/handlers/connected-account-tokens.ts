/**
 * `POST /connected-accounts/{user_id}/{provider_id}/access-token`: a provider access
 * token of a user's connected account. Like the current service (fixture connected-accounts-access-token-
 * shared-keys), shared keys do not block it, so the mock providers mint one in every configuration.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import {
  OAuthConnectionDoesNotHaveRequiredScope,
  OAuthConnectionNotConnectedToUser,
  OAuthProviderNotFoundOrNotEnabled,
  UserNotFound
} from "../../errors/catalogue.ts"
import { ConnectedAccountAccessToken, ConnectedAccountAccessTokenBody } from "../../wire/connected-accounts.ts"
import * as Ids from "../ids.ts"
import * as Reply from "../reply.ts"
import { defineRoute, resolveUserId } from "../router.ts"
import { findUser, type ProjectRecord, type StateData } from "../state.ts"

/** The routes of this file. */
export const routes = [
  defineRoute({
    method: "POST",
    path: "/connected-accounts/{user_id}/{provider_id}/access-token",
    access: ["client", "server", "admin"],
    params: Schema.Struct({ user_id: Schema.String, provider_id: Schema.String }),
    body: ConnectedAccountAccessTokenBody,
    handler: Effect.fnUntraced(function*(ctx) {
      const data: StateData = ctx.data
      const userId = yield* resolveUserId(ctx.params.user_id, ctx.auth)
      if (ctx.auth.accessType === "client" && userId !== ctx.auth.user?.id) {
        return yield* Reply.textError(403, "Client can only access its own connected accounts")
      }
      const user = findUser(data, ctx.auth.project.id, userId)
      if (user === undefined) return yield* UserNotFound.create()
      const project: ProjectRecord = ctx.auth.project
      const provider = project.config.oauthProviders.find((p) => p.id === ctx.params.provider_id)
      if (provider === undefined) return yield* OAuthProviderNotFoundOrNotEnabled.create()
      const connection = Object.values(data.oauthConnections).find((c) =>
        c.userId === user.id && c.providerId === provider.id && c.allowConnectedAccounts
      )
      if (connection === undefined) return yield* OAuthConnectionNotConnectedToUser.create()
      const requested: string = ctx.body.scope ?? ""
      const wanted = requested.split(" ").filter((s) => s.length > 0)
      if (!wanted.every((scope) => connection.scopes.includes(scope))) return yield* OAuthConnectionDoesNotHaveRequiredScope.create()
      const accessToken = connection.accessToken ?? `mock_${provider.id}_${Ids.base32(32)}`
      data.oauthConnections[connection.id] = { ...connection, accessToken }
      return yield* Reply.json(ConnectedAccountAccessToken, { access_token: accessToken }, { status: 201 })
    })
  })
]

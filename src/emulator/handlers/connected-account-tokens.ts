/**
 * Connected accounts: `GET /connected-accounts/{user_id}` (the user's provider accounts usable as
 * connected accounts) and provider access tokens, per provider
 * (`POST /connected-accounts/{user_id}/{provider_id}/access-token`) or per account
 * (`POST /connected-accounts/{user_id}/{provider_id}/{provider_account_id}/access-token`).
 *
 * Shared keys block access tokens unless the deployment opts in (`STACK_ALLOW_SHARED_OAUTH_ACCESS_TOKENS`;
 * the emulator's `allowSharedOAuthAccessTokens`, on by default like the dev server recorded in fixture
 * connected-accounts-access-token-shared-keys); both routes check it right after finding the
 * provider, before looking at the user, like the service. A stored token is handed out while the
 * provider still accepts it; otherwise the provider's refresh token gets a new one, and a refused
 * refresh drops it (the service then answers OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE: the user
 * has to connect again). Tokens of the built-in consent page are minted here and never go stale.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import {
  OAuthAccessTokenNotAvailableWithSharedOAuthKeys,
  OAuthConnectionDoesNotHaveRequiredScope,
  OAuthConnectionNotConnectedToUser,
  OAuthProviderNotFoundOrNotEnabled,
  UserNotFound
} from "../../errors/catalogue.ts"
import { ConnectedAccountAccessToken, ConnectedAccountAccessTokenBody, ConnectedAccountList } from "../../wire/connected-accounts.ts"
import type { EmulatorEnv } from "../env.ts"
import * as Ids from "../ids.ts"
import { isMockOAuthError } from "../mock-oauth.ts"
import * as Reply from "../reply.ts"
import { defineRoute, resolveUserId } from "../router.ts"
import { UserIdOrMeParam } from "../user-id-param.ts"
import type { RequestAuth } from "../auth.ts"
import { findUser, type OAuthConnectionRecord, type StateData, type UserRecord } from "../state.ts"
import * as Create from "../../errors/create.ts"


const scopesOf = (text: string | undefined) => (text ?? "").split(/\s+/).filter((s) => s.length > 0)

/** A live access token of one of `connections` carrying every wanted scope, refreshing when needed. */
const accessTokenOf = (
  env: EmulatorEnv,
  data: StateData,
  connections: ReadonlyArray<OAuthConnectionRecord>,
  scope: string | undefined,
  nowMillis: number
): Effect.Effect<string, OAuthConnectionDoesNotHaveRequiredScope> => {
  const wanted = scopesOf(scope)
  const mock = env.mockOAuth
  for (const connection of connections.filter((c) => wanted.every((s) => c.scopes.includes(s)))) {
    const stored = connection.accessToken
    // A token the provider did not issue (built-in consent page, or before a restart) stays good.
    if (stored !== null && (mock === undefined || mock.accessTokenStatus(stored, nowMillis) !== "invalid")) {
      return Effect.succeed(stored)
    }
    if (mock === undefined) {
      const minted = `mock_${connection.providerId}_${Ids.base32(32)}`
      data.oauthConnections[connection.id] = { ...connection, accessToken: minted }
      return Effect.succeed(minted)
    }
    if (connection.refreshToken === null) continue
    const refreshed = mock.refresh(connection.refreshToken, nowMillis)
    if (isMockOAuthError(refreshed)) {
      data.oauthConnections[connection.id] = { ...connection, accessToken: null, refreshToken: null }
      continue
    }
    data.oauthConnections[connection.id] = {
      ...connection,
      accessToken: refreshed.accessToken,
      refreshToken: refreshed.refreshToken ?? connection.refreshToken
    }
    return Effect.succeed(refreshed.accessToken)
  }
  return Effect.fail(Create.OAuthConnectionDoesNotHaveRequiredScope())
}

/** The id of the user a connected-accounts request is about; a client reaches only its own. */
const targetUserId = (auth: RequestAuth, userIdOrMe: string, forbidden: string) =>
  Effect.gen(function*() {
    const userId = yield* resolveUserId(userIdOrMe, auth)
    if (auth.accessType === "client" && userId !== auth.user?.id) return yield* Reply.textError(403, forbidden)
    return userId
  })

/** The user of `userId`, or USER_NOT_FOUND. */
const existingUser = (data: StateData, auth: RequestAuth, userId: string) => {
  const user: UserRecord | undefined = findUser(data, auth.project.id, userId)
  return user === undefined ? Effect.fail(Create.UserNotFound()) : Effect.succeed(user)
}

/** The user a connected-accounts request is about; a client reaches only its own. */
const targetUser = (data: StateData, auth: RequestAuth, userIdOrMe: string, forbidden: string) =>
  Effect.flatMap(targetUserId(auth, userIdOrMe, forbidden), (userId) => existingUser(data, auth, userId))

const usableConnections = (data: StateData, user: UserRecord, providerId: string) =>
  Object.values(data.oauthConnections)
    .filter((c) => c.userId === user.id && c.providerId === providerId && c.allowConnectedAccounts)
    .sort((a, b) => a.createdAtMillis - b.createdAtMillis)

/**
 * The user an access-token request is about, after the service's checks in its order: a client asks
 * for its own accounts only, the provider is enabled, its tokens are not blocked by shared keys, the
 * user exists.
 */
const accessTokenTarget = (env: EmulatorEnv, data: StateData, auth: RequestAuth, userIdOrMe: string, providerId: string) =>
  Effect.gen(function*() {
    const userId = yield* targetUserId(auth, userIdOrMe, "Client can only access its own connected accounts")
    const provider = auth.project.config.oauthProviders.find((p) => p.id === providerId)
    if (provider === undefined) return yield* Create.OAuthProviderNotFoundOrNotEnabled()
    if (provider.type === "shared" && !env.allowSharedOAuthAccessTokens) {
      return yield* Create.OAuthAccessTokenNotAvailableWithSharedOAuthKeys()
    }
    return { user: yield* existingUser(data, auth, userId), providerId: provider.id }
  })

/** The routes of this file. */
export const routes = [
  defineRoute({
    method: "GET",
    path: "/connected-accounts/{user_id}",
    access: ["client", "server", "admin"],
    params: Schema.Struct({ user_id: UserIdOrMeParam }),
    handler: Effect.fnUntraced(function*(ctx) {
      const data: StateData = ctx.data
      const user = yield* targetUser(data, ctx.auth, ctx.params.user_id, "Client can only list connected accounts for their own user.")
      const items = Object.values(data.oauthConnections)
        .filter((c) => c.userId === user.id && c.allowConnectedAccounts)
        .sort((a, b) => a.createdAtMillis - b.createdAtMillis)
        .map((c) => ({ user_id: user.id, provider: c.providerId, provider_account_id: c.accountId }))
      return yield* Reply.json(ConnectedAccountList, { items, is_paginated: false })
    })
  }),
  defineRoute({
    method: "POST",
    path: "/connected-accounts/{user_id}/{provider_id}/access-token",
    access: ["client", "server", "admin"],
    params: Schema.Struct({ user_id: Schema.String, provider_id: Schema.String }),
    body: ConnectedAccountAccessTokenBody,
    handler: Effect.fnUntraced(function*(ctx) {
      const data: StateData = ctx.data
      const { user, providerId } = yield* accessTokenTarget(ctx.env, data, ctx.auth, ctx.params.user_id, ctx.params.provider_id)
      const connections = usableConnections(data, user, providerId)
      if (connections.length === 0) return yield* Create.OAuthConnectionNotConnectedToUser()
      const accessToken = yield* accessTokenOf(ctx.env, data, connections, ctx.body.scope, ctx.now)
      return yield* Reply.json(ConnectedAccountAccessToken, { access_token: accessToken }, { status: 201 })
    })
  }),
  defineRoute({
    method: "POST",
    path: "/connected-accounts/{user_id}/{provider_id}/{provider_account_id}/access-token",
    access: ["client", "server", "admin"],
    params: Schema.Struct({ user_id: Schema.String, provider_id: Schema.String, provider_account_id: Schema.String }),
    body: ConnectedAccountAccessTokenBody,
    handler: Effect.fnUntraced(function*(ctx) {
      const data: StateData = ctx.data
      const { user, providerId } = yield* accessTokenTarget(ctx.env, data, ctx.auth, ctx.params.user_id, ctx.params.provider_id)
      const connections = usableConnections(data, user, providerId).filter((c) => c.accountId === ctx.params.provider_account_id)
      if (connections.length === 0) return yield* Create.OAuthConnectionNotConnectedToUser()
      const accessToken = yield* accessTokenOf(ctx.env, data, connections, ctx.body.scope, ctx.now)
      return yield* Reply.json(ConnectedAccountAccessToken, { access_token: accessToken }, { status: 201 })
    })
  })
]

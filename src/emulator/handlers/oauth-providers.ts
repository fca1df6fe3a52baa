/**
 * A user's OAuth provider accounts: `POST /oauth-providers` (server), `GET /oauth-providers?user_id=`,
 * and `GET|PATCH|DELETE /oauth-providers/{user_id}/{provider_id}` (`provider_id` is the account's
 * own UUID). A client reaches only its own user. The service's uniqueness rules: one sign-in account
 * per provider and user, one account id per provider and user, and an account id signs in for one
 * account only.
 */
import * as Effect from "effect/Effect"
import { OAuthProviderAccountIdAlreadyUsedForSignIn, UserNotFound } from "../../errors/catalogue.ts"
import {
  OAuthProviderAccountClient,
  OAuthProviderAccountClientList,
  OAuthProviderAccountClientUpdate,
  OAuthProviderAccountCreate,
  OAuthProviderAccountListQuery,
  OAuthProviderAccountParams,
  OAuthProviderAccountServer,
  OAuthProviderAccountServerList,
  OAuthProviderAccountServerUpdate
} from "../../wire/oauth-providers.ts"
import type { RequestAuth } from "../auth.ts"
import * as Ids from "../ids.ts"
import * as Reply from "../reply.ts"
import { defineRoute, resolveUserId } from "../router.ts"
import { findUser, type OAuthConnectionRecord, type StateData } from "../state.ts"
import * as Create from "../../errors/create.ts"

/** Every provider type the service knows (an account of an unconfigured one is still listed by type). */
const knownProviderTypes = ["google", "github", "microsoft", "spotify", "facebook", "discord", "gitlab", "bitbucket", "linkedin", "apple", "x", "twitch"]

const providerType = (auth: RequestAuth, providerConfigId: string): string | undefined =>
  auth.project.config.oauthProviders.some((p) => p.id === providerConfigId) || knownProviderTypes.includes(providerConfigId)
    ? providerConfigId
    : undefined

const serverView = (connection: OAuthConnectionRecord, type: string): OAuthProviderAccountServer => ({
  user_id: connection.userId,
  id: connection.id,
  ...(connection.email === null || connection.email === "" ? {} : { email: connection.email }),
  provider_config_id: connection.providerId,
  type,
  allow_sign_in: connection.allowSignIn,
  allow_connected_accounts: connection.allowConnectedAccounts,
  account_id: connection.accountId
})

const clientView = (connection: OAuthConnectionRecord, type: string): OAuthProviderAccountClient => {
  const { account_id: _accountId, ...view } = serverView(connection, type)
  return view
}

/** The user a request is about: `me` resolved; a client only its own (403 with `verb` in the text). */
const targetUserId = (data: StateData, auth: RequestAuth, userIdOrMe: string, verb: string) =>
  Effect.gen(function*() {
    const userId = yield* resolveUserId(userIdOrMe, auth)
    if (auth.accessType === "client" && userId !== auth.user?.id) {
      return yield* Reply.textError(403, `Client can only ${verb} OAuth providers for their own user.`)
    }
    if (findUser(data, auth.project.id, userId) === undefined) return yield* Create.UserNotFound()
    return userId
  })

/** The service's uniqueness rules (`checkInputValidity`); `self` is the account being updated. */
const checkValidity = (
  data: StateData,
  fields: {
    readonly projectId: string
    readonly self: string | undefined
    readonly providerConfigId: string
    readonly userId: string
    readonly accountId: string | undefined
    readonly allowSignIn: boolean | undefined
  }
) =>
  Effect.gen(function*() {
    const others = Object.values(data.oauthConnections).filter((c) => c.projectId === fields.projectId && c.id !== fields.self)
    if (fields.allowSignIn === true && others.some((c) => c.providerId === fields.providerConfigId && c.userId === fields.userId && c.allowSignIn)) {
      return yield* Reply.textError(400, "The same provider type with sign-in enabled already exists for this user.")
    }
    if (
      fields.accountId !== undefined &&
      others.some((c) => c.providerId === fields.providerConfigId && c.userId === fields.userId && c.accountId === fields.accountId)
    ) {
      return yield* Reply.textError(400, "The same provider type with the same account ID already exists for this user.")
    }
    if (fields.allowSignIn === true && others.some((c) => c.accountId === fields.accountId && c.allowSignIn)) {
      return yield* Create.OAuthProviderAccountIdAlreadyUsedForSignIn()
    }
  })

const existingAccount = (data: StateData, auth: RequestAuth, userId: string, id: string) => {
  const connection = data.oauthConnections[id]
  return connection === undefined || connection.projectId !== auth.project.id || connection.userId !== userId
    ? Effect.fail(Reply.textError(404, `OAuth provider ${id} for user ${userId} not found`))
    : Effect.succeed(connection)
}

const typeOrNotFound = (auth: RequestAuth, providerConfigId: string) => {
  const type = providerType(auth, providerConfigId)
  return type === undefined
    ? Effect.fail(Reply.textError(404, `OAuth provider ${providerConfigId} not found or not configured`))
    : Effect.succeed(type)
}

/** The routes of this file. */
export const routes = [
  defineRoute({
    method: "POST",
    path: "/oauth-providers",
    access: ["server", "admin"],
    body: OAuthProviderAccountCreate,
    handler: Effect.fnUntraced(function*(ctx) {
      const data: StateData = ctx.data
      const body: OAuthProviderAccountCreate = ctx.body
      const auth: RequestAuth = ctx.auth
      const config = auth.project.config.oauthProviders.find((p) => p.id === body.provider_config_id)
      if (config === undefined) return yield* Reply.textError(404, `OAuth provider ${body.provider_config_id} not found or not configured`)
      const userId = yield* resolveUserId(body.user_id, ctx.auth)
      if (findUser(data, ctx.auth.project.id, userId) === undefined) return yield* Create.UserNotFound()
      yield* checkValidity(data, {
        projectId: ctx.auth.project.id,
        self: undefined,
        providerConfigId: body.provider_config_id,
        userId,
        accountId: body.account_id,
        allowSignIn: body.allow_sign_in
      })
      const connection: OAuthConnectionRecord = {
        id: Ids.uuid(),
        projectId: ctx.auth.project.id,
        userId,
        providerId: body.provider_config_id,
        accountId: body.account_id,
        email: body.email ?? null,
        // No provider grant stands behind an account created this way: it has no tokens.
        accessToken: null,
        refreshToken: null,
        scopes: [],
        allowSignIn: body.allow_sign_in,
        allowConnectedAccounts: body.allow_connected_accounts,
        createdAtMillis: ctx.now
      }
      data.oauthConnections[connection.id] = connection
      return yield* Reply.json(OAuthProviderAccountServer, serverView(connection, config.id), { status: 201 })
    })
  }),
  defineRoute({
    method: "GET",
    path: "/oauth-providers",
    access: ["client", "server", "admin"],
    query: OAuthProviderAccountListQuery,
    handler: Effect.fnUntraced(function*(ctx) {
      const data: StateData = ctx.data
      const requested = ctx.query.user_id
      const userId = requested === undefined
        ? (ctx.auth.accessType === "client" ? yield* resolveUserId("me", ctx.auth) : undefined)
        : yield* targetUserId(data, ctx.auth, requested, "list")
      const accounts = Object.values(data.oauthConnections)
        .filter((c) => c.projectId === ctx.auth.project.id && (userId === undefined || c.userId === userId))
        .sort((a, b) => a.createdAtMillis - b.createdAtMillis)
        .flatMap((c) => {
          const type = providerType(ctx.auth, c.providerId)
          return type === undefined ? [] : [{ connection: c, type }]
        })
      return ctx.auth.accessType === "client"
        ? yield* Reply.json(OAuthProviderAccountClientList, { items: accounts.map((a) => clientView(a.connection, a.type)), is_paginated: false })
        : yield* Reply.json(OAuthProviderAccountServerList, { items: accounts.map((a) => serverView(a.connection, a.type)), is_paginated: false })
    })
  }),
  defineRoute({
    method: "GET",
    path: "/oauth-providers/{user_id}/{provider_id}",
    access: ["client", "server", "admin"],
    params: OAuthProviderAccountParams,
    handler: Effect.fnUntraced(function*(ctx) {
      const data: StateData = ctx.data
      const userId = yield* targetUserId(data, ctx.auth, ctx.params.user_id, "read")
      const connection = yield* existingAccount(data, ctx.auth, userId, ctx.params.provider_id)
      const type = yield* typeOrNotFound(ctx.auth, connection.providerId)
      return ctx.auth.accessType === "client"
        ? yield* Reply.json(OAuthProviderAccountClient, clientView(connection, type))
        : yield* Reply.json(OAuthProviderAccountServer, serverView(connection, type))
    })
  }),
  defineRoute({
    method: "PATCH",
    path: "/oauth-providers/{user_id}/{provider_id}",
    access: ["client", "server", "admin"],
    params: OAuthProviderAccountParams,
    bodyFor: (accessType) => accessType === "client" ? OAuthProviderAccountClientUpdate : OAuthProviderAccountServerUpdate,
    handler: Effect.fnUntraced(function*(ctx) {
      const data: StateData = ctx.data
      const body: OAuthProviderAccountServerUpdate = ctx.body
      const userId = yield* targetUserId(data, ctx.auth, ctx.params.user_id, "update")
      const connection = yield* existingAccount(data, ctx.auth, userId, ctx.params.provider_id)
      yield* checkValidity(data, {
        projectId: ctx.auth.project.id,
        self: connection.id,
        providerConfigId: connection.providerId,
        userId,
        accountId: body.account_id,
        allowSignIn: body.allow_sign_in
      })
      const type = yield* typeOrNotFound(ctx.auth, connection.providerId)
      const updated: OAuthConnectionRecord = {
        ...connection,
        allowSignIn: body.allow_sign_in ?? connection.allowSignIn,
        allowConnectedAccounts: body.allow_connected_accounts ?? connection.allowConnectedAccounts,
        email: body.email ?? connection.email,
        accountId: body.account_id ?? connection.accountId
      }
      data.oauthConnections[connection.id] = updated
      return ctx.auth.accessType === "client"
        ? yield* Reply.json(OAuthProviderAccountClient, clientView(updated, type))
        : yield* Reply.json(OAuthProviderAccountServer, serverView(updated, type))
    })
  }),
  defineRoute({
    method: "DELETE",
    path: "/oauth-providers/{user_id}/{provider_id}",
    access: ["client", "server", "admin"],
    params: OAuthProviderAccountParams,
    handler: Effect.fnUntraced(function*(ctx) {
      const data: StateData = ctx.data
      const userId = yield* targetUserId(data, ctx.auth, ctx.params.user_id, "delete")
      const connection = yield* existingAccount(data, ctx.auth, userId, ctx.params.provider_id)
      delete data.oauthConnections[connection.id]
      return yield* Reply.success
    })
  })
]

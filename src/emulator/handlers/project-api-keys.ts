/**
 * User and team API keys: `POST|GET /{user,team}-api-keys`, `GET|PATCH /{user,team}-api-keys/{api_key_id}`,
 * `POST /{user,team}-api-keys/check` (server), as the service answers them (backend 2.8.86).
 *
 * Order of checks, like the service: the feature switch (`allow_user_api_keys` /
 * `allow_team_api_keys`, a 400 text), then whose keys, then who may manage them. A client manages
 * only its own user's keys (403 text otherwise) and a team's keys only with `$manage_api_keys` in
 * that team, directly or contained; without it the team's keys are `API_KEY_NOT_FOUND`, so the
 * team's existence does not leak. The full key is shown once; a revoked key keeps its first
 * revocation time; `check` reports `API_KEY_NOT_FOUND`, `WRONG_API_KEY_TYPE`, `API_KEY_REVOKED`,
 * `API_KEY_EXPIRED` in that order.
 */
import * as Effect from "effect/Effect"
import type { AccessType } from "../auth.ts"
import {
  ApiKeyCheck,
  ApiKeyParams,
  ApiKeyUpdate,
  TeamApiKey,
  TeamApiKeyCreate,
  TeamApiKeyFirstView,
  TeamApiKeyList,
  TeamApiKeysQuery,
  UserApiKey,
  UserApiKeyCreate,
  UserApiKeyFirstView,
  UserApiKeyList,
  UserApiKeysQuery
} from "../../wire/project-api-keys.ts"
import * as Create from "../../errors/create.ts"
import type { ProjectApiKeyRecord } from "../feature-state.ts"
import { projectApiKeySecret } from "../project-api-key-secret.ts"
import * as Reply from "../reply.ts"
import { defineRoute, resolveUserId } from "../router.ts"
import { findUser, newId, type ProjectRecord, type StateData, type UserRecord } from "../state.ts"
import type { RequestSchema } from "../validation.ts"
import { hasTeamPermission } from "./team-permissions.ts"

type KeyType = "user" | "team"

const requireEnabled = (project: ProjectRecord, type: KeyType): Effect.Effect<void, Reply.TextError> => {
  const enabled = type === "user" ? project.config.allowUserApiKeys : project.config.allowTeamApiKeys
  return enabled
    ? Effect.void
    : Effect.fail(Reply.textError(400, `${type === "user" ? "User" : "Team"} API keys are not enabled for this project.`))
}

/** The service's `ensureUserCanManageApiKeys`: only client access is restricted. */
const requireCanManage = (
  data: StateData,
  auth: { readonly accessType: AccessType; readonly project: ProjectRecord; readonly user?: UserRecord | undefined },
  owner: { readonly userId: string | null; readonly teamId: string | null }
) =>
  Effect.gen(function*() {
    if (auth.accessType !== "client") return
    if (auth.user === undefined) return yield* Create.UserAuthenticationRequired()
    if (owner.userId !== null && owner.userId !== auth.user.id) {
      return yield* Reply.textError(403, "Client can only manage their own api keys")
    }
    if (
      owner.teamId !== null &&
      !hasTeamPermission(data, { projectId: auth.project.id, teamId: owner.teamId, userId: auth.user.id, permissionId: "$manage_api_keys" })
    ) {
      return yield* Create.ApiKeyNotFound()
    }
  })

const common = (key: ProjectApiKeyRecord) => ({
  id: key.id,
  description: key.description,
  ...(key.expiresAtMillis !== null ? { expires_at_millis: key.expiresAtMillis } : {}),
  ...(key.manuallyRevokedAtMillis !== null ? { manually_revoked_at_millis: key.manuallyRevokedAtMillis } : {}),
  created_at_millis: key.createdAtMillis,
  is_public: key.isPublic
})

/** A user key as read (value obfuscated). */
const userKeyView = (key: ProjectApiKeyRecord): UserApiKey => ({
  ...common(key),
  type: "user",
  user_id: key.userId ?? "",
  value: { last_four: key.secret.slice(-4) }
})

/** A team key as read (value obfuscated). */
const teamKeyView = (key: ProjectApiKeyRecord): TeamApiKey => ({
  ...common(key),
  type: "team",
  team_id: key.teamId ?? "",
  value: { last_four: key.secret.slice(-4) }
})

const replyKey = (key: ProjectApiKeyRecord) =>
  key.type === "user" ? Reply.json(UserApiKey, userKeyView(key)) : Reply.json(TeamApiKey, teamKeyView(key))

const findKey = (data: StateData, projectId: string, type: KeyType, id: string) => {
  const key = data.features.projectApiKeys[id]
  return key !== undefined && key.projectId === projectId && key.type === type
    ? Effect.succeed(key)
    : Effect.fail(Create.ApiKeyNotFound())
}

const keyBySecret = (data: StateData, projectId: string, secret: string): ProjectApiKeyRecord | undefined =>
  Object.values(data.features.projectApiKeys).find((k) => k.projectId === projectId && k.secret === secret)

const insertKey = (
  data: StateData,
  fields: Omit<ProjectApiKeyRecord, "id" | "secret" | "manuallyRevokedAtMillis">
): ProjectApiKeyRecord => {
  const id = newId()
  const key: ProjectApiKeyRecord = {
    ...fields,
    id,
    secret: projectApiKeySecret({ id, isPublic: fields.isPublic, type: fields.type }),
    manuallyRevokedAtMillis: null
  }
  data.features.projectApiKeys[id] = key
  return key
}

const listKeys = (data: StateData, projectId: string, owner: (key: ProjectApiKeyRecord) => boolean) =>
  Object.values(data.features.projectApiKeys)
    .filter((key) => key.projectId === projectId && owner(key))
    // Newest first; among keys created in the same millisecond, the later one first.
    .reverse()
    .sort((a, b) => b.createdAtMillis - a.createdAtMillis)

/** Read, update and check: the same for both key types. */
const keyRoutes = <Q>(type: KeyType, query: RequestSchema<Q>) => {
  const base = `/${type}-api-keys`
  return [
    defineRoute({
      method: "GET",
      path: `${base}/{api_key_id}`,
      access: ["client", "server", "admin"],
      params: ApiKeyParams,
      query,
      handler: Effect.fnUntraced(function*(ctx) {
        yield* requireEnabled(ctx.auth.project, type)
        const key = yield* findKey(ctx.data, ctx.auth.project.id, type, ctx.params.api_key_id)
        yield* requireCanManage(ctx.data, ctx.auth, key)
        return yield* replyKey(key)
      })
    }),
    defineRoute({
      method: "PATCH",
      path: `${base}/{api_key_id}`,
      access: ["client", "server", "admin"],
      params: ApiKeyParams,
      query,
      body: ApiKeyUpdate,
      handler: Effect.fnUntraced(function*(ctx) {
        yield* requireEnabled(ctx.auth.project, type)
        const key = yield* findKey(ctx.data, ctx.auth.project.id, type, ctx.params.api_key_id)
        yield* requireCanManage(ctx.data, ctx.auth, key)
        const updated: ProjectApiKeyRecord = {
          ...key,
          description: ctx.body.description ?? key.description,
          manuallyRevokedAtMillis: key.manuallyRevokedAtMillis ?? (ctx.body.revoked === true ? ctx.now : null)
        }
        ctx.data.features.projectApiKeys[key.id] = updated
        return yield* replyKey(updated)
      })
    }),
    defineRoute({
      method: "POST",
      path: `${base}/check`,
      access: ["server", "admin"],
      body: ApiKeyCheck,
      handler: Effect.fnUntraced(function*(ctx) {
        yield* requireEnabled(ctx.auth.project, type)
        const key = keyBySecret(ctx.data, ctx.auth.project.id, ctx.body.api_key)
        if (key === undefined) return yield* Create.ApiKeyNotFound()
        if (key.type !== type) return yield* Create.WrongApiKeyType({ expected_type: type, actual_type: key.type })
        if (key.manuallyRevokedAtMillis !== null) return yield* Create.ApiKeyRevoked()
        if (key.expiresAtMillis !== null && key.expiresAtMillis < ctx.now) return yield* Create.ApiKeyExpired()
        return yield* replyKey(key)
      })
    })
  ]
}

/** The routes of this file. */
export const routes = [
  defineRoute({
    method: "POST",
    path: "/user-api-keys",
    access: ["client", "server", "admin"],
    body: UserApiKeyCreate,
    handler: Effect.fnUntraced(function*(ctx) {
      yield* requireEnabled(ctx.auth.project, "user")
      const userId = yield* resolveUserId(ctx.body.user_id, ctx.auth)
      yield* requireCanManage(ctx.data, ctx.auth, { userId, teamId: null })
      if (findUser(ctx.data, ctx.auth.project.id, userId) === undefined) return yield* Create.UserNotFound()
      const key = insertKey(ctx.data, {
        projectId: ctx.auth.project.id,
        type: "user",
        userId,
        teamId: null,
        description: ctx.body.description,
        isPublic: ctx.body.is_public ?? false,
        createdAtMillis: ctx.now,
        expiresAtMillis: ctx.body.expires_at_millis
      })
      return yield* Reply.json(UserApiKeyFirstView, { ...userKeyView(key), value: key.secret })
    })
  }),
  defineRoute({
    method: "GET",
    path: "/user-api-keys",
    access: ["client", "server", "admin"],
    query: UserApiKeysQuery,
    handler: Effect.fnUntraced(function*(ctx) {
      yield* requireEnabled(ctx.auth.project, "user")
      if (ctx.query.user_id === undefined) return yield* Create.SchemaError({ message: "user_id is required for user API keys" })
      const userId = yield* resolveUserId(ctx.query.user_id, ctx.auth)
      yield* requireCanManage(ctx.data, ctx.auth, { userId, teamId: null })
      return yield* Reply.json(UserApiKeyList, {
        items: listKeys(ctx.data, ctx.auth.project.id, (k) => k.type === "user" && k.userId === userId).map(userKeyView),
        is_paginated: false
      })
    })
  }),
  defineRoute({
    method: "POST",
    path: "/team-api-keys",
    access: ["client", "server", "admin"],
    body: TeamApiKeyCreate,
    handler: Effect.fnUntraced(function*(ctx) {
      yield* requireEnabled(ctx.auth.project, "team")
      const teamId = ctx.body.team_id
      yield* requireCanManage(ctx.data, ctx.auth, { userId: null, teamId })
      const team = ctx.data.teams[teamId]
      if (team === undefined || team.projectId !== ctx.auth.project.id) return yield* Create.TeamNotFound({ team_id: teamId })
      const key = insertKey(ctx.data, {
        projectId: ctx.auth.project.id,
        type: "team",
        userId: null,
        teamId,
        description: ctx.body.description,
        isPublic: ctx.body.is_public ?? false,
        createdAtMillis: ctx.now,
        expiresAtMillis: ctx.body.expires_at_millis
      })
      return yield* Reply.json(TeamApiKeyFirstView, { ...teamKeyView(key), value: key.secret })
    })
  }),
  defineRoute({
    method: "GET",
    path: "/team-api-keys",
    access: ["client", "server", "admin"],
    query: TeamApiKeysQuery,
    handler: Effect.fnUntraced(function*(ctx) {
      yield* requireEnabled(ctx.auth.project, "team")
      const teamId = ctx.query.team_id
      yield* requireCanManage(ctx.data, ctx.auth, { userId: null, teamId })
      return yield* Reply.json(TeamApiKeyList, {
        items: listKeys(ctx.data, ctx.auth.project.id, (k) => k.type === "team" && k.teamId === teamId).map(teamKeyView),
        is_paginated: false
      })
    })
  }),
  ...keyRoutes("user", UserApiKeysQuery),
  ...keyRoutes("team", TeamApiKeysQuery)
]

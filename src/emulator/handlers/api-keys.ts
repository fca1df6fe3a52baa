/**
 * API key sets of the current project:
 * `GET|POST /internal/api-keys`, `GET|PATCH /internal/api-keys/{api_key_id}`, admin access only.
 *
 * The full keys are shown once, in the `POST` answer; afterwards only their last four characters.
 * A revoked (`{"revoked": true}`) or expired set stops authenticating at once: `auth.ts` accepts
 * only live sets (`isKeySetLive`), so its keys then fail like unknown ones
 * (`INVALID_SUPER_SECRET_ADMIN_KEY`, ...). There is no DELETE.
 */
import * as Effect from "effect/Effect"
import { ApiKeyNotFound } from "../../errors/catalogue.ts"
import * as Reply from "../reply.ts"
import { defineRoute } from "../router.ts"
import { type ApiKeySetRecord, insertApiKeySet, type StateData } from "../state.ts"
import { ApiKeySetParams } from "../wire-admin.ts"
import {
  type ApiKeySet,
  ApiKeySet as ApiKeySetSchema,
  ApiKeySetCreate,
  ApiKeySetCreated as ApiKeySetFirstView,
  ApiKeySetList,
  ApiKeySetUpdate
} from "../../wire/api-keys.ts"
import * as Create from "../../errors/create.ts"

const lastFour = (key: string | null) => key === null ? undefined : { last_four: key.slice(-4) }

/** A key set as listed (keys obfuscated). */
export const apiKeySetView = (set: ApiKeySetRecord): ApiKeySet => {
  const pck = lastFour(set.publishableClientKey)
  const ssk = lastFour(set.secretServerKey)
  const sak = lastFour(set.superSecretAdminKey)
  return {
    id: set.id,
    description: set.description,
    created_at_millis: set.createdAtMillis,
    expires_at_millis: set.expiresAtMillis,
    ...(set.manuallyRevokedAtMillis !== null ? { manually_revoked_at_millis: set.manuallyRevokedAtMillis } : {}),
    ...(pck !== undefined ? { publishable_client_key: pck } : {}),
    ...(ssk !== undefined ? { secret_server_key: ssk } : {}),
    ...(sak !== undefined ? { super_secret_admin_key: sak } : {})
  }
}

const findSet = (data: StateData, projectId: string, id: string): Effect.Effect<ApiKeySetRecord, ApiKeyNotFound> => {
  const set = data.apiKeySets[id]
  return set !== undefined && set.projectId === projectId ? Effect.succeed(set) : Effect.fail(Create.ApiKeyNotFound())
}

/** The routes of this file. */
export const routes = [
  defineRoute({
    method: "GET",
    path: "/internal/api-keys",
    access: ["admin"],
    handler: (ctx) =>
      Reply.json(ApiKeySetList, {
        items: Object.values(ctx.data.apiKeySets)
          .filter((set) => set.projectId === ctx.auth.project.id)
          // Newest first; among sets created in the same millisecond, the later one first.
          .reverse()
          .sort((a, b) => b.createdAtMillis - a.createdAtMillis)
          .map(apiKeySetView),
        is_paginated: false
      })
  }),
  defineRoute({
    method: "POST",
    path: "/internal/api-keys",
    access: ["admin"],
    body: ApiKeySetCreate,
    handler: Effect.fnUntraced(function*(ctx) {
      const set = insertApiKeySet(ctx.data, {
        projectId: ctx.auth.project.id,
        description: ctx.body.description,
        nowMillis: ctx.now,
        expiresAtMillis: ctx.body.expires_at_millis,
        ...(ctx.body.has_publishable_client_key ? {} : { publishableClientKey: null }),
        ...(ctx.body.has_secret_server_key ? {} : { secretServerKey: null }),
        ...(ctx.body.has_super_secret_admin_key ? {} : { superSecretAdminKey: null })
      })
      return yield* Reply.json(ApiKeySetFirstView, {
        id: set.id,
        description: set.description,
        created_at_millis: set.createdAtMillis,
        expires_at_millis: set.expiresAtMillis,
        ...(set.publishableClientKey !== null ? { publishable_client_key: set.publishableClientKey } : {}),
        ...(set.secretServerKey !== null ? { secret_server_key: set.secretServerKey } : {}),
        ...(set.superSecretAdminKey !== null ? { super_secret_admin_key: set.superSecretAdminKey } : {})
      })
    })
  }),
  defineRoute({
    method: "GET",
    path: "/internal/api-keys/{api_key_id}",
    access: ["admin"],
    params: ApiKeySetParams,
    handler: Effect.fnUntraced(function*(ctx) {
      const set = yield* findSet(ctx.data, ctx.auth.project.id, ctx.params.api_key_id)
      return yield* Reply.json(ApiKeySetSchema, apiKeySetView(set))
    })
  }),
  defineRoute({
    method: "PATCH",
    path: "/internal/api-keys/{api_key_id}",
    access: ["admin"],
    params: ApiKeySetParams,
    body: ApiKeySetUpdate,
    handler: Effect.fnUntraced(function*(ctx) {
      const set = yield* findSet(ctx.data, ctx.auth.project.id, ctx.params.api_key_id)
      const updated: ApiKeySetRecord = {
        ...set,
        description: ctx.body.description ?? set.description,
        // Revoking twice keeps the first revocation time.
        manuallyRevokedAtMillis: ctx.body.revoked === true && set.manuallyRevokedAtMillis === null
          ? ctx.now
          : set.manuallyRevokedAtMillis
      }
      ctx.data.apiKeySets[set.id] = updated
      return yield* Reply.json(ApiKeySetSchema, apiKeySetView(updated))
    })
  })
]

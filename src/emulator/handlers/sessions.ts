/**
 * Sessions:
 * `DELETE /auth/sessions/current` (the session named by the access token's `refresh_token_id`),
 * `POST /auth/sessions` (server/admin: a session for any user), and
 * `POST /auth/sessions/current/refresh` (a new access token from `x-stack-refresh-token`),
 * `GET /auth/sessions?user_id=` (a user's sessions) and `DELETE /auth/sessions/{id}` (revoke one
 * that is not the current session).
 */
import * as Effect from "effect/Effect"
import {
  AccessTokenExpired,
  CannotDeleteCurrentSession,
  RefreshTokenNotFoundOrExpired,
  UserIdDoesNotExist
} from "../../errors/catalogue.ts"
import * as Reply from "../reply.ts"
import { defineRoute, resolveUserId } from "../router.ts"
import { findUser, type StateData } from "../state.ts"
import { createAuthTokens, findLiveSession, mintAccessToken } from "../tokens.ts"
import { schemaError } from "../validation.ts"
import { AccessTokenResponse, SessionCreateBody, SessionCreateResponse } from "../../wire/auth.ts"
import { SessionList, SessionParams, SessionsQuery } from "../../wire/sessions.ts"
import * as Create from "../../errors/create.ts"

/** The routes of this file. */
export const routes = [
  defineRoute({
    method: "DELETE",
    path: "/auth/sessions/current",
    access: ["client", "server", "admin"],
    // The SDK sends `{}`; the server ignores the body.
    handler: Effect.fnUntraced(function*(ctx) {
      const sessionId = ctx.auth.refreshTokenId
      if (sessionId === undefined) {
        // The current server's "transition" answer when no access token names the session.
        return yield* Create.AccessTokenExpired({
          expired_at_millis: ctx.now,
          project_id: null,
          user_id: null,
          refresh_token_id: null
        })
      }
      const session = ctx.data.refreshTokens[sessionId]
      // The live server answers a repeated sign-out with a 500 (an assertion); the intended answer is
      // this error, which is what the emulator sends.
      if (session === undefined || session.projectId !== ctx.auth.project.id) {
        return yield* Create.RefreshTokenNotFoundOrExpired()
      }
      delete ctx.data.refreshTokens[sessionId]
      return yield* Reply.success
    })
  }),
  defineRoute({
    method: "POST",
    path: "/auth/sessions",
    access: ["server", "admin"],
    body: SessionCreateBody,
    handler: Effect.fnUntraced(function*(ctx) {
      const userId = yield* resolveUserId(ctx.body.user_id, ctx.auth)
      const user = findUser(ctx.data, ctx.auth.project.id, userId)
      if (user === undefined) return yield* Create.UserIdDoesNotExist({ user_id: userId })
      const tokens = yield* createAuthTokens(ctx.env, user, ctx.now, {
        expiresInMillis: ctx.body.expires_in_millis,
        isImpersonation: ctx.body.is_impersonation
      })
      return yield* Reply.json(SessionCreateResponse, {
        refresh_token: tokens.refreshToken,
        access_token: tokens.accessToken
      })
    })
  }),
  defineRoute({
    method: "POST",
    path: "/auth/sessions/current/refresh",
    access: ["client", "server", "admin"],
    handler: Effect.fnUntraced(function*(ctx) {
      const refreshToken = ctx.request.headers.get("x-stack-refresh-token")
      if (refreshToken === null) {
        return yield* schemaError(ctx.request.method, ctx.request.pathname, ["headers.x-stack-refresh-token must be defined"])
      }
      const session = findLiveSession(ctx.data, ctx.auth.project.id, refreshToken, ctx.now)
      if (session === undefined) return yield* Create.RefreshTokenNotFoundOrExpired()
      const accessToken = yield* mintAccessToken(ctx.env, session, ctx.now)
      ctx.data.refreshTokens[session.id] = { ...session, lastUsedAtMillis: ctx.now }
      return yield* Reply.json(AccessTokenResponse, { access_token: accessToken })
    })
  }),
  defineRoute({
    method: "GET",
    path: "/auth/sessions",
    access: ["client", "server", "admin"],
    query: SessionsQuery,
    handler: Effect.fnUntraced(function*(ctx) {
      const userId = yield* resolveUserId(ctx.query.user_id, ctx.auth)
      if (ctx.auth.accessType === "client" && userId !== ctx.auth.user?.id) {
        return yield* Reply.textError(403, "Client can only list sessions for their own user.")
      }
      // Impersonation sessions are shown to admins only.
      const showImpersonation = ctx.auth.accessType === "admin"
      const data: StateData = ctx.data
      const items = Object.values(data.refreshTokens)
        .filter((s) => s.projectId === ctx.auth.project.id && s.userId === userId && (showImpersonation || !s.isImpersonation))
        .sort((a, b) => b.createdAtMillis - a.createdAtMillis)
        .map((s) => ({
          id: s.id,
          user_id: s.userId,
          created_at: s.createdAtMillis,
          last_used_at: s.lastUsedAtMillis ?? s.createdAtMillis,
          is_impersonation: s.isImpersonation,
          is_current_session: s.id === ctx.auth.refreshTokenId
        }))
      return yield* Reply.json(SessionList, { items, is_paginated: false })
    })
  }),
  defineRoute({
    method: "DELETE",
    path: "/auth/sessions/{id}",
    access: ["client", "server", "admin"],
    params: SessionParams,
    query: SessionsQuery,
    handler: Effect.fnUntraced(function*(ctx) {
      // `user_id=me` without a signed-in user is refused before the session is looked up (the
      // service's query schema resolves `me`); the id itself is not used further.
      yield* resolveUserId(ctx.query.user_id, ctx.auth)
      const data: StateData = ctx.data
      const session = data.refreshTokens[ctx.params.id]
      if (
        session === undefined || session.projectId !== ctx.auth.project.id ||
        (ctx.auth.accessType === "client" && ctx.auth.user?.id !== session.userId)
      ) {
        return yield* Reply.textError(404, "Session not found.")
      }
      if (session.id === ctx.auth.refreshTokenId) return yield* Create.CannotDeleteCurrentSession()
      delete ctx.data.refreshTokens[session.id]
      return yield* Reply.success
    })
  })
]

/**
 * Sessions:
 * `DELETE /auth/sessions/current` (the session named by the access token's `refresh_token_id`),
 * `POST /auth/sessions` (server/admin: a session for any user), and
 * `POST /auth/sessions/current/refresh` (a new access token from `x-stack-refresh-token`).
 */
import * as Effect from "effect/Effect"
import { AccessTokenExpired, RefreshTokenNotFoundOrExpired, UserIdDoesNotExist } from "../../errors/catalogue.ts"
import * as Reply from "../reply.ts"
import { defineRoute, resolveUserId } from "../router.ts"
import { findUser } from "../state.ts"
import { createAuthTokens, findLiveSession, mintAccessToken } from "../tokens.ts"
import { schemaError } from "../validation.ts"
import { AccessTokenResponse, SessionCreateBody, SessionCreateResponse } from "../../wire/auth.ts"

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
        return yield* AccessTokenExpired.create({
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
        return yield* RefreshTokenNotFoundOrExpired.create()
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
      if (user === undefined) return yield* UserIdDoesNotExist.create({ user_id: userId })
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
      if (session === undefined) return yield* RefreshTokenNotFoundOrExpired.create()
      const accessToken = yield* mintAccessToken(ctx.env, session, ctx.now)
      return yield* Reply.json(AccessTokenResponse, { access_token: accessToken })
    })
  })
]

/**
 * CLI sign-in: `POST /auth/cli`, `/auth/cli/poll`, `/auth/cli/complete`, as backend 2.8.86 answers
 * them (wire shapes in `src/wire/cli-auth.ts`). Codes are 45-character secure codes; an attempt
 * lives 2 hours unless asked otherwise (at most 24). The browser completes an attempt once; the
 * CLI's first poll after that receives the browser's refresh token (201), later polls `used`.
 */
import * as Effect from "effect/Effect"
import {
  CliAuthAttempt,
  CliAuthCheck,
  CliAuthClaimed,
  CliAuthComplete,
  CliAuthCreate,
  CliAuthPoll,
  CliAuthPollStatus
} from "../../wire/cli-auth.ts"
import { SuccessBody } from "../../wire/common.ts"
import * as Create from "../../errors/create.ts"
import type { CliAuthAttemptRecord } from "../feature-state.ts"
import * as Reply from "../reply.ts"
import { defineRoute } from "../router.ts"
import { newCode, newId, type RefreshTokenRecord, type StateData } from "../state.ts"
import { mintAccessToken } from "../tokens.ts"

const invalidCode = "Invalid login code or the code has expired"

/** The session of a refresh token of the project (`undefined` if unknown or expired); another project's is a 400. */
const sessionOf = (data: StateData, projectId: string, token: string, now: number) => {
  const session = Object.values<RefreshTokenRecord>(data.refreshTokens).find((s) => s.token === token)
  if (session === undefined) return Effect.succeed(undefined)
  if (session.projectId !== projectId) return Effect.fail(Reply.textError(400, "Refresh token does not belong to this project"))
  return Effect.succeed(session.expiresAtMillis !== null && session.expiresAtMillis < now ? undefined : session)
}

/** The attempt's anonymous CLI session, while it is live and its user still anonymous. */
const anonymousSession = (data: StateData, attempt: CliAuthAttemptRecord, now: number) =>
  Effect.gen(function*() {
    if (attempt.anonRefreshToken === null) return undefined
    const session = yield* sessionOf(data, attempt.projectId, attempt.anonRefreshToken, now)
    return session !== undefined && data.users[session.userId]?.isAnonymous === true ? session : undefined
  })

const pendingAttempt = (data: StateData, projectId: string, loginCode: string, now: number) => {
  const attempt = Object.values<CliAuthAttemptRecord>(data.features.cliAuthAttempts)
    .find((a) => a.projectId === projectId && a.loginCode === loginCode)
  return attempt === undefined || attempt.refreshToken !== null || attempt.usedAtMillis !== null || attempt.expiresAtMillis < now
    ? Effect.fail(Reply.textError(400, invalidCode))
    : Effect.succeed(attempt)
}

/** The routes of this file. */
export const routes = [
  defineRoute({
    method: "POST",
    path: "/auth/cli",
    access: ["client", "server", "admin"],
    body: CliAuthCreate,
    handler: Effect.fnUntraced(function*(ctx) {
      const projectId = ctx.auth.project.id
      let anonRefreshToken: string | null = null
      const given = ctx.body.anon_refresh_token
      if (given !== undefined && given !== "") {
        const session = Object.values<RefreshTokenRecord>(ctx.data.refreshTokens).find((s) => s.token === given)
        if (session === undefined) return yield* Reply.textError(400, "Invalid anon refresh token")
        if (session.projectId !== projectId) return yield* Reply.textError(400, "Anon refresh token does not belong to this project")
        if (session.expiresAtMillis !== null && session.expiresAtMillis < ctx.now) {
          return yield* Reply.textError(400, "The provided anon refresh token has expired")
        }
        const user = ctx.data.users[session.userId]
        if (user === undefined) return yield* Reply.textError(400, "User not found for provided refresh token")
        if (!user.isAnonymous) return yield* Reply.textError(400, "The provided refresh token does not belong to an anonymous user")
        anonRefreshToken = given
      }
      const attempt: CliAuthAttemptRecord = {
        id: newId(),
        projectId,
        pollingCode: newCode(),
        loginCode: newCode(),
        expiresAtMillis: ctx.now + (ctx.body.expires_in_millis ?? 2 * 3_600_000),
        refreshToken: null,
        anonRefreshToken,
        usedAtMillis: null
      }
      ctx.data.features.cliAuthAttempts[attempt.id] = attempt
      return yield* Reply.json(CliAuthAttempt, {
        polling_code: attempt.pollingCode,
        login_code: attempt.loginCode,
        expires_at: new Date(attempt.expiresAtMillis).toISOString()
      })
    })
  }),
  defineRoute({
    method: "POST",
    path: "/auth/cli/poll",
    access: ["client", "server", "admin"],
    body: CliAuthPoll,
    handler: Effect.fnUntraced(function*(ctx) {
      const attempt = Object.values<CliAuthAttemptRecord>(ctx.data.features.cliAuthAttempts)
        .find((a) => a.projectId === ctx.auth.project.id && a.pollingCode === ctx.body.polling_code)
      if (attempt === undefined) return yield* Create.InvalidPollingCodeError()
      if (attempt.expiresAtMillis < ctx.now) return yield* Reply.json(CliAuthPollStatus, { status: "expired" })
      if (attempt.usedAtMillis !== null) return yield* Reply.json(CliAuthPollStatus, { status: "used" })
      if (attempt.refreshToken === null) return yield* Reply.json(CliAuthPollStatus, { status: "waiting" })
      ctx.data.features.cliAuthAttempts[attempt.id] = { ...attempt, usedAtMillis: ctx.now }
      return yield* Reply.json(CliAuthPollStatus, { status: "success", refresh_token: attempt.refreshToken }, { status: 201 })
    })
  }),
  defineRoute({
    method: "POST",
    path: "/auth/cli/complete",
    access: ["client", "server", "admin"],
    body: CliAuthComplete,
    handler: Effect.fnUntraced(function*(ctx) {
      const projectId = ctx.auth.project.id
      const attempt = yield* pendingAttempt(ctx.data, projectId, ctx.body.login_code, ctx.now)
      const mode = ctx.body.mode ?? "complete"
      if (mode === "check") {
        const anonymous = yield* anonymousSession(ctx.data, attempt, ctx.now)
        return yield* Reply.json(CliAuthCheck, { cli_session_state: anonymous === undefined ? "none" : "anonymous" })
      }
      if (mode === "claim-anon-session") {
        const anonymous = yield* anonymousSession(ctx.data, attempt, ctx.now)
        if (anonymous === undefined) return yield* Reply.textError(400, "No anonymous session associated with this code")
        ctx.data.features.cliAuthAttempts[attempt.id] = { ...attempt, anonRefreshToken: null }
        const accessToken = yield* mintAccessToken(ctx.env, anonymous, ctx.now)
        return yield* Reply.json(CliAuthClaimed, { access_token: accessToken, refresh_token: anonymous.token })
      }
      if (ctx.body.refresh_token === undefined || ctx.body.refresh_token === "") {
        return yield* Reply.textError(400, "refresh_token is required when mode is 'complete'")
      }
      const browser = yield* sessionOf(ctx.data, projectId, ctx.body.refresh_token, ctx.now)
      if (browser === undefined) return yield* Reply.textError(400, "Invalid refresh token")
      ctx.data.features.cliAuthAttempts[attempt.id] = { ...attempt, refreshToken: browser.token, anonRefreshToken: null }
      return yield* Reply.json(SuccessBody, { success: true })
    })
  })
]

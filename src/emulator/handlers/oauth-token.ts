/**
 * `POST /auth/oauth/token`: the OAuth 2.0 token endpoint. Form or JSON bodies; client
 * authentication by `client_id` (project id, optionally `#<branch>`) + `client_secret` (a live
 * publishable key) in the body or HTTP Basic.
 *
 * Grants: `refresh_token` (§5.1) is implemented here; `authorization_code` (§5.2) is the exchange of
 * `../oauth.ts`.
 */
import * as Effect from "effect/Effect"
import {
  InvalidOAuthClientIdOrSecret,
  PublishableClientKeyRequiredForProject,
  RefreshTokenNotFoundOrExpired
} from "../../errors/catalogue.ts"
import type { EmulatorEnv } from "../env.ts"
import { exchangeAuthorizationCode, publicClientSentinel } from "../oauth.ts"
import * as Reply from "../reply.ts"
import { defineRoute } from "../router.ts"
import { isKeySetLive, type ProjectRecord, type StateData } from "../state.ts"
import { findLiveSession, mintAccessToken } from "../tokens.ts"
import { RefreshGrantResponse } from "../../wire/auth.ts"
import { OAuthTokenBody } from "../wire-local.ts"
import * as Create from "../../errors/create.ts"

/** Headers of a token-endpoint success (RFC 6749 §5.1). */
export const tokenResponseHeaders = { "cache-control": "no-store", pragma: "no-cache" } as const

/** A string field of the (loosely typed) token request, if present and a string. */
const field = (body: Readonly<Record<string, unknown>>, name: string): string | undefined => {
  const value = body[name]
  return typeof value === "string" ? value : undefined
}

/** `{error: "invalid_request", error_description: "Missing parameter: `x`"}` (the OAuth library's wording). */
export const missingParameter = (name: string): Reply.OAuthError =>
  new Reply.OAuthError({ status: 400, error: "invalid_request", errorDescription: `Missing parameter: \`${name}\`` })

const basicCredentials = (headers: Headers): { readonly id: string; readonly secret: string } | undefined => {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(headers.get("authorization") ?? "")
  if (match === null || match[1] === undefined) return undefined
  const decoded = Buffer.from(match[1], "base64").toString("utf8")
  const colon = decoded.indexOf(":")
  return colon < 0 ? undefined : { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) }
}

/**
 * Authenticates the OAuth client: the project named by `client_id` with a live publishable key as
 * `client_secret`. Any failure is INVALID_OAUTH_CLIENT_ID_OR_SECRET (`client_id: null`, as observed).
 */
export const authenticateClient = (
  data: StateData,
  body: Readonly<Record<string, unknown>>,
  headers: Headers,
  nowMillis: number
): Effect.Effect<ProjectRecord, InvalidOAuthClientIdOrSecret | PublishableClientKeyRequiredForProject> => {
  const basic = basicCredentials(headers)
  const clientId = basic?.id ?? field(body, "client_id")
  const clientSecret = basic?.secret ?? field(body, "client_secret")
  const project = clientId === undefined ? undefined : data.projects[clientId.split("#")[0] ?? ""]
  // `__stack_public_client__` stands for "no key": fine unless the project requires one. No secret at
  // all is told apart only when the project requires a key (otherwise the client is just invalid).
  if (project !== undefined && (clientSecret === undefined || clientSecret === "") && project.config.requirePublishableClientKey) {
    return Effect.fail(Create.PublishableClientKeyRequiredForProject({ project_id: project.id }))
  }
  if (project !== undefined && clientSecret === publicClientSentinel) {
    return project.config.requirePublishableClientKey
      ? Effect.fail(Create.PublishableClientKeyRequiredForProject({ project_id: project.id }))
      : Effect.succeed(project)
  }
  const valid = project !== undefined && clientSecret !== undefined && clientSecret !== "" &&
    Object.values(data.apiKeySets).some((set) =>
      set.projectId === project.id && set.publishableClientKey === clientSecret && isKeySetLive(set, nowMillis)
    )
  return valid ? Effect.succeed(project) : Effect.fail(Create.InvalidOAuthClientIdOrSecret({ client_id: null }))
}

/** The refresh grant: a new access token for a live session; no new refresh token (no rotation). */
const refreshTokenGrant = (
  env: EmulatorEnv,
  project: ProjectRecord,
  body: Readonly<Record<string, unknown>>,
  nowMillis: number
): Effect.Effect<Reply.Reply, Reply.HandlerError> =>
  Effect.gen(function*() {
    const refreshToken = body["refresh_token"]
    if (refreshToken === undefined || refreshToken === "") return yield* missingParameter("refresh_token")
    if (typeof refreshToken !== "string" || !/^[\x20-\x7e]+$/.test(refreshToken)) {
      return yield* new Reply.OAuthError({
        status: 400,
        error: "invalid_request",
        errorDescription: "Invalid parameter: `refresh_token`"
      })
    }
    const session = findLiveSession(env.store.data, project.id, refreshToken, nowMillis)
    if (session === undefined) return yield* Create.RefreshTokenNotFoundOrExpired()
    const accessToken = yield* mintAccessToken(env, session, nowMillis)
    env.store.data.refreshTokens[session.id] = { ...session, lastUsedAtMillis: nowMillis }
    return yield* Reply.json(RefreshGrantResponse, {
      access_token: accessToken,
      token_type: "Bearer",
      expires_in: env.accessTokenLifetimeSeconds,
      scope: "legacy",
      afterCallbackRedirectUrl: null,
      after_callback_redirect_url: null
    }, { headers: tokenResponseHeaders })
  })

/** The authorization-code grant (§5.2: redirect_uri equality, PKCE, MFA), see `../oauth.ts`. */
const authorizationCodeGrant = (
  env: EmulatorEnv,
  project: ProjectRecord,
  body: Readonly<Record<string, unknown>>,
  nowMillis: number
): Effect.Effect<Reply.Reply, Reply.HandlerError> =>
  field(body, "code") === undefined
    ? Effect.fail(missingParameter("code"))
    : exchangeAuthorizationCode(env, project, body, nowMillis, tokenResponseHeaders)

/** The routes of this file. */
export const routes = [
  defineRoute({
    method: "POST",
    path: "/auth/oauth/token",
    access: "none",
    body: OAuthTokenBody,
    handler: Effect.fnUntraced(function*(ctx) {
      const project = yield* authenticateClient(ctx.data, ctx.body, ctx.request.headers, ctx.now)
      return yield* ctx.body.grant_type === "refresh_token"
        ? refreshTokenGrant(ctx.env, project, ctx.body, ctx.now)
        : authorizationCodeGrant(ctx.env, project, ctx.body, ctx.now)
    })
  })
]

/**
 * `POST /auth/oauth/cross-domain/authorize`: cross-domain auth handoff (backend 2.8.86). A signed-in
 * app asks for a one-time authorization code bound to its current session (the access token's
 * session must be the one of `x-stack-refresh-token`); the other domain redeems it with its PKCE
 * verifier at the token endpoint and receives that same session's refresh token.
 *
 * Order of checks as the service: signed in → session-bound access token → refresh token sent →
 * refresh token is the access token's session and live → `redirect_uri` trusted →
 * `after_callback_redirect_url` trusted → code issued.
 */
import * as Effect from "effect/Effect"
import { CrossDomainAuthorizeBody, CrossDomainAuthorizeResponse } from "../../wire/cross-domain-auth.ts"
import * as Create from "../../errors/create.ts"
import { isRedirectUrlTrusted } from "../codes.ts"
import { issueAuthorizationCode } from "../oauth.ts"
import * as Reply from "../reply.ts"
import { defineRoute } from "../router.ts"
import type { StateData } from "../state.ts"
import { findLiveSession } from "../tokens.ts"

/** The routes of this file. */
export const routes = [
  defineRoute({
    method: "POST",
    path: "/auth/oauth/cross-domain/authorize",
    access: ["client", "server", "admin"],
    body: CrossDomainAuthorizeBody,
    handler: Effect.fnUntraced(function*(ctx) {
      const data: StateData = ctx.data
      const { project, user, refreshTokenId } = ctx.auth
      if (user === undefined) return yield* Create.UserAuthenticationRequired()
      if (refreshTokenId === undefined) {
        return yield* Reply.textError(400, "Cross-domain auth handoff requires a refresh-token-bound session. Please sign in again.")
      }
      const provided = ctx.request.headers.get("x-stack-refresh-token")
      if (provided === null || provided === "") {
        return yield* Reply.textError(400, "Cross-domain auth handoff requires passing the current refresh token.")
      }
      const session = Object.values(data.refreshTokens).find((s) => s.token === provided)
      if (session === undefined || session.id !== refreshTokenId || session.userId !== user.id || session.projectId !== project.id) {
        return yield* Reply.textError(401, "Cross-domain auth handoff refresh token does not match the authenticated session.")
      }
      if (findLiveSession(data, project.id, provided, ctx.now) === undefined) {
        return yield* Reply.textError(401, "Cross-domain auth handoff refresh token is not valid.")
      }
      const { redirect_uri: redirectUri, after_callback_redirect_url: after } = ctx.body
      if (!isRedirectUrlTrusted(project, redirectUri)) return yield* Create.RedirectUrlNotWhitelisted()
      if (after !== undefined && !isRedirectUrlTrusted(project, after)) return yield* Create.RedirectUrlNotWhitelisted()
      const location = issueAuthorizationCode(data, project, {
        user_id: user.id,
        is_new_user: false,
        redirect_uri: redirectUri,
        code_challenge: ctx.body.code_challenge,
        code_challenge_method: ctx.body.code_challenge_method ?? "S256",
        after_callback_redirect_url: after ?? null,
        refresh_token_id: session.id
      }, ctx.body.state, ctx.now)
      return yield* Reply.json(CrossDomainAuthorizeResponse, { redirect_url: location })
    })
  })
]

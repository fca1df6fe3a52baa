/**
 * OAuth, offline: the authorize endpoint, built-in mock providers with a small
 * consent page, the provider callback, and the authorization-code exchange with PKCE.
 *
 * The dance: `GET /api/v1/auth/oauth/authorize/{provider}` → 307 to the mock provider's consent page
 * `/emulator/oauth/{provider}/consent` (with the `stack-oauth-inner-<state>` cookie) → the form
 * submits to `/emulator/oauth/{provider}/approve` → 302 to `/api/v1/auth/oauth/callback/{provider}`
 * with the provider's code → the user is found, linked or created → 307 to the app's `redirect_uri`
 * with `code` and `state` → `POST /auth/oauth/token` (authorization_code) exchanges the code.
 */
import { safeDecode } from "./router.ts"
import * as Crypto from "node:crypto"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import {
  InvalidAuthorizationCode,
  InvalidOAuthClientIdOrSecret,
  InvalidPublishableClientKey,
  OAuthConnectionAlreadyConnectedToAnotherUser,
  OAuthExtraScopeNotAvailableWithSharedOAuthKeys,
  OAuthProviderAccessDenied,
  OAuthProviderNotFoundOrNotEnabled,
  OuterOAuthTimeout,
  PublishableClientKeyRequiredForProject,
  RedirectUrlNotWhitelisted,
  SignUpNotEnabled,
  SignUpRejected,
  UnparsableAccessToken
} from "../errors/catalogue.ts"
import { checkSignUpRules, restrictBySignUpRule } from "./sign-up-rules.ts"
import { requestCountry } from "./sign-in.ts"
import { AuthorizationCodeGrantResponse, OAuthAuthorizeLocation, OAuthAuthorizeQuery } from "../wire/auth.ts"
import { withBotChallenge } from "./bot-challenge.ts"
import { createOrUpgradeUser } from "./accounts.ts"
import { checkCode, CodeType, consumeCode, createCode, isRedirectUrlTrusted, mfaRequired } from "./codes.ts"
import type { EmulatorEnv } from "./env.ts"
import * as Ids from "./ids.ts"
import { isMockOAuthError, mockOAuthBaseScope } from "./mock-oauth.ts"
import * as Reply from "./reply.ts"
import { defineRoute } from "./router.ts"
import {
  authChannelByEmail,
  isKeySetLive,
  type OAuthConnectionRecord,
  type ProjectRecord,
  type StateData,
  type UserRecord
} from "./state.ts"
import { createAuthTokens, findLiveSession, mintAccessToken, verifyAccessToken } from "./tokens.ts"
import * as Create from "../errors/create.ts"

/** The outer flow: what the authorize request asked for, until the provider calls back. */
const OuterFlow = Schema.Struct({
  project_id: Schema.String,
  provider: Schema.String,
  redirect_uri: Schema.String,
  state: Schema.String,
  code_challenge: Schema.String,
  code_challenge_method: Schema.String,
  type: Schema.Literals(["authenticate", "link"]),
  error_redirect_url: Schema.NullOr(Schema.String),
  after_callback_redirect_url: Schema.NullOr(Schema.String),
  link_user_id: Schema.NullOr(Schema.String),
  provider_scope: Schema.NullOr(Schema.String),
  /** The key the authorize request presented (checked again at the callback). */
  publishable_client_key: Schema.String,
  /** PKCE verifier of the inner flow (with the provider). */
  inner_code_verifier: Schema.String,
  /** `json`: the SDK fetched the location itself, so no cookie was set. */
  response_mode: Schema.Literals(["json", "redirect"])
})
type OuterFlow = typeof OuterFlow.Type

/** What the mock provider's user approved on the consent page. */
const ProviderGrant = Schema.Struct({
  account_id: Schema.String,
  email: Schema.NullOr(Schema.String),
  name: Schema.NullOr(Schema.String),
  scopes: Schema.Array(Schema.String)
})

/** The outer authorization code handed to the app: redeemed at the token endpoint. */
const AuthorizationCode = Schema.Struct({
  user_id: Schema.String,
  is_new_user: Schema.Boolean,
  redirect_uri: Schema.String,
  code_challenge: Schema.String,
  code_challenge_method: Schema.String,
  after_callback_redirect_url: Schema.NullOr(Schema.String),
  /** A cross-domain handoff's code redeems this session (its refresh token), not a new one. */
  refresh_token_id: Schema.optionalKey(Schema.String)
})
type AuthorizationCode = typeof AuthorizationCode.Type

/** Outer flows expire after 10 minutes; outer authorization codes after 5. */
const outerFlowMillis = 10 * 60 * 1000
const authorizationCodeMillis = 5 * 60 * 1000

const innerCookie = (state: string) => `stack-oauth-inner-${state}`

const cookieValue = (headers: Headers, name: string): string | undefined => {
  for (const part of (headers.get("cookie") ?? "").split(";")) {
    const index = part.indexOf("=")
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim()
  }
  return undefined
}

const withoutHash = (url: string) => url.split("#")[0] ?? url

const withParams = (url: string, params: Readonly<Record<string, string>>): string => {
  const target = new URL(url)
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value)
  return target.toString()
}

const redirect = (location: string, status = 307, headers: Readonly<Record<string, string>> = {}): Effect.Effect<Reply.Reply> =>
  Effect.succeed(Reply.empty({ status, headers: { location, ...headers } }))

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")

/** The enabled provider config of a project, if any. */
const enabledProvider = (project: ProjectRecord, provider: string) =>
  project.config.oauthProviders.find((p) => p.id === provider)

// =============================================================================
// Authorize and callback (API routes)
// =============================================================================

const decodeData = <S extends Schema.Decoder<unknown>>(schema: S, value: unknown) => Schema.decodeUnknownOption(schema)(value)

/** What `client_secret` says: `__stack_public_client__` stands for "no key", allowed unless the project requires one. */
export const publicClientSentinel = "__stack_public_client__"

/** The service's check of an OAuth request's `client_secret` against the project's publishable keys. */
export const checkClientSecret = (
  data: StateData,
  project: ProjectRecord,
  secret: string,
  nowMillis: number
): Effect.Effect<void, InvalidPublishableClientKey | PublishableClientKeyRequiredForProject> => {
  if (secret === publicClientSentinel) {
    return project.config.requirePublishableClientKey
      ? Effect.fail(Create.PublishableClientKeyRequiredForProject({ project_id: project.id }))
      : Effect.void
  }
  const valid = Object.values(data.apiKeySets).some((set) =>
    set.projectId === project.id && set.publishableClientKey === secret && isKeySetLive(set, nowMillis)
  )
  return valid ? Effect.void : Effect.fail(Create.InvalidPublishableClientKey({ project_id: project.id }))
}

/** The user an OAuth identity signs in as: its connection, else the account using its e-mail, else a new one. */
const authenticateIdentity = (
  data: StateData,
  project: ProjectRecord,
  provider: string,
  grant: typeof ProviderGrant.Type,
  nowMillis: number,
  countryCode: string | null,
  /** The user whose access token the authorize request carried (`?token=`): upgraded if anonymous. */
  caller: UserRecord | undefined
): Effect.Effect<{ readonly user: UserRecord; readonly isNewUser: boolean; readonly connection: OAuthConnectionRecord | undefined }, SignUpNotEnabled | SignUpRejected> =>
  Effect.gen(function*() {
    const connection = Object.values(data.oauthConnections).find((c) =>
      c.projectId === project.id && c.providerId === provider && c.accountId === grant.account_id && c.allowSignIn
    )
    const connected = connection === undefined ? undefined : data.users[connection.userId]
    if (connected !== undefined) return { user: connected, isNewUser: false, connection }
    const holder = grant.email === null ? undefined : authChannelByEmail(data, project.id, grant.email)
    const holderUser = holder === undefined ? undefined : data.users[holder.userId]
    if (holderUser !== undefined && project.config.oauthAccountMergeStrategy === "link_method") {
      return { user: holderUser, isNewUser: false, connection: undefined }
    }
    if (!project.config.signUpEnabled) return yield* Create.SignUpNotEnabled()
    const decision = yield* checkSignUpRules(data, project.id, { email: grant.email, authMethod: "oauth", oauthProvider: provider, countryCode })
    const user = restrictBySignUpRule(data, createOrUpgradeUser(data, project, caller, {
      displayName: grant.name,
      primaryEmail: grant.email,
      primaryEmailVerified: grant.email !== null,
      // Another account already signs in with this address: the new one may not.
      primaryEmailAuthEnabled: grant.email !== null && holder === undefined,
      countryCode
    }, nowMillis), decision)
    return { user, isNewUser: true, connection: undefined }
  })

/** The provider's tokens for a connection (from the mock provider on its own origin, else minted here). */
interface ProviderTokens {
  readonly accessToken: string
  readonly refreshToken: string | null
}

const saveConnection = (
  data: StateData,
  fields: {
    readonly project: ProjectRecord
    readonly provider: string
    readonly user: UserRecord
    readonly grant: typeof ProviderGrant.Type
    readonly existing: OAuthConnectionRecord | undefined
    readonly tokens: ProviderTokens | undefined
    readonly nowMillis: number
  }
) => {
  const { existing, grant } = fields
  const id = existing?.id ?? Ids.uuid()
  data.oauthConnections[id] = {
    id,
    projectId: fields.project.id,
    userId: fields.user.id,
    providerId: fields.provider,
    accountId: grant.account_id,
    email: grant.email,
    accessToken: fields.tokens?.accessToken ?? `mock_${fields.provider}_${Ids.base32(32)}`,
    refreshToken: fields.tokens === undefined ? `mock_refresh_${Ids.base32(32)}` : fields.tokens.refreshToken,
    scopes: [...new Set([...(existing?.scopes ?? []), ...grant.scopes])],
    allowSignIn: existing?.allowSignIn ?? true,
    allowConnectedAccounts: existing?.allowConnectedAccounts ?? true,
    createdAtMillis: existing?.createdAtMillis ?? fields.nowMillis
  }
}

/**
 * Known errors of the callback go to the app: its `redirect_uri` when trusted, else its error page
 * when trusted (`error=server_error`, `errorCode`, `message`, `details`), else they are answered.
 */
const toErrorPage = (project: ProjectRecord, flow: OuterFlow, error: Reply.HandlerError): Effect.Effect<Reply.Reply, Reply.HandlerError> =>
  Effect.gen(function*() {
    if (!("code" in error)) return yield* Effect.fail(error)
    const candidates = [flow.redirect_uri, flow.error_redirect_url]
    const target = candidates.find((url): url is string => url !== null && isRedirectUrlTrusted(project, url))
    if (target === undefined) return yield* Effect.fail(error)
    const details = "details" in error && error.details !== undefined ? JSON.stringify(error.details) : "{}"
    return yield* redirect(withParams(target, {
      error: "server_error",
      error_description: error.message,
      errorCode: error.code,
      message: error.message,
      details
    }))
  })

const CallbackQuery = Schema.Record(Schema.String, Schema.String)

const invalidGrantText = "Inner OAuth callback failed due to invalid grant. Please try again."

/**
 * What the provider vouches for: with the mock provider on its own origin, its code is exchanged
 * (PKCE with the inner verifier) and the identity is its `sub`; otherwise the code of the built-in
 * consent page carries the identity.
 */
const providerIdentity = (
  env: EmulatorEnv,
  data: StateData,
  fields: {
    readonly providerType: string
    readonly flow: OuterFlow
    readonly query: { readonly [key: string]: string }
    readonly nowMillis: number
  }
): Effect.Effect<{ readonly grant: typeof ProviderGrant.Type; readonly tokens: ProviderTokens | undefined }, Reply.TextError> =>
  Effect.gen(function*() {
    const { flow, query, nowMillis } = fields
    const mock = env.mockOAuth
    if (mock !== undefined) {
      const result = mock.exchangeCode({
        clientId: fields.providerType,
        code: query["code"] ?? "",
        redirectUri: mock.callbackUrlFor(fields.providerType),
        codeVerifier: flow.inner_code_verifier
      }, nowMillis)
      if (isMockOAuthError(result)) return yield* Reply.textError(400, invalidGrantText)
      const scopes = `${mockOAuthBaseScope} ${flow.provider_scope ?? ""}`.split(" ").filter((s) => s.length > 0)
      return {
        grant: { account_id: result.accountId, email: result.accountId, name: null, scopes: [...new Set(scopes)] },
        tokens: { accessToken: result.accessToken, refreshToken: result.refreshToken }
      }
    }
    const providerCode = Object.values(data.verificationCodes).find((r) =>
      r.type === CodeType.oauthProviderCode && r.code === (query["code"] ?? "") && r.usedAtMillis === null &&
      r.projectId === flow.project_id
    )
    const grant = providerCode === undefined ? undefined : decodeData(ProviderGrant, providerCode.data)
    if (providerCode === undefined || grant === undefined || grant._tag === "None") return yield* Reply.textError(400, invalidGrantText)
    consumeCode(data, providerCode, nowMillis)
    return { grant: grant.value, tokens: undefined }
  })

const callback = Effect.fnUntraced(function*(
  env: EmulatorEnv,
  data: StateData,
  provider: string,
  query: { readonly [key: string]: string },
  headers: Headers,
  nowMillis: number
) {
  const innerState = query["state"] ?? ""
  const outer = Object.values(data.verificationCodes).find((r) => r.type === CodeType.oauthOuter && r.code === innerState)
  const flow = outer === undefined ? undefined : decodeData(OuterFlow, outer.data)
  const project = flow === undefined || flow._tag === "None" ? undefined : data.projects[flow.value.project_id]
  if (outer === undefined || flow === undefined || flow._tag === "None" || project === undefined) {
    return yield* Reply.textError(400, "Invalid OAuth state. Please try signing in again.")
  }
  // Every answer past this point deletes the inner cookie, failures included.
  const clearCookie = { "set-cookie": `${innerCookie(innerState)}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT` }
  const outcome = Effect.gen(function*() {
    // JSON-mode flows rely on PKCE alone and set no cookie.
    if (flow.value.response_mode !== "json" && cookieValue(headers, innerCookie(innerState)) !== "true") {
      return yield* Reply.textError(
        400,
        "Inner OAuth cookie not found. This is likely because you refreshed the page during the OAuth sign in process. Please try signing in again"
      )
    }
    return yield* Effect.gen(function*() {
      if (outer.expiresAtMillis <= nowMillis || outer.usedAtMillis !== null) return yield* Create.OuterOAuthTimeout()
      consumeCode(data, outer, nowMillis)
      const config = enabledProvider(project, provider)
      if (config === undefined) return yield* Create.OAuthProviderNotFoundOrNotEnabled()
      yield* checkClientSecret(data, project, flow.value.publishable_client_key, nowMillis)
      if (query["error"] !== undefined) return yield* Create.OAuthProviderAccessDenied()
      const identity = yield* providerIdentity(env, data, {
        providerType: providerType(config),
        flow: flow.value,
        query,
        nowMillis
      })
      if (!isRedirectUrlTrusted(project, flow.value.redirect_uri)) return yield* Create.RedirectUrlNotWhitelisted()
      let user: UserRecord
      let isNewUser = false
      const taken = Object.values(data.oauthConnections).find((c) =>
        c.projectId === project.id && c.providerId === provider && c.accountId === identity.grant.account_id
      )
      if (flow.value.type === "link") {
        const linked = flow.value.link_user_id === null ? undefined : data.users[flow.value.link_user_id]
        if (linked === undefined) return yield* Create.UnparsableAccessToken()
        if (taken !== undefined && taken.userId !== linked.id) return yield* Create.OAuthConnectionAlreadyConnectedToAnotherUser()
        user = linked
        saveConnection(data, { project, provider, user, grant: identity.grant, existing: taken, tokens: identity.tokens, nowMillis })
      } else {
        const caller = flow.value.link_user_id === null ? undefined : data.users[flow.value.link_user_id]
        const found = yield* authenticateIdentity(data, project, provider, identity.grant, nowMillis, requestCountry(headers), caller)
        user = found.user
        isNewUser = found.isNewUser
        saveConnection(data, {
          project,
          provider,
          user,
          grant: identity.grant,
          existing: found.connection ?? taken,
          tokens: identity.tokens,
          nowMillis
        })
      }
      const location = issueAuthorizationCode(data, project, {
        user_id: user.id,
        is_new_user: isNewUser,
        redirect_uri: flow.value.redirect_uri,
        code_challenge: flow.value.code_challenge,
        code_challenge_method: flow.value.code_challenge_method,
        after_callback_redirect_url: flow.value.after_callback_redirect_url
      }, flow.value.state, nowMillis)
      return yield* redirect(location, 303)
    }).pipe(Effect.catch((error: Reply.HandlerError) => toErrorPage(project, flow.value, error)))
  })
  return yield* outcome.pipe(
    Effect.map((reply) => ({ ...reply, headers: { ...reply.headers, ...clearCookie } })),
    Effect.catch((error: Reply.HandlerError) => Effect.succeed(Reply.errorWithHeaders(error, clearCookie)))
  )
})

/** The provider type a mock client stands for (`client_id` at the mock provider). */
const providerType = (config: ProjectRecord["config"]["oauthProviders"][number]): string => config.id

/** The authorize query: the wire one, the bot-challenge fields, and `stack_response_mode` (the SDK's JSON mode). */
const AuthorizeQuery = Schema.Struct({
  ...withBotChallenge(OAuthAuthorizeQuery).fields,
  stack_response_mode: Schema.optionalKey(Schema.Literals(["json", "redirect"]))
})

/** The provider's authorization URL the browser goes to next. */
const providerAuthorizationUrl = (
  env: EmulatorEnv,
  fields: { readonly provider: string; readonly providerType: string; readonly innerState: string; readonly verifier: string; readonly extraScope: string | null }
): string => {
  const mock = env.mockOAuth
  if (mock === undefined) {
    return withParams(`${env.baseUrl}/emulator/oauth/${encodeURIComponent(fields.provider)}/consent`, { state: fields.innerState })
  }
  const params = new URLSearchParams({
    client_id: fields.providerType,
    scope: `${mockOAuthBaseScope}${fields.extraScope === null ? "" : ` ${fields.extraScope}`}`,
    response_type: "code",
    redirect_uri: mock.callbackUrlFor(fields.providerType),
    code_challenge_method: "S256",
    code_challenge: Crypto.createHash("sha256").update(fields.verifier).digest("base64url"),
    state: fields.innerState,
    access_type: "offline",
    prompt: "consent"
  })
  return `${mock.baseUrl}/auth?${params.toString()}`
}

/** The API routes of the OAuth flow (authorize and the provider callback). */
export const oauthRoutes = [
  defineRoute({
    method: "GET",
    path: "/auth/oauth/authorize/{provider_id}",
    access: "none",
    params: Schema.Struct({ provider_id: Schema.String }),
    query: AuthorizeQuery,
    handler: Effect.fnUntraced(function*(ctx) {
      const data: StateData = ctx.data
      const query = ctx.query
      const provider = ctx.params.provider_id.toLowerCase()
      const [projectId, branchId] = query.client_id.split("#")
      const project = data.projects[projectId ?? ""]
      if (project === undefined || (branchId !== undefined && branchId !== "main")) {
        return yield* Create.InvalidOAuthClientIdOrSecret({ client_id: query.client_id })
      }
      yield* checkClientSecret(data, project, query.client_secret, ctx.now)
      const config = enabledProvider(project, provider)
      if (config === undefined) return yield* Create.OAuthProviderNotFoundOrNotEnabled()
      const type = query.type ?? "authenticate"
      const token = query.token ?? ""
      if (type === "link" && token === "") return yield* Reply.textError(400, "?token= query parameter is required for link type")
      const after = query.after_callback_redirect_url
      if (after !== undefined && !isRedirectUrlTrusted(project, after)) return yield* Create.RedirectUrlNotWhitelisted()
      const extraScope = query.provider_scope === undefined || query.provider_scope === "" ? null : query.provider_scope
      if (extraScope !== null && config.type === "shared") return yield* Create.OAuthExtraScopeNotAvailableWithSharedOAuthKeys()
      let linkUserId: string | null = null
      if (token !== "") {
        const info = yield* verifyAccessToken(ctx.env, token, ctx.now)
        if (info.projectId !== project.id) return yield* Reply.textError(403, "The access token is not valid for this project")
        linkUserId = info.userId
      }
      const verifier = Ids.base32(43)
      const responseMode = query.stack_response_mode ?? "redirect"
      const outer = createCode(data, {
        projectId: project.id,
        type: CodeType.oauthOuter,
        nowMillis: ctx.now,
        lifetimeMillis: outerFlowMillis,
        data: {
          project_id: project.id,
          provider,
          publishable_client_key: query.client_secret,
          redirect_uri: withoutHash(query.redirect_uri),
          state: query.state,
          code_challenge: query.code_challenge,
          code_challenge_method: query.code_challenge_method,
          type,
          error_redirect_url: query.error_redirect_uri ?? query.error_redirect_url ?? null,
          after_callback_redirect_url: after ?? null,
          link_user_id: linkUserId,
          provider_scope: extraScope,
          inner_code_verifier: verifier,
          response_mode: responseMode
        }
      })
      const location = providerAuthorizationUrl(ctx.env, {
        provider,
        providerType: providerType(config),
        innerState: outer.code,
        verifier,
        extraScope
      })
      if (responseMode === "json") return yield* Reply.json(OAuthAuthorizeLocation, { location })
      const expires = new Date(ctx.now + outerFlowMillis).toUTCString()
      return yield* redirect(location, 307, {
        "set-cookie": `${innerCookie(outer.code)}=true; Path=/; Expires=${expires}; Max-Age=${outerFlowMillis / 1000}; HttpOnly`
      })
    })
  }),
  ...(["GET", "POST"] as const).map((method) =>
    defineRoute({
      method,
      path: "/auth/oauth/callback/{provider_id}",
      access: "none",
      params: Schema.Struct({ provider_id: Schema.String }),
      query: "any",
      handler: Effect.fnUntraced(function*(ctx) {
        const fromQuery = Object.fromEntries(ctx.request.url.searchParams.entries())
        const fromForm = Schema.decodeUnknownOption(CallbackQuery)(ctx.request.body)
        const query = { ...fromQuery, ...(fromForm._tag === "Some" ? fromForm.value : {}) }
        return yield* callback(ctx.env, ctx.data, ctx.params.provider_id.toLowerCase(), query, ctx.request.headers, ctx.now)
      })
    })
  )
]

/**
 * Stores a one-time authorization code (5 minutes) and answers where it goes: `redirect_uri` with
 * `code` and `state` added (the OAuth callback and the cross-domain handoff).
 */
export const issueAuthorizationCode = (
  data: StateData,
  project: ProjectRecord,
  grant: AuthorizationCode,
  state: string,
  nowMillis: number
): string => {
  const code = createCode(data, {
    projectId: project.id,
    type: CodeType.oauthAuthorizationCode,
    nowMillis,
    lifetimeMillis: authorizationCodeMillis,
    data: { ...grant, redirect_uri: withoutHash(grant.redirect_uri) }
  })
  return withParams(grant.redirect_uri, { code: code.code, state })
}

// =============================================================================
// The token endpoint's authorization-code grant
// =============================================================================

const pkceMatches = (method: string, challenge: string, verifier: string): boolean =>
  method === "plain"
    ? challenge === verifier
    : Crypto.createHash("sha256").update(verifier).digest("base64url") === challenge

/**
 * The tokens a redeemed code gives: the handed-off session's own refresh token (it must still be
 * live and the user's) for a cross-domain code, else a new session.
 */
const tokensForCode = (
  env: EmulatorEnv,
  user: UserRecord,
  grant: AuthorizationCode,
  nowMillis: number
): Effect.Effect<{ readonly accessToken: string; readonly refreshToken: string }, InvalidAuthorizationCode> =>
  Effect.gen(function*() {
    if (grant.refresh_token_id === undefined) return yield* createAuthTokens(env, user, nowMillis)
    const session = env.store.data.refreshTokens[grant.refresh_token_id]
    const live = session === undefined ? undefined : findLiveSession(env.store.data, user.projectId, session.token, nowMillis)
    if (live === undefined || live.userId !== user.id) return yield* Create.InvalidAuthorizationCode()
    return { accessToken: yield* mintAccessToken(env, live, nowMillis), refreshToken: live.token }
  })

/** `grant_type=authorization_code`: checks the code, redirect URI and PKCE verifier. */
export const exchangeAuthorizationCode = (
  env: EmulatorEnv,
  project: ProjectRecord,
  body: Readonly<Record<string, unknown>>,
  nowMillis: number,
  responseHeaders: Readonly<Record<string, string>>
): Effect.Effect<Reply.Reply, Reply.HandlerError> =>
  Effect.gen(function*() {
    const data = env.store.data
    const text = (name: string) => (typeof body[name] === "string" ? String(body[name]) : "")
    const record = yield* checkCode(data, {
      projectId: project.id,
      type: CodeType.oauthAuthorizationCode,
      code: text("code"),
      nowMillis
    }).pipe(Effect.mapError(() => Create.InvalidAuthorizationCode()))
    const stored = decodeData(AuthorizationCode, record.data)
    if (stored._tag === "None") return yield* Create.InvalidAuthorizationCode()
    if (withoutHash(text("redirect_uri")) !== stored.value.redirect_uri) {
      return yield* Reply.textError(400, "Invalid redirect URI. Your redirect URI must be the same as the one used to get the authorization code.")
    }
    if (!pkceMatches(stored.value.code_challenge_method, stored.value.code_challenge, text("code_verifier"))) {
      return yield* Create.InvalidAuthorizationCode()
    }
    consumeCode(data, record, nowMillis)
    const user = data.users[stored.value.user_id]
    if (user === undefined) return yield* Create.InvalidAuthorizationCode()
    if (user.totpSecretBase64 !== null) {
      return yield* mfaRequired(data, { projectId: project.id, userId: user.id, isNewUser: stored.value.is_new_user, nowMillis })
    }
    const tokens = yield* tokensForCode(env, user, stored.value, nowMillis)
    const after = stored.value.after_callback_redirect_url
    return yield* Reply.json(AuthorizationCodeGrantResponse, {
      access_token: tokens.accessToken,
      token_type: "Bearer",
      expires_in: env.accessTokenLifetimeSeconds - 1,
      refresh_token: tokens.refreshToken,
      scope: "legacy",
      is_new_user: stored.value.is_new_user,
      newUser: stored.value.is_new_user,
      after_callback_redirect_url: after,
      afterCallbackRedirectUrl: after
    }, { headers: responseHeaders })
  })

// =============================================================================
// The mock provider (outside /api)
// =============================================================================

const page = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
  `<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto}label{display:block;margin:.6rem 0}` +
  `input{width:100%;padding:.4rem}button{margin-top:1rem;padding:.5rem 1rem}</style></head><body>${body}</body></html>`

/** The consent page: pick or type the identity the mock provider vouches for. */
const consentPage = (provider: string, state: string): string => {
  const suggested = `${provider}-user@example.com`
  return page(`Sign in with ${provider} (stackfx emulator)`, `
<h1>Sign in with ${escapeHtml(provider)}</h1>
<p>This is the stackfx emulator's mock ${escapeHtml(provider)}. Choose who you are:</p>
<form method="get" action="approve">
  <input type="hidden" name="state" value="${escapeHtml(state)}">
  <label>E-mail <input name="email" id="email" value="${escapeHtml(suggested)}"></label>
  <label>Name <input name="name" id="name" value="Mock ${escapeHtml(provider)} user"></label>
  <label>Account id <input name="account_id" id="account_id" value="" placeholder="derived from the e-mail"></label>
  <label>Scopes <input name="scopes" id="scopes" value="" placeholder="space-separated"></label>
  <button type="submit" id="approve">Approve</button>
  <button type="submit" id="deny" name="error" value="access_denied">Deny</button>
</form>`)
}

const htmlResponse = (status: number, html: string) =>
  new Response(html, { status, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } })

/**
 * Answers `/emulator/oauth/{provider}/consent` (the page) and `/emulator/oauth/{provider}/approve`
 * (the form's target: issues the provider's code and sends the browser to the Stack callback).
 */
export const answerMockProvider = (env: EmulatorEnv, url: URL): Effect.Effect<Response> =>
  env.store.lock.withPermit(Effect.gen(function*() {
    const match = /^\/emulator\/oauth\/([^/]+)\/(consent|approve)$/.exec(url.pathname)
    const state = url.searchParams.get("state") ?? ""
    if (match === null) return htmlResponse(404, page("Not found", "<p>Not found</p>"))
    const provider = safeDecode(match[1] ?? "")
    if (provider === undefined) return htmlResponse(404, page("Not found", "<p>Not found</p>"))
    const outer = Object.values(env.store.data.verificationCodes).find((r) => r.type === CodeType.oauthOuter && r.code === state)
    if (outer === undefined) return htmlResponse(400, page("Unknown sign-in", "<p>This sign-in attempt is unknown or over.</p>"))
    if (match[2] === "consent") return htmlResponse(200, consentPage(provider, state))
    const callbackUrl = `${env.baseUrl}/api/v1/auth/oauth/callback/${encodeURIComponent(provider)}`
    if (url.searchParams.get("error") !== null) {
      return new Response(null, { status: 302, headers: { location: withParams(callbackUrl, { error: "access_denied", state }) } })
    }
    const email = (url.searchParams.get("email") ?? "").trim()
    const accountId = (url.searchParams.get("account_id") ?? "").trim() ||
      Crypto.createHash("sha256").update(`${provider}:${email.toLowerCase()}`).digest("hex").slice(0, 16)
    const scopes = (url.searchParams.get("scopes") ?? "").split(/[\s,]+/).filter((s) => s.length > 0)
    const flow = decodeData(OuterFlow, outer.data)
    const requested = flow._tag === "Some" && flow.value.provider_scope !== null ? flow.value.provider_scope.split(" ") : []
    const now = yield* Effect.clockWith((clock) => clock.currentTimeMillis)
    const code = createCode(env.store.data, {
      projectId: outer.projectId,
      type: CodeType.oauthProviderCode,
      nowMillis: now,
      lifetimeMillis: outerFlowMillis,
      data: {
        account_id: accountId,
        email: email === "" ? null : email,
        name: (url.searchParams.get("name") ?? "").trim() || null,
        scopes: [...new Set([...scopes, ...requested])]
      }
    })
    return new Response(null, { status: 302, headers: { location: withParams(callbackUrl, { code: code.code, state }) } })
  }))

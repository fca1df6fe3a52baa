/**
 * Access tokens (ES256 JWTs with the current server's claims), their
 * verification against the Clock's time, the public JWKS, and sessions (refresh tokens).
 *
 * Keys: every project has three key sets (normal, restricted, anonymous users), two keys each like
 * the live JWKS; the first key of a set signs, both verify.
 */
import * as Crypto from "node:crypto"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as Jose from "jose"
import { AccessTokenExpired, UnparsableAccessToken } from "../errors/catalogue.ts"
import { recordTokenRefresh } from "./activity.ts"
import type { EmulatorEnv } from "./env.ts"
import * as Ids from "./ids.ts"
import {
  EcPrivateJwk,
  primaryEmailChannel,
  type ProjectSigningKeysRecord,
  type RefreshTokenRecord,
  restrictedReason,
  type SigningKeyRecord,
  type StateData,
  type UserRecord
} from "./state.ts"
import * as Create from "../errors/create.ts"

// =============================================================================
// Keys
// =============================================================================

const generateSigningKey = (): Effect.Effect<SigningKeyRecord> =>
  Effect.gen(function*() {
    const { privateKey } = Crypto.generateKeyPairSync("ec", { namedCurve: "P-256" })
    // Node's JWK export is typed loosely; the schema checks it is the P-256 private key we asked for.
    const privateJwk = yield* Schema.decodeUnknownEffect(EcPrivateJwk)(privateKey.export({ format: "jwk" })).pipe(
      Effect.orDie
    )
    return { kid: Ids.keyId(), privateJwk }
  })

/** Fresh signing keys for a project. */
export const generateProjectSigningKeys: Effect.Effect<ProjectSigningKeysRecord> = Effect.gen(function*() {
  const pair = Effect.all([generateSigningKey(), generateSigningKey()])
  return { normal: yield* pair, restricted: yield* pair, anonymous: yield* pair }
})

/** Gives `projectId` signing keys if it has none. */
export const ensureSigningKeys = (data: StateData, projectId: string): Effect.Effect<void> =>
  data.signingKeys[projectId] !== undefined
    ? Effect.void
    : Effect.map(generateProjectSigningKeys, (keys) => {
      data.signingKeys[projectId] = keys
    })

const privateKeyOf = (env: EmulatorEnv, key: SigningKeyRecord): Crypto.KeyObject => {
  const cached = env.keyCache.get(key.kid)
  if (cached !== undefined) return cached
  const imported = Crypto.createPrivateKey({ key: key.privateJwk, format: "jwk" })
  env.keyCache.set(key.kid, imported)
  return imported
}

const publicKeyOf = (env: EmulatorEnv, key: SigningKeyRecord): Crypto.KeyObject =>
  Crypto.createPublicKey(privateKeyOf(env, key))

// =============================================================================
// Issuers and audiences
// =============================================================================

/** Which key set, issuer and audience a user's tokens use. */
export type UserType = "normal" | "restricted" | "anonymous"

/** `iss` of access tokens: `<base>/api/v1/projects[-restricted-users|-anonymous-users]/<id>`. */
export const issuerFor = (baseUrl: string, projectId: string, userType: UserType): string => {
  const suffix = userType === "anonymous" ? "-anonymous-users" : userType === "restricted" ? "-restricted-users" : ""
  return `${baseUrl}/api/v1/projects${suffix}/${projectId}`
}

/** `aud` of access tokens: the project id, with `:restricted` / `:anon` for those users. */
export const audienceFor = (projectId: string, userType: UserType): string =>
  userType === "anonymous" ? `${projectId}:anon` : userType === "restricted" ? `${projectId}:restricted` : projectId

const userTypeOf = (isAnonymous: boolean, isRestricted: boolean): UserType =>
  isAnonymous ? "anonymous" : isRestricted ? "restricted" : "normal"

// =============================================================================
// Minting
// =============================================================================

/** Mints an access token for a session at `nowMillis` (claims in the live server's order). */
export const mintAccessToken = (
  env: EmulatorEnv,
  session: RefreshTokenRecord,
  nowMillis: number
): Effect.Effect<string> =>
  Effect.gen(function*() {
    const data = env.store.data
    const user = data.users[session.userId]
    const keys = data.signingKeys[session.projectId]
    if (user === undefined || keys === undefined) {
      return yield* Effect.die(new Error(`Cannot mint a token for session ${session.id}: user or project keys missing`))
    }
    const primary = primaryEmailChannel(data, user.id)
    const restriction = restrictedReason(data, user)
    const userType = userTypeOf(user.isAnonymous, restriction !== null)
    const signingKey = keys[userType][0]
    if (signingKey === undefined) return yield* Effect.die(new Error(`Project ${session.projectId} has no signing key`))
    const iat = Math.floor(nowMillis / 1000)
    const payload = {
      sub: user.id,
      project_id: session.projectId,
      branch_id: "main",
      refresh_token_id: session.id,
      role: "authenticated",
      name: user.displayName,
      email: primary?.value ?? null,
      email_verified: primary?.isVerified ?? false,
      selected_team_id: user.selectedTeamId,
      signed_up_at: Math.floor(user.signedUpAtMillis / 1000),
      is_anonymous: user.isAnonymous,
      is_restricted: restriction !== null,
      restricted_reason: restriction,
      requires_totp_mfa: user.totpSecretBase64 !== null
    }
    const privateKey = privateKeyOf(env, signingKey)
    // Every token handed out is activity, as the service's `$token-refresh` events (metrics).
    yield* recordTokenRefresh(data, user, nowMillis)
    return yield* Effect.promise(() =>
      new Jose.SignJWT(payload)
        .setProtectedHeader({ alg: "ES256", kid: signingKey.kid })
        .setIssuer(issuerFor(env.baseUrl, session.projectId, userType))
        .setIssuedAt(iat)
        .setAudience(audienceFor(session.projectId, userType))
        .setExpirationTime(iat + env.accessTokenLifetimeSeconds)
        .sign(privateKey)
    )
  })

// =============================================================================
// Verification
// =============================================================================

/** The claims the emulator reads back from a token it minted. */
const VerifiedClaims = Schema.Struct({
  sub: Schema.String,
  aud: Schema.String,
  exp: Schema.Number,
  branch_id: Schema.optionalKey(Schema.String),
  refresh_token_id: Schema.optionalKey(Schema.String),
  is_anonymous: Schema.optionalKey(Schema.Boolean),
  is_restricted: Schema.optionalKey(Schema.Boolean),
  restricted_reason: Schema.optionalKey(Schema.NullOr(Schema.Struct({
    type: Schema.Literals(["anonymous", "email_not_verified", "restricted_by_administrator"])
  })))
})

/** What a valid access token says. */
export interface AccessTokenInfo {
  readonly projectId: string
  readonly userId: string
  readonly refreshTokenId: string | null
  readonly isAnonymous: boolean
  readonly restrictedReason: { readonly type: "anonymous" | "email_not_verified" | "restricted_by_administrator" } | null
  readonly expiresAtMillis: number
}

/** The unverified claims, used only to pick the project and key and to describe an expiry. */
const UnverifiedClaims = Schema.Struct({
  sub: Schema.optionalKey(Schema.String),
  aud: Schema.optionalKey(Schema.String),
  exp: Schema.optionalKey(Schema.Number),
  refresh_token_id: Schema.optionalKey(Schema.String)
})

const unparsable = () => Create.UnparsableAccessToken()

/**
 * Verifies an access token like the server's `decodeAccessToken`: the project is read from `aud`,
 * the signature checked with that project's keys, the expiry against `nowMillis` (the Clock). Does
 * not compare the project with the request's (the caller does: `INVALID_PROJECT_FOR_ACCESS_TOKEN`).
 */
export const verifyAccessToken = (
  env: EmulatorEnv,
  token: string,
  nowMillis: number
): Effect.Effect<AccessTokenInfo, UnparsableAccessToken | AccessTokenExpired> => {
  // A token verified before answers from the cache while the key that signed it is still one of its
  // project's keys and it has not expired (jose's rule: expired once `exp` <= now in whole seconds);
  // otherwise it goes through the whole check again, which also words the error.
  const known = env.verifiedTokens.get(token)
  if (known !== undefined && known.expSeconds > Math.floor(nowMillis / 1000) && isProjectKey(env, known.info.projectId, known.key)) {
    return Effect.succeed(known.info)
  }
  return verifyAccessTokenFully(env, token, nowMillis)
}

/** The most verified tokens kept; the cache starts over when full (tokens live 10 minutes). */
const verifiedTokensKept = 10_000

const isProjectKey = (env: EmulatorEnv, projectId: string, key: SigningKeyRecord): boolean => {
  const keys = env.store.data.signingKeys[projectId]
  return keys !== undefined && (keys.normal.includes(key) || keys.restricted.includes(key) || keys.anonymous.includes(key))
}

const verifyAccessTokenFully = (
  env: EmulatorEnv,
  token: string,
  nowMillis: number
): Effect.Effect<AccessTokenInfo, UnparsableAccessToken | AccessTokenExpired> =>
  Effect.gen(function*() {
    const unverified = yield* Effect.try({ try: () => Jose.decodeJwt(token), catch: unparsable })
    const header = yield* Effect.try({ try: () => Jose.decodeProtectedHeader(token), catch: unparsable })
    const claims = yield* Schema.decodeUnknownEffect(UnverifiedClaims)(unverified).pipe(Effect.mapError(unparsable))
    const audience = claims.aud ?? ""
    const projectId = audience.split(":")[0] ?? ""
    const keys = env.store.data.signingKeys[projectId]
    const key = keys === undefined
      ? undefined
      : [...keys.normal, ...keys.restricted, ...keys.anonymous].find((k) => k.kid === header.kid)
    if (key === undefined) return yield* unparsable()
    const verified = yield* Effect.tryPromise({
      try: () =>
        Jose.jwtVerify(token, publicKeyOf(env, key), {
          algorithms: ["ES256"],
          currentDate: new Date(nowMillis),
          issuer: [
            issuerFor(env.baseUrl, projectId, "normal"),
            issuerFor(env.baseUrl, projectId, "restricted"),
            issuerFor(env.baseUrl, projectId, "anonymous")
          ]
        }),
      catch: (error) =>
        error instanceof Jose.errors.JWTExpired
          ? Create.AccessTokenExpired({
            expired_at_millis: claims.exp === undefined ? null : claims.exp * 1000,
            project_id: projectId,
            user_id: claims.sub ?? null,
            refresh_token_id: claims.refresh_token_id ?? null
          })
          : unparsable()
    })
    const payload = yield* Schema.decodeUnknownEffect(VerifiedClaims)(verified.payload).pipe(Effect.mapError(unparsable))
    const isAnonymous = payload.is_anonymous === true
    const isRestricted = payload.is_restricted === true
    // The audience must agree with the user type the token claims (server: "Unparsable access token").
    if (audience.endsWith(":anon") !== isAnonymous) return yield* unparsable()
    if (audience.endsWith(":restricted") !== (isRestricted && !isAnonymous)) return yield* unparsable()
    if ((payload.branch_id ?? "main") !== "main") return yield* unparsable()
    const info: AccessTokenInfo = {
      projectId,
      userId: payload.sub,
      refreshTokenId: payload.refresh_token_id ?? null,
      isAnonymous,
      restrictedReason: payload.restricted_reason ?? null,
      expiresAtMillis: payload.exp * 1000
    }
    // Only tokens whose validity is their signature and `exp` alone (no `nbf` to wait for).
    if (!("nbf" in verified.payload)) {
      if (env.verifiedTokens.size >= verifiedTokensKept) env.verifiedTokens.clear()
      env.verifiedTokens.set(token, { key, expSeconds: payload.exp, info })
    }
    return info
  })

// =============================================================================
// JWKS
// =============================================================================

/** A public key as the JWKS endpoint lists it (member order `kty, crv, alg, kid, x, y`). */
export interface PublicJwk {
  readonly kty: "EC"
  readonly crv: "P-256"
  readonly alg: "ES256"
  readonly kid: string
  readonly x: string
  readonly y: string
}

const publicJwk = (key: SigningKeyRecord): PublicJwk => ({
  kty: "EC",
  crv: "P-256",
  alg: "ES256",
  kid: key.kid,
  x: key.privateJwk.x,
  y: key.privateJwk.y
})

/** The public keys of a project; `undefined` when the project has none (unknown project). */
export const publicJwks = (
  data: StateData,
  projectId: string,
  options: { readonly includeRestricted: boolean; readonly includeAnonymous: boolean }
): ReadonlyArray<PublicJwk> | undefined => {
  const keys = data.signingKeys[projectId]
  if (keys === undefined || data.projects[projectId] === undefined) return undefined
  return [
    ...keys.normal,
    // Anonymous users are restricted too, so their keys come with the restricted ones.
    ...(options.includeRestricted || options.includeAnonymous ? keys.restricted : []),
    ...(options.includeAnonymous ? keys.anonymous : [])
  ].map(publicJwk)
}

// =============================================================================
// Sessions
// =============================================================================

/** Default session lifetime: 365 days. */
export const defaultSessionLifetimeMillis = 365 * 24 * 60 * 60 * 1000

/** Creates a session (refresh token) for a user and stores it. */
export const createSession = (
  data: StateData,
  fields: {
    readonly user: UserRecord
    readonly nowMillis: number
    readonly expiresInMillis?: number | undefined
    readonly isImpersonation?: boolean | undefined
  }
): RefreshTokenRecord => {
  const session: RefreshTokenRecord = {
    id: Ids.uuid(),
    projectId: fields.user.projectId,
    userId: fields.user.id,
    token: Ids.secureCode(),
    createdAtMillis: fields.nowMillis,
    expiresAtMillis: fields.nowMillis + (fields.expiresInMillis ?? defaultSessionLifetimeMillis),
    isImpersonation: fields.isImpersonation ?? false,
    lastUsedAtMillis: fields.nowMillis
  }
  data.refreshTokens[session.id] = session
  return session
}

/**
 * The live session of `projectId` whose refresh token is `token`: unknown, expired, or whose user is
 * gone → `undefined` (the caller answers `REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED`).
 */
export const findLiveSession = (
  data: StateData,
  projectId: string,
  token: string,
  nowMillis: number
): RefreshTokenRecord | undefined => {
  const session = Object.values(data.refreshTokens).find((s) => s.token === token && s.projectId === projectId)
  if (session === undefined) return undefined
  if (session.expiresAtMillis !== null && session.expiresAtMillis <= nowMillis) return undefined
  if (data.users[session.userId] === undefined) return undefined
  return session
}

/** A new session plus its first access token (what every sign-in returns). */
export const createAuthTokens = (
  env: EmulatorEnv,
  user: UserRecord,
  nowMillis: number,
  options: { readonly expiresInMillis?: number | undefined; readonly isImpersonation?: boolean | undefined } = {}
): Effect.Effect<{ readonly accessToken: string; readonly refreshToken: string; readonly session: RefreshTokenRecord }> =>
  Effect.gen(function*() {
    const session = createSession(env.store.data, { user, nowMillis, ...options })
    const accessToken = yield* mintAccessToken(env, session, nowMillis)
    return { accessToken, refreshToken: session.token, session }
  })

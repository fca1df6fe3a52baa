/**
 * Local verification of access tokens: a server checks who is calling without asking the Stack API.
 *
 * A token is accepted when:
 *
 * - it is a JWT whose ES256 signature verifies with a key of the project's JWKS
 *   (`GET /api/v1/projects/{id}/.well-known/jwks.json?include_anonymous=true`, which lists the keys of
 *   normal, restricted and anonymous users);
 * - `aud` is the project id (`<id>:restricted` / `<id>:anon` for those users) and `iss` is
 *   `<base>/api/v1/projects[-restricted-users|-anonymous-users]/<id>`, the variant matching `aud`;
 * - `exp` is not more than the clock tolerance (30 s) in the past, and `iat` not more than it in the
 *   future, by Effect's `Clock`;
 * - its user is not anonymous (or restricted) unless the options allow it, like the server's
 *   `x-stack-allow-anonymous-user` / `x-stack-allow-restricted-user` headers.
 *
 * The JWKS is fetched once and cached. A token whose `kid` is not in the cached set (key rotation)
 * makes the verifier fetch the set again, at most once per cooldown (30 s), so a stream of tokens
 * with made-up key ids cannot turn into a stream of requests. A set older than its max age (1 hour,
 * the endpoint's `cache-control`) is refetched; if that fails, the old set keeps serving the keys it
 * has. Concurrent verifications share one fetch.
 *
 * What is not checked here, because it needs the server: whether the session was revoked (sign-out)
 * or the user deleted since the token was minted. Access tokens are short-lived for that reason.
 * Tokens of the pre-2.8 format (global issuer `https://access-token.jwt-signature.stack-auth.com`,
 * or legacy tokens without `aud`) are rejected with `WrongAccessTokenIssuer` / `WrongAccessTokenAudience`.
 *
 * Every failure is one of the tagged errors below; none is a defect.
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Ref from "effect/Ref"
import * as Schema from "effect/Schema"
import * as Semaphore from "effect/Semaphore"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import { apiRoot } from "../http/send.ts"
import { readBody } from "../http/transport-http-client.ts"

// =============================================================================
// Errors
// =============================================================================

/** The string is not a JWT, or its header or claims are not those of a Stack access token. */
export class MalformedAccessToken extends Schema.TaggedError<MalformedAccessToken>()("MalformedAccessToken", {
  message: Schema.String
}) {}

/** The signature does not verify with any key of the project (forged, or signed by an unknown key). */
export class InvalidAccessTokenSignature
  extends Schema.TaggedError<InvalidAccessTokenSignature>()("InvalidAccessTokenSignature", {
    message: Schema.String,
    kid: Schema.NullOr(Schema.String)
  })
{}

/**
 * The token expired (more than the clock tolerance ago). Not the catalogue's `AccessTokenExpired`,
 * which is the server's answer to an expired token; this one is found locally.
 */
export class ExpiredAccessToken extends Schema.TaggedError<ExpiredAccessToken>()("ExpiredAccessToken", {
  message: Schema.String,
  expiredAtMillis: Schema.Number,
  userId: Schema.NullOr(Schema.String)
}) {}

/** `aud` names another project (or none): the token was issued for someone else. */
export class WrongAccessTokenAudience
  extends Schema.TaggedError<WrongAccessTokenAudience>()("WrongAccessTokenAudience", {
    message: Schema.String,
    expected: Schema.Array(Schema.String),
    actual: Schema.NullOr(Schema.String)
  })
{}

/** `iss` is not the configured API's issuer for the project. */
export class WrongAccessTokenIssuer extends Schema.TaggedError<WrongAccessTokenIssuer>()("WrongAccessTokenIssuer", {
  message: Schema.String,
  expected: Schema.Array(Schema.String),
  actual: Schema.NullOr(Schema.String)
}) {}

/** A valid token of an anonymous user, and anonymous users are not allowed. */
export class AnonymousUserNotAllowed extends Schema.TaggedError<AnonymousUserNotAllowed>()("AnonymousUserNotAllowed", {
  message: Schema.String,
  userId: Schema.String
}) {}

/** A valid token of a restricted user (e.g. unverified e-mail), and restricted users are not allowed. */
export class RestrictedUserNotAllowed
  extends Schema.TaggedError<RestrictedUserNotAllowed>()("RestrictedUserNotAllowed", {
    message: Schema.String,
    userId: Schema.String,
    restrictedReason: Schema.NullOr(Schema.String)
  })
{}

/** The project's public keys could not be fetched (network, unknown project, unexpected body). */
export class JwksUnavailable extends Schema.TaggedError<JwksUnavailable>()("JwksUnavailable", {
  message: Schema.String,
  url: Schema.String
}) {}

/** Every way `verifyAccessToken` can fail. */
export type VerifyAccessTokenError =
  | MalformedAccessToken
  | InvalidAccessTokenSignature
  | ExpiredAccessToken
  | WrongAccessTokenAudience
  | WrongAccessTokenIssuer
  | AnonymousUserNotAllowed
  | RestrictedUserNotAllowed
  | JwksUnavailable

// =============================================================================
// Claims
// =============================================================================

const RestrictedReasonType = /*#__PURE__*/ Schema.Literals(["anonymous", "email_not_verified", "restricted_by_administrator"])

/**
 * The payload of a current access token. `sub`, `iss`, `aud`, `iat`, `exp`
 * are required; the descriptive claims are optional so a server that drops one does not break
 * verification.
 */
export const AccessTokenClaims = /*#__PURE__*/ Schema.Struct({
  sub: Schema.String,
  iss: Schema.String,
  aud: Schema.String,
  iat: Schema.Number,
  exp: Schema.Number,
  project_id: Schema.optionalKey(Schema.String),
  branch_id: Schema.optionalKey(Schema.String),
  refresh_token_id: Schema.optionalKey(Schema.NullOr(Schema.String)),
  role: Schema.optionalKey(Schema.String),
  name: Schema.optionalKey(Schema.NullOr(Schema.String)),
  email: Schema.optionalKey(Schema.NullOr(Schema.String)),
  email_verified: Schema.optionalKey(Schema.Boolean),
  selected_team_id: Schema.optionalKey(Schema.NullOr(Schema.String)),
  signed_up_at: Schema.optionalKey(Schema.Number),
  is_anonymous: Schema.optionalKey(Schema.Boolean),
  is_restricted: Schema.optionalKey(Schema.Boolean),
  restricted_reason: Schema.optionalKey(Schema.NullOr(Schema.Struct({ type: RestrictedReasonType }))),
  requires_totp_mfa: Schema.optionalKey(Schema.Boolean)
})
export type AccessTokenClaims = typeof AccessTokenClaims.Type

const decodeClaims = Schema.decodeUnknownEffect(AccessTokenClaims)

/** Why a user is restricted. */
export type RestrictedReason = typeof RestrictedReasonType.Type

/** What a verified access token says about its user and session. */
export interface VerifiedAccessToken {
  readonly userId: string
  readonly projectId: string
  readonly branchId: string
  /** The session (refresh token) the token was minted for; `null` if the token does not say. */
  readonly refreshTokenId: string | null
  readonly role: string | null
  readonly displayName: string | null
  readonly primaryEmail: string | null
  readonly primaryEmailVerified: boolean
  readonly selectedTeamId: string | null
  /** Sign-up time in epoch milliseconds (the claim is in seconds); `null` if absent. */
  readonly signedUpAtMillis: number | null
  readonly isAnonymous: boolean
  readonly isRestricted: boolean
  readonly restrictedReason: RestrictedReason | null
  readonly requiresTotpMfa: boolean
  readonly issuedAtMillis: number
  readonly expiresAtMillis: number
  /** The raw claims, for anything not mapped above. */
  readonly claims: AccessTokenClaims
}

// =============================================================================
// Options
// =============================================================================

/** Which users a verification accepts. */
export interface VerifyOptions {
  /** Accept anonymous users (and, like the server's header, restricted ones). Default false. */
  readonly allowAnonymous?: boolean | undefined
  /** Accept restricted users (e.g. e-mail not verified while the project requires it). Default false. */
  readonly allowRestricted?: boolean | undefined
}

/** How to build an `AccessTokenVerifier`. */
export interface AccessTokenVerifierOptions extends VerifyOptions {
  readonly projectId: string
  /** The Stack API's base URL without `/api/v1`, e.g. `https://api.stack-auth.com`. */
  readonly baseUrl: string
  /**
   * The base URL the server puts into `iss`, when it differs from `baseUrl` (e.g. the API is
   * reached through an internal address). Default: `baseUrl`.
   */
  readonly issuerBaseUrl?: string | undefined
  /** How far past `exp` a token is still accepted. Default 30 seconds. */
  readonly clockTolerance?: Duration.Input | undefined
  /** Refetch the JWKS when the cached copy is older than this. Default 1 hour. */
  readonly jwksMaxAge?: Duration.Input | undefined
  /** Least time between two JWKS fetches triggered by unknown key ids. Default 30 seconds. */
  readonly jwksRefetchCooldown?: Duration.Input | undefined
  /** After a failed JWKS fetch, how long that failure answers without a new fetch. Default 5 seconds. */
  readonly jwksFailureCooldown?: Duration.Input | undefined
  /** Limit of one JWKS fetch. Default 10 seconds. */
  readonly jwksTimeout?: Duration.Input | undefined
}

/** The issuer of `projectId`'s access tokens for each kind of user. */
export const accessTokenIssuers = (baseUrl: string, projectId: string) => {
  const root = `${apiRoot(baseUrl)}/projects`
  return {
    normal: `${root}/${projectId}`,
    restricted: `${root}-restricted-users/${projectId}`,
    anonymous: `${root}-anonymous-users/${projectId}`
  } as const
}

/** The service's two public API origins (Stack Auth, renamed Hexclave): tokens may name either. */
const serviceOrigins = ["https://api.stack-auth.com", "https://api.hexclave.com"] as const

/**
 * Every issuer accepted for `projectId`'s tokens of each kind: those of `baseUrl`, and when that is
 * one of the service's two public origins, those of the other one too.
 */
export const acceptedIssuers = (baseUrl: string, projectId: string) => {
  const base = baseUrl.replace(/\/+$/, "")
  const bases = serviceOrigins.some((origin) => origin === base) ? serviceOrigins : [base]
  const all = bases.map((each) => accessTokenIssuers(each, projectId))
  return {
    normal: all.map((issuers) => issuers.normal),
    restricted: all.map((issuers) => issuers.restricted),
    anonymous: all.map((issuers) => issuers.anonymous)
  } as const
}

/** The audience of `projectId`'s access tokens for each kind of user. */
export const accessTokenAudiences = (projectId: string) =>
  ({ normal: projectId, restricted: `${projectId}:restricted`, anonymous: `${projectId}:anon` }) as const

/** Where the verifier reads the project's public keys (all three key sets). */
export const jwksUrl = (baseUrl: string, projectId: string): string =>
  `${apiRoot(baseUrl)}/projects/${encodeURIComponent(projectId)}/.well-known/jwks.json?include_anonymous=true`

// =============================================================================
// JWKS
// =============================================================================

/** One public key of the JWKS (EC P-256 today; other keys are kept and left to `jose`). */
const Jwk = /*#__PURE__*/ Schema.Struct({
  kty: Schema.String,
  kid: Schema.String,
  crv: Schema.optionalKey(Schema.String),
  alg: Schema.optionalKey(Schema.String),
  x: Schema.optionalKey(Schema.String),
  y: Schema.optionalKey(Schema.String)
})
const JwksBody = /*#__PURE__*/ Schema.Struct({ keys: Schema.Array(Jwk) })

/** The largest key set read (decoded bytes): a real one is under a kilobyte per key. */
const maxJwksBytes = 1024 * 1024

interface CachedKeys {
  readonly kids: ReadonlySet<string>
  /** The ES256 verification keys by key id, imported once per fetch (a kid may name several). */
  readonly verifiers: ReadonlyMap<string, ReadonlyArray<CryptoKey>>
  readonly fetchedAtMillis: number
}

const ecdsaP256 = { name: "ECDSA", namedCurve: "P-256" } as const
const ecdsaSha256 = { name: "ECDSA", hash: "SHA-256" } as const

/**
 * Imports the keys of the set that can verify an ES256 signature (EC on P-256, no other `alg`); a
 * key that is not one, or that WebCrypto refuses, verifies nothing (its kid stays known, so a token
 * signed by it fails as a bad signature rather than as a rotation).
 */
const importVerifiers = async (keys: ReadonlyArray<typeof Jwk.Type>): Promise<Map<string, Array<CryptoKey>>> => {
  const verifiers = new Map<string, Array<CryptoKey>>()
  for (const key of keys) {
    if (key.kty !== "EC" || key.crv !== "P-256" || (key.alg !== undefined && key.alg !== "ES256")) continue
    if (key.x === undefined || key.y === undefined) continue
    const imported = await crypto.subtle.importKey("jwk", { kty: "EC", crv: "P-256", x: key.x, y: key.y }, ecdsaP256, false, ["verify"])
      .catch(() => undefined)
    if (imported === undefined) continue
    verifiers.set(key.kid, [...(verifiers.get(key.kid) ?? []), imported])
  }
  return verifiers
}

interface KeyCache {
  readonly keys: CachedKeys | undefined
  /** When the last fetch (successful or not) started; drives the cooldown. */
  readonly lastAttemptMillis: number
  /** How many fetches were made, and why the last one failed (if it did). */
  readonly attempts: number
  readonly lastError: JwksUnavailable | undefined
}

const fetchJwks = (
  client: HttpClient.HttpClient,
  url: string,
  timeout: Duration.Duration,
  now: number
): Effect.Effect<CachedKeys, JwksUnavailable> => {
  const unavailable = (message: string) => new JwksUnavailable({ message, url })
  return Effect.gen(function*() {
    const response = yield* client.execute(HttpClientRequest.get(url).pipe(HttpClientRequest.acceptJson)).pipe(
      Effect.mapError((error) => unavailable(`The JWKS could not be fetched: ${error.message}`))
    )
    // Read through the cap whatever the status: a key set is a few hundred bytes, and a hostile or
    // broken endpoint could otherwise send (or decompress to) gigabytes.
    const text = yield* readBody(response, maxJwksBytes).pipe(
      Effect.mapError((failure) =>
        unavailable(
          failure.reason === "TooLarge"
            ? `The JWKS is larger than ${maxJwksBytes} bytes`
            : `The JWKS could not be read: ${failure.message}`
        )
      )
    )
    if (response.status !== 200) {
      return yield* unavailable(`The JWKS endpoint answered ${response.status}${text === "" ? "" : `: ${text.slice(0, 200)}`}`)
    }
    const body = yield* Effect.try({ try: () => JSON.parse(text) as unknown, catch: () => unavailable("The JWKS is not valid JSON") })
    const jwks = yield* Schema.decodeUnknownEffect(JwksBody)(body).pipe(
      Effect.mapError((error) => unavailable(`The JWKS has an unexpected shape: ${error.message}`))
    )
    const verifiers = yield* Effect.promise(() => importVerifiers(jwks.keys))
    return { kids: new Set(jwks.keys.map((key) => key.kid)), verifiers, fetchedAtMillis: now }
  }).pipe(
    Effect.timeoutOrElse({
      duration: timeout,
      orElse: () => Effect.fail(unavailable(`The JWKS did not arrive within ${Duration.format(timeout)}`))
    }),
    // Whatever a key-set endpoint sends, the verifier answers with its own typed error.
    Effect.catchDefect((defect) =>
      Effect.fail(unavailable(`The JWKS could not be read: ${defect instanceof Error ? defect.message : String(defect)}`))
    )
  )
}

// =============================================================================
// Verification
// =============================================================================

const asString = (value: unknown): string | null => typeof value === "string" ? value : null

type UserKind = "normal" | "restricted" | "anonymous"

const kindOfAudience = (projectId: string, aud: string | null): UserKind | undefined => {
  const audiences = accessTokenAudiences(projectId)
  if (aud === audiences.normal) return "normal"
  if (aud === audiences.restricted) return "restricted"
  if (aud === audiences.anonymous) return "anonymous"
  return undefined
}

const utf8 = /*#__PURE__*/ new TextDecoder("utf-8", { fatal: true })
const ascii = /*#__PURE__*/ new TextEncoder()

/** The bytes of a base64url segment (no padding, no other alphabet), or undefined. */
const base64urlBytes = (segment: string): Uint8Array<ArrayBuffer> | undefined => {
  if (!/^[A-Za-z0-9_-]*$/.test(segment) || segment.length % 4 === 1) return undefined
  const base64 = segment.replace(/-/g, "+").replace(/_/g, "/")
  try {
    const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4))
    const bytes = new Uint8Array(binary.length)
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
    return bytes
  } catch {
    return undefined
  }
}

/** A base64url segment holding a JSON object (not an array, not null), or undefined. */
const jsonObjectOf = (segment: string): Readonly<Record<string, unknown>> | undefined => {
  const bytes = base64urlBytes(segment)
  if (bytes === undefined) return undefined
  try {
    const value: unknown = JSON.parse(utf8.decode(bytes))
    return typeof value === "object" && value !== null && !Array.isArray(value) ? value as Record<string, unknown> : undefined
  } catch {
    return undefined
  }
}

/**
 * The registered-claim checks of RFC 7519 that verification makes after the signature (those
 * `jose.jwtVerify` makes with the same options): `sub`, `iat` and `exp` present; `iat`, `nbf` and
 * `exp` numbers; `nbf` not beyond the tolerance in the future, `exp` not beyond it in the past.
 */
const registeredClaimsFailure = (
  claims: Readonly<Record<string, unknown>>,
  nowSeconds: number,
  toleranceSeconds: number,
  userId: string | null
): VerifyAccessTokenError | undefined => {
  const invalid = (claim: string, reason: string) =>
    new MalformedAccessToken({ message: `The access token's "${claim}" claim is invalid: ${reason}` })
  for (const claim of ["sub", "iat", "exp"]) if (!(claim in claims)) return invalid(claim, "missing")
  if (typeof claims.iat !== "number") return invalid("iat", "invalid")
  if (claims.nbf !== undefined) {
    if (typeof claims.nbf !== "number") return invalid("nbf", "invalid")
    if (claims.nbf > nowSeconds + toleranceSeconds) return invalid("nbf", "check_failed")
  }
  if (typeof claims.exp !== "number") return invalid("exp", "invalid")
  if (claims.exp <= nowSeconds - toleranceSeconds) {
    return new ExpiredAccessToken({ message: "The access token has expired.", expiredAtMillis: claims.exp * 1000, userId })
  }
  return undefined
}

/** Whether `signature` is an ES256 signature of `signed` by one of `keys` (WebCrypto). */
const verifiesWithOneOf = async (keys: ReadonlyArray<CryptoKey>, signature: Uint8Array<ArrayBuffer>, signed: Uint8Array<ArrayBuffer>) => {
  for (const key of keys) if (await crypto.subtle.verify(ecdsaSha256, key, signature, signed)) return true
  return false
}

/** The AccessTokenVerifier service. */
export interface AccessTokenVerifierService {
  /**
   * Verifies `token` locally (one JWKS fetch per verifier, then none). `options` override the
   * verifier's own `allowAnonymous` / `allowRestricted`.
   */
  readonly verify: (
    token: string | Redacted.Redacted<string>,
    options?: VerifyOptions
  ) => Effect.Effect<VerifiedAccessToken, VerifyAccessTokenError>
}

/** Verifies access tokens of one project without calling the API (see the module comment). */
export class AccessTokenVerifier extends Context.Service<AccessTokenVerifier, AccessTokenVerifierService>()(
  "stackfx/server/AccessTokenVerifier"
) {
  /** A verifier for `options.projectId`, fetching its keys through the `HttpClient` in context. */
  static readonly make = (options: AccessTokenVerifierOptions) => makeVerifier(options)

  /** The verifier as a Layer (needs an `HttpClient.HttpClient`). */
  static readonly layer = (
    options: AccessTokenVerifierOptions
  ): Layer.Layer<AccessTokenVerifier, never, HttpClient.HttpClient> =>
    Layer.effect(AccessTokenVerifier, makeVerifier(options))
}

const makeVerifier = /*#__PURE__*/ Effect.fnUntraced(function*(options: AccessTokenVerifierOptions) {
  const client = yield* HttpClient.HttpClient
  const projectId = options.projectId
  const url = jwksUrl(options.baseUrl, projectId)
  const issuers = acceptedIssuers(options.issuerBaseUrl ?? options.baseUrl, projectId)
  const audiences = accessTokenAudiences(projectId)
  const toleranceSeconds = Duration.toSeconds(Duration.fromInputUnsafe(options.clockTolerance ?? "30 seconds"))
  const maxAgeMillis = Duration.toMillis(Duration.fromInputUnsafe(options.jwksMaxAge ?? "1 hour"))
  const cooldownMillis = Duration.toMillis(Duration.fromInputUnsafe(options.jwksRefetchCooldown ?? "30 seconds"))
  const timeout = Duration.fromInputUnsafe(options.jwksTimeout ?? "10 seconds")
  const failureCooldownMillis = Duration.toMillis(Duration.fromInputUnsafe(options.jwksFailureCooldown ?? "5 seconds"))
  const cache = yield* Ref.make<KeyCache>({
    keys: undefined,
    lastAttemptMillis: Number.NEGATIVE_INFINITY,
    attempts: 0,
    lastError: undefined
  })
  const lock = yield* Semaphore.make(1)

  /** The key set to verify a token signed by `kid` with, fetching or refetching as described above. */
  const keysFor = (kid: string): Effect.Effect<CachedKeys, JwksUnavailable> =>
    Effect.gen(function*() {
      const now = yield* Clock.currentTimeMillis
      const before = yield* Ref.get(cache)
      const keys = before.keys
      if (keys !== undefined && keys.kids.has(kid) && now - keys.fetchedAtMillis < maxAgeMillis) return keys
      return yield* lock.withPermit(Effect.gen(function*() {
        // Another fiber may have fetched while this one waited for the lock.
        const now = yield* Clock.currentTimeMillis
        const latest = yield* Ref.get(cache)
        const current = latest.keys
        const known = current !== undefined && current.kids.has(kid)
        if (current !== undefined) {
          if (known && now - current.fetchedAtMillis < maxAgeMillis) return current
          if (now - latest.lastAttemptMillis < cooldownMillis) return current
        }
        // A fetch that failed while this fiber waited answers it too: no queue of doomed fetches.
        if (latest.attempts !== before.attempts && latest.lastError !== undefined && !known) {
          return yield* latest.lastError
        }
        // Right after a failure, the same failure answers: a key-set endpoint that is down is not
        // asked again for every token (100 verifications, 1 fetch) until the short cooldown passes.
        if (latest.lastError !== undefined && !known && now - latest.lastAttemptMillis < failureCooldownMillis) {
          return yield* latest.lastError
        }
        const attempts = latest.attempts + 1
        return yield* fetchJwks(client, url, timeout, now).pipe(
          Effect.tap((fetched) => Ref.set(cache, { keys: fetched, lastAttemptMillis: now, attempts, lastError: undefined })),
          Effect.tapError((error) => Ref.set(cache, { keys: current, lastAttemptMillis: now, attempts, lastError: error })),
          // A stale set still vouches for the keys it has while the endpoint is unreachable.
          Effect.catch((error) => known ? Effect.succeed(current) : Effect.fail(error))
        )
      }))
    })

  const verify = Effect.fnUntraced(function*(
    input: string | Redacted.Redacted<string>,
    callOptions?: VerifyOptions
  ): Effect.fn.Return<VerifiedAccessToken, VerifyAccessTokenError> {
    const token = Redacted.isRedacted(input) ? Redacted.value(input) : input
    const malformed = (message: string) => new MalformedAccessToken({ message })
    // Parsed once here, and the signature checked with the key imported when the set was fetched:
    // verifying a token is one WebCrypto call and a few property reads (see bench/verify-throughput.ts).
    const parts = token.split(".")
    if (parts.length !== 3) return yield* malformed("The access token is not a JWT (three dot-separated parts).")
    const [headerPart = "", payloadPart = "", signaturePart = ""] = parts
    const header = jsonObjectOf(headerPart)
    if (header === undefined) return yield* malformed("The access token's header is not valid base64url JSON.")
    const unverified = jsonObjectOf(payloadPart)
    if (unverified === undefined) return yield* malformed("The access token's payload is not valid base64url JSON.")
    if (header.alg !== undefined && typeof header.alg !== "string") return yield* malformed("The access token's header is not a JWS header.")
    if (header.kid !== undefined && typeof header.kid !== "string") return yield* malformed("The access token's header is not a JWS header.")
    if (typeof header.kid !== "string") return yield* malformed("The access token's header names no key (kid).")
    const kid = header.kid

    // Audience and issuer first: a token of another project says so, instead of failing on its key.
    const aud = asString(unverified.aud)
    const kind = kindOfAudience(projectId, aud)
    if (kind === undefined) {
      return yield* new WrongAccessTokenAudience({
        message: `The access token is for ${aud === null ? "no project" : `"${aud}"`}, not project "${projectId}".`,
        expected: [audiences.normal, audiences.restricted, audiences.anonymous],
        actual: aud
      })
    }
    const iss = asString(unverified.iss)
    const expectedIssuers: ReadonlyArray<string> = issuers[kind]
    if (iss === null || !expectedIssuers.includes(iss)) {
      return yield* new WrongAccessTokenIssuer({
        message: `The access token was issued by ${iss === null ? "no issuer" : `"${iss}"`}, expected ${expectedIssuers.map((each) => `"${each}"`).join(" or ")}.`,
        expected: [...expectedIssuers],
        actual: iss
      })
    }

    const keys = yield* keysFor(kid)
    if (!keys.kids.has(kid)) {
      return yield* new InvalidAccessTokenSignature({
        message: "The access token is signed with a key the project does not publish.",
        kid
      })
    }
    const badSignature = (message: string) => new InvalidAccessTokenSignature({ message, kid })
    if (header.alg !== "ES256") return yield* badSignature("The access token is not signed with ES256.")
    // No extension this verifier understands may be marked critical (RFC 7515 §4.1.11).
    if (header.crit !== undefined) return yield* badSignature("The access token's signature could not be verified: unsupported \"crit\" header.")
    const verifiers = keys.verifiers.get(kid)
    if (verifiers === undefined) return yield* badSignature("The access token's signature could not be verified: the project's key is not an ES256 key.")
    const signature = base64urlBytes(signaturePart)
    const signed = ascii.encode(`${headerPart}.${payloadPart}`)
    const valid = signature !== undefined && signature.length === 64 &&
      (yield* Effect.tryPromise({
        try: () => verifiesWithOneOf(verifiers, signature, signed),
        catch: () => badSignature("The access token's signature could not be verified.")
      }))
    if (!valid) return yield* badSignature("The access token's signature does not verify with the project's key.")
    const now = yield* Clock.currentTimeMillis
    const registered = registeredClaimsFailure(unverified, Math.floor(now / 1000), toleranceSeconds, asString(unverified.sub))
    if (registered !== undefined) return yield* registered
    const claims = yield* decodeClaims(unverified).pipe(
      Effect.mapError((error) => malformed(`The access token's claims are not those of a Stack access token: ${error.message}`))
    )

    // jose checks `iat` only against a maximum age: a token "issued" in the future would otherwise
    // pass, and with it whatever lifetime its signer chose.
    if (claims.iat > now / 1000 + toleranceSeconds) {
      return yield* malformed("The access token's \"iat\" claim lies in the future beyond the clock tolerance.")
    }

    // The server mints the audience from the user's kind; a signed token whose claims disagree with
    // it is not one the server made.
    const isAnonymous = claims.is_anonymous ?? kind === "anonymous"
    const isRestricted = claims.is_restricted ?? kind !== "normal"
    if (isAnonymous !== (kind === "anonymous") || (isRestricted && !isAnonymous) !== (kind === "restricted")) {
      return yield* malformed("The access token's user kind does not match its audience.")
    }
    if (claims.project_id !== undefined && claims.project_id !== projectId) {
      return yield* malformed("The access token's project_id does not match its audience.")
    }

    const allowAnonymous = callOptions?.allowAnonymous ?? options.allowAnonymous ?? false
    const allowRestricted = allowAnonymous || (callOptions?.allowRestricted ?? options.allowRestricted ?? false)
    const restrictedReason = claims.restricted_reason?.type ?? (isAnonymous ? "anonymous" : null)
    if (isAnonymous && !allowAnonymous) {
      return yield* new AnonymousUserNotAllowed({
        message: "The access token belongs to an anonymous user; pass allowAnonymous to accept it.",
        userId: claims.sub
      })
    }
    if (isRestricted && !allowRestricted) {
      return yield* new RestrictedUserNotAllowed({
        message: `The access token belongs to a restricted user (${restrictedReason ?? "unknown reason"}); pass allowRestricted to accept it.`,
        userId: claims.sub,
        restrictedReason
      })
    }

    return {
      userId: claims.sub,
      projectId,
      branchId: claims.branch_id ?? "main",
      refreshTokenId: claims.refresh_token_id ?? null,
      role: claims.role ?? null,
      displayName: claims.name ?? null,
      primaryEmail: claims.email ?? null,
      primaryEmailVerified: claims.email_verified ?? false,
      selectedTeamId: claims.selected_team_id ?? null,
      signedUpAtMillis: claims.signed_up_at === undefined ? null : claims.signed_up_at * 1000,
      isAnonymous,
      isRestricted,
      restrictedReason,
      requiresTotpMfa: claims.requires_totp_mfa ?? false,
      issuedAtMillis: claims.iat * 1000,
      expiresAtMillis: claims.exp * 1000,
      claims
    }
  })

  return AccessTokenVerifier.of({ verify })
})

/** Verifies `token` with the `AccessTokenVerifier` in context. */
export const verifyAccessToken = (
  token: string | Redacted.Redacted<string>,
  options?: VerifyOptions
): Effect.Effect<VerifiedAccessToken, VerifyAccessTokenError, AccessTokenVerifier> =>
  Effect.gen(function*() {
    const verifier = yield* AccessTokenVerifier
    return yield* verifier.verify(token, options)
  })

/** The user id of a verified token, or `None` for no token (what a handler usually wants). */
export const verifyOptionalAccessToken = (
  token: Option.Option<string | Redacted.Redacted<string>>,
  options?: VerifyOptions
): Effect.Effect<Option.Option<VerifiedAccessToken>, VerifyAccessTokenError, AccessTokenVerifier> =>
  Option.isNone(token) ? Effect.succeed(Option.none()) : Effect.map(verifyAccessToken(token.value, options), Option.some)

/**
 * Access levels and the header set each one sends.
 */
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import { makeNonce } from "./nonce.ts"

/** The three access types of the `x-stack-access-type` header. */
export type AccessLevel = "client" | "server" | "admin"

/** The keys an app is configured with. Every key is `Redacted` and never leaves this module in clear. */
export interface ProjectKeys {
  readonly projectId: string
  readonly publishableClientKey?: Redacted.Redacted<string> | undefined
  readonly secretServerKey?: Redacted.Redacted<string> | undefined
  readonly superSecretAdminKey?: Redacted.Redacted<string> | undefined
  /** An access token of a dashboard user of the `internal` project (admin apps of a project owner). */
  readonly adminAccessToken?: Redacted.Redacted<string> | undefined
}

/** The user tokens a request carries, if any. */
export interface UserTokens {
  readonly accessToken: Option.Option<Redacted.Redacted<string>>
  readonly refreshToken: Option.Option<Redacted.Redacted<string>>
}

/** No user session. */
export const noTokens: UserTokens = { accessToken: Option.none(), refreshToken: Option.none() }

/** Options of the current service that older servers ignore. */
export interface UserAllowances {
  /** Send `x-stack-allow-restricted-user: true` so a restricted user's token is accepted. */
  readonly allowRestrictedUser?: boolean | undefined
  /** Send `x-stack-allow-anonymous-user: true` so an anonymous user's token is accepted. */
  readonly allowAnonymousUser?: boolean | undefined
}

/** The value of `X-Stack-Client-Version`. */
export const clientVersion = "js stackfx@0.1.0"

/** Header names whose values are secrets: added to Effect's redaction list wherever we render errors. */
// Spelled out rather than built by a call: a module-level call stays in every bundle that imports
// this module, even one that never reads the list.
export const secretHeaderNames: ReadonlyArray<string> = [
  "x-stack-publishable-client-key",
  "x-hexclave-publishable-client-key",
  "x-stack-secret-server-key",
  "x-hexclave-secret-server-key",
  "x-stack-super-secret-admin-key",
  "x-hexclave-super-secret-admin-key",
  "x-stack-admin-access-token",
  "x-hexclave-admin-access-token",
  "x-stack-access-token",
  "x-hexclave-access-token",
  "x-stack-refresh-token",
  "x-hexclave-refresh-token",
  "authorization",
  "cookie",
  "set-cookie"
]

/**
 * The headers of one request at `level`, in the service's spelling (wire names are
 * case-insensitive). Secrets are unwrapped here and only here, right before they go on the wire.
 */
export const headersFor = (
  level: AccessLevel,
  keys: ProjectKeys,
  tokens: UserTokens,
  allowances: UserAllowances = {}
): Record<string, string> => {
  const headers: Record<string, string> = {
    "x-stack-override-error-status": "true",
    "x-stack-project-id": keys.projectId,
    "x-stack-access-type": level,
    "x-stack-client-version": clientVersion,
    "x-stack-random-nonce": makeNonce()
  }
  if (Option.isSome(tokens.accessToken)) headers["x-stack-access-token"] = Redacted.value(tokens.accessToken.value)
  if (Option.isSome(tokens.refreshToken)) headers["x-stack-refresh-token"] = Redacted.value(tokens.refreshToken.value)
  const ownerSession = level === "admin" && keys.adminAccessToken !== undefined
  if (keys.publishableClientKey !== undefined && !ownerSession) {
    headers["x-stack-publishable-client-key"] = Redacted.value(keys.publishableClientKey)
  }
  if (level === "server" || level === "admin") {
    // An admin app of a project owner has no keys: the server expects the empty strings (§2.1).
    headers["x-stack-secret-server-key"] = keys.secretServerKey === undefined || ownerSession
      ? ""
      : Redacted.value(keys.secretServerKey)
  }
  if (level === "admin") {
    headers["x-stack-super-secret-admin-key"] = keys.superSecretAdminKey === undefined || ownerSession
      ? ""
      : Redacted.value(keys.superSecretAdminKey)
    if (keys.adminAccessToken !== undefined) {
      headers["x-stack-admin-access-token"] = Redacted.value(keys.adminAccessToken)
    }
  }
  if (allowances.allowRestrictedUser === true) headers["x-stack-allow-restricted-user"] = "true"
  if (allowances.allowAnonymousUser === true) headers["x-stack-allow-anonymous-user"] = "true"
  return headers
}

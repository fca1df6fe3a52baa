/**
 * Request authentication, in the current server's order (the server's `parseAuth`):
 *
 * 1. a key or admin token without `x-stack-access-type` → PROJECT_KEY_WITHOUT_ACCESS_TYPE;
 *    no access type at all → anonymous request (`null`);
 * 2. access type not client/server/admin → INVALID_ACCESS_TYPE;
 *    no `x-stack-project-id` → ACCESS_TYPE_WITHOUT_PROJECT_ID;
 * 3. `x-stack-access-token`, if sent, is verified on every endpoint: ACCESS_TOKEN_EXPIRED,
 *    UNPARSABLE_ACCESS_TOKEN, INVALID_PROJECT_FOR_ACCESS_TOKEN, then the user-type gates
 *    ANONYMOUS_AUTHENTICATION_NOT_ALLOWED / RESTRICTED_USER_NOT_ALLOWED (allow headers);
 * 4. unknown project → CURRENT_PROJECT_NOT_FOUND (before any key is looked at); then (emulator
 *    only, `origins.ts`) server or admin access from a browser origin the project does not trust → 403;
 * 5. `x-stack-admin-access-token` replaces the keys; otherwise the key of the access type:
 *    client key optional (unless the project requires it) but a wrong one is rejected;
 *    server/admin keys required. Revoked and expired key sets are not live.
 * 6. `x-stack-branch-id` other than `main` → BRANCH_DOES_NOT_EXIST;
 * 7. the user is the token's `sub` if that user still exists.
 *
 * Route-level checks (ACCESS_TYPE_REQUIRED, INSUFFICIENT_ACCESS_TYPE, `auth.user must be defined`)
 * are in `router.ts`.
 */
import * as Effect from "effect/Effect"
import {
  AccessTypeWithoutProjectId,
  AdminAccessTokenExpired,
  AdminAccessTokenIsNotAdmin,
  AdminAuthenticationRequired,
  BranchDoesNotExist,
  AnonymousAuthenticationNotAllowed,
  CurrentProjectNotFound,
  InvalidAccessType,
  InvalidProjectForAccessToken,
  InvalidPublishableClientKey,
  InvalidSecretServerKey,
  InvalidSuperSecretAdminKey,
  ProjectKeyWithoutAccessType,
  PublishableClientKeyRequiredForProject,
  RestrictedUserNotAllowed,
  ServerAuthenticationRequired,
  UnparsableAdminAccessToken
} from "../errors/catalogue.ts"
import type { EmulatorEnv } from "./env.ts"
import { isOriginTrusted, untrustedOriginError } from "./origins.ts"
import { type HandlerError, textError } from "./reply.ts"
import { findUser, isKeySetLive, type ProjectRecord, type StateData, type UserRecord } from "./state.ts"
import { type AccessTokenInfo, verifyAccessToken } from "./tokens.ts"
import * as Create from "../errors/create.ts"

/** The three access types of `x-stack-access-type`. */
export type AccessType = "client" | "server" | "admin"

/** The authenticated side of a request with an access type. */
export interface RequestAuth {
  readonly accessType: AccessType
  readonly project: ProjectRecord
  /** The signed-in user (from `x-stack-access-token`), if any and still existing. */
  readonly user: UserRecord | undefined
  /** The session the access token belongs to (`refresh_token_id` claim). */
  readonly refreshTokenId: string | undefined
  /** The verified access token, if one was sent. */
  readonly accessToken: AccessTokenInfo | undefined
}

const isAccessType = (value: string): value is AccessType =>
  value === "client" || value === "server" || value === "admin"

const keyMatches = (
  data: StateData,
  projectId: string,
  nowMillis: number,
  field: "publishableClientKey" | "secretServerKey" | "superSecretAdminKey",
  key: string
): boolean =>
  Object.values(data.apiKeySets).some((set) =>
    set.projectId === projectId && set[field] === key && isKeySetLive(set, nowMillis)
  )

/** Whether the user of the `internal` project owns `projectId` (is a member of its owner team). */
const ownsProject = (data: StateData, internalUserId: string, project: ProjectRecord | undefined): boolean =>
  project !== undefined && project.ownerTeamId !== null &&
  Object.values(data.teamMemberships).some((m) => m.teamId === project.ownerTeamId && m.userId === internalUserId)

const checkAdminAccessToken = (
  env: EmulatorEnv,
  token: string,
  projectId: string,
  nowMillis: number
): Effect.Effect<void, HandlerError> =>
  Effect.gen(function*() {
    const data = env.store.data
    const info = yield* verifyAccessToken(env, token, nowMillis).pipe(
      Effect.catchTag("AccessTokenExpired", (expired) =>
        Effect.fail(Create.AdminAccessTokenExpired({ expired_at_millis: expired.details.expired_at_millis }))),
      Effect.catchTag("UnparsableAccessToken", () => Effect.fail(Create.UnparsableAdminAccessToken()))
    )
    // Dashboard tokens are normal users' tokens: anonymous/restricted ones are not accepted.
    if (info.isAnonymous || info.restrictedReason !== null) return yield* Create.UnparsableAdminAccessToken()
    if (info.projectId !== "internal") return yield* Create.AdminAccessTokenIsNotAdmin()
    if (findUser(data, "internal", info.userId) === undefined) {
      return yield* textError(
        401,
        "The user associated with the admin access token is no longer valid. Please refresh the admin access token and try again."
      )
    }
    if (!ownsProject(data, info.userId, data.projects[projectId])) return yield* Create.AdminAccessTokenIsNotAdmin()
  })

/**
 * Authenticates a request from its headers. `null` means the request has no access type (allowed by
 * routes that need no project, refused by the others with ACCESS_TYPE_REQUIRED).
 */
export const authenticate = (
  env: EmulatorEnv,
  headers: Headers,
  nowMillis: number
): Effect.Effect<RequestAuth | null, HandlerError> =>
  Effect.gen(function*() {
    const data = env.store.data
    const header = (name: string): string | null => headers.get(name)
    const projectId = header("x-stack-project-id")
    const accessTypeHeader = header("x-stack-access-type")
    const publishableClientKey = header("x-stack-publishable-client-key")
    const secretServerKey = header("x-stack-secret-server-key")
    const superSecretAdminKey = header("x-stack-super-secret-admin-key")
    const adminAccessToken = header("x-stack-admin-access-token")
    const accessToken = header("x-stack-access-token")
    const allowAnonymous = header("x-stack-allow-anonymous-user") === "true"
    const allowRestricted = allowAnonymous || header("x-stack-allow-restricted-user") === "true"

    const anyKeyOrToken = [publishableClientKey, secretServerKey, superSecretAdminKey, adminAccessToken]
      .some((value) => value !== null && value !== "")
    if (!accessTypeHeader && anyKeyOrToken) return yield* Create.ProjectKeyWithoutAccessType()
    if (!accessTypeHeader) return null
    if (!isAccessType(accessTypeHeader)) return yield* Create.InvalidAccessType({ accessType: accessTypeHeader })
    const accessType = accessTypeHeader
    if (!projectId) return yield* Create.AccessTypeWithoutProjectId({ request_type: accessType })

    let tokenInfo: AccessTokenInfo | undefined
    if (accessToken) {
      const info = yield* verifyAccessToken(env, accessToken, nowMillis)
      if (info.projectId !== projectId) {
        return yield* Create.InvalidProjectForAccessToken({
          expected_project_id: projectId,
          actual_project_id: info.projectId
        })
      }
      if (info.isAnonymous && !allowAnonymous) return yield* Create.AnonymousAuthenticationNotAllowed()
      if (info.restrictedReason !== null && !allowRestricted) {
        return yield* Create.RestrictedUserNotAllowed({ restricted_reason: info.restrictedReason })
      }
      tokenInfo = info
    }

    const project = data.projects[projectId]
    if (project === undefined) return yield* Create.CurrentProjectNotFound({ project_id: projectId })

    // Emulator only: a browser page may use secret keys and admin tokens only from a trusted origin
    // (`origins.ts`); an admin access token may also come from the dashboard's (internal) origins.
    const origin = header("origin")
    if (origin !== null && accessType !== "client") {
      const internal = data.projects["internal"]
      const trusted = isOriginTrusted(project, origin) ||
        (Boolean(adminAccessToken) && internal !== undefined && isOriginTrusted(internal, origin))
      if (!trusted) return yield* untrustedOriginError(origin, accessType, projectId)
    }

    if (adminAccessToken) {
      yield* checkAdminAccessToken(env, adminAccessToken, projectId, nowMillis)
    } else {
      switch (accessType) {
        case "client": {
          if (!publishableClientKey) {
            if (project.config.requirePublishableClientKey) {
              return yield* Create.PublishableClientKeyRequiredForProject({ project_id: projectId })
            }
          } else if (!keyMatches(data, projectId, nowMillis, "publishableClientKey", publishableClientKey)) {
            return yield* Create.InvalidPublishableClientKey({ project_id: projectId })
          }
          break
        }
        case "server": {
          if (!secretServerKey) return yield* Create.ServerAuthenticationRequired()
          if (!keyMatches(data, projectId, nowMillis, "secretServerKey", secretServerKey)) {
            return yield* Create.InvalidSecretServerKey({ project_id: projectId })
          }
          break
        }
        case "admin": {
          if (!superSecretAdminKey) return yield* Create.AdminAuthenticationRequired()
          if (!keyMatches(data, projectId, nowMillis, "superSecretAdminKey", superSecretAdminKey)) {
            return yield* Create.InvalidSuperSecretAdminKey({ project_id: projectId })
          }
          break
        }
      }
    }

    // Only the `main` branch exists; checked after the keys so branches cannot be probed without them.
    const branchId = header("x-stack-branch-id") ?? "main"
    if (branchId !== "main") return yield* Create.BranchDoesNotExist({ branch_id: branchId })

    return {
      accessType,
      project,
      user: tokenInfo === undefined ? undefined : findUser(data, projectId, tokenInfo.userId),
      refreshTokenId: tokenInfo?.refreshTokenId ?? undefined,
      accessToken: tokenInfo
    }
  })

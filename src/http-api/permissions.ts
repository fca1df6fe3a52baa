/**
 * Permission checks for handlers of authenticated endpoints: each asks the Stack API (through the
 * middleware's `StackServer`) whether the `CurrentUser` holds a permission, and fails with a typed 403 the endpoint
 * declares (`error: TeamPermissionDenied`). The team id comes from wherever the endpoint has it:
 * its path parameters or its payload.
 *
 * @example
 * HttpApiEndpoint.get("report", "/teams/:teamId/report", { params: { teamId: Schema.String }, error: TeamPermissionDenied })
 * // handler:
 * ({ params }) => requireTeamPermission(params.teamId, "team_admin").pipe(Effect.andThen(makeReport(params.teamId)))
 */
import * as Effect from "effect/Effect"
import { CurrentUser } from "./current-user.ts"
import {
  ApiKeyRejected,
  type ApiKeyRejectedReason,
  AuthServiceUnavailable,
  ProjectPermissionDenied,
  TeamPermissionDenied
} from "./errors.ts"
import { StackServerChecks } from "./server-checks.ts"

/**
 * Succeeds when the caller holds `permissionId` in team `teamId` (directly or through a contained
 * permission); a non-member holds none. One API call per check.
 */
export const requireTeamPermission = (
  teamId: string,
  permissionId: string
): Effect.Effect<void, TeamPermissionDenied | AuthServiceUnavailable, CurrentUser> =>
  Effect.gen(function*() {
    const caller = yield* CurrentUser
    const held = yield* caller.hasTeamPermission(teamId, permissionId)
    if (!held) {
      return yield* new TeamPermissionDenied({
        message: `User ${caller.userId} does not have permission ${permissionId} in team ${teamId}.`,
        userId: caller.userId,
        teamId,
        permissionId
      })
    }
  })

/**
 * `handler` run only when the caller holds `permissionId` in the team `teamIdOf(request)` names;
 * for endpoint handlers, e.g. `withTeamPermission("team_admin", ({ params }) => params.teamId, handler)`.
 */
export const withTeamPermission = <Request, A, E, R>(
  permissionId: string,
  teamIdOf: (request: Request) => string,
  handler: (request: Request) => Effect.Effect<A, E, R>
) =>
(request: Request): Effect.Effect<A, E | TeamPermissionDenied | AuthServiceUnavailable, R | CurrentUser> =>
  Effect.andThen(requireTeamPermission(teamIdOf(request), permissionId), handler(request))

/** The Stack API could not answer a check (the network, a 5xx, an unexpected answer). */
const unavailable = (what: string) => (error: { readonly message: string }) =>
  new AuthServiceUnavailable({ message: `${what} could not be checked: ${error.message}` })

/**
 * Succeeds when the caller holds project permission `permissionId` (directly or contained). One API
 * call per check, through `StackServerChecks`.
 */
export const requireProjectPermission = (
  permissionId: string
): Effect.Effect<void, ProjectPermissionDenied | AuthServiceUnavailable, CurrentUser | StackServerChecks> =>
  Effect.gen(function*() {
    const caller = yield* CurrentUser
    const checks = yield* StackServerChecks
    const held = yield* checks.hasProjectPermission(caller.userId, permissionId).pipe(Effect.mapError(unavailable("The permission")))
    if (!held) {
      return yield* new ProjectPermissionDenied({
        message: `User ${caller.userId} does not have project permission ${permissionId}.`,
        userId: caller.userId,
        permissionId
      })
    }
  })

/** Whom a valid API key belongs to. */
export type ApiKeyOwner =
  | { readonly kind: "user"; readonly keyId: string; readonly userId: string }
  | { readonly kind: "team"; readonly keyId: string; readonly teamId: string }

/** The service's API key check errors, as the reasons of `ApiKeyRejected`; other errors are none. */
const rejectionOf = (tag: string): ApiKeyRejectedReason | undefined =>
  tag === "ApiKeyNotFound" || tag === "WrongApiKeyType" || tag === "ApiKeyRevoked" || tag === "ApiKeyExpired" ? tag : undefined

/**
 * The owner of `apiKey` when it is a valid key of `kind` (a user's or a team's, created by the app's
 * users for its own API); a missing, unknown, revoked or expired key, or one of the other kind, is
 * `ApiKeyRejected` (403) with the service's reason. The endpoint reads the key where it wants it,
 * e.g. `headers: { "x-api-key": Schema.optional(Schema.String) }`.
 */
export const requireApiKey = (
  kind: "user" | "team",
  apiKey: string | undefined
): Effect.Effect<ApiKeyOwner, ApiKeyRejected | AuthServiceUnavailable, StackServerChecks> =>
  Effect.gen(function*() {
    if (apiKey === undefined || apiKey.trim() === "") {
      return yield* new ApiKeyRejected({ reason: "MissingApiKey", message: `The request carries no ${kind} API key.` })
    }
    const checks = yield* StackServerChecks
    const toRejection = (error: { readonly _tag: string; readonly message: string }) => {
      const reason = rejectionOf(error._tag)
      return reason === undefined ? unavailable("The API key")(error) : new ApiKeyRejected({ reason, message: error.message })
    }
    if (kind === "user") {
      const key = yield* checks.checkUserApiKey(apiKey).pipe(Effect.mapError(toRejection))
      return { kind, keyId: key.id, userId: key.user_id }
    }
    const key = yield* checks.checkTeamApiKey(apiKey).pipe(Effect.mapError(toRejection))
    return { kind, keyId: key.id, teamId: key.team_id }
  })


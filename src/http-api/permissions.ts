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
import { type AuthServiceUnavailable, TeamPermissionDenied } from "./errors.ts"

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

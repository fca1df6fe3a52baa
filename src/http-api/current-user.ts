/**
 * `CurrentUser`: who is calling an authenticated endpoint. The token's claims are there at once (no
 * API call); the full server-side user is read through `StackServer` only when a handler asks for
 * it, once per request.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import type * as Exit from "effect/Exit"
import * as Option from "effect/Option"
import type { ServerUser } from "../model/user.ts"
import type { StackServerService } from "../server/stack-server.ts"
import type { AuthenticatedCaller } from "./authenticate.ts"
import { AuthServiceUnavailable, Unauthenticated } from "./errors.ts"

/** The caller of an authenticated endpoint. */
export interface CurrentUserService extends AuthenticatedCaller {
  /**
   * The full user (server metadata included), read with the secret server key on first use and kept
   * for the rest of the request. A user deleted since the token was minted is `Unauthenticated`
   * (`UserDeleted`); the API out of reach is `AuthServiceUnavailable`.
   */
  readonly user: Effect.Effect<ServerUser, Unauthenticated | AuthServiceUnavailable>
  /** Whether the caller holds `permissionId` in team `teamId` (contained permissions count); one API call. */
  readonly hasTeamPermission: (teamId: string, permissionId: string) => Effect.Effect<boolean, AuthServiceUnavailable>
}

/** The signed-in caller, provided by the `StackAuthentication` middleware. */
export class CurrentUser extends Context.Service<CurrentUser, CurrentUserService>()("stackfx/http-api/CurrentUser") {}

/** The caller when there is one, provided by the `StackOptionalAuthentication` middleware. */
export class OptionalCurrentUser
  extends Context.Service<OptionalCurrentUser, Option.Option<CurrentUserService>>()("stackfx/http-api/OptionalCurrentUser")
{}

/** A `CurrentUser` for a verified caller, whose full user is loaded through `stack` at most once. */
export const makeCurrentUser = (caller: AuthenticatedCaller, stack: StackServerService, realm: string): CurrentUserService => {
  const load = stack.getUser(caller.userId).pipe(
    Effect.mapError((error) => new AuthServiceUnavailable({ message: `The user could not be read: ${error.message}` })),
    Effect.flatMap((found) =>
      Option.isSome(found)
        ? Effect.succeed(found.value)
        : Effect.fail(new Unauthenticated({ reason: "UserDeleted", message: `User ${caller.userId} no longer exists.`, realm }))
    )
  )
  // Kept per request: a handler and the permission checks it runs may each ask for the user.
  let settled: Exit.Exit<ServerUser, Unauthenticated | AuthServiceUnavailable> | undefined
  const user = Effect.suspend(() =>
    settled ?? Effect.onExit(load, (exit) => Effect.sync(() => { settled = exit }))
  )
  const hasTeamPermission = (teamId: string, permissionId: string) =>
    stack.hasTeamPermission(teamId, caller.userId, permissionId).pipe(
      Effect.mapError((error) => new AuthServiceUnavailable({ message: `The permission could not be checked: ${error.message}` }))
    )
  return { ...caller, user, hasTeamPermission }
}

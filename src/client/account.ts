/**
 * The signed-in user's own account: read, update, password change, sign-out and deletion.
 */
import type * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import {
  CannotGetOwnUserWithoutUser,
  PasswordAuthenticationNotEnabled,
  PasswordConfirmationMismatch,
  PasswordTooShort,
  RefreshTokenNotFoundOrExpired,
  SchemaError,
  TeamMembershipNotFound,
  UserDoesNotHavePassword,
  UserWithEmailAlreadyExists
} from "../errors/catalogue.ts"
import { StackTransportError } from "../errors/transport.ts"
import { millisOf, StackRequestPolicy } from "../http/retry.ts"
import type { SetPasswordInput, UpdatePasswordInput } from "../model/auth.ts"
import type { User, UserUpdate } from "../model/user.ts"
import { StackClientCore } from "./context.ts"
import { clientEndpoint } from "./runtime.ts"
import { UserNotSignedIn } from "./not-signed-in.ts"
import { writeInput } from "./write-input.ts"
import type { SessionCallError } from "./runtime.ts"
import type { RefreshGrantError } from "../session/session.ts"
import { readSuccessBody, readUser, writeSetPasswordInput, writeUpdatePasswordInput, writeUserUpdate } from "../model/generated/readers.ts"

const notSignedIn = () => new UserNotSignedIn({ message: "User is not signed in but getUser was called with { or: 'throw' }" })

export { SetPasswordInput, UpdatePasswordInput } from "../model/auth.ts"

const getUserErrors = [CannotGetOwnUserWithoutUser] as const
// No SchemaError: the body is encoded with the service's own schema first (InvalidInput), and
// `/users/me` answers a missing user with CannotGetOwnUserWithoutUser. A selected team the user is
// not a member of is TeamMembershipNotFound.
// No SchemaError either: every check the service's request schema makes (name length, image URL,
// base64 TOTP secret, e-mail pattern) is made by ours first; what it checks after (a client image
// must be a base64 image) is a 400 status error.
const updateErrors = [CannotGetOwnUserWithoutUser, UserWithEmailAlreadyExists, TeamMembershipNotFound] as const
// SchemaError is `auth.user must be defined` (nobody signed in). No PasswordTooLong: the request
// schema caps passwords at 70 characters (InvalidInput here) and the service's limit is 256.
const updatePasswordErrors = [
  PasswordAuthenticationNotEnabled,
  PasswordTooShort,
  UserDoesNotHavePassword,
  PasswordConfirmationMismatch,
  SchemaError
] as const
const setPasswordErrors = [PasswordAuthenticationNotEnabled, PasswordTooShort, SchemaError] as const
const deleteErrors = [CannotGetOwnUserWithoutUser] as const
const signOutErrors = [RefreshTokenNotFoundOrExpired, SchemaError] as const

/** Errors of `getUser`. */
export type GetUserError = Exclude<SessionCallError<typeof getUserErrors>, CannotGetOwnUserWithoutUser>

const userEndpoint = /*#__PURE__*/ clientEndpoint("GET", "/users/me", readUser, getUserErrors)

const noUser = () => Effect.succeed(Option.none<User>())

// Made once: a call builds no handlers of its own.
const userOrNone = {
  onFailure: (error: SessionCallError<typeof getUserErrors>) =>
    error._tag === "CannotGetOwnUserWithoutUser" ? noUser() : Effect.fail(error),
  onSuccess: (user: User) => Effect.succeed(Option.some(user))
}

/** The signed-in user, or `Option.none()` when nobody is signed in. */
export const getUser = (): Effect.Effect<Option.Option<User>, GetUserError, StackClientCore> =>
  // Combinators rather than a generator: every page and hook calls this, so it stays lean.
  Effect.flatMap(StackClientCore, ({ runtime, session }) =>
    Effect.flatMap(session.stored, (tokens) =>
      // The stored tokens tell signed-out without a refresh; the call below refreshes when it must
      // (a revoked session then reads as none; a refresh that failed on the network is an error).
      Option.isNone(tokens.accessToken) && Option.isNone(tokens.refreshToken)
        ? noUser()
        : Effect.matchEffect(runtime.withSessionFrom(tokens, userEndpoint), userOrNone)))

/** The signed-in user, failing with `UserNotSignedIn` when there is none. */
export const getUserOrFail = /*#__PURE__*/ Effect.fnUntraced(function*() {
  const user = yield* getUser()
  if (Option.isNone(user)) return yield* notSignedIn()
  return user.value
})

/**
 * Updates the signed-in user's profile (display name, image, client metadata, selected team, TOTP,
 * primary e-mail, ...). A primary e-mail another account signs in with is `UserWithEmailAlreadyExists`;
 * a selected team the user is not a member of is `TeamMembershipNotFound`.
 */
export const updateUser = (update: UserUpdate) =>
  // Combinators rather than a generator, as `getUser`: a profile form calls this on every save.
  Effect.flatMap(StackClientCore, ({ runtime }) =>
    Effect.flatMap(writeInput("StackClient.updateUser", writeUserUpdate, update), (body) =>
      runtime.withSession(clientEndpoint("PATCH", "/users/me", readUser, updateErrors, { body }))))

/** Changes the password; every other session of the user ends. */
export const updatePassword = /*#__PURE__*/ Effect.fnUntraced(function*(input: UpdatePasswordInput) {
  const { runtime } = yield* StackClientCore
  const body = yield* writeInput("StackClient.updatePassword", writeUpdatePasswordInput, input)
  yield* runtime.withSession(
    clientEndpoint("POST", "/auth/password/update", readSuccessBody, updatePasswordErrors, { body })
  )
})

/** Gives a password to a user who signed up without one. */
export const setPassword = /*#__PURE__*/ Effect.fnUntraced(function*(input: SetPasswordInput) {
  const { runtime } = yield* StackClientCore
  const body = yield* writeInput("StackClient.setPassword", writeSetPasswordInput, input)
  yield* runtime.withSession(clientEndpoint("POST", "/auth/password/set", readSuccessBody, setPasswordErrors, { body }))
})

/** Why the server session could not be ended (the tokens here are cleared all the same). */
export type SignOutFailure = SessionCallError<typeof signOutErrors> | RefreshGrantError

/**
 * What `signOut` did. The tokens stored here are cleared in every case; `revoked` says whether the
 * session also ended on the server:
 * - `Revoked`: it did (or had already ended: expired, revoked elsewhere);
 * - `NotSignedIn`: no tokens were stored, there was nothing to end;
 * - `LocalOnly`: signed out here, but the server could not be told (offline, timeout, an error):
 *   the session may live on there until it expires. `reason` is the typed error.
 */
export type SignOutResult =
  | { readonly _tag: "Revoked"; readonly revoked: true }
  | { readonly _tag: "NotSignedIn"; readonly revoked: false }
  | { readonly _tag: "LocalOnly"; readonly revoked: false; readonly reason: SignOutFailure }

/** Options of `signOut`. */
export interface SignOutOptions {
  /** Longest wait for the server to end the session, refresh included. Default 5 s. */
  readonly deadline?: Duration.Input | undefined
}

const signOutDeadline: Duration.Input = "5 seconds"

const revokeUrl = "/auth/sessions/current"

/** A session the server no longer knows is as good as ended. */
const alreadyEnded = (error: SignOutFailure): boolean =>
  error._tag === "RefreshTokenNotFoundOrExpired" ||
  (error._tag === "UnexpectedKnownError" && error.code === "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED")

/**
 * Signs out: clears the tokens stored here first, then ends the session on the server within a
 * deadline. Never fails and never hangs; a revocation that did not happen is reported as
 * `{ _tag: "LocalOnly", reason }`.
 */
export const signOut = /*#__PURE__*/ Effect.fnUntraced(function*(options: SignOutOptions = {}) {
  const { runtime, session } = yield* StackClientCore
  const detached = yield* session.detach
  if (Option.isNone(detached.accessToken) && Option.isNone(detached.refreshToken)) {
    return { _tag: "NotSignedIn", revoked: false } satisfies SignOutResult as SignOutResult
  }
  const deadline = options.deadline ?? signOutDeadline
  const current = yield* StackRequestPolicy
  const revoke = session.tokensFor(detached).pipe(
    Effect.flatMap((tokens) =>
      runtime.withTokens(clientEndpoint("DELETE", revokeUrl, readSuccessBody, signOutErrors, { body: {} }), tokens)
    ),
    // Each request of the revocation, and the revocation as a whole, end by the deadline.
    Effect.provideService(StackRequestPolicy, { ...current, deadline }),
    Effect.timeoutOrElse({
      duration: deadline,
      orElse: () =>
        Effect.fail(
          new StackTransportError({
            method: "DELETE",
            url: `${runtime.config.baseUrl}/api/v1${revokeUrl}`,
            reason: "Timeout",
            description: "The server did not end the session before the sign-out deadline",
            attempts: 1,
            diagnostics: { cause: "sign-out deadline", elapsedMillis: millisOf(deadline) }
          })
        )
    })
  )
  const outcome = yield* Effect.result(revoke)
  if (outcome._tag === "Success" || alreadyEnded(outcome.failure)) {
    return { _tag: "Revoked", revoked: true } satisfies SignOutResult as SignOutResult
  }
  return { _tag: "LocalOnly", revoked: false, reason: outcome.failure } satisfies SignOutResult as SignOutResult
})

/** Deletes the signed-in user when the project allows it; the session ends. */
export const deleteUser = /*#__PURE__*/ Effect.fnUntraced(function*() {
  const { runtime, session } = yield* StackClientCore
  yield* runtime.withSession(clientEndpoint("DELETE", "/users/me", readSuccessBody, deleteErrors))
  yield* session.invalidate
})

/** Every operation of this module, for the StackClient object. */
export const accountOperations = { getUser, getUserOrFail, updateUser, updatePassword, setPassword, signOut, deleteUser }

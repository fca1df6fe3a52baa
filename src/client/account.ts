/**
 * The signed-in user's own account: read, update, password change, sign-out and deletion.
 */
import type * as Cause from "effect/Cause"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import {
  CannotGetOwnUserWithoutUser,
  PasswordAuthenticationNotEnabled,
  PasswordConfirmationMismatch,
  PasswordTooLong,
  PasswordTooShort,
  RefreshTokenNotFoundOrExpired,
  SchemaError,
  UserDoesNotHavePassword
} from "../errors/catalogue.ts"
import type { UnsupportedError } from "../errors/catalogue.ts"
import type { StackResponseError, StackTransportError, UnexpectedKnownError } from "../errors/transport.ts"
import { camelize } from "../model/camel.ts"
import { User, UserUpdate } from "../model/user.ts"
import { SuccessBody } from "../wire/common.ts"
import { PasswordSetBody, PasswordUpdateBody } from "../wire/auth.ts"
import { StackClientCore } from "./context.ts"
import { clientEndpoint } from "./runtime.ts"
import { encodeInput } from "./input.ts"
import type { ClientRuntime, SessionCallError } from "./runtime.ts"

/** `getUser({ or: "throw" })` found nobody signed in. The message is the official SDK's. */
export class UserNotSignedIn extends Schema.TaggedError<UserNotSignedIn>()("UserNotSignedIn", {
  message: Schema.String
}) {}

const notSignedIn = () => new UserNotSignedIn({ message: "User is not signed in but getUser was called with { or: 'throw' }" })

/** Input of `updatePassword`. */
export const UpdatePasswordInput = /*#__PURE__*/ camelize(PasswordUpdateBody)
export type UpdatePasswordInput = typeof UpdatePasswordInput.Type
/** Input of `setPassword`. */
export const SetPasswordInput = /*#__PURE__*/ camelize(PasswordSetBody)
export type SetPasswordInput = typeof SetPasswordInput.Type

const getUserErrors = [CannotGetOwnUserWithoutUser] as const
const updateErrors = [CannotGetOwnUserWithoutUser, SchemaError] as const
const updatePasswordErrors = [
  PasswordAuthenticationNotEnabled,
  PasswordTooShort,
  PasswordTooLong,
  UserDoesNotHavePassword,
  PasswordConfirmationMismatch,
  SchemaError
] as const
const setPasswordErrors = [PasswordAuthenticationNotEnabled, PasswordTooShort, PasswordTooLong, SchemaError] as const
const deleteErrors = [CannotGetOwnUserWithoutUser, SchemaError] as const
/** Sign-out errors: a session the server already ended answers REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED. */
const signOutErrors = [SchemaError, RefreshTokenNotFoundOrExpired] as const

/** Errors of `getUser`. */
export type GetUserError = Exclude<SessionCallError<typeof getUserErrors>, CannotGetOwnUserWithoutUser>

const readUser = (runtime: ClientRuntime) => runtime.withSession(
  clientEndpoint("GET", "/users/me", User, getUserErrors)
)

/** The signed-in user, or `Option.none()` when nobody is signed in. */
export const getUser = /*#__PURE__*/ Effect.fn("StackClient.getUser")(function*() {
  const { runtime, session } = yield* StackClientCore
  // A revoked session has no tokens left (none); a refresh that failed on the network is an error,
  // not a signed-out user.
  const tokens = yield* session.tokens
  if (Option.isNone(tokens.accessToken) && Option.isNone(tokens.refreshToken)) {
    return Option.none<User>()
  }
  return yield* readUser(runtime).pipe(
    Effect.map(Option.some),
    Effect.catchTag("CannotGetOwnUserWithoutUser", () => Effect.succeed(Option.none<User>()))
  )
})

/** The signed-in user, failing with `UserNotSignedIn` when there is none. */
export const getUserOrFail = /*#__PURE__*/ Effect.fn("StackClient.getUserOrFail")(function*() {
  const user = yield* getUser()
  if (Option.isNone(user)) return yield* notSignedIn()
  return user.value
})

/** Updates the signed-in user's profile (display name, image, client metadata, selected team, TOTP, ...). */
export const updateUser = /*#__PURE__*/ Effect.fn("StackClient.updateUser")(function*(update: UserUpdate) {
  const { runtime } = yield* StackClientCore
  const body = yield* encodeInput("StackClient.updateUser", UserUpdate, update)
  return yield* runtime.withSession(clientEndpoint("PATCH", "/users/me", User, updateErrors, { body }))
})

/** Changes the password; every other session of the user ends. */
export const updatePassword = /*#__PURE__*/ Effect.fn("StackClient.updatePassword")(function*(input: UpdatePasswordInput) {
  const { runtime } = yield* StackClientCore
  const body = yield* encodeInput("StackClient.updatePassword", UpdatePasswordInput, input)
  yield* runtime.withSession(
    clientEndpoint("POST", "/auth/password/update", SuccessBody, updatePasswordErrors, { body })
  )
})

/** Gives a password to a user who signed up without one. */
export const setPassword = /*#__PURE__*/ Effect.fn("StackClient.setPassword")(function*(input: SetPasswordInput) {
  const { runtime } = yield* StackClientCore
  const body = yield* encodeInput("StackClient.setPassword", SetPasswordInput, input)
  yield* runtime.withSession(clientEndpoint("POST", "/auth/password/set", SuccessBody, setPasswordErrors, { body }))
})

/** How long sign-out waits for the server to end the session; the local sign-out never waits. */
export const signOutDeadline = Duration.seconds(5)

/**
 * What a sign-out achieved. The user is always signed out here (the tokens are forgotten first);
 * `NotRevoked` says the server may still honour the session, and why (no answer in time, no
 * network, an unexpected answer), so an app can tell the user or try again later.
 */
export type SignOutResult =
  | { readonly _tag: "Revoked" }
  | { readonly _tag: "AlreadySignedOut" }
  | {
    readonly _tag: "NotRevoked"
    readonly reason: StackTransportError | StackResponseError | UnexpectedKnownError | UnsupportedError | Cause.TimeoutError
  }

const revoked: SignOutResult = { _tag: "Revoked" }
const alreadySignedOut: SignOutResult = { _tag: "AlreadySignedOut" }
const notRevoked = (reason: Extract<SignOutResult, { readonly _tag: "NotRevoked" }>["reason"]): SignOutResult => ({ _tag: "NotRevoked", reason })

/**
 * Signs out: forgets the tokens at once (this tab and, through the cookies, the others), then ends
 * the session on the server within `signOutDeadline`. Never fails, never hangs; the result says
 * whether the server ended the session.
 *
 * @example
 * const result = yield* signOut()
 * if (result._tag === "NotRevoked") yield* Console.warn("Signed out here; the server did not confirm.")
 */
export const signOut = /*#__PURE__*/ Effect.fn("StackClient.signOut")(function*() {
  const { runtime, session } = yield* StackClientCore
  const stored = yield* session.stored
  yield* session.invalidate
  if (Option.isNone(stored.accessToken) && Option.isNone(stored.refreshToken)) return alreadySignedOut
  // Revoked through a session of its own: a refresh on the way must not sign this app back in.
  const detached = yield* runtime.detached(stored)
  const ended = yield* detached.withSession(clientEndpoint("DELETE", "/auth/sessions/current", SuccessBody, signOutErrors, { body: {} })).pipe(
    Effect.timeout(signOutDeadline),
    Effect.result
  )
  if (ended._tag === "Success") return revoked
  const error = ended.failure
  switch (error._tag) {
    case "StackTransportError":
    case "StackResponseError":
    case "UnexpectedKnownError":
    case "UnsupportedError":
    case "TimeoutError":
      return notRevoked(error)
    default:
      // The server refused the tokens (expired, revoked, another project's): that session is over.
      return alreadySignedOut
  }
})

/** Deletes the signed-in user when the project allows it; the session ends. */
export const deleteUser = /*#__PURE__*/ Effect.fn("StackClient.deleteUser")(function*() {
  const { runtime, session } = yield* StackClientCore
  yield* runtime.withSession(clientEndpoint("DELETE", "/users/me", SuccessBody, deleteErrors))
  yield* session.invalidate
})

/** Every operation of this module, for the StackClient object. */
export const accountOperations = { getUser, getUserOrFail, updateUser, updatePassword, setPassword, signOut, deleteUser }

/**
 * The signed-in user's own account: read, update, password change, sign-out and deletion.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import {
  CannotGetOwnUserWithoutUser,
  PasswordAuthenticationNotEnabled,
  PasswordConfirmationMismatch,
  PasswordTooLong,
  PasswordTooShort,
  SchemaError,
  UserDoesNotHavePassword
} from "../errors/catalogue.ts"
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
const signOutErrors = [SchemaError] as const

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

/** Ends the session on the server (by its access token) and forgets the tokens locally, whatever the server says. */
export const signOut = /*#__PURE__*/ Effect.fn("StackClient.signOut")(function*() {
  const { runtime, session } = yield* StackClientCore
  const current = yield* session.tokens.pipe(Effect.option)
  const hasTokens = Option.exists(current, (t) => Option.isSome(t.accessToken) || Option.isSome(t.refreshToken))
  if (hasTokens) {
    // An expired, revoked or already ended session is as good as ended.
    const ended: Effect.Effect<unknown, SessionCallError<typeof signOutErrors>> = runtime.withSession(
      clientEndpoint("DELETE", "/auth/sessions/current", SuccessBody, signOutErrors, { body: {} })
    )
    yield* Effect.ignore(ended)
  }
  yield* session.invalidate
})

/** Deletes the signed-in user when the project allows it; the session ends. */
export const deleteUser = /*#__PURE__*/ Effect.fn("StackClient.deleteUser")(function*() {
  const { runtime, session } = yield* StackClientCore
  yield* runtime.withSession(clientEndpoint("DELETE", "/users/me", SuccessBody, deleteErrors))
  yield* session.invalidate
})

/** Every operation of this module, for the StackClient object. */
export const accountOperations = { getUser, getUserOrFail, updateUser, updatePassword, setPassword, signOut, deleteUser }

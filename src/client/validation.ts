/**
 * Checks that belong to the client, run before anything is sent: a new password and
 * its confirmation must match; the server's length rules, for forms that want to say so early.
 */
import * as Effect from "effect/Effect"
import { PasswordConfirmationMismatch, PasswordTooLong, PasswordTooShort } from "../errors/catalogue.ts"
import * as Create from "../errors/create.ts"

/** The service's password length rules (the request schemas cap at 70). */
export const passwordMinLength = 8
export const passwordMaxLength = 70

/** Fails with `PasswordConfirmationMismatch` ("Passwords do not match.") when the two differ. */
export const checkPasswordConfirmation = (password: string, confirmation: string): Effect.Effect<void, PasswordConfirmationMismatch> =>
  password === confirmation ? Effect.void : Effect.fail(Create.PasswordConfirmationMismatch())

/** Fails with the service's own errors for a password it would refuse for its length. */
export const checkPasswordLength = (password: string): Effect.Effect<void, PasswordTooShort | PasswordTooLong> =>
  password.length < passwordMinLength
    ? Effect.fail(Create.PasswordTooShort({ min_length: passwordMinLength }))
    : password.length > passwordMaxLength
    ? Effect.fail(Create.PasswordTooLong({ maxLength: passwordMaxLength }))
    : Effect.void

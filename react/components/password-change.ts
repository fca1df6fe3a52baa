/**
 * Changing a password from the kit: the service answers a wrong current password with
 * `PASSWORD_CONFIRMATION_MISMATCH` ("Passwords do not match."), the same error as two new passwords
 * that differ. The kit tells the two apart so the person reads what is actually wrong.
 */
import * as Data from "effect/Data"
import * as Effect from "effect/Effect"
import { updatePassword } from "../../src/client/index.ts"

/** The current password given to change it is not the user's password. */
export class WrongCurrentPassword extends Data.TaggedError("WrongCurrentPassword")<{}> {}

/** `updatePassword`, with the service's mismatch (a wrong current password) as {@link WrongCurrentPassword}. */
export const changePassword = (input: { readonly oldPassword: string; readonly newPassword: string }) =>
  updatePassword(input).pipe(Effect.catchTag("PasswordConfirmationMismatch", () => Effect.fail(new WrongCurrentPassword())))

/** The override of "Passwords do not match." for the two new-password fields of a change form. */
export const newPasswordsMismatchOverrides: Readonly<Record<string, string>> = { PasswordConfirmationMismatch: "The new passwords do not match." }

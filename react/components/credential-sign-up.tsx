/** `CredentialSignUp`: a new account with e-mail and password. */
import * as Effect from "effect/Effect"
import { checkAfterSignUpRedirect, checkPasswordConfirmation, signUpWithPassword } from "../../src/client/index.ts"
import { ErrorText, Field, Form, useField, useFieldErrors } from "./form.tsx"
import { useSignInAction } from "./sign-in-flow.ts"
import { callbackUrl } from "./urls.ts"

/** Props of {@link CredentialSignUp}. */
export interface CredentialSignUpProps {
  /** Ask for the password twice (default true). */
  readonly confirmPassword?: boolean
}

/**
 * Creates an account, then goes to the after-sign-up page (or where the user was going). The
 * verification e-mail links to the e-mail-verification page. An untrusted return target is refused
 * before any account exists.
 */
export const CredentialSignUp = ({ confirmPassword = true }: CredentialSignUpProps) => {
  const email = useField()
  const password = useField()
  const repeat = useField()
  const signUp = useSignInAction(() =>
    Effect.gen(function*() {
      if (confirmPassword) yield* checkPasswordConfirmation(password.value, repeat.value)
      yield* checkAfterSignUpRedirect()
      const verificationCallbackUrl = yield* callbackUrl("emailVerification")
      return yield* signUpWithPassword({ email: email.value.trim(), password: password.value, verificationCallbackUrl })
    })
  )
  const errors = useFieldErrors(signUp.error, {
    UserWithEmailAlreadyExists: ["email"],
    InvalidInput: ["email"],
    SchemaError: ["email"],
    PasswordTooShort: ["password"],
    PasswordTooLong: ["password"],
    PasswordConfirmationMismatch: ["password-repeat"]
  })
  return (
    <div className="stackfx-credential-sign-up">
      <Form onSubmit={() => void signUp.run()} submit="Sign up" pending={signUp.pending} label="Sign up with e-mail and password">
        <Field name="email" label="E-mail" type="email" field={email} autoComplete="email" required maxLength={254} {...errors.field("email")} />
        <Field name="password" label="Password" type="password" field={password} autoComplete="new-password" required maxLength={256} {...errors.field("password")} />
        {confirmPassword ? <Field name="password-repeat" label="Repeat the password" type="password" field={repeat} autoComplete="new-password" required {...errors.field("password-repeat")} /> : null}
      </Form>
      <ErrorText id={errors.errorId} error={signUp.error} />
    </div>
  )
}

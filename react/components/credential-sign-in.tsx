/** `CredentialSignIn`: e-mail and password, with the MFA step when the user has authenticator codes. */
import { signInWithPassword } from "../../src/client/index.ts"
import { ErrorText, Field, Form, useField, useFieldErrors } from "./form.tsx"
import { MFA } from "./mfa.tsx"
import { useSignInAction } from "./sign-in-flow.ts"

/** Props of {@link CredentialSignIn}. */
export interface CredentialSignInProps {
  /** Where "Forgot your password?" goes (default: the handler's forgot-password page). */
  readonly forgotPasswordHref?: string
}

/** Signs in with e-mail and password; a wrong password keeps what was typed and says so. */
export const CredentialSignIn = ({ forgotPasswordHref }: CredentialSignInProps) => {
  const email = useField()
  const password = useField()
  const signIn = useSignInAction(() => signInWithPassword({ email: email.value.trim(), password: password.value }))
  const errors = useFieldErrors(signIn.error, { EmailPasswordMismatch: ["email", "password"], InvalidInput: ["email"], SchemaError: ["email"] })
  if (signIn.attemptCode !== undefined) return <MFA attemptCode={signIn.attemptCode} />
  return (
    <div className="stackfx-credential-sign-in">
      <Form onSubmit={() => void signIn.run()} submit="Sign in" pending={signIn.pending} label="Sign in with e-mail and password">
        <Field name="email" label="E-mail" type="email" field={email} autoComplete="email" required maxLength={254} {...errors.field("email")} />
        <Field name="password" label="Password" type="password" field={password} autoComplete="current-password" required maxLength={256} {...errors.field("password")} />
      </Form>
      <ErrorText id={errors.errorId} error={signIn.error} />
      {forgotPasswordHref === undefined ? null : <a href={forgotPasswordHref}>Forgot your password?</a>}
    </div>
  )
}

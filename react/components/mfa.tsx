/** `MFA`: the authenticator-code step that follows a sign-in of a user with authenticator codes on. */
import { signInWithMfa } from "../../src/client/index.ts"
import { ErrorText, Field, Form, Note, useField } from "./form.tsx"
import { useSignInAction } from "./sign-in-flow.ts"

/** SPEC §8: what the OAuth callback says when the code is not right. */
export const invalidTotpAfterOAuthMessage = "Invalid TOTP code. Please try signing in again."

/** Props of {@link MFA}. */
export interface MFAProps {
  /** The `attempt_code` of the sign-in's `MultiFactorAuthenticationRequired`. */
  readonly attemptCode: string
  /** The text for a wrong code (default: the server's words). */
  readonly invalidCodeMessage?: string
}

/** Asks for the six-digit code of the user's authenticator app, then finishes the sign-in. */
export const MFA = ({ attemptCode, invalidCodeMessage }: MFAProps) => {
  const code = useField()
  const verify = useSignInAction((totp: string) => signInWithMfa(attemptCode, totp))
  return (
    <div className="stackfx-mfa">
      <h2>Enter your authenticator code</h2>
      <Note>Open your authenticator app and enter the six-digit code it shows.</Note>
      <Form onSubmit={() => void verify.run(code.value.trim())} submit="Verify" pending={verify.pending} label="Authenticator code">
        <Field name="totp" label="Six-digit code" field={code} inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus />
      </Form>
      <ErrorText error={verify.error} {...(invalidCodeMessage === undefined ? {} : { overrides: { InvalidTotpCode: invalidCodeMessage } })} />
    </div>
  )
}

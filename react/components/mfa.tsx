/** `MFA`: the authenticator-code step that follows a sign-in of a user with authenticator codes on. */
import { useId } from "react"
import { signInWithMfa } from "../../src/client/index.ts"
import { brokenLinkOverrides } from "./error-message.ts"
import { ErrorText, Field, Form, Note, useField, useFieldErrors } from "./form.tsx"
import { Heading, type HeadingLevel } from "./heading.tsx"
import { MfaStepContext, useSignInAction } from "./sign-in-flow.ts"

/** SPEC §8: what the OAuth callback says when the code is not right. */
export const invalidTotpAfterOAuthMessage = "Invalid TOTP code. Please try signing in again."

/** Props of {@link MFA}. */
export interface MFAProps {
  /** The `attempt_code` of the sign-in's `MultiFactorAuthenticationRequired`. */
  readonly attemptCode: string
  /** The text for a wrong code (default: the server's words). */
  readonly invalidCodeMessage?: string
  /** The step's heading level (default 2). */
  readonly headingLevel?: HeadingLevel
  /** The heading's id (default: a new one), for a card labelled by it. */
  readonly titleId?: string
  /** Offers "Sign in another way", back to the methods (none: no such button). */
  readonly onCancel?: () => void
}

const Step = ({ attemptCode, invalidCodeMessage, headingLevel = 2, onCancel, titleId: givenTitleId }: MFAProps) => {
  const code = useField()
  const verify = useSignInAction((totp: string) => signInWithMfa(attemptCode, totp))
  const ownTitleId = useId()
  const titleId = givenTitleId ?? ownTitleId
  const errors = useFieldErrors(verify.error, { InvalidTotpCode: ["totp"], InvalidInput: ["totp"], SchemaError: ["totp"] })
  const overrides = { ...brokenLinkOverrides, InvalidInput: "Enter the six digits your authenticator app shows.", ...(invalidCodeMessage === undefined ? {} : { InvalidTotpCode: invalidCodeMessage }) }
  return (
    <div className="stackfx-mfa" role="group" aria-labelledby={titleId}>
      <Heading level={headingLevel} id={titleId}>Enter your authenticator code</Heading>
      <Note>Open your authenticator app and enter the six-digit code it shows.</Note>
      <Form onSubmit={() => void verify.run(code.value.trim())} submit="Verify" pending={verify.pending} label="Authenticator code">
        {/* Focus moves to the code when the step appears, whichever method led here. */}
        <Field name="totp" label="Six-digit code" field={code} inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus required {...errors.field("totp")} />
      </Form>
      <ErrorText id={errors.errorId} error={verify.error} overrides={overrides} />
      {onCancel === undefined ? null : <button type="button" className="stackfx-link" onClick={onCancel}>Sign in another way</button>}
    </div>
  )
}

/** Asks for the six-digit code of the user's authenticator app, then finishes the sign-in. */
export const MFA = (props: MFAProps) => (
  // The step's own sign-in (the code) shows its errors here, never as another step.
  <MfaStepContext.Provider value={undefined}>
    <Step {...props} />
  </MfaStepContext.Provider>
)

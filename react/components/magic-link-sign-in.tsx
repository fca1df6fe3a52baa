/** `MagicLinkSignIn`: an e-mailed sign-in link and six-character code; either one signs the user in. */
import * as Effect from "effect/Effect"
import { useState } from "react"
import { codeFromOtp, sendMagicLinkEmail, signInWithMagicLink } from "../../src/client/index.ts"
import { invalidatesNothing, useMutationInvalidating } from "../hooks.ts"
import { ActionButton, ErrorText, Field, Form, Note, useField, useFieldErrors } from "./form.tsx"
import { MFA } from "./mfa.tsx"
import { useSignInAction } from "./sign-in-flow.ts"
import { callbackUrl } from "./urls.ts"

/** Props of {@link MagicLinkSignIn}. */
export interface MagicLinkSignInProps {
  /** An e-mail field of its own (default), or the address typed elsewhere (`email`). */
  readonly email?: string
}

/**
 * Sends a sign-in e-mail (a link to the magic-link callback page, keeping `after_auth_return_to`,
 * and a code), then takes the code typed here. New addresses sign up, where the project allows it.
 */
export const MagicLinkSignIn = (props: MagicLinkSignInProps) => {
  const ownEmail = useField()
  const email = props.email ?? ownEmail.value
  const otp = useField()
  const [nonce, setNonce] = useState<string | undefined>(undefined)
  const send = useMutationInvalidating(() =>
    Effect.flatMap(callbackUrl("magicLinkCallback"), (url) => sendMagicLinkEmail({ email: email.trim(), callbackUrl: url })).pipe(
      Effect.tap((sent) => Effect.sync(() => setNonce(sent.nonce)))
    ), invalidatesNothing)
  const signIn = useSignInAction(() => signInWithMagicLink(codeFromOtp(otp.value.trim(), nonce ?? "")))
  const sendErrors = useFieldErrors(send.error, { InvalidInput: ["magic-email"], SchemaError: ["magic-email"] })
  const codeErrors = useFieldErrors(signIn.error, {
    InvalidInput: ["otp"],
    SchemaError: ["otp"],
    VerificationCodeNotFound: ["otp"],
    VerificationCodeExpired: ["otp"],
    VerificationCodeAlreadyUsed: ["otp"],
    VerificationCodeMaxAttemptsReached: ["otp"]
  })
  if (signIn.attemptCode !== undefined) return <MFA attemptCode={signIn.attemptCode} />
  if (nonce === undefined) {
    return (
      <div className="stackfx-magic-link">
        {props.email === undefined
          ? (
            <Form onSubmit={() => void send.run()} submit="E-mail me a sign-in code" pending={send.pending} label="Sign in with an e-mailed code">
              <Field name="magic-email" label="E-mail for a sign-in code" type="email" field={ownEmail} autoComplete="email" required maxLength={254} {...sendErrors.field("magic-email")} />
            </Form>
          )
          : <ActionButton name="send-code" secondary onClick={() => void send.run()} pending={send.pending}>E-mail me a sign-in code</ActionButton>}
        <ErrorText id={sendErrors.errorId} error={send.error} />
      </div>
    )
  }
  return (
    <div className="stackfx-magic-link">
      <Note>We sent a code and a link to {email}. Open the link, or enter the code here.</Note>
      <Form onSubmit={() => void signIn.run()} submit="Sign in with the code" pending={signIn.pending} label="Enter the e-mailed code">
        <Field name="otp" label="Code" field={otp} autoComplete="one-time-code" maxLength={6} autoFocus required {...codeErrors.field("otp")} />
      </Form>
      <ErrorText id={codeErrors.errorId} error={signIn.error} overrides={{ InvalidInput: "Enter the six characters of the code from the e-mail." }} />
      <button type="button" className="stackfx-link" onClick={() => setNonce(undefined)}>Use another address</button>
    </div>
  )
}

/** `/handler/magic-link-callback`: signs in with the link of a sign-in e-mail. */
import * as Effect from "effect/Effect"
import { redirectAfterSignIn, signInWithMagicLink } from "../../src/client/index.ts"
import { MFA } from "../components/mfa.tsx"
import { mfaAttemptCode } from "../components/sign-in-flow.ts"
import { currentParam } from "../components/urls.ts"
import { ConfirmArrival, useConfirmedAction } from "./arrival.tsx"
import { Page } from "./page.tsx"

/**
 * Uses the link's `code` on the user's click (a sign-in link opened by a mail scanner, or sent by
 * someone else to sign the reader into their account, does nothing by itself), then goes where the
 * user was going (`after_auth_return_to` kept by the link).
 */
export const MagicLinkCallbackPage = () => {
  const action = useConfirmedAction(() =>
    currentParam("code").pipe(Effect.flatMap(signInWithMagicLink), Effect.flatMap((result) => redirectAfterSignIn(result)))
  )
  const attemptCode = mfaAttemptCode(action.error)
  if (attemptCode !== undefined) return <Page><MFA attemptCode={attemptCode} headingLevel={1} /></Page>
  return (
    <ConfirmArrival
      title="Sign in"
      prompt="Sign in with the link from your e-mail."
      confirm="Sign in"
      working="Checking your link…"
      done="Signed in."
      action={action}
    />
  )
}

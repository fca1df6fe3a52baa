/** `/handler/oauth-callback`: finishes an OAuth sign-in, with the MFA step for users who need it. */
import { handleOAuthCallback } from "../../src/browser/oauth.ts"
import { invalidTotpAfterOAuthMessage, MFA } from "../components/mfa.tsx"
import { mfaAttemptCode } from "../components/sign-in-flow.ts"
import { Arrival, useOnArrival } from "./arrival.tsx"
import { Page } from "./page.tsx"

/** Exchanges the code (the verifier is in a cookie) and goes where the user was going. */
export const OAuthCallbackPage = () => {
  const action = useOnArrival(handleOAuthCallback)
  const attemptCode = mfaAttemptCode(action.error)
  if (attemptCode !== undefined) {
    return <Page><MFA attemptCode={attemptCode} invalidCodeMessage={invalidTotpAfterOAuthMessage} headingLevel={1} /></Page>
  }
  return <Arrival title="Signing you in" working="Finishing the sign-in…" done="Signed in." action={action} />
}

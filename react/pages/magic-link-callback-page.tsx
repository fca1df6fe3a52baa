/** `/handler/magic-link-callback`: signs in with the link of a sign-in e-mail. */
import * as Effect from "effect/Effect"
import { redirectAfterSignIn, signInWithMagicLink } from "../../src/client/index.ts"
import { MFA } from "../components/mfa.tsx"
import { mfaAttemptCode } from "../components/sign-in-flow.ts"
import { currentParam } from "../components/urls.ts"
import { Arrival, useOnArrival } from "./arrival.tsx"
import { Page } from "./page.tsx"

/** Uses the link's `code`, then goes where the user was going (`after_auth_return_to` kept by the link). */
export const MagicLinkCallbackPage = () => {
  const action = useOnArrival(() =>
    currentParam("code").pipe(Effect.flatMap(signInWithMagicLink), Effect.flatMap((result) => redirectAfterSignIn(result)))
  )
  const attemptCode = mfaAttemptCode(action.error)
  if (attemptCode !== undefined) return <Page><MFA attemptCode={attemptCode} /></Page>
  return <Arrival title="Signing you in" working="Checking your link…" done="Signed in." action={action} />
}

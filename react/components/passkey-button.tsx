/** `PasskeyButton`: signs in with a passkey of this device or a phone. */
import { signInWithPasskey } from "../../src/client/index.ts"
import { ActionButton, ErrorText } from "./form.tsx"
import { authSheet, KitStyle } from "./kit-styles.tsx"
import { MFA } from "./mfa.tsx"
import { useSignInAction } from "./sign-in-flow.ts"

/** Runs the passkey ceremony, then redirects; a cancelled ceremony says so and keeps the page. */
export const PasskeyButton = () => {
  const signIn = useSignInAction(() => signInWithPasskey())
  if (signIn.attemptCode !== undefined) return <MFA attemptCode={signIn.attemptCode} />
  return (
    <div className="stackfx-passkey">
      <KitStyle sheet={authSheet} />
      <ActionButton name="passkey" secondary onClick={() => void signIn.run()} pending={signIn.pending}>Sign in with a passkey</ActionButton>
      <ErrorText error={signIn.error} overrides={{ PasskeyWebAuthnError: "The passkey sign-in was cancelled or is not available on this device." }} />
    </div>
  )
}

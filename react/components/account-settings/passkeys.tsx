/** Account settings: register a passkey, or turn passkey sign-in off. */
import { registerPasskey, updateUser } from "../../../src/client/index.ts"
import { useStackMutation } from "../../hooks.ts"
import { ActionButton, ErrorText, Note } from "../form.tsx"

/** The passkey section (only where the project enables passkeys). */
export const PasskeysSection = ({ enabled }: { readonly enabled: boolean }) => {
  const add = useStackMutation(registerPasskey)
  const off = useStackMutation(updateUser)
  return (
    <section className="stackfx-section" aria-labelledby="stackfx-passkeys">
      <h2 id="stackfx-passkeys">Passkey</h2>
      {enabled ? <Note>You can sign in with a passkey.</Note> : <Note>Sign in with your device's screen lock or a security key.</Note>}
      <div className="stackfx-row">
        <ActionButton name="add-passkey" onClick={() => void add.run()} pending={add.pending}>{enabled ? "Replace the passkey" : "Add a passkey"}</ActionButton>
        {enabled ? <ActionButton name="passkey-off" secondary onClick={() => void off.run({ passkeyAuthEnabled: false })} pending={off.pending}>Turn off passkey sign-in</ActionButton> : null}
      </div>
      <ErrorText error={add.error ?? off.error} overrides={{ PasskeyWebAuthnError: "The passkey was not created: the request was cancelled or this device has no passkey support." }} />
    </section>
  )
}

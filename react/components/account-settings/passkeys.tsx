/** Account settings: register a passkey, or turn passkey sign-in off. */
import { registerPasskey, updateUser } from "../../../src/client/index.ts"
import { useStackMutation } from "../../hooks.ts"
import { Badge } from "../ui/badge.tsx"
import type { NoticeControl } from "../ui/notice.tsx"
import { SettingsGroup } from "./group.tsx"

const passkeyOverrides = { PasskeyWebAuthnError: "The passkey was not created: the request was cancelled or this device has no passkey support." }

/** The passkey group (only where the project enables passkeys). */
export const PasskeysGroup = ({ enabled, notice }: { readonly enabled: boolean; readonly notice: NoticeControl }) => {
  const add = useStackMutation(registerPasskey)
  const off = useStackMutation(updateUser)
  return (
    <SettingsGroup title="Passkey" status={enabled ? <Badge tone="success">On</Badge> : <Badge>Off</Badge>}
      description="Sign in with your device's screen lock or a security key, without a password."
      action={
        <>
        <button type="button" name="add-passkey" className="stackfx-button stackfx-secondary" disabled={add.pending || off.pending}
          onClick={() => void add.run().then((exit) => notice.after(exit, "You can sign in with a passkey.", passkeyOverrides))}>
          {enabled ? "Replace the passkey" : "Add a passkey"}
        </button>
        {enabled
          ? (
            <button type="button" name="passkey-off" className="stackfx-button stackfx-secondary" disabled={add.pending || off.pending}
              onClick={() => void off.run({ passkeyAuthEnabled: false }).then((exit) => notice.after(exit, "Passkey sign-in is off."))}>
              Turn off passkey sign-in
            </button>
          )
          : null}
        </>
      }>
    </SettingsGroup>
  )
}

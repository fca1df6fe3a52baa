/** Account settings: the switch for signing in with a one-time code sent by e-mail. */
import { useId } from "react"
import { updateUser } from "../../../src/client/index.ts"
import { useStackMutation } from "../../hooks.ts"
import type { NoticeControl } from "../ui/notice.tsx"
import { Switch } from "../ui/switch.tsx"
import { SettingsGroup } from "./group.tsx"

/** The one-time-code sign-in group (where the project enables sign-in by e-mail code). */
export const OneTimeCodeGroup = ({ enabled, notice }: { readonly enabled: boolean; readonly notice: NoticeControl }) => {
  const save = useStackMutation(updateUser)
  const descriptionId = useId()
  return (
    <SettingsGroup title="Sign-in codes by e-mail" description={<span id={descriptionId}>Sign in with a code or link sent to an address you use for sign-in.</span>}
      action={
        <Switch checked={enabled} disabled={save.pending} name="otp-sign-in" describedBy={descriptionId}
          onChange={(next) => void save.run({ otpAuthEnabled: next }).then((exit) => notice.after(exit, next ? "Sign-in codes by e-mail are on." : "Sign-in codes by e-mail are off."))}>
          Sign in with a code
        </Switch>
      } />
  )
}

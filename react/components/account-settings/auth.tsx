/**
 * Account settings, "E-mails & sign-in": addresses, password, passkey, authenticator codes, sign-in
 * codes by e-mail and connected accounts, each where the project enables it; one notice for all.
 */
import { useUser } from "../../hooks.ts"
import { useProject } from "../../resource-hooks.ts"
import { Notice, useNotice } from "../ui/notice.tsx"
import { ConnectedAccountsGroup } from "./connected-accounts.tsx"
import { EmailsGroup } from "./emails.tsx"
import { OneTimeCodeGroup } from "./one-time-code.tsx"
import { PasskeysGroup } from "./passkeys.tsx"
import { PasswordGroup } from "./password.tsx"
import { TotpGroup } from "./totp.tsx"

/** The "E-mails & sign-in" section. */
export const AuthPage = () => {
  const user = useUser({ or: "redirect" })
  const project = useProject()
  const config = project.config
  const notice = useNotice()
  return (
    <>
      <Notice notice={notice.notice} />
      <EmailsGroup notice={notice} />
      {config.credentialEnabled ? <PasswordGroup hasPassword={user.hasPassword} notice={notice} /> : null}
      {config.passkeyEnabled ? <PasskeysGroup enabled={user.passkeyAuthEnabled} notice={notice} /> : null}
      <TotpGroup enabled={user.requiresTotpMfa} issuer={project.displayName} account={user.primaryEmail ?? user.id} notice={notice} />
      {config.magicLinkEnabled ? <OneTimeCodeGroup enabled={user.otpAuthEnabled} notice={notice} /> : null}
      <ConnectedAccountsGroup user={user} notice={notice} />
    </>
  )
}

/**
 * `AccountSettings`: everything a signed-in user manages about their account, in sections that show
 * only what the project enables: profile, e-mail addresses, password, passkey, authenticator codes,
 * connected accounts, teams, and deleting the account.
 */
import { useProject } from "../resource-hooks.ts"
import { useUser } from "../hooks.ts"
import { ConnectedAccountsSection } from "./account-settings/connected-accounts.tsx"
import { DeleteAccountSection } from "./account-settings/delete-account.tsx"
import { EmailsSection } from "./account-settings/emails.tsx"
import { PasskeysSection } from "./account-settings/passkeys.tsx"
import { PasswordSection } from "./account-settings/password.tsx"
import { ProfileSection } from "./account-settings/profile.tsx"
import { TeamsSection } from "./account-settings/teams.tsx"
import { TotpSection } from "./account-settings/totp.tsx"

/** Props of {@link AccountSettings}. */
export interface AccountSettingsProps {
  /** Leave out the teams section (default: shown). */
  readonly hideTeams?: boolean
}

/** The account settings of the signed-in user (signed out: redirects to sign-in). */
export const AccountSettings = ({ hideTeams = false }: AccountSettingsProps) => {
  const user = useUser({ or: "redirect" })
  const project = useProject()
  const config = project.config
  return (
    <div className="stackfx-account-settings">
      <h1>Account settings</h1>
      <p className="stackfx-note">{user.primaryEmail ?? ""}</p>
      <ProfileSection user={user} />
      <EmailsSection />
      {config.credentialEnabled ? <PasswordSection hasPassword={user.hasPassword} /> : null}
      {config.passkeyEnabled ? <PasskeysSection enabled={user.passkeyAuthEnabled} /> : null}
      <TotpSection enabled={user.requiresTotpMfa} issuer={project.displayName} account={user.primaryEmail ?? user.id} />
      <ConnectedAccountsSection user={user} />
      {hideTeams ? null : <TeamsSection userId={user.id} />}
      {config.clientUserDeletionEnabled ? <DeleteAccountSection /> : null}
    </div>
  )
}

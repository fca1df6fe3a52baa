/** Account settings: the OAuth accounts linked to the user, and connecting another provider. */
import { signInWithOAuth } from "../../../src/browser/oauth.ts"
import { useStackMutation } from "../../hooks.ts"
import type { CurrentUser } from "../../hooks.ts"
import { useProject } from "../../resource-hooks.ts"
import { ProviderIcon, providerName } from "../oauth-buttons.tsx"
import type { NoticeControl } from "../ui/notice.tsx"
import { Empty, SettingsGroup } from "./group.tsx"

/** Linked accounts; a "Connect" button for every enabled provider not linked yet. */
export const ConnectedAccountsGroup = ({ user, notice }: { readonly user: CurrentUser; readonly notice: NoticeControl }) => {
  const providers = useProject().config.enabledOauthProviders
  const connect = useStackMutation((provider: string) => signInWithOAuth({ provider, type: "link" }))
  if (providers.length === 0 && user.oauthProviders.length === 0) return null
  const linked = new Set(user.oauthProviders.map((account) => account.id))
  const unlinked = providers.filter((provider) => !linked.has(provider.id))
  return (
    <SettingsGroup title="Connected accounts" description="Accounts you can sign in with, and that apps may act on with your consent.">
      {user.oauthProviders.length === 0 ? <Empty>No connected accounts.</Empty> : (
        <ul className="stackfx-items stackfx-connected">
          {user.oauthProviders.map((account) => (
            <li key={`${account.id}:${account.accountId}`} className="stackfx-item">
              <div className="stackfx-item-main">
                <span className="stackfx-item-title"><ProviderIcon provider={account.id} /> {providerName(account.id)}</span>
                {account.email === undefined || account.email === null ? null : <span className="stackfx-item-meta">{account.email}</span>}
              </div>
            </li>
          ))}
        </ul>
      )}
      {unlinked.length === 0 ? null : (
        <div className="stackfx-item-actions">
          {unlinked.map((provider) => (
            <button key={provider.id} type="button" name={`connect-${provider.id}`} className="stackfx-button stackfx-secondary" disabled={connect.pending}
              onClick={() => void connect.run(provider.id).then((exit) => exit._tag === "Failure" && notice.after(exit, ""))}>
              Connect {providerName(provider.id)}
            </button>
          ))}
        </div>
      )}
    </SettingsGroup>
  )
}

/** Account settings: the OAuth accounts linked to the user, and connecting another provider. */
import { signInWithOAuth } from "../../../src/browser/oauth.ts"
import { useStackMutation } from "../../hooks.ts"
import type { CurrentUser } from "../../hooks.ts"
import { useProject } from "../../resource-hooks.ts"
import { ActionButton, ErrorText, Note } from "../form.tsx"
import { ProviderIcon, providerName } from "../oauth-buttons.tsx"

/** Linked accounts; a "Connect" button for every enabled provider not linked yet. */
export const ConnectedAccountsSection = ({ user }: { readonly user: CurrentUser }) => {
  const providers = useProject().config.enabledOauthProviders
  const connect = useStackMutation((provider: string) => signInWithOAuth({ provider, type: "link" }))
  if (providers.length === 0 && user.oauthProviders.length === 0) return null
  const linked = new Set(user.oauthProviders.map((account) => account.id))
  return (
    <section className="stackfx-section" aria-labelledby="stackfx-connected">
      <h2 id="stackfx-connected">Connected accounts</h2>
      {user.oauthProviders.length === 0 ? <Note>No connected accounts.</Note> : (
        <ul className="stackfx-list stackfx-connected">
          {user.oauthProviders.map((account) => (
            <li key={`${account.id}:${account.accountId}`} className="stackfx-row">
              <ProviderIcon provider={account.id} /> {providerName(account.id)} {account.email === undefined || account.email === null ? "" : `(${account.email})`}
            </li>
          ))}
        </ul>
      )}
      <div className="stackfx-row">
        {providers.filter((provider) => !linked.has(provider.id)).map((provider) => (
          <ActionButton key={provider.id} name={`connect-${provider.id}`} secondary pending={connect.pending} onClick={() => void connect.run(provider.id)}>
            Connect {providerName(provider.id)}
          </ActionButton>
        ))}
      </div>
      <ErrorText error={connect.error} />
    </section>
  )
}

/** Account settings, "API keys": the signed-in user's own keys (where the project allows user API keys). */
import { createUserApiKey, revokeUserApiKey } from "../../../src/client/index.ts"
import { useUserApiKeys } from "../../account-hooks.ts"
import { useStackMutation } from "../../hooks.ts"
import { Notice, useNotice } from "../ui/notice.tsx"
import { ApiKeysPanel } from "./api-keys.tsx"
import { SettingsGroup } from "./group.tsx"

/** The "API keys" section. */
export const UserApiKeysPage = () => {
  const keys = useUserApiKeys()
  const create = useStackMutation(createUserApiKey)
  const revoke = useStackMutation(revokeUserApiKey)
  const notice = useNotice()
  return (
    <>
      <Notice notice={notice.notice} />
      <SettingsGroup title="Your API keys" description="Keys let your own programs call this app's API as you. Revoke a key you no longer use.">
        <ApiKeysPanel keys={keys} owner="you" notice={notice}
          create={(options) => create.run(options)} creating={create.pending} createError={create.error}
          revoke={(keyId) => revoke.run(keyId)} revoking={revoke.pending} revokeError={revoke.error} />
      </SettingsGroup>
    </>
  )
}

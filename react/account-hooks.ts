/**
 * Reading hooks for what a signed-in user manages in account settings beyond the official SDK's
 * reading hooks: their API keys, a team's API keys and their notification categories. Each in both
 * forms (`useX` suspends, `useXState` does not), keyed so the mutations in invalidations.ts refresh
 * them; like every user-scoped key they are forgotten when the session changes.
 */
import { listNotificationCategories, listTeamApiKeys, listUserApiKeys } from "../src/client/index.ts"
import { defineQuery } from "./hooks.ts"

/** The signed-in user's API keys, newest first (revoked and expired ones included). */
export const [useUserApiKeys, useUserApiKeysState] = defineQuery("userApiKeys", () => listUserApiKeys())

/** A team's API keys, newest first (needs `$manage_api_keys` in the team). */
export const [useTeamApiKeys, useTeamApiKeysState] = defineQuery("teamApiKeys", (teamId: string) => listTeamApiKeys(teamId))

/** Every notification category and whether the signed-in user receives it. */
export const [useNotificationCategories, useNotificationCategoriesState] = defineQuery(
  "notificationCategories",
  () => listNotificationCategories()
)

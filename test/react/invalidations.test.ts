/** stackfx's own operations declare which queries they make stale; app code names no cache keys. */
import { assert, describe, it } from "@effect/vitest"
import {
  createTeam,
  createTeamApiKey,
  createUserApiKey,
  listSessions,
  listTeams,
  listUserApiKeys,
  revokeSession,
  revokeTeamApiKey,
  revokeUserApiKey,
  setNotificationCategoryEnabled,
  signOut,
  updateUser
} from "../../src/client/index.ts"
import { invalidationsOf } from "../../react/invalidations.ts"

describe("declared invalidations", () => {
  it("mutations name the hooks they refresh; reads and app functions name none", () => {
    // A new primary e-mail changes the contact channels too.
    assert.deepStrictEqual(invalidationsOf(updateUser), ["user", "contactChannels"])
    assert.deepStrictEqual(invalidationsOf(revokeSession), ["sessions"])
    assert.deepStrictEqual(invalidationsOf(listSessions), [])
    assert.include(invalidationsOf(createTeam), "teams")
    assert.includeMembers([...invalidationsOf(signOut)], ["user", "teams", "contactChannels", "sessions"])
    assert.deepStrictEqual(invalidationsOf(listTeams), [])
    assert.deepStrictEqual(invalidationsOf(() => 1), [])
  })

  it("the account-settings operations refresh the hooks of react/account-hooks.ts, and a new session forgets them", () => {
    assert.deepStrictEqual(invalidationsOf(createUserApiKey), ["userApiKeys"])
    assert.deepStrictEqual(invalidationsOf(revokeUserApiKey), ["userApiKeys"])
    assert.deepStrictEqual(invalidationsOf(createTeamApiKey), ["teamApiKeys"])
    assert.deepStrictEqual(invalidationsOf(revokeTeamApiKey), ["teamApiKeys"])
    assert.deepStrictEqual(invalidationsOf(setNotificationCategoryEnabled), ["notificationCategories"])
    assert.deepStrictEqual(invalidationsOf(listUserApiKeys), [])
    assert.includeMembers([...invalidationsOf(signOut)], ["userApiKeys", "teamApiKeys", "notificationCategories"])
  })
})

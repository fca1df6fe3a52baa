/** stackfx's own operations declare which queries they make stale; app code names no cache keys. */
import { assert, describe, it } from "@effect/vitest"
import { createTeam, listSessions, listTeams, revokeSession, signOut, updateUser } from "../../src/client/index.ts"
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
})

/** stackfx's own operations declare which queries they make stale; app code names no cache keys. */
import { assert, describe, it } from "@effect/vitest"
import { createTeam, listTeams, signOut, updateUser } from "../../src/client/index.ts"
import { invalidationsOf } from "../../react/invalidations.ts"

describe("declared invalidations", () => {
  it("mutations name the hooks they refresh; reads and app functions name none", () => {
    assert.deepStrictEqual(invalidationsOf(updateUser), ["user"])
    assert.include(invalidationsOf(createTeam), "teams")
    assert.includeMembers([...invalidationsOf(signOut)], ["user", "teams", "contactChannels"])
    assert.deepStrictEqual(invalidationsOf(listTeams), [])
    assert.deepStrictEqual(invalidationsOf(() => 1), [])
  })
})

/**
 * Team permission definitions as backend 2.8.86 has them: the system permission `$manage_api_keys`
 * (team API keys), contained in `team_admin` ("Default permission for team admins"); default
 * permission lists of a project come back sorted by id, whatever order they were set in.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { json, makeHarness } from "./emulator-harness.ts"

describe("emulator: team permission defaults of backend 2.8.86", () => {
  it.effect("$manage_api_keys is a system permission and team_admin contains it", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const listed = yield* json(yield* h.call("GET", "/team-permission-definitions", { accessType: "admin" }))
      assert.deepStrictEqual(listed, {
        is_paginated: false,
        items: [
          { id: "$delete_team", description: "Delete the team", contained_permission_ids: [] },
          { id: "$invite_members", description: "Invite other users to the team", contained_permission_ids: [] },
          { id: "$manage_api_keys", description: "Create and manage API keys for the team", contained_permission_ids: [] },
          { id: "$read_members", description: "Read and list the other members of the team", contained_permission_ids: [] },
          { id: "$remove_members", description: "Remove other members from the team", contained_permission_ids: [] },
          { id: "$update_team", description: "Update the team information", contained_permission_ids: [] },
          {
            id: "team_admin",
            description: "Default permission for team admins",
            contained_permission_ids: ["$delete_team", "$invite_members", "$manage_api_keys", "$read_members", "$remove_members", "$update_team"]
          },
          { id: "team_member", description: "Default permission for team members", contained_permission_ids: ["$invite_members", "$read_members"] }
        ]
      })
    }))

  it.effect("team creator default permissions are listed sorted by id", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const created = yield* h.call("POST", "/team-permission-definitions", { accessType: "admin", json: { id: "custom_team_permission" } })
      assert.strictEqual(created.status, 201)
      const patched = yield* h.call("PATCH", "/internal/projects/current", {
        accessType: "admin",
        json: { config: { team_creator_default_permissions: [{ id: "team_admin" }, { id: "custom_team_permission" }] } }
      })
      const body = yield* json(patched)
      assert.deepStrictEqual(
        typeof body === "object" && body !== null && "config" in body && typeof body.config === "object" && body.config !== null &&
          "team_creator_default_permissions" in body.config ? body.config.team_creator_default_permissions : undefined,
        [{ id: "custom_team_permission" }, { id: "team_admin" }]
      )
    }))
})

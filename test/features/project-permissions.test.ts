/**
 * Project permissions through StackAdmin (definitions), StackServer (grant, revoke, list, has) and
 * StackClient (the signed-in user's own), in-process and over HTTP.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { StackAdmin } from "../../src/admin/index.ts"
import { StackClient } from "../../src/client/index.ts"
import { StackServer } from "../../src/server/index.ts"
import { freshEmail } from "../client/client-harness.ts"
import { configure, transports } from "./features-harness.ts"

describe.each(transports)("project permissions (%s)", (_name, layer) => {
  it.effect("an admin defines them, a server grants and revokes, the user sees its own", () =>
    Effect.gen(function*() {
      const admin = yield* StackAdmin
      const server = yield* StackServer
      const client = yield* StackClient
      yield* admin.createProjectPermissionDefinition({ id: "read_reports" })
      yield* admin.createProjectPermissionDefinition({ id: "manage_reports", containedPermissionIds: ["read_reports"] })
      assert.deepStrictEqual((yield* admin.listProjectPermissionDefinitions()).map((d) => d.id), ["manage_reports", "read_reports"])

      const { userId } = yield* client.signUpWithPassword({ email: freshEmail("perm"), password: "long enough pass" })
      assert.deepStrictEqual(yield* client.listProjectPermissions(), [])
      const granted = yield* server.grantProjectPermission(userId, "manage_reports")
      assert.deepStrictEqual(granted, { id: "manage_reports", userId })
      assert.deepStrictEqual((yield* client.listProjectPermissions()).map((p) => p.id), ["manage_reports", "read_reports"])
      assert.deepStrictEqual((yield* client.listProjectPermissions({ recursive: false })).map((p) => p.id), ["manage_reports"])
      assert.isTrue(yield* client.hasProjectPermission("read_reports"))
      assert.isTrue(yield* server.hasProjectPermission(userId, "read_reports"))

      const renamed = yield* admin.updateProjectPermissionDefinition("read_reports", { id: "view_reports" })
      assert.strictEqual(renamed.id, "view_reports")
      assert.deepStrictEqual((yield* server.listProjectPermissions(userId)).map((p) => p.id), ["manage_reports", "view_reports"])

      yield* server.revokeProjectPermission(userId, "manage_reports")
      assert.isFalse(yield* client.hasProjectPermission("view_reports"))
      const notHeld = yield* Effect.flip(server.revokeProjectPermission(userId, "manage_reports"))
      assert.strictEqual(notHeld._tag, "PermissionNotFound")
      yield* admin.deleteProjectPermissionDefinition("view_reports")
      assert.deepStrictEqual((yield* admin.listProjectPermissionDefinitions()).map((d) => d.id), ["manage_reports"])
    }).pipe(Effect.provide(layer())))

  it.effect("a team permission or an unknown id cannot be granted; a new user gets the project's defaults", () =>
    Effect.gen(function*() {
      const admin = yield* StackAdmin
      const server = yield* StackServer
      const user = yield* server.createUser({ primaryEmail: freshEmail("scope") })
      yield* admin.createTeamPermissionDefinition({ id: "team_only" })
      const wrongScope = yield* Effect.flip(server.grantProjectPermission(user.id, "team_only"))
      assert.strictEqual(wrongScope._tag, "PermissionScopeMismatch")
      const unknown = yield* Effect.flip(server.grantProjectPermission(user.id, "nope"))
      assert.strictEqual(unknown._tag, "PermissionNotFound")
      const noUser = yield* Effect.flip(server.grantProjectPermission("00000000-0000-4000-8000-000000000009", "nope"))
      assert.strictEqual(noUser._tag, "UserNotFound")

      yield* admin.createProjectPermissionDefinition({ id: "beta" })
      yield* configure({ userDefaultPermissions: ["beta"] })
      const later = yield* server.createUser({ primaryEmail: freshEmail("later") })
      assert.deepStrictEqual(yield* server.listProjectPermissions(later.id), [{ id: "beta", userId: later.id }])
      assert.isFalse(yield* server.hasProjectPermission(user.id, "beta"))
    }).pipe(Effect.provide(layer())))
})

/**
 * StackAdmin is also a server: every StackServer operation, sent with admin credentials (the super
 * secret admin key, or a project owner's admin access token); API key descriptions can change; a
 * revoked admin key is refused by tag.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as HttpClient from "effect/http/HttpClient"
import { StackAdmin } from "../../src/admin/index.ts"
import { isProjectAuthenticationError } from "../../src/errors/families.ts"
import { makeHarness } from "../integration/emulator-harness.ts"

describe("StackAdmin as a server", () => {
  it.effect("lists and reads users and teams, grants permissions, with the admin key and with an owner's session", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const member = yield* h.signUp()
      const owner = yield* h.projectOwner
      const http = Layer.succeed(HttpClient.HttpClient, h.emu.httpClient)
      const credentials = [
        { name: "admin key", superSecretAdminKey: h.keys.sak },
        { name: "owner session", adminAccessToken: owner.accessToken }
      ]
      for (const { name, ...credential } of credentials) {
        yield* Effect.gen(function*() {
          const admin = yield* StackAdmin
          const created = yield* admin.createUser({ primaryEmail: `made-by-${name.replace(" ", "-")}@example.com`, primaryEmailAuthEnabled: true })
          const page = yield* admin.listUsers({ limit: 100 })
          assert.includeMembers(page.items.map((user) => user.id), [member.userId, created.id], name)
          const team = yield* admin.createTeam({ displayName: `Team of ${name}`, creatorUserId: member.userId })
          assert.include((yield* admin.listTeams()).map((each) => each.id), team.id)
          yield* admin.grantTeamPermission(team.id, member.userId, "team_admin")
          assert.isTrue(yield* admin.hasTeamPermission(team.id, member.userId, "team_admin"))
          yield* admin.deleteUser(created.id)
        }).pipe(Effect.provide(StackAdmin.layer({ projectId: h.keys.projectId, baseUrl: h.emu.info.baseUrl, ...credential }).pipe(Layer.provide(http))))
      }
    }))

  it.effect("updateApiKey changes a key's description; a revoked admin key is then refused by tag", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const http = Layer.succeed(HttpClient.HttpClient, h.emu.httpClient)
      const adminWith = (key: string) =>
        StackAdmin.layer({ projectId: h.keys.projectId, superSecretAdminKey: key, baseUrl: h.emu.info.baseUrl }).pipe(Layer.provide(http))
      const created = yield* Effect.gen(function*() {
        const admin = yield* StackAdmin
        const key = yield* admin.createApiKey({
          description: "CI",
          expiresAtMillis: 4_000_000_000_000,
          hasPublishableClientKey: false,
          hasSecretServerKey: false,
          hasSuperSecretAdminKey: true
        })
        const renamed = yield* admin.updateApiKey(key.id, { description: "CI (rotated)" })
        assert.strictEqual(renamed.description, "CI (rotated)")
        assert.isUndefined(renamed.manuallyRevokedAtMillis)
        const missing = yield* Effect.flip(admin.updateApiKey("00000000-0000-4000-8000-000000000000", { description: "x" }))
        assert.strictEqual(missing._tag, "ApiKeyNotFound")
        const refused = yield* Effect.flip(admin.updateApiKey(key.id, { revoked: false as unknown as true }))
        assert.strictEqual(refused._tag, "InvalidInput")
        return key
      }).pipe(Effect.provide(adminWith(h.keys.sak)))
      const secret = Option.getOrElse(Option.map(created.superSecretAdminKey, Redacted.value), () => "")
      assert.match(secret, /^sak_/)
      const revokedKey = yield* Effect.gen(function*() {
        const admin = yield* StackAdmin
        const users = yield* admin.listUsers({})
        assert.isArray(users.items)
        const revoked = yield* admin.updateApiKey(created.id, { revoked: true })
        assert.isNumber(revoked.manuallyRevokedAtMillis)
        return revoked
      }).pipe(Effect.provide(adminWith(secret)))
      assert.strictEqual(revokedKey.description, "CI (rotated)")
      const failure = yield* Effect.flip(Effect.gen(function*() {
        const admin = yield* StackAdmin
        return yield* admin.listUsers({})
      }).pipe(Effect.provide(adminWith(secret))))
      assert.strictEqual(failure._tag, "InvalidSuperSecretAdminKey")
      assert.isTrue(isProjectAuthenticationError(failure))
    }))
})

describe("exact unions, produced against the emulator", () => {
  it.effect("createSession for an unknown user is UserIdDoesNotExist; revoking an unknown invitation is the service's 500 (a StackResponseError); revoking a permission not held is TeamPermissionNotFound", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const member = yield* h.signUp()
      yield* Effect.gen(function*() {
        const admin = yield* StackAdmin
        const session = yield* admin.createSession("00000000-0000-4000-8000-00000000000b").pipe(
          Effect.as("session"),
          Effect.catchTag("UserIdDoesNotExist", () => Effect.succeed("no such user"))
        )
        assert.strictEqual(session, "no such user")
        const team = yield* admin.createTeam({ displayName: "Invites", creatorUserId: member.userId })
        const revoked = yield* admin.revokeTeamInvitation(team.id, "00000000-0000-4000-8000-00000000000c").pipe(
          Effect.as("revoked"),
          Effect.catchTag("StackResponseError", (error) => Effect.succeed(error.status === 500 ? "no such invitation" : error.description))
        )
        assert.strictEqual(revoked, "no such invitation")
        const notHeld = yield* admin.revokeTeamPermission(team.id, member.userId, "team_custom_never_granted").pipe(
          Effect.as("revoked"),
          Effect.catchTag("TeamPermissionNotFound", () => Effect.succeed("not held"))
        )
        assert.strictEqual(notHeld, "not held")
      }).pipe(Effect.provide(StackAdmin.layer({ projectId: h.keys.projectId, baseUrl: h.emu.info.baseUrl, superSecretAdminKey: h.keys.sak }).pipe(
        Layer.provide(Layer.succeed(HttpClient.HttpClient, h.emu.httpClient))
      )))
    }))
})

describe("sendTestEmail", () => {
  it.effect("sends through the given settings: the emulator's outbox gets it; an impossible host is a failed answer, not an error", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const emailConfig = { host: "smtp.example.com", port: 587, username: "mailer", password: "smtp password 1", senderEmail: "noreply@example.com", senderName: "Example" }
      yield* Effect.gen(function*() {
        const admin = yield* StackAdmin
        const sent = yield* admin.sendTestEmail({ recipientEmail: "owner@example.com", emailConfig })
        assert.deepStrictEqual(sent, { success: true })
        const mail = (yield* h.emu.outbox("owner@example.com")).at(-1)
        assert.include(mail?.text ?? "", "smtp.example.com:587")
        const failed = yield* admin.sendTestEmail({ recipientEmail: "owner@example.com", emailConfig: { ...emailConfig, host: "not a host" } })
        assert.isFalse(failed.success)
        assert.include(failed.errorMessage ?? "", "not a host")
        const refused = yield* Effect.flip(admin.sendTestEmail({ recipientEmail: "owner@example.com", emailConfig: { ...emailConfig, port: Number.NaN } }))
        assert.strictEqual(refused._tag, "InvalidInput")
      }).pipe(Effect.provide(StackAdmin.layer({ projectId: h.keys.projectId, baseUrl: h.emu.info.baseUrl, superSecretAdminKey: h.keys.sak }).pipe(
        Layer.provide(Layer.succeed(HttpClient.HttpClient, h.emu.httpClient))
      )))
    }))
})

/**
 * User and team API keys through StackClient and StackServer, in-process and over HTTP: the full key
 * once, then its last four; revocation; checks that say why a key is refused; team keys need
 * `$manage_api_keys`; a project without the feature refuses.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as TestClock from "effect/testing/TestClock"
import * as Option from "effect/Option"
import { StackClient } from "../../src/client/index.ts"
import { apiKeyInvalidReason } from "../../src/model/project-api-key.ts"
import { StackServer } from "../../src/server/index.ts"
import { freshEmail } from "../client/client-harness.ts"
import { configure, transports } from "./features-harness.ts"

describe.each(transports)("API keys (%s)", (_name, layer) => {
  it.effect("a user creates, lists, renames and revokes its keys; the server checks them", () =>
    Effect.gen(function*() {
      yield* configure({ allowUserApiKeys: true })
      const client = yield* StackClient
      const server = yield* StackServer
      const { userId } = yield* client.signUpWithPassword({ email: freshEmail("keys"), password: "long enough pass" })
      const first = yield* client.createUserApiKey({ description: "ci", expiresAtMillis: null })
      assert.match(first.value, /^sk_[0-9a-z]{45}[0-9a-f]{32}user[0-9a-z]574ck4u7h[0-9a-f]{8}$/)
      assert.strictEqual(first.userId, userId)
      const pub = yield* client.createUserApiKey({ description: "public", expiresAtMillis: null, isPublic: true })
      assert.isTrue(pub.value.startsWith("pk_"))
      const listed = yield* client.listUserApiKeys()
      assert.deepStrictEqual(listed.map((k) => k.description), ["public", "ci"])
      assert.strictEqual(listed[1]?.value.lastFour, first.value.slice(-4))
      const renamed = yield* client.updateUserApiKey(first.id, { description: "ci runner" })
      assert.strictEqual(renamed.description, "ci runner")

      const checked = yield* server.checkUserApiKey(first.value)
      assert.strictEqual(checked.id, first.id)
      const owner = yield* server.getUserByApiKey(first.value)
      assert.strictEqual(Option.getOrUndefined(Option.map(owner, (u) => u.id)), userId)

      const revoked = yield* client.revokeUserApiKey(first.id)
      assert.isNumber(revoked.manuallyRevokedAtMillis)
      assert.strictEqual(apiKeyInvalidReason(revoked, Date.now()), "manually-revoked")
      const again = yield* client.revokeUserApiKey(first.id)
      assert.strictEqual(again.manuallyRevokedAtMillis, revoked.manuallyRevokedAtMillis)
      const refused = yield* Effect.flip(server.checkUserApiKey(first.value))
      assert.strictEqual(refused._tag, "ApiKeyRevoked")
      assert.isTrue(Option.isNone(yield* server.getUserByApiKey(first.value)))
      assert.strictEqual((yield* Effect.flip(server.checkUserApiKey("sk_not_a_key")))._tag, "ApiKeyNotFound")
    }).pipe(Effect.provide(layer())))

  it.effect("an expired key is refused as expired; a team key on the user check is the wrong type", () =>
    Effect.gen(function*() {
      yield* configure({ allowUserApiKeys: true, allowTeamApiKeys: true })
      const server = yield* StackServer
      const user = yield* server.createUser({ primaryEmail: freshEmail("exp") })
      const now = yield* Clock.currentTimeMillis
      const soon = yield* server.createUserApiKey(user.id, { description: "old", expiresAtMillis: now + 60_000 })
      assert.strictEqual((yield* server.checkUserApiKey(soon.value)).id, soon.id)
      yield* TestClock.adjust("61 seconds")
      assert.strictEqual(apiKeyInvalidReason(soon, yield* Clock.currentTimeMillis), "expired")
      assert.strictEqual((yield* Effect.flip(server.checkUserApiKey(soon.value)))._tag, "ApiKeyExpired")
      const team = yield* server.createTeam({ displayName: "Keys team" })
      const teamKey = yield* server.createTeamApiKey(team.id, { description: "team", expiresAtMillis: null })
      const wrong = yield* Effect.flip(server.checkUserApiKey(teamKey.value))
      assert.strictEqual(wrong._tag, "WrongApiKeyType")
      const found = yield* server.getTeamByApiKey(teamKey.value)
      assert.strictEqual(Option.getOrUndefined(Option.map(found, (t) => t.id)), team.id)
      assert.deepStrictEqual((yield* server.listTeamApiKeys(team.id)).map((k) => k.id), [teamKey.id])
      yield* server.revokeTeamApiKey(team.id, teamKey.id)
      assert.isTrue(Option.isNone(yield* server.getTeamByApiKey(teamKey.value)))
    }).pipe(Effect.provide(layer())))

  it.effect("team keys need $manage_api_keys: the creator has it, another member does not", () =>
    Effect.gen(function*() {
      yield* configure({ allowTeamApiKeys: true, clientTeamCreationEnabled: true })
      const client = yield* StackClient
      const server = yield* StackServer
      yield* client.signUpWithPassword({ email: freshEmail("creator"), password: "long enough pass" })
      const team = yield* client.createTeam({ displayName: "Crew" })
      const key = yield* client.createTeamApiKey(team.id, { description: "deploy", expiresAtMillis: null })
      assert.strictEqual(key.teamId, team.id)
      assert.deepStrictEqual((yield* client.listTeamApiKeys(team.id)).map((k) => k.id), [key.id])
      assert.strictEqual((yield* client.revokeTeamApiKey(team.id, key.id)).id, key.id)

      yield* client.signOut()
      const member = yield* client.signUpWithPassword({ email: freshEmail("member"), password: "long enough pass" })
      yield* server.addTeamMember(team.id, member.userId)
      const refused = yield* Effect.flip(client.createTeamApiKey(team.id, { description: "nope", expiresAtMillis: null }))
      assert.strictEqual(refused._tag, "ApiKeyNotFound")
      assert.strictEqual((yield* Effect.flip(client.listTeamApiKeys(team.id)))._tag, "ApiKeyNotFound")
    }).pipe(Effect.provide(layer())))

  it.effect("a project without user API keys refuses with a status error", () =>
    Effect.gen(function*() {
      const client = yield* StackClient
      yield* client.signUpWithPassword({ email: freshEmail("off"), password: "long enough pass" })
      const refused = yield* Effect.flip(client.createUserApiKey({ description: "x", expiresAtMillis: null }))
      assert.strictEqual(refused._tag, "StackResponseError")
      if (refused._tag === "StackResponseError") {
        assert.strictEqual(refused.status, 400)
        assert.include(refused.bodyExcerpt, "User API keys are not enabled for this project.")
      }
    }).pipe(Effect.provide(layer())))
})

/** StackServer against the emulator: users, sessions, channels, teams, permissions, invitations. */
import { assert, describe, it, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Stream from "effect/Stream"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as HttpClient from "effect/http/HttpClient"
import { Emulator } from "../../src/emulator/emulator.ts"
import { StackServer, type StackServerOptions } from "../../src/server/index.ts"

const serverFor = (extra: Partial<StackServerOptions> = {}) =>
  Layer.unwrap(Effect.gen(function*() {
    const emu = yield* Emulator
    return StackServer.layer({ projectId: emu.info.projectId, secretServerKey: emu.info.secretServerKey, baseUrl: emu.info.baseUrl, ...extra })
  }))
const inProcess = (extra: Partial<StackServerOptions> = {}) => Layer.provideMerge(serverFor(extra), Emulator.layer())

let counter = 0
const email = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}@example.com`

describe("StackServer users", () => {
  it.effect("creates, reads, updates and deletes a user; a missing user is Option.none", () =>
    Effect.gen(function*() {
      const stack = yield* StackServer
      const address = email("srv")
      const created = yield* stack.createUser({ primaryEmail: address, primaryEmailAuthEnabled: true, password: "long enough pass", displayName: "Ada" })
      assert.strictEqual(created.primaryEmail, address)
      assert.isTrue(created.hasPassword)
      const read = yield* stack.getUser(created.id)
      assert.strictEqual(Option.getOrUndefined(Option.map(read, (u) => u.displayName)), "Ada")
      const updated = yield* stack.updateUser(created.id, { serverMetadata: { plan: "pro" }, primaryEmailVerified: true, displayName: "Ada L." })
      assert.deepStrictEqual(updated.serverMetadata, { plan: "pro" })
      assert.isTrue(updated.primaryEmailVerified)
      yield* stack.deleteUser(created.id)
      assert.isTrue(Option.isNone(yield* stack.getUser(created.id)))
      assert.isTrue(Option.isNone(yield* stack.getUser("00000000-0000-4000-8000-000000000009")))
    }).pipe(Effect.provide(inProcess())))

  it.effect("an address another user signs in with is UserWithEmailAlreadyExists", () =>
    Effect.gen(function*() {
      const stack = yield* StackServer
      const address = email("dup")
      yield* stack.createUser({ primaryEmail: address, primaryEmailAuthEnabled: true })
      const again = yield* Effect.flip(stack.createUser({ primaryEmail: address, primaryEmailAuthEnabled: true }))
      assert.strictEqual(again._tag, "UserWithEmailAlreadyExists")
    }).pipe(Effect.provide(inProcess())))

  it.effect("pages visit every user exactly once, in both orders; the Stream yields them all; filters work", () =>
    Effect.gen(function*() {
      const stack = yield* StackServer
      const ids: Array<string> = []
      for (let i = 0; i < 25; i++) ids.push((yield* stack.createUser({ displayName: `Paged ${i}` })).id)
      const visit = (desc: boolean) =>
        Effect.gen(function*() {
          const seen: Array<string> = []
          let cursor: string | undefined
          do {
            const page = yield* stack.listUsers({ limit: 10, desc, cursor })
            seen.push(...page.items.map((u) => u.id))
            cursor = page.nextCursor ?? undefined
          } while (cursor !== undefined)
          return seen
        })
      assert.deepStrictEqual(yield* visit(false), ids)
      assert.deepStrictEqual(yield* visit(true), [...ids].reverse())
      const streamed = yield* Stream.runCollect(stack.streamUsers({ pageSize: 7 }))
      assert.deepStrictEqual(Array.from(streamed, (u) => u.id), ids)
      const found = yield* stack.listUsers({ query: "Paged 17" })
      assert.deepStrictEqual(found.items.map((u) => u.displayName), ["Paged 17"])
      const invalid = yield* Effect.flip(stack.listUsers({ limit: 0 }))
      assert.strictEqual(invalid._tag, "MissingParameter")
      const gone = ids[24] ?? ""
      yield* stack.deleteUser(gone)
      const pastTheEnd = yield* stack.listUsers({ limit: 10, cursor: gone })
      assert.deepStrictEqual({ items: pastTheEnd.items.length, next: pastTheEnd.nextCursor }, { items: 0, next: null })
      const badCursor = yield* Effect.flip(stack.listUsers({ limit: 2, cursor: "not-a-uuid" }))
      assert.strictEqual(badCursor._tag === "UnexpectedKnownError" ? badCursor.code : badCursor._tag, "SCHEMA_ERROR")
    }).pipe(Effect.provide(inProcess())))

  it.effect("a server-created session works for GET /users/me; feature checks fail with the service's text", () =>
    Effect.gen(function*() {
      const stack = yield* StackServer
      const emu = yield* Emulator
      const user = yield* stack.createUser({ displayName: "Session" })
      const session = yield* stack.createSession(user.id)
      const http = yield* HttpClient.HttpClient
      const me = yield* http.get(`${emu.info.baseUrl}/api/v1/users/me`, {
        headers: { "x-stack-access-type": "client", "x-stack-project-id": emu.info.projectId, "x-stack-publishable-client-key": emu.info.publishableClientKey, "x-stack-access-token": session.accessToken }
      })
      assert.strictEqual(me.status, 200)
      const feature = yield* Effect.flip(stack.checkFeatureSupport("sendVerificationEmail on server users"))
      assert.strictEqual(feature._tag, "FeatureNotSupported")
      assert.include(feature.message, "is not yet supported")
    }).pipe(Effect.provide(inProcess())))

  it.effect("contact channels of any user; verification e-mail only with a primary e-mail", () =>
    Effect.gen(function*() {
      const stack = yield* StackServer
      const emu = yield* Emulator
      const user = yield* stack.createUser({ displayName: "Channels" })
      const missing = yield* Effect.flip(stack.sendVerificationEmail(user.id, { callbackUrl: "http://localhost:3000/verify" }))
      assert.strictEqual(missing._tag, "MissingParameter")
      const address = email("chan")
      const channel = yield* stack.createContactChannel(user.id, { value: address, isPrimary: true })
      assert.isTrue((yield* stack.listContactChannels(user.id)).some((c) => c.id === channel.id))
      yield* stack.sendVerificationEmail(user.id, { callbackUrl: "http://localhost:3000/verify" })
      assert.strictEqual((yield* emu.outbox(address)).length, 1)
      const verified = yield* stack.updateContactChannel(user.id, channel.id, { isVerified: true })
      assert.isTrue(verified.isVerified)
      yield* stack.deleteContactChannel(user.id, channel.id)
      assert.isTrue(Option.isNone(yield* stack.getConnectedAccountAccessToken(user.id, "github")))
    }).pipe(Effect.provide(inProcess())))

  it.effect("a wrong secret server key is InvalidSecretServerKey", () =>
    Effect.gen(function*() {
      const stack = yield* StackServer
      const wrong = yield* Effect.flip(stack.listUsers())
      assert.strictEqual(wrong._tag, "InvalidSecretServerKey")
    }).pipe(Effect.provide(inProcess({ secretServerKey: "ssk_wrong" }))))
})

describe("StackServer teams", () => {
  it.effect("teams, memberships, profiles, permissions and invitations", () =>
    Effect.gen(function*() {
      const stack = yield* StackServer
      const emu = yield* Emulator
      const creator = yield* stack.createUser({ displayName: "Creator" })
      const member = yield* stack.createUser({ displayName: "Member" })
      const team = yield* stack.createTeam({ displayName: "Ops", creatorUserId: creator.id, serverMetadata: { tier: 1 } })
      assert.deepStrictEqual(team.serverMetadata, { tier: 1 })
      assert.isTrue((yield* stack.listTeams()).some((t) => t.id === team.id))
      assert.deepStrictEqual((yield* stack.listTeams({ userId: creator.id })).map((t) => t.id), [team.id])
      assert.isTrue(Option.isNone(yield* stack.getTeam("00000000-0000-4000-8000-000000000008")))
      assert.strictEqual((yield* stack.updateTeam(team.id, { displayName: "Ops 2" })).displayName, "Ops 2")
      yield* stack.addTeamMember(team.id, member.id)
      assert.strictEqual((yield* stack.listTeamMembers(team.id)).length, 2)
      const profile = yield* stack.updateTeamMemberProfile(team.id, member.id, { displayName: "On call" })
      assert.strictEqual(profile.displayName, "On call")
      assert.isTrue(yield* stack.hasTeamPermission(team.id, creator.id, "$update_team"))
      assert.isFalse(yield* stack.hasTeamPermission(team.id, member.id, "$update_team"))
      yield* stack.grantTeamPermission(team.id, member.id, "team_admin")
      assert.isTrue(yield* stack.hasTeamPermission(team.id, member.id, "$update_team"))
      const direct = yield* stack.listTeamPermissions(team.id, member.id, { recursive: false })
      assert.deepStrictEqual(direct.map((p) => p.id).sort(), ["team_admin", "team_member"])
      yield* stack.revokeTeamPermission(team.id, member.id, "team_admin")
      const notHeld = yield* Effect.flip(stack.revokeTeamPermission(team.id, member.id, "team_admin"))
      assert.strictEqual(notHeld._tag, "TeamPermissionNotFound")
      const noCallback = yield* Effect.flip(stack.inviteToTeam({ teamId: team.id, email: email("inv") }))
      assert.strictEqual(noCallback._tag, "MissingParameter")
      const invitee = email("inv")
      const sent = yield* stack.inviteToTeam({ teamId: team.id, email: invitee, callbackUrl: "http://localhost:3000/handler/team-invitation" })
      assert.strictEqual((yield* emu.outbox(invitee)).length, 1)
      assert.isTrue((yield* stack.listTeamInvitations(team.id)).some((i) => i.id === sent.id))
      yield* stack.revokeTeamInvitation(team.id, sent.id)
      assert.isFalse((yield* stack.listTeamInvitations(team.id)).some((i) => i.id === sent.id))
      yield* stack.removeTeamMember(team.id, member.id)
      assert.isTrue(Option.isNone(yield* stack.getTeamMemberProfile(team.id, member.id)))
      yield* stack.deleteTeam(team.id)
      assert.isTrue(Option.isNone(yield* stack.getTeam(team.id)))
    }).pipe(Effect.provide(inProcess())))
})

layer(Layer.provideMerge(serverFor(), Layer.merge(Emulator.layerServe({ port: 0 }), FetchHttpClient.layer)))("StackServer over real HTTP", (it) => {
  it.effect("creates a user, finds it in a page and deletes it", () =>
    Effect.gen(function*() {
      const stack = yield* StackServer
      const user = yield* stack.createUser({ displayName: "Over HTTP" })
      const page = yield* stack.listUsers({ limit: 50 })
      assert.isTrue(page.items.some((u) => u.id === user.id))
      yield* stack.deleteUser(user.id)
      assert.isTrue(Option.isNone(yield* stack.getUser(user.id)))
    }))
})

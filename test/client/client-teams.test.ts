/** StackClient teams, member profiles, invitations and permissions against the emulator. */
import { assert, describe, it, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { StackClient } from "../../src/client/index.ts"
import { clientFor, freshEmail, inProcess, lastEmailTo, overHttp } from "./client-harness.ts"

const password = "correct horse battery"
const invitationUrl = "http://localhost:3000/handler/team-invitation"

/** Runs `effect` as a second StackClient (own token store) over the same emulator. */
const asSecondUser = <A, E>(effect: Effect.Effect<A, E, StackClient>) =>
  Effect.flatMap(Layer.build(clientFor()), (context) => Effect.provide(effect, context)).pipe(Effect.scoped)

const teamLifecycle = Effect.gen(function*() {
  const stack = yield* StackClient
  const owner = yield* stack.signUpWithPassword({ email: freshEmail("owner"), password })
  const team = yield* stack.createTeam({ displayName: "Rocket" })
  assert.strictEqual(team.displayName, "Rocket")
  assert.deepStrictEqual((yield* stack.listTeams()).map((t) => t.id), [team.id])
  const renamed = yield* stack.updateTeam(team.id, { displayName: "Rocket Lab" })
  assert.strictEqual(renamed.displayName, "Rocket Lab")
  const invitee = freshEmail("invitee")
  yield* stack.inviteToTeam({ teamId: team.id, email: invitee, callbackUrl: invitationUrl })
  const code = (yield* lastEmailTo(invitee))?.code ?? ""
  const joined = yield* asSecondUser(Effect.gen(function*() {
    const second = yield* StackClient
    yield* second.signUpWithPassword({ email: invitee, password })
    assert.deepStrictEqual(yield* second.listTeams(), [])
    const details = yield* second.getTeamInvitationDetails(code)
    assert.strictEqual(details.teamDisplayName, "Rocket Lab")
    assert.strictEqual(details.teamId, team.id)
    yield* second.acceptTeamInvitation(code)
    return (yield* second.listTeams()).map((t) => t.id)
  }))
  assert.deepStrictEqual(joined, [team.id])
  assert.strictEqual((yield* stack.listTeamMembers(team.id)).length, 2)
  yield* stack.deleteTeam(team.id)
  assert.deepStrictEqual(yield* stack.listTeams(), [])
  return owner
})

describe("StackClient teams (in-process)", () => {
  it.effect("create, list, rename, invite a second user who accepts, delete", () =>
    teamLifecycle.pipe(Effect.provide(inProcess())))

  it.effect("member profiles: list, get own, update own", () =>
    Effect.gen(function*() {
      const stack = yield* StackClient
      const me = yield* stack.signUpWithPassword({ email: freshEmail("profile"), password })
      const team = yield* stack.createTeam({ displayName: "Profiles" })
      const updated = yield* stack.updateTeamMemberProfile(team.id, { displayName: "Captain" })
      assert.strictEqual(updated.displayName, "Captain")
      const own = yield* stack.getTeamMemberProfile(team.id)
      assert.strictEqual(own.userId, me.userId)
      assert.strictEqual(own.displayName, "Captain")
      const members = yield* stack.listTeamMembers(team.id)
      assert.deepStrictEqual(members.map((m) => [m.userId, m.displayName]), [[me.userId, "Captain"]])
    }).pipe(Effect.provide(inProcess())))

  it.effect("permissions: recursive by default includes contained ones; hasTeamPermission", () =>
    Effect.gen(function*() {
      const stack = yield* StackClient
      yield* stack.signUpWithPassword({ email: freshEmail("perm"), password })
      const team = yield* stack.createTeam({ displayName: "Perms" })
      const direct = yield* stack.listTeamPermissions(team.id, { recursive: false })
      const all = yield* stack.listTeamPermissions(team.id)
      assert.deepStrictEqual(direct.map((p) => p.id), ["team_admin"])
      assert.isTrue(all.length > direct.length)
      assert.isTrue(all.some((p) => p.id === "$update_team"))
      assert.isTrue(yield* stack.hasTeamPermission(team.id, "$update_team"))
      assert.isFalse(yield* stack.hasTeamPermission(team.id, "no_such_permission"))
    }).pipe(Effect.provide(inProcess())))

  it.effect("leaving a team removes it from listTeams", () =>
    Effect.gen(function*() {
      const stack = yield* StackClient
      yield* stack.signUpWithPassword({ email: freshEmail("leave"), password })
      const team = yield* stack.createTeam({ displayName: "Leavers" })
      yield* stack.leaveTeam(team.id)
      assert.deepStrictEqual(yield* stack.listTeams(), [])
    }).pipe(Effect.provide(inProcess())))

  it.effect("a provider that is not connected gives no access token", () =>
    Effect.gen(function*() {
      const stack = yield* StackClient
      yield* stack.signUpWithPassword({ email: freshEmail("conn"), password })
      const token = yield* stack.getConnectedAccountAccessToken("github", { scopes: ["repo"] })
      assert.isTrue(Option.isNone(token))
    }).pipe(Effect.provide(inProcess())))
})

layer(overHttp())("StackClient teams (over HTTP)", (it) => {
  it.effect("team lifecycle with an invitation over a real socket", () => Effect.asVoid(teamLifecycle))
})

/**
 * Team behaviour of the emulator beyond single fixtures: recursive permissions, deleting teams,
 * invitations end to end, and the permission checks client access goes through.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { SuccessBody } from "../../src/wire/common.ts"
import { TeamInvitationList, TeamInvitationSent } from "../../src/wire/team-invitations.ts"
import { ClientTeamMemberProfileList } from "../../src/wire/team-member-profiles.ts"
import { TeamPermissionList } from "../../src/wire/team-permissions.ts"
import { TeamPermissionDefinition } from "../../src/wire/permission-definitions.ts"
import { ClientTeam, ClientTeamList, ServerTeam } from "../../src/wire/teams.ts"
import { type Harness, json, makeHarness, type TestUser, uniqueEmail } from "./emulator-harness.ts"

// =============================================================================
// Helpers
// =============================================================================

const KnownErrorBody = Schema.Struct({
  code: Schema.String,
  error: Schema.String,
  details: Schema.optionalKey(Schema.Record(Schema.String, Schema.String))
})

/** Decodes a successful response's body with `schema` (fails the test on another status). */
const decoded = <S extends Schema.Top & { readonly DecodingServices: never }>(
  schema: S,
  response: Response,
  status = 200
) =>
  Effect.gen(function*() {
    const body = yield* json(response)
    assert.strictEqual(response.status, status, JSON.stringify(body))
    return Schema.decodeUnknownSync(schema)(body)
  })

/** Asserts a known error and returns its details. */
const knownError = (response: Response, status: number, code: string) =>
  Effect.gen(function*() {
    const body = yield* json(response)
    assert.strictEqual(response.status, status, JSON.stringify(body))
    assert.strictEqual(response.headers.get("x-stack-known-error"), code)
    return Schema.decodeUnknownSync(KnownErrorBody)(body).details ?? {}
  })

const as = (user: TestUser) => ({ user: { accessToken: user.accessToken } })

const clientTeams = (h: Harness, enabled: boolean) =>
  h.configure((data) => {
    const project = data.projects[h.keys.projectId]
    if (project !== undefined) {
      data.projects[project.id] = { ...project, config: { ...project.config, clientTeamCreationEnabled: enabled } }
    }
  })

/** A client-created team: `creator` holds the creator defaults (`team_admin`). */
const createTeam = (h: Harness, creator: TestUser, name = "Team") =>
  Effect.gen(function*() {
    yield* clientTeams(h, true)
    const response = yield* h.call("POST", "/teams", { ...as(creator), json: { display_name: name, creator_user_id: "me" } })
    return yield* decoded(ClientTeam, response, 201)
  })

/** Adds `user` to `teamId` (server access; member defaults). */
const addMember = (h: Harness, teamId: string, user: TestUser) =>
  Effect.gen(function*() {
    const response = yield* h.call("POST", `/team-memberships/${teamId}/${user.userId}`, { accessType: "server", json: {} })
    assert.strictEqual(response.status, 201)
  })

const permissionIds = (h: Harness, user: TestUser, teamId: string, recursive?: boolean) =>
  Effect.gen(function*() {
    const query = `team_id=${teamId}&user_id=me${recursive === undefined ? "" : `&recursive=${recursive}`}`
    const list = yield* decoded(TeamPermissionList, yield* h.call("GET", `/team-permissions?${query}`, as(user)))
    return list.items.map((p) => p.id)
  })

const sendInvitation = (h: Harness, from: TestUser, teamId: string, email: string) =>
  Effect.gen(function*() {
    const response = yield* h.call("POST", "/team-invitations/send-code", {
      ...as(from),
      json: { team_id: teamId, email, callback_url: "http://localhost:3000/handler/team-invitation" }
    })
    const sent = yield* decoded(TeamInvitationSent, response)
    const mails = yield* h.emu.outbox(email)
    const mail = mails[mails.length - 1]
    assert.isDefined(mail)
    return { id: sent.id, code: mail?.code ?? "", link: mail?.link ?? "", subject: mail?.subject ?? "" }
  })

// =============================================================================
// Tests
// =============================================================================

describe("emulator: team permissions", () => {
  it.live("recursive=true expands contained permissions transitively; recursive=false and the default list direct grants", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const creator = yield* h.signUp()
      const team = yield* createTeam(h, creator)

      assert.deepStrictEqual(yield* permissionIds(h, creator, team.id, false), ["team_admin"])
      assert.deepStrictEqual(yield* permissionIds(h, creator, team.id), ["team_admin"])
      assert.deepStrictEqual(yield* permissionIds(h, creator, team.id, true), [
        "$delete_team", "$invite_members", "$manage_api_keys", "$read_members", "$remove_members", "$update_team", "team_admin"
      ])

      // Nested custom definitions: parent ⊃ child ⊃ $read_members.
      for (const body of [{ id: "child", contained_permission_ids: ["$read_members"] }, { id: "parent", contained_permission_ids: ["child"] }]) {
        const created = yield* decoded(
          TeamPermissionDefinition,
          yield* h.call("POST", "/team-permission-definitions", { accessType: "admin", json: body }),
          201
        )
        assert.strictEqual(created.id, body.id)
      }
      const member = yield* h.signUp()
      yield* addMember(h, team.id, member)
      const revoke = yield* h.call("DELETE", `/team-permissions/${team.id}/${member.userId}/team_member`, { accessType: "server", json: {} })
      assert.strictEqual(revoke.status, 200)
      const grant = yield* h.call("POST", `/team-permissions/${team.id}/${member.userId}/parent`, { accessType: "server", json: {} })
      assert.strictEqual(grant.status, 201)
      assert.deepStrictEqual(yield* permissionIds(h, member, team.id, true), ["$read_members", "child", "parent"])
      assert.deepStrictEqual(yield* permissionIds(h, member, team.id, false), ["parent"])

      // Filtering by permission id applies to the expanded list.
      const filtered = yield* decoded(
        TeamPermissionList,
        yield* h.call("GET", `/team-permissions?team_id=${team.id}&user_id=me&recursive=true&permission_id=child`, as(member))
      )
      assert.deepStrictEqual(filtered.items, [{ id: "child", team_id: team.id, user_id: member.userId }])

      // Revoking a permission held only indirectly is TEAM_PERMISSION_NOT_FOUND.
      yield* knownError(
        yield* h.call("DELETE", `/team-permissions/${team.id}/${member.userId}/child`, { accessType: "server", json: {} }),
        401,
        "TEAM_PERMISSION_NOT_FOUND"
      )
    }))

  it.live("granting an unknown permission is PERMISSION_NOT_FOUND and grants nothing", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const creator = yield* h.signUp()
      const team = yield* createTeam(h, creator)
      const details = yield* knownError(
        yield* h.call("POST", `/team-permissions/${team.id}/${creator.userId}/nope`, { accessType: "server", json: {} }),
        404,
        "PERMISSION_NOT_FOUND"
      )
      assert.deepStrictEqual(details, { permission_id: "nope" })
      assert.deepStrictEqual(yield* permissionIds(h, creator, team.id, false), ["team_admin"])
    }))

  it.live("renaming a definition carries its grants along; deleting it revokes them", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const creator = yield* h.signUp()
      const team = yield* createTeam(h, creator)
      yield* h.call("POST", "/team-permission-definitions", { accessType: "admin", json: { id: "editor", description: "Edits" } })
      yield* h.call("POST", `/team-permissions/${team.id}/${creator.userId}/editor`, { accessType: "server", json: {} })

      const renamed = yield* decoded(
        TeamPermissionDefinition,
        yield* h.call("PATCH", "/team-permission-definitions/editor", { accessType: "admin", json: { id: "writer" } })
      )
      assert.deepStrictEqual(renamed, { id: "writer", description: "Edits", contained_permission_ids: [] })
      assert.deepStrictEqual(yield* permissionIds(h, creator, team.id, false), ["team_admin", "writer"])

      const deleted = yield* h.call("DELETE", "/team-permission-definitions/writer", { accessType: "admin" })
      assert.strictEqual(deleted.status, 200)
      assert.deepStrictEqual(yield* permissionIds(h, creator, team.id, false), ["team_admin"])
      yield* knownError(
        yield* h.call("DELETE", "/team-permission-definitions/writer", { accessType: "admin" }),
        404,
        "PERMISSION_NOT_FOUND"
      )
      yield* knownError(
        yield* h.call("POST", "/team-permission-definitions", { accessType: "admin", json: { id: "x", contained_permission_ids: ["nope"] } }),
        400,
        "CONTAINED_PERMISSION_NOT_FOUND"
      )
    }))

  it.live("a client listing someone else's permissions gets a 403 text error", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const a = yield* h.signUp()
      const b = yield* h.signUp()
      const response = yield* h.call("GET", `/team-permissions?user_id=${b.userId}`, as(a))
      assert.strictEqual(response.status, 403)
      assert.match(yield* Effect.promise(() => response.text()), /^Client can only list permissions for their own user/)
    }))
})

describe("emulator: teams", () => {
  it.live("deleting a team removes its memberships, grants and invitations", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const creator = yield* h.signUp()
      const member = yield* h.signUp()
      const team = yield* createTeam(h, creator)
      yield* addMember(h, team.id, member)
      yield* sendInvitation(h, creator, team.id, uniqueEmail("inv"))

      const deleted = yield* decoded(SuccessBody, yield* h.call("DELETE", `/teams/${team.id}`, as(creator)))
      assert.isTrue(deleted.success)

      const left = yield* h.emu.withState((data) =>
        Effect.succeed({
          memberships: Object.values(data.teamMemberships).filter((m) => m.teamId === team.id).length,
          grants: Object.values(data.permissionGrants).filter((g) => g.teamId === team.id).length,
          invitations: Object.values(data.verificationCodes).filter((c) => c.type === "team_invitation").length
        })
      )
      assert.deepStrictEqual(left, { memberships: 0, grants: 0, invitations: 0 })
      const teams = yield* decoded(ClientTeamList, yield* h.call("GET", "/teams?user_id=me", as(member)))
      assert.deepStrictEqual(teams.items, [])
      const grants = yield* decoded(TeamPermissionList, yield* h.call("GET", `/team-permissions?team_id=${team.id}`, { accessType: "server" }))
      assert.deepStrictEqual(grants.items, [])
      yield* knownError(yield* h.call("GET", `/teams/${team.id}`, { accessType: "server" }), 404, "TEAM_NOT_FOUND")
    }))

  it.live("a client without the permission gets TEAM_PERMISSION_REQUIRED and changes nothing", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const creator = yield* h.signUp()
      const member = yield* h.signUp()
      const team = yield* createTeam(h, creator, "Original")
      yield* addMember(h, team.id, member)

      const patch = yield* knownError(
        yield* h.call("PATCH", `/teams/${team.id}`, { ...as(member), json: { display_name: "Hijacked" } }),
        401,
        "TEAM_PERMISSION_REQUIRED"
      )
      assert.deepStrictEqual(patch, { team_id: team.id, user_id: member.userId, permission_id: "$update_team" })
      const del = yield* knownError(yield* h.call("DELETE", `/teams/${team.id}`, as(member)), 401, "TEAM_PERMISSION_REQUIRED")
      assert.strictEqual(del["permission_id"], "$delete_team")
      const remove = yield* knownError(
        yield* h.call("DELETE", `/team-memberships/${team.id}/${creator.userId}`, { ...as(member), json: {} }),
        401,
        "TEAM_PERMISSION_REQUIRED"
      )
      assert.strictEqual(remove["permission_id"], "$remove_members")

      const unchanged = yield* decoded(ServerTeam, yield* h.call("GET", `/teams/${team.id}`, { accessType: "server" }))
      assert.strictEqual(unchanged.display_name, "Original")

      // The creator may update.
      const renamed = yield* decoded(ClientTeam, yield* h.call("PATCH", `/teams/${team.id}`, { ...as(creator), json: { display_name: "Renamed" } }))
      assert.strictEqual(renamed.display_name, "Renamed")

      // A member without $invite_members may not invite; a non-member is not a member.
      yield* h.call("DELETE", `/team-permissions/${team.id}/${member.userId}/team_member`, { accessType: "server", json: {} })
      const invite = yield* knownError(
        yield* h.call("POST", "/team-invitations/send-code", {
          ...as(member),
          json: { team_id: team.id, email: uniqueEmail(), callback_url: "http://localhost:3000/handler/team-invitation" }
        }),
        401,
        "TEAM_PERMISSION_REQUIRED"
      )
      assert.strictEqual(invite["permission_id"], "$invite_members")
      const stranger = yield* h.signUp()
      yield* knownError(yield* h.call("GET", `/teams/${team.id}`, as(stranger)), 404, "TEAM_MEMBERSHIP_NOT_FOUND")
    }))

  it.live("client team creation follows the project setting; leaving a team drops its grants", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const user = yield* h.signUp()
      yield* clientTeams(h, false)
      const refused = yield* h.call("POST", "/teams", { ...as(user), json: { display_name: "T" } })
      assert.strictEqual(refused.status, 403)
      assert.strictEqual(yield* Effect.promise(() => refused.text()), "Client team creation is disabled for this project")

      const team = yield* createTeam(h, user)
      const mine = yield* decoded(ClientTeamList, yield* h.call("GET", "/teams?user_id=me", as(user)))
      assert.deepStrictEqual(mine.items.map((t) => t.id), [team.id])

      const leave = yield* h.call("DELETE", `/team-memberships/${team.id}/me`, { ...as(user), json: {} })
      assert.strictEqual(leave.status, 200)
      const after = yield* decoded(ClientTeamList, yield* h.call("GET", "/teams?user_id=me", as(user)))
      assert.deepStrictEqual(after.items, [])
      assert.deepStrictEqual(yield* permissionIds(h, user, team.id, true), [])
    }))
})

describe("emulator: team invitations", () => {
  it.live("accepting an invitation adds the membership with member permissions; using the code twice fails", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const creator = yield* h.signUp()
      const team = yield* createTeam(h, creator, "Invite Team")
      const guest = yield* h.signUp()
      const invitation = yield* sendInvitation(h, creator, team.id, guest.email)
      assert.strictEqual(invitation.subject, "You have been invited to join Invite Team")
      assert.strictEqual(new URL(invitation.link).searchParams.get("code"), invitation.code)

      const pending = yield* decoded(TeamInvitationList, yield* h.call("GET", `/team-invitations?team_id=${team.id}`, as(creator)))
      assert.deepStrictEqual(pending.items.map((i) => [i.id, i.recipient_email, i.team_display_name]), [
        [invitation.id, guest.email, "Invite Team"]
      ])

      const details = yield* h.call("POST", "/team-invitations/accept/details", { ...as(guest), json: { code: invitation.code } })
      assert.deepStrictEqual(yield* json(details), { team_id: team.id, team_display_name: "Invite Team" })

      const accepted = yield* h.call("POST", "/team-invitations/accept", { ...as(guest), json: { code: invitation.code } })
      assert.strictEqual(accepted.status, 200)
      assert.deepStrictEqual(yield* json(accepted), {})

      const teams = yield* decoded(ClientTeamList, yield* h.call("GET", "/teams?user_id=me", as(guest)))
      assert.deepStrictEqual(teams.items.map((t) => t.id), [team.id])
      assert.deepStrictEqual(yield* permissionIds(h, guest, team.id, false), ["team_member"])
      const profiles = yield* decoded(
        ClientTeamMemberProfileList,
        yield* h.call("GET", `/team-member-profiles?team_id=${team.id}`, as(guest))
      )
      assert.deepStrictEqual(profiles.items.map((p) => p.user_id), [creator.userId, guest.userId])

      yield* knownError(
        yield* h.call("POST", "/team-invitations/accept", { ...as(guest), json: { code: invitation.code } }),
        409,
        "VERIFICATION_CODE_ALREADY_USED"
      )
      const none = yield* decoded(TeamInvitationList, yield* h.call("GET", `/team-invitations?team_id=${team.id}`, { accessType: "server" }))
      assert.deepStrictEqual(none.items, [])
    }))

  it.live("untrusted callback URLs are refused; revoked invitations cannot be accepted", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const creator = yield* h.signUp()
      const team = yield* createTeam(h, creator)
      yield* knownError(
        yield* h.call("POST", "/team-invitations/send-code", {
          ...as(creator),
          json: { team_id: team.id, email: uniqueEmail(), callback_url: "https://evil.example.com/accept" }
        }),
        400,
        "REDIRECT_URL_NOT_WHITELISTED"
      )
      const guest = yield* h.signUp()
      const invitation = yield* sendInvitation(h, creator, team.id, guest.email)
      const revoked = yield* h.call("DELETE", `/team-invitations/${invitation.id}?team_id=${team.id}`, as(creator))
      assert.strictEqual(revoked.status, 200)
      yield* knownError(
        yield* h.call("POST", "/team-invitations/accept", { ...as(guest), json: { code: invitation.code } }),
        404,
        "VERIFICATION_CODE_NOT_FOUND"
      )
      const teams = yield* decoded(ClientTeamList, yield* h.call("GET", "/teams?user_id=me", as(guest)))
      assert.deepStrictEqual(teams.items, [])
    }))
})

/**
 * Fixture replay for the team resources: teams, memberships, member profiles, team permissions,
 * permission definitions and invitations.
 */
import * as Effect from "effect/Effect"
import { addTeamMember, createTeam } from "../../src/emulator/accounts.ts"
import { permissionDefinitionKey } from "../../src/emulator/state.ts"
import {
  type Bindings, type Case, type Harness, keysOf, live, old, owner, patched, plain, replaySuite, signedIn, uniqueEmail
} from "./emulator-setups.ts"
import { json } from "./emulator-harness.ts"

// ---- setups

/** Lets clients create teams in the default project. */
const clientTeamCreation = (h: Harness) =>
  h.configure((data) => {
    const project = data.projects[h.keys.projectId]
    if (project !== undefined) {
      data.projects[project.id] = { ...project, config: { ...project.config, clientTeamCreationEnabled: true } }
    }
  })

/** A team of the default project with `creators` (creator defaults) and `members` (member defaults). */
const makeTeam = (
  h: Harness,
  fields: { readonly name?: string; readonly creators?: ReadonlyArray<string>; readonly members?: ReadonlyArray<string> }
) =>
  h.emu.withState((data) =>
    Effect.sync(() => {
      const now = Date.now()
      const team = createTeam(data, { projectId: h.keys.projectId, displayName: fields.name ?? "Live Team", nowMillis: now })
      for (const [ids, asCreator] of [[fields.creators ?? [], true], [fields.members ?? [], false]] as const) {
        for (const id of ids) {
          const user = data.users[id]
          if (user !== undefined) addTeamMember(data, { team, user, asCreator, nowMillis: now })
        }
      }
      return team.id
    })
  )

/** Removes every permission grant of `userId` (a member who may do nothing). */
const dropGrants = (h: Harness, userId: string) =>
  h.emu.withState((data) =>
    Effect.sync(() => {
      for (const [key, grant] of Object.entries(data.permissionGrants)) if (grant.userId === userId) delete data.permissionGrants[key]
    })
  )

/** Names the users `User 1`, `User 2`, ... */
const nameUsers = (h: Harness, userIds: ReadonlyArray<string>) =>
  h.emu.withState((data) =>
    Effect.sync(() => {
      userIds.forEach((id, i) => {
        const user = data.users[id]
        if (user !== undefined) data.users[id] = { ...user, displayName: `User ${i + 1}` }
      })
    })
  )

/** A custom team permission definition in the default project. */
const definePermission = (h: Harness, id: string, contained: ReadonlyArray<string> = []) =>
  h.emu.withState((data) =>
    Effect.sync(() => {
      data.permissionDefinitions[permissionDefinitionKey(h.keys.projectId, "team", id)] = {
        projectId: h.keys.projectId,
        scope: "team",
        id,
        description: "",
        containedPermissionIds: contained
      }
    })
  )

/** Sends an invitation to `email` for `teamId` (server access); returns the invitation id and code. */
const invite = (h: Harness, teamId: string, email: string) =>
  Effect.gen(function*() {
    const response = yield* h.call("POST", "/team-invitations/send-code", {
      accessType: "server",
      json: { team_id: teamId, email, callback_url: "http://localhost:3000/handler/team-invitation" }
    })
    const body = yield* json(response)
    const id = typeof body === "object" && body !== null && "id" in body && typeof body.id === "string" ? body.id : ""
    const mails = yield* h.emu.outbox(email)
    return { id, code: mails[mails.length - 1]?.code ?? "" }
  })

/** A signed-in user who is a member (creator defaults) of "Live Team"; the team id is the path's uuid. */
const teamCreator = (h: Harness) =>
  Effect.gen(function*() {
    const bindings = yield* signedIn(h)
    const teamId = yield* makeTeam(h, { creators: [bindings.userId ?? ""] })
    return { ...bindings, pathUuids: [teamId], teamId }
  })

/** A signed-in user who is a plain member (member defaults) of "Live Team". */
const teamMember = (h: Harness) =>
  Effect.gen(function*() {
    const bindings = yield* signedIn(h)
    const teamId = yield* makeTeam(h, { members: [bindings.userId ?? ""] })
    return { ...bindings, pathUuids: [teamId], teamId }
  })

/** A signed-in invitee holding an invitation code to "Live Team" (`used`: accepted once already). */
const invitee = (h: Harness, used = false) =>
  Effect.gen(function*() {
    const inviter = yield* signedIn(h)
    const teamId = yield* makeTeam(h, { creators: [inviter.userId ?? ""] })
    const bindings = yield* signedIn(h)
    const { code } = yield* invite(h, teamId, bindings.email ?? uniqueEmail())
    if (used) {
      yield* h.call("POST", "/team-invitations/accept", { user: { accessToken: bindings.jwt ?? "" }, json: { code } })
    }
    return { ...bindings, code }
  })

/** A team with one pending invitation; the path's uuids are the team id (server list). */
const teamWithInvitation = (h: Harness) =>
  Effect.gen(function*() {
    const teamId = yield* makeTeam(h, {})
    const invitation = yield* invite(h, teamId, uniqueEmail("inv"))
    return { ...keysOf(h), pathUuids: [teamId], teamId, invitationId: invitation.id }
  })

/** A team with its creator (the caller, named "Live User") and a second member without name. */
const teamOfTwo = (h: Harness) =>
  Effect.gen(function*() {
    const bindings = yield* patched(h)
    const other = yield* h.signUp()
    const teamId = yield* makeTeam(h, { creators: [bindings.userId ?? ""], members: [other.userId] })
    return { ...bindings, pathUuids: [teamId] }
  })

const noUser = (b: Bindings): Bindings => ({ ...b, jwt: undefined, token: undefined })

const cases: ReadonlyArray<Case> = [
  // Teams
  live("teams-create-client.json", (h) => Effect.andThen(clientTeamCreation(h), signedIn(h))),
  live("teams-get-server.json", (h) => Effect.map(makeTeam(h, {}), (teamId): Bindings => ({ ...keysOf(h), pathUuids: [teamId] }))),
  live("teams-list-client-me.json", teamCreator),
  live("teams-patch-client-permission-required.json", teamMember),
  // Invitations
  live("team-invitations-send-code-client.json", (h) =>
    Effect.map(teamCreator(h), (b): Bindings => ({ ...b, email: uniqueEmail("inv"), overrides: { "body.team_id": b.teamId } }))),
  live("team-invitations-list-server.json", teamWithInvitation),
  live("team-invitations-accept.json", (h) => invitee(h)),
  live("team-invitations-accept-already-used.json", (h) => invitee(h, true)),
  live("team-invitations-accept-check-code.json", (h) => invitee(h)),
  live("team-invitations-accept-details.json", (h) => invitee(h)),
  live("team-invitations-accept-details-not-signed-in.json", (h) => Effect.map(invitee(h), noUser)),
  // Member profiles and permissions
  live("team-member-profiles-list-client.json", teamOfTwo),
  live("team-permissions-list-client.json", teamMember),

  // 2.7-era snapshots, where the current server agrees
  old("teams-create-client.json", (h) => Effect.andThen(clientTeamCreation(h), signedIn(h))),
  old("teams-create-server.json", signedIn),
  old("teams-get-client.json", teamCreator),
  old("teams-list-client-me.json", teamCreator),
  old("teams-list-client-without-user-id.json", signedIn),
  old("teams-patch-client-permission-required.json", teamMember),
  old("teams-patch-server.json", (h) => Effect.map(teamCreator(h), noUser)),
  old("team-memberships-create-client-insufficient-access-type.json", signedIn),
  old("team-memberships-create-server.json", (h) =>
    Effect.gen(function*() {
      const user = yield* h.signUp()
      const teamId = yield* makeTeam(h, {})
      return { ...keysOf(h), pathUuids: [teamId, user.userId] }
    })),
  old("team-memberships-delete-client-leave.json", teamMember),
  old("team-member-profiles-list-client.json", (h) =>
    Effect.gen(function*() {
      const bindings = yield* signedIn(h)
      const a = yield* h.signUp()
      const b = yield* h.signUp()
      const teamId = yield* makeTeam(h, { creators: [bindings.userId ?? ""], members: [a.userId, b.userId] })
      yield* nameUsers(h, [bindings.userId ?? "", a.userId, b.userId])
      return { ...bindings, pathUuids: [teamId] }
    })),
  old("team-member-profiles-list-client-permission-required.json", (h) =>
    Effect.gen(function*() {
      const bindings = yield* teamMember(h)
      yield* dropGrants(h, bindings.userId ?? "")
      return bindings
    })),
  old("team-permissions-list-client.json", (h) =>
    Effect.gen(function*() {
      yield* definePermission(h, "parent")
      const bindings = yield* teamCreator(h)
      yield* h.call("POST", `/team-permissions/${bindings.teamId}/${bindings.userId}/parent`, { accessType: "server", json: {} })
      return bindings
    })),
  old("team-permissions-grant-server.json", (h) =>
    Effect.gen(function*() {
      yield* definePermission(h, "parent")
      const bindings = yield* teamMember(h)
      return { ...noUser(bindings), pathUuids: [bindings.teamId, bindings.userId ?? ""] }
    })),
  old("team-permissions-grant-server-permission-not-found.json", (h) =>
    Effect.map(teamMember(h), (b): Bindings => ({ ...noUser(b), pathUuids: [b.teamId, b.userId ?? ""] }))),
  // team-permission-definitions-list-admin.json (2.7: five system permissions, team_admin "Default
  // permission for team creators") is superseded: backend 2.8.86 adds `$manage_api_keys` and names
  // team_admin "Default permission for team admins" (emulator-team-defaults.test.ts).
  old("team-permission-definitions-create-admin.json", (h) =>
    Effect.gen(function*() {
      yield* definePermission(h, "p1")
      const b = yield* owner(h)
      return { ...b, overrides: { "header.x-stack-admin-access-token": b.adminJwt } }
    })),
  old("team-invitations-send-code-client.json", (h) =>
    Effect.map(teamCreator(h), (b): Bindings => ({
      ...b,
      overrides: { "body.team_id": b.teamId, "body.email": uniqueEmail("recipient") }
    }))),
  old("team-invitations-list-server.json", teamWithInvitation),
  // team-invitations-list-missing-team-id.json (2.7: SCHEMA_ERROR `query.team_id must be defined`) is
  // superseded: since `user_id` may stand in for it, backend 2.8.86 answers a 400 text instead
  // (emulator-invitations-by-user.test.ts).
  old("team-invitations-revoke-client.json", (h) =>
    Effect.gen(function*() {
      const bindings = yield* teamCreator(h)
      const invitation = yield* invite(h, bindings.teamId, uniqueEmail("inv"))
      return { ...bindings, pathUuids: [invitation.id, bindings.teamId] }
    })),
  old("team-invitations-accept.json", (h) =>
    Effect.map(invitee(h), (b): Bindings => ({ ...b, overrides: { "body.code": b.code } })))
]

replaySuite("emulator fixture replay: teams", cases)

/**
 * Team invitations seen from the invited user (backend 2.8.86): `GET /team-invitations?user_id=`
 * lists pending invitations to the user's verified addresses, `POST /team-invitations/{id}/accept`
 * accepts one by id, and restricted users get TEAM_INVITATION_RESTRICTED_USER_NOT_ALLOWED.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { type Harness, json, makeHarness, type TestUser, text } from "./emulator-harness.ts"

const as = (user: TestUser) => ({ user: { accessToken: user.accessToken } })
const items = (body: unknown): ReadonlyArray<Record<string, unknown>> => {
  const list = typeof body === "object" && body !== null ? Reflect.get(body, "items") : undefined
  return Array.isArray(list) ? list : []
}

/** Marks every e-mail of `user` verified (or not). */
const setVerified = (h: Harness, user: TestUser, verified: boolean) =>
  h.configure((data) => {
    for (const channel of Object.values(data.contactChannels)) {
      if (channel.userId === user.userId) data.contactChannels[channel.id] = { ...channel, isVerified: verified }
    }
  })

/** A team of `owner` (server-created) with an invitation sent to `email`. */
const teamWithInvitation = (h: Harness, owner: TestUser, email: string) =>
  Effect.gen(function*() {
    const team = yield* json(yield* h.call("POST", "/teams", { accessType: "server", json: { display_name: "Invited Team", creator_user_id: owner.userId } }))
    const teamId = String(Reflect.get(Object(team), "id"))
    const sent = yield* h.call("POST", "/team-invitations/send-code", {
      accessType: "server",
      json: { team_id: teamId, email, callback_url: "http://localhost:3000/handler/team-invitation" }
    })
    assert.strictEqual(sent.status, 200)
    return { teamId, invitationId: String(Reflect.get(Object(yield* json(sent)), "id")) }
  })

describe("emulator: team invitations by user", () => {
  it.effect("lists invitations to verified addresses only, for the user itself or a server", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const owner = yield* h.signUp()
      const guest = yield* h.signUp()
      const { teamId, invitationId } = yield* teamWithInvitation(h, owner, guest.email)
      const unverified = yield* json(yield* h.call("GET", "/team-invitations?user_id=me", as(guest)))
      assert.deepStrictEqual(unverified, { items: [], is_paginated: false })
      yield* setVerified(h, guest, true)
      const mine = items(yield* json(yield* h.call("GET", "/team-invitations?user_id=me", as(guest))))
      assert.deepStrictEqual(mine.map((i) => [i["id"], i["team_id"], i["team_display_name"], i["recipient_email"]]), [
        [invitationId, teamId, "Invited Team", guest.email]
      ])
      const byServer = items(yield* json(yield* h.call("GET", `/team-invitations?user_id=${guest.userId}`, { accessType: "server" })))
      assert.strictEqual(byServer.length, 1)
      const otherUser = yield* h.call("GET", `/team-invitations?user_id=${guest.userId}`, as(owner))
      assert.strictEqual(otherUser.headers.get("x-stack-known-error"), "CANNOT_GET_OWN_USER_WITHOUT_USER")
      const both = yield* h.call("GET", `/team-invitations?user_id=me&team_id=${teamId}`, as(owner))
      assert.strictEqual(yield* text(both), "Cannot specify both team_id and user_id")
      const neither = yield* h.call("GET", "/team-invitations", { accessType: "server" })
      assert.strictEqual(yield* text(neither), "Must specify either team_id or user_id")
    }))

  it.effect("accepting by id joins the team once; another user's address is not enough", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const owner = yield* h.signUp()
      const guest = yield* h.signUp()
      yield* setVerified(h, guest, true)
      yield* setVerified(h, owner, true)
      const { teamId, invitationId } = yield* teamWithInvitation(h, owner, guest.email)
      const wrongUser = yield* h.call("POST", `/team-invitations/${invitationId}/accept?user_id=me`, as(owner))
      assert.strictEqual(wrongUser.headers.get("x-stack-known-error"), "VERIFICATION_CODE_NOT_FOUND")
      const accepted = yield* h.call("POST", `/team-invitations/${invitationId}/accept?user_id=me`, as(guest))
      assert.strictEqual(accepted.status, 200)
      assert.deepStrictEqual(yield* json(accepted), {})
      const teams = items(yield* json(yield* h.call("GET", "/teams?user_id=me", as(guest))))
      assert.deepStrictEqual(teams.map((t) => t["id"]), [teamId])
      const again = yield* h.call("POST", `/team-invitations/${invitationId}/accept?user_id=me`, as(guest))
      assert.strictEqual(again.headers.get("x-stack-known-error"), "VERIFICATION_CODE_NOT_FOUND")
    }))

  it.effect("a restricted user (unverified e-mail) cannot accept, by id or by code", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      yield* h.configure((data) => {
        const project = data.projects[h.keys.projectId]
        if (project !== undefined) data.projects[project.id] = { ...project, config: { ...project.config, requireEmailVerification: true } }
      })
      const owner = yield* h.signUp()
      const guest = yield* h.signUp()
      const { invitationId } = yield* teamWithInvitation(h, owner, guest.email)
      const allowRestricted = { ...as(guest), headers: { "x-stack-allow-restricted-user": "true" } }
      const byId = yield* h.call("POST", `/team-invitations/${invitationId}/accept?user_id=me`, allowRestricted)
      assert.strictEqual(byId.status, 403)
      assert.strictEqual(byId.headers.get("x-stack-known-error"), "TEAM_INVITATION_RESTRICTED_USER_NOT_ALLOWED")
      const mails = yield* h.emu.outbox(guest.email)
      const code = mails.find((m) => m.subject.startsWith("You have been invited"))?.code ?? ""
      const byCode = yield* h.call("POST", "/team-invitations/accept", { ...allowRestricted, json: { code } })
      assert.strictEqual(byCode.headers.get("x-stack-known-error"), "TEAM_INVITATION_RESTRICTED_USER_NOT_ALLOWED")
    }))
})

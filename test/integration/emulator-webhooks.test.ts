/**
 * Webhooks through the emulator's Svix-compatible server (`svixBaseUrl`): an app per project, an
 * endpoint created with the project's svix token, and one message per event, with the payloads
 * the service sends.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { type Harness, json, makeHarness } from "./emulator-harness.ts"

const svixOrigin = "http://localhost:8113"
const field = (body: unknown, key: string): unknown => (typeof body === "object" && body !== null ? Reflect.get(body, key) : undefined)
const list = (body: unknown): ReadonlyArray<unknown> => {
  const data = field(body, "data")
  return Array.isArray(data) ? data : []
}

const svix = (h: Harness, method: string, path: string, token: string, body?: unknown) =>
  h.emu.handle(new Request(`${svixOrigin}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? null : JSON.stringify(body)
  }))

/** The project's svix token and a new endpoint. */
const endpoint = (h: Harness) =>
  Effect.gen(function*() {
    const token = String(field(yield* json(yield* h.call("POST", "/webhooks/svix-token", { accessType: "admin", json: {} })), "token"))
    const created = yield* svix(h, "POST", `/app/${h.keys.projectId}/endpoint`, token, { url: "http://localhost:12345/webhook" })
    assert.strictEqual(created.status, 201)
    return { token, endpointId: String(field(yield* json(created), "id")) }
  })

/** The messages the endpoint got, newest first, with their content. */
const received = (h: Harness, token: string, endpointId: string) =>
  Effect.gen(function*() {
    const attempts = list(yield* json(yield* svix(h, "GET", `/app/${h.keys.projectId}/attempt/endpoint/${endpointId}`, token)))
    const messages: Array<unknown> = []
    for (const attempt of attempts) {
      messages.push(yield* json(yield* svix(h, "GET", `/app/${h.keys.projectId}/msg/${String(field(attempt, "msgId"))}?with_content=true`, token)))
    }
    return messages
  })

describe("emulator: webhooks through a Svix-compatible server", () => {
  it.effect("user events carry the server's view of the user; messages look like Svix's", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness({ svixBaseUrl: svixOrigin })
      const { token, endpointId } = yield* endpoint(h)
      const created = yield* json(yield* h.call("POST", "/users", { accessType: "server", json: { primary_email: "hook@example.com" } }))
      const id = String(field(created, "id"))
      yield* h.call("PATCH", `/users/${id}`, { accessType: "server", json: { display_name: "Hooked" } })
      yield* h.call("DELETE", `/users/${id}`, { accessType: "server" })
      const messages = yield* received(h, token, endpointId)
      assert.deepStrictEqual(messages.map((m) => field(m, "eventType")), ["user.deleted", "user.updated", "user.created"])
      const [deleted, updated, first] = messages
      assert.match(String(field(first, "id")), /^msg_[0-9A-Za-z]{27}$/)
      assert.isNull(field(first, "eventId"))
      assert.isNull(field(first, "channels"))
      assert.strictEqual(field(field(field(first, "payload"), "data"), "primary_email"), "hook@example.com")
      assert.strictEqual(field(field(first, "payload"), "type"), "user.created")
      assert.strictEqual(field(field(field(updated, "payload"), "data"), "display_name"), "Hooked")
      assert.deepStrictEqual(field(field(deleted, "payload"), "data"), { id, teams: [] })
    }))

  it.effect("adding a member announces the membership and its default permissions; creating a team with its creator does not", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness({ svixBaseUrl: svixOrigin })
      const { token, endpointId } = yield* endpoint(h)
      const owner = yield* h.signUp()
      const team = yield* json(yield* h.call("POST", "/teams", { accessType: "server", json: { display_name: "Hooks", creator_user_id: owner.userId } }))
      const teamId = String(field(team, "id"))
      const member = yield* h.signUp()
      yield* h.call("POST", `/team-memberships/${teamId}/${member.userId}`, { accessType: "server", json: {} })
      yield* h.call("DELETE", `/team-memberships/${teamId}/${member.userId}`, { accessType: "server", json: {} })
      yield* h.call("DELETE", `/teams/${teamId}`, { accessType: "server" })
      const types = (yield* received(h, token, endpointId)).map((m) => field(m, "eventType")).reverse()
      assert.deepStrictEqual(types.filter((t) => String(t).startsWith("team")), [
        "team.created",
        "team_membership.created",
        "team_permission.created",
        "team_membership.deleted",
        "team.deleted"
      ])
    }))

  it.effect("the Svix API wants the app's own token; without a Svix server nothing is kept", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness({ svixBaseUrl: svixOrigin })
      const wrong = yield* svix(h, "POST", `/app/${h.keys.projectId}/endpoint`, "emulator_svix_other-project_x", { url: "http://localhost:1/x" })
      assert.strictEqual(wrong.status, 401)
      const plain = yield* makeHarness()
      assert.isUndefined(plain.emu.env.svix)
    }))
})

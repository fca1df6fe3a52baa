/** A user's sessions: `GET /auth/sessions` and `DELETE /auth/sessions/{id}`, as the service answers them. */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { json, makeHarness, text } from "./emulator-harness.ts"

const items = (body: unknown): ReadonlyArray<Record<string, unknown>> => {
  const list = typeof body === "object" && body !== null ? Reflect.get(body, "items") : undefined
  return Array.isArray(list) ? list : []
}

describe("emulator sessions", () => {
  it.effect("a client lists its own sessions, newest first, and marks the current one", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const user = yield* h.signUp()
      assert.strictEqual((yield* h.call("POST", "/auth/sessions", { accessType: "server", json: { user_id: user.userId } })).status, 200)
      const list = yield* json(yield* h.call("GET", `/auth/sessions?user_id=${user.userId}`, { user }))
      const sessions = items(list)
      assert.strictEqual(sessions.length, 2)
      assert.deepStrictEqual(sessions.map((s) => s["is_current_session"]).sort(), [false, true])
      assert.isTrue(Number(sessions[0]?.["created_at"]) >= Number(sessions[1]?.["created_at"]))
      assert.deepStrictEqual(Object.keys(sessions[0] ?? {}).sort(), ["created_at", "id", "is_current_session", "is_impersonation", "last_used_at", "user_id"])
      const me = items(yield* json(yield* h.call("GET", "/auth/sessions?user_id=me", { user })))
      assert.strictEqual(me.length, 2)
    }))

  it.effect("another user's sessions are forbidden to a client; user_id is required; impersonation is for admins", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const first = yield* h.signUp()
      const second = yield* h.signUp()
      const forbidden = yield* h.call("GET", `/auth/sessions?user_id=${first.userId}`, { user: second })
      assert.strictEqual(forbidden.status, 403)
      assert.strictEqual(yield* text(forbidden), "Client can only list sessions for their own user.")
      const missing = yield* json(yield* h.call("GET", "/auth/sessions", { accessType: "server" }))
      assert.include(String(Reflect.get(Object(missing), "error")), "query.user_id must be defined")
      yield* h.call("POST", "/auth/sessions", { accessType: "server", json: { user_id: first.userId, is_impersonation: true } })
      assert.strictEqual(items(yield* json(yield* h.call("GET", `/auth/sessions?user_id=${first.userId}`, { user: first }))).length, 1)
      const admin = items(yield* json(yield* h.call("GET", `/auth/sessions?user_id=${first.userId}`, { accessType: "admin" })))
      assert.strictEqual(admin.length, 2)
      assert.isTrue(admin.some((s) => s["is_impersonation"] === true))
    }))

  it.effect("revoking: another session goes (its refresh token stops working), the current one may not", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const user = yield* h.signUp()
      const other = yield* json(yield* h.call("POST", "/auth/sessions", { accessType: "server", json: { user_id: user.userId } }))
      const otherRefresh = String(Reflect.get(Object(other), "refresh_token"))
      const sessions = items(yield* json(yield* h.call("GET", "/auth/sessions?user_id=me", { user })))
      const current = sessions.find((s) => s["is_current_session"] === true)
      const notCurrent = sessions.find((s) => s["is_current_session"] === false)
      const refused = yield* h.call("DELETE", `/auth/sessions/${String(current?.["id"])}?user_id=me`, { user })
      assert.strictEqual(refused.status, 400)
      assert.strictEqual(refused.headers.get("x-stack-known-error"), "CANNOT_DELETE_CURRENT_SESSION")
      const deleted = yield* h.call("DELETE", `/auth/sessions/${String(notCurrent?.["id"])}?user_id=me`, { user })
      assert.deepStrictEqual(yield* json(deleted), { success: true })
      const refresh = yield* h.call("POST", "/auth/sessions/current/refresh", { headers: { "x-stack-refresh-token": otherRefresh } })
      assert.strictEqual(refresh.headers.get("x-stack-known-error"), "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED")
      const again = yield* h.call("DELETE", `/auth/sessions/${String(notCurrent?.["id"])}?user_id=me`, { user })
      assert.strictEqual(again.status, 404)
      assert.strictEqual(yield* text(again), "Session not found.")
    }))
})

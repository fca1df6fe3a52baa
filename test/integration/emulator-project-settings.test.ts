/**
 * Project settings and permissions as backend 2.8.86 answers them: providers listed by id, the
 * e-mail theme, project permission definitions sharing one id space with team permissions, a
 * project permission named in a team grant, and the client team-creator text.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { json, makeHarness, text } from "./emulator-harness.ts"

const field = (body: unknown, key: string): unknown => (typeof body === "object" && body !== null ? Reflect.get(body, key) : undefined)
const darkTheme = "a0172b5d-cff0-463b-83bb-85124697373a"

describe("emulator: project settings", () => {
  it.effect("OAuth providers come back ordered by id; the e-mail theme is one of the built-in ones", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const patch = (config: unknown) => h.call("PATCH", "/internal/projects/current", { accessType: "admin", json: { config } })
      const updated = yield* json(yield* patch({ oauth_providers: [{ id: "spotify", type: "shared" }, { id: "google", type: "shared" }] }))
      const config = field(updated, "config")
      assert.deepStrictEqual(field(config, "enabled_oauth_providers"), [{ id: "google" }, { id: "spotify" }])
      const themed = yield* json(yield* patch({ email_theme: darkTheme }))
      assert.strictEqual(field(field(themed, "config"), "email_theme"), darkTheme)
      const read = yield* json(yield* h.call("GET", "/internal/projects/current", { accessType: "admin" }))
      assert.strictEqual(field(field(read, "config"), "email_theme"), darkTheme)
      const invalid = yield* patch({ email_theme: "some-invalid-theme" })
      assert.strictEqual(invalid.status, 400)
      assert.strictEqual(yield* text(invalid), "Invalid email theme")
      // The service words a non-http(s) trusted domain without the field's path.
      const ftp = yield* json(yield* patch({ domains: [{ domain: "ftp://files.example.com", handler_path: "/handler" }] }))
      assert.strictEqual(field(ftp, "error"), "Request validation failed on PATCH /api/v1/internal/projects/current:\n  - URL must start with http:// or https://")
    }))

  it.effect("project permission definitions share the id space of team permissions and are not team permissions", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const created = yield* h.call("POST", "/project-permission-definitions", { accessType: "admin", json: { id: "p1" } })
      assert.strictEqual(created.status, 201)
      assert.deepStrictEqual(yield* json(created), { id: "p1", contained_permission_ids: [] })
      const list = yield* json(yield* h.call("GET", "/project-permission-definitions", { accessType: "admin" }))
      assert.deepStrictEqual(field(list, "items"), [{ id: "p1", contained_permission_ids: [] }])
      const asTeam = yield* h.call("POST", "/team-permission-definitions", { accessType: "admin", json: { id: "p1" } })
      assert.strictEqual(asTeam.headers.get("x-stack-known-error"), "PERMISSION_ID_ALREADY_EXISTS")
      yield* h.call("POST", "/team-permission-definitions", { accessType: "admin", json: { id: "t1" } })
      const asProject = yield* h.call("POST", "/project-permission-definitions", { accessType: "admin", json: { id: "t1" } })
      assert.strictEqual(asProject.headers.get("x-stack-known-error"), "PERMISSION_ID_ALREADY_EXISTS")

      const user = yield* h.signUp()
      const team = yield* json(yield* h.call("POST", "/teams", { accessType: "server", json: { display_name: "T", creator_user_id: user.userId } }))
      const grant = yield* h.call("POST", `/team-permissions/${String(field(team, "id"))}/${user.userId}/p1`, { accessType: "server", json: {} })
      assert.strictEqual(grant.status, 404)
      assert.strictEqual(grant.headers.get("x-stack-known-error"), "WRONG_PERMISSION_SCOPE")
      assert.deepStrictEqual(field(yield* json(grant), "details"), { permission_id: "p1", expected_scope: "team", actual_scope: "project" })
      assert.deepStrictEqual(yield* json(yield* h.call("DELETE", "/project-permission-definitions/p1", { accessType: "admin" })), { success: true })
    }))

  it.effect("a client creating a team for someone else is told to use 'me'", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const user = yield* h.signUp()
      const other = yield* h.signUp()
      const response = yield* h.call("POST", "/teams", { user, json: { display_name: "Not mine", creator_user_id: other.userId } })
      assert.strictEqual(response.status, 403)
      assert.strictEqual(yield* text(response), "You cannot create a team as a user that is not yourself. Make sure you set the creator_user_id to 'me'.")
    }))
})

/**
 * Server-side users as backend 2.8.86 answers: anonymous users created and made regular by a server,
 * the list's anonymous/restricted filters, the bcrypt round limit, an empty profile image URL, the
 * create answer rendered before the personal team, and anonymous sign-up without a body.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { Emulator } from "../../src/emulator/emulator.ts"
import { harnessFor, json, makeHarness, text } from "./emulator-harness.ts"

const field = (body: unknown, key: string): unknown => (typeof body === "object" && body !== null ? Reflect.get(body, key) : undefined)
const ids = (body: unknown): ReadonlyArray<unknown> => {
  const items = field(body, "items")
  return Array.isArray(items) ? items.map((i: unknown) => field(i, "id")) : []
}

describe("emulator: users on the server", () => {
  it.effect("a server creates an anonymous user, then makes it regular (never the reverse)", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const created = yield* h.call("POST", "/users", { accessType: "server", json: { is_anonymous: true } })
      assert.strictEqual(created.status, 201)
      const user = yield* json(created)
      assert.strictEqual(field(user, "is_anonymous"), true)
      assert.deepStrictEqual(field(user, "restricted_reason"), { type: "anonymous" })
      const id = String(field(user, "id"))
      const upgraded = yield* json(yield* h.call("PATCH", `/users/${id}`, { accessType: "server", json: { is_anonymous: false, primary_email: "was-anon@example.com" } }))
      assert.strictEqual(field(upgraded, "is_anonymous"), false)
      const regular = yield* json(yield* h.call("POST", "/users", { accessType: "server", json: {} }))
      const back = yield* json(yield* h.call("PATCH", `/users/${String(field(regular, "id"))}`, { accessType: "server", json: { is_anonymous: true } }))
      assert.include(String(field(back, "error")), "body.is_anonymous must be one of the following values: false")
    }))

  it.effect("the list shows regular users by default; include_restricted, include_anonymous and only_anonymous widen or narrow it", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      yield* h.configure((data) => {
        const project = data.projects[h.keys.projectId]
        if (project !== undefined) data.projects[project.id] = { ...project, config: { ...project.config, requireEmailVerification: true } }
      })
      const verified = yield* json(yield* h.call("POST", "/users", { accessType: "server", json: { primary_email: "ok@example.com", primary_email_verified: true } }))
      const unverified = yield* json(yield* h.call("POST", "/users", { accessType: "server", json: { primary_email: "no@example.com" } }))
      const anonymous = yield* json(yield* h.call("POST", "/users", { accessType: "server", json: { is_anonymous: true } }))
      const list = (query: string) => Effect.flatMap(h.call("GET", `/users${query}`, { accessType: "server" }), json)
      assert.deepStrictEqual(ids(yield* list("")), [field(verified, "id")])
      assert.deepStrictEqual(ids(yield* list("?include_restricted=true")), [field(verified, "id"), field(unverified, "id")])
      assert.deepStrictEqual(ids(yield* list("?include_anonymous=true")).length, 3)
      assert.deepStrictEqual(ids(yield* list("?include_anonymous=true&only_anonymous=true")), [field(anonymous, "id")])
      const refused = yield* h.call("GET", "/users?only_anonymous=true", { accessType: "server" })
      assert.strictEqual(refused.status, 400)
      assert.strictEqual(yield* text(refused), "only_anonymous=true requires include_anonymous=true")
    }))

  it.effect("the create answer shows no selected team (the personal team comes after); later reads show it", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      yield* h.configure((data) => {
        const project = data.projects[h.keys.projectId]
        if (project !== undefined) data.projects[project.id] = { ...project, config: { ...project.config, createTeamOnSignUp: true } }
      })
      const created = yield* json(yield* h.call("POST", "/users", { accessType: "server", json: { display_name: "Ada" } }))
      assert.isNull(field(created, "selected_team"))
      assert.isNull(field(created, "selected_team_id"))
      const read = yield* json(yield* h.call("GET", `/users/${String(field(created, "id"))}`, { accessType: "server" }))
      assert.strictEqual(field(field(read, "selected_team"), "display_name"), "Ada's Team")
    }))

  it.effect("bcrypt hashes over 16 rounds and empty profile image URLs are refused; anonymous sign-up needs no body", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const tooSlow = yield* h.call("POST", "/users", {
        accessType: "server",
        json: { primary_email: "slow@example.com", primary_email_auth_enabled: true, password_hash: "$2a$17$VIhIOofSMqGdGlL4wzE//e.77dAQGqNtF/1dT7bqCrVtQuInWy2qi" }
      })
      assert.strictEqual(tooSlow.status, 400)
      assert.strictEqual(yield* text(tooSlow), "Invalid password hash. Make sure it's a supported algorithm in Modular Crypt Format.")
      const ok = yield* h.call("POST", "/users", {
        accessType: "server",
        json: { password_hash: "$2a$10$VIhIOofSMqGdGlL4wzE//e.77dAQGqNtF/1dT7bqCrVtQuInWy2qi", primary_email: "fast@example.com", primary_email_auth_enabled: true }
      })
      assert.strictEqual(ok.status, 201)
      const emptyImage = yield* json(yield* h.call("POST", "/users", { accessType: "server", json: { profile_image_url: "" } }))
      assert.include(String(field(emptyImage, "error")), "body.profile_image_url is not a valid URL")
      const anonymous = yield* h.call("POST", "/auth/anonymous/sign-up", {})
      assert.strictEqual(anonymous.status, 200)
      assert.isString(field(yield* json(anonymous), "access_token"))
    }))

  it.effect("names over 256 characters and image URLs with spaces or that do not parse are refused as the service's schema refuses them", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const schemaError = (body: unknown) => [field(body, "code"), String(field(body, "error"))] as const
      const longName = yield* json(yield* h.call("POST", "/users", { accessType: "server", json: { display_name: "a".repeat(257) } }))
      assert.strictEqual(schemaError(longName)[0], "SCHEMA_ERROR")
      assert.include(schemaError(longName)[1], "body.display_name must be at most 256 characters")
      const spaced = yield* json(yield* h.call("POST", "/users", { accessType: "server", json: { profile_image_url: "https://example.com/a b.png" } }))
      assert.include(schemaError(spaced)[1], "body.profile_image_url contains spaces")
      const notUrl = yield* json(yield* h.call("POST", "/users", { accessType: "server", json: { profile_image_url: "just-text" } }))
      assert.include(schemaError(notUrl)[1], "body.profile_image_url is not a valid URL")
      const fine = yield* h.call("POST", "/users", { accessType: "server", json: { display_name: "a".repeat(256), profile_image_url: "https://example.com/a.png" } })
      assert.strictEqual(fine.status, 201)
    }))

  /** A user id that is not a UUID the service accepts (version nibble `c`). */
  const notAUuid = "01234567-89ab-cdef-0123-456789abcdef"
  const schemaErrorFor = (method: string) => ({
    code: "SCHEMA_ERROR",
    error: `Request validation failed on ${method} /api/v1/users/${notAUuid}:\n  - params.user_id must be a valid UUID`,
    details: { message: `Request validation failed on ${method} /api/v1/users/${notAUuid}:\n  - params.user_id must be a valid UUID` }
  })

  it.effect("a user id that is not a valid UUID is SCHEMA_ERROR (400) on read, update and delete; a valid unknown one is USER_NOT_FOUND", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      for (const method of ["GET", "PATCH", "DELETE"]) {
        const response = yield* h.call(method, `/users/${notAUuid}`, { accessType: "server", ...(method === "PATCH" ? { json: {} } : {}) })
        assert.strictEqual(response.status, 400)
        assert.deepStrictEqual(yield* json(response), schemaErrorFor(method))
      }
      const unknown = yield* h.call("DELETE", "/users/6c1b6d2e-3c1a-4b7e-9a53-0c6f4f6e2b11", { accessType: "server" })
      assert.strictEqual(field(yield* json(unknown), "code"), "USER_NOT_FOUND")
    }))

  it.effect("over HTTP: DELETE /users/<not a UUID> answers 400 SCHEMA_ERROR", () =>
    Effect.gen(function*() {
      const emu = yield* Emulator.serve({ port: 0, passwordHashing: "fast" })
      const h = yield* harnessFor(emu)
      const response = yield* Effect.promise(() => fetch(`${emu.info.baseUrl}/api/v1/users/${notAUuid}`, {
        method: "DELETE",
        headers: { "x-stack-access-type": "server", "x-stack-project-id": h.keys.projectId, "x-stack-secret-server-key": h.keys.ssk }
      }))
      assert.strictEqual(response.status, 400)
      assert.strictEqual(response.headers.get("x-stack-known-error"), "SCHEMA_ERROR")
      assert.deepStrictEqual(yield* Effect.promise(() => response.json()), schemaErrorFor("DELETE"))
    }).pipe(Effect.scoped))
})

/**
 * The emulator under hostile input: nothing it cannot read back is stored, no request answers 500,
 * names that collide with object prototype members are ordinary unknown ids.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { makeHarness } from "./emulator-harness.ts"

const deepJson = (levels: number) => `${"{\"a\":".repeat(levels)}1${"}".repeat(levels)}`

describe("the emulator and hostile input", () => {
  it.effect("metadata nested 5,000 levels deep is refused with a typed error and the user stays readable", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const user = yield* h.signUp()
      const patch = yield* h.call("PATCH", "/users/me", { user, rawBody: `{"client_metadata":${deepJson(5000)}}`, headers: { "content-type": "application/json" } })
      assert.strictEqual(patch.status, 400)
      assert.strictEqual(patch.headers.get("x-stack-known-error"), "BODY_PARSING_ERROR")
      const me = yield* h.call("GET", "/users/me", { user })
      assert.strictEqual(me.status, 200)
      const list = yield* h.call("GET", "/users", { accessType: "server" })
      assert.strictEqual(list.status, 200)
      // Ordinary nesting still works.
      const ok = yield* h.call("PATCH", "/users/me", { user, rawBody: `{"client_metadata":${deepJson(20)}}`, headers: { "content-type": "application/json" } })
      assert.strictEqual(ok.status, 200)
    }))

  it.effect("malformed percent-escapes in a path are a typed 4xx, never a 500", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      for (const path of ["/users/%ZZ", "/teams/%E0%A4%A", "/team-memberships/%/%", "/contact-channels/%zz/%zz"]) {
        const response = yield* h.call("GET", path, { accessType: "server" })
        assert.isBelow(response.status, 500, path)
        assert.isAtLeast(response.status, 400, path)
      }
    }))

  it.effect("ids named like prototype members are unknown ids (paths, project ids, token audiences)", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      for (const id of ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"]) {
        const user = yield* h.call("GET", `/users/${id}`, { accessType: "server" })
        assert.isBelow(user.status, 500, `/users/${id}`)
        const team = yield* h.call("GET", `/teams/${id}`, { accessType: "server" })
        assert.isBelow(team.status, 500, `/teams/${id}`)
        const project = yield* h.call("GET", "/projects/current", { keys: { ...h.keys, projectId: id } })
        assert.strictEqual(project.status, 400, `project ${id}`)
        const jwks = yield* h.call("GET", `/projects/${id}/.well-known/jwks.json`, { accessType: null })
        assert.isBelow(jwks.status, 500, `jwks ${id}`)
        const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url")
        const forged = `${b64({ alg: "ES256", kid: id })}.${b64({ sub: id, aud: id, iss: id, exp: 9_999_999_999 })}.c2ln`
        const me = yield* h.call("GET", "/users/me", { user: { accessToken: forged } })
        assert.isBelow(me.status, 500, `token aud ${id}`)
      }
    }))

  it.effect("the outbox answers only with the emulator's token (or the admin key), and to no other origin", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      yield* h.signUp()
      const outbox = (query: string, headers: Record<string, string> = {}) =>
        h.emu.handle(new Request(`${h.emu.info.baseUrl}/emulator/outbox${query}`, { headers: { origin: "https://evil.example", ...headers } }))
      const anonymous = yield* outbox("")
      assert.strictEqual(anonymous.status, 401)
      assert.notInclude(yield* Effect.promise(() => anonymous.text()), "code")
      assert.strictEqual((yield* outbox("?token=wrong")).status, 401)
      for (const [query, headers] of [
        [`?token=${h.emu.info.emulatorToken}`, {}],
        ["", { "x-stackfx-emulator-token": h.emu.info.emulatorToken }],
        ["", { authorization: `Bearer ${h.emu.info.emulatorToken}` }],
        ["", { authorization: `Bearer ${h.keys.sak}` }]
      ] as const) {
        const allowed = yield* outbox(query, headers)
        assert.strictEqual(allowed.status, 200)
        assert.isNull(allowed.headers.get("access-control-allow-origin"), "no CORS: another origin's page cannot read it")
        const mails = JSON.parse(yield* Effect.promise(() => allowed.text()))
        assert.isAtLeast(mails.length, 1)
      }
      const viaUrl = yield* h.emu.handle(new Request(`${h.emu.info.outboxUrl}&to=nobody@example.com`))
      assert.strictEqual(viaUrl.status, 200)
    }))

  it.live("password hashing does not hold the state lock: a read is answered while 20 sign-ups hash", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness({ passwordHashing: "service" })
      const reader = yield* h.signUp()
      const finished: Array<string> = []
      const signUps = Array.from({ length: 20 }, (_, i) =>
        h.call("POST", "/auth/password/sign-up", { json: { email: `queue-${i}@example.com`, password: "correct horse battery" } }).pipe(
          Effect.tap(() => Effect.sync(() => void finished.push("sign-up")))
        ))
      const read = h.call("GET", "/users/me", { user: reader }).pipe(Effect.tap((response) => Effect.sync(() => void finished.push(`read ${response.status}`))))
      // The sign-ups are queued first; with the KDF under the lock the read would come last.
      yield* Effect.all([...signUps, Effect.andThen(Effect.sleep("1 millis"), read)], { concurrency: "unbounded" })
      const readAt = finished.indexOf("read 200")
      assert.isAtLeast(readAt, 0)
      assert.isBelow(readAt, 10, `the read finished at position ${readAt} of 21`)
    }))
})

/**
 * Secret keys from browser pages: the emulator answers every origin with CORS `*` and the CLI's keys
 * are published, so server and admin access from a browser origin (an `Origin` header) the project
 * does not trust are refused; scripts and servers (no `Origin`) and client access are unaffected.
 * Over real HTTP (`Emulator.serve`).
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type * as Scope from "effect/Scope"
import { Emulator, type EmulatorService } from "../../src/emulator/index.ts"
import { makeHarness } from "./emulator-harness.ts"

/** The page the developer is building, and another page open in the same browser. */
const appOrigin = "http://localhost:5173"
const otherOrigin = "http://localhost:5174"

const SignUpAnswer = Schema.fromJsonString(Schema.Struct({ user_id: Schema.String }))

type Access = "client" | "server" | "admin"

const keyHeaders = (emu: EmulatorService, access: Access): Record<string, string> => ({
  "x-stack-access-type": access,
  "x-stack-project-id": emu.info.projectId,
  ...(access === "client" ? { "x-stack-publishable-client-key": emu.info.publishableClientKey } : {}),
  ...(access === "server" ? { "x-stack-secret-server-key": emu.info.secretServerKey } : {}),
  ...(access === "admin" ? { "x-stack-super-secret-admin-key": emu.info.superSecretAdminKey } : {})
})

interface Answer {
  readonly status: number
  readonly body: string
  readonly allowOrigin: string | null
}

/** One request over HTTP, from `origin` (a browser page) or from no origin (a script). */
const call = (
  emu: EmulatorService,
  method: string,
  path: string,
  options: { readonly access: Access; readonly origin?: string; readonly body?: unknown }
): Effect.Effect<Answer> =>
  Effect.promise(async () => {
    const response = await fetch(`${emu.info.baseUrl}/api/v1${path}`, {
      method,
      headers: {
        ...keyHeaders(emu, options.access),
        ...(options.origin === undefined ? {} : { origin: options.origin }),
        ...(options.body === undefined ? {} : { "content-type": "application/json" })
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) })
    })
    return { status: response.status, body: await response.text(), allowOrigin: response.headers.get("access-control-allow-origin") }
  })

const served: Effect.Effect<EmulatorService, never, Scope.Scope> = Effect.orDie(Emulator.serve({ port: 0 }))

const sessionCount = (emu: EmulatorService) => emu.withState((data) => Effect.succeed(Object.keys(data.refreshTokens).length))

const trust = (emu: EmulatorService, domains: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const patch = yield* call(emu, "PATCH", "/internal/projects/current", {
      access: "admin",
      body: { config: { domains: domains.map((domain) => ({ domain, handler_path: "/handler" })) } }
    })
    assert.strictEqual(patch.status, 200, patch.body)
  })

describe("emulator: secret keys from browser origins", () => {
  it.live("a page on another origin cannot list users, mint sessions or read the config with the fixed keys; scripts still can", () =>
    Effect.gen(function*() {
      const emu = yield* served
      const email = "victim@example.com"
      const signUp = yield* call(emu, "POST", "/auth/password/sign-up", {
        access: "client",
        origin: otherOrigin,
        body: { email, password: "victim-password-1" }
      })
      assert.strictEqual(signUp.status, 200, "client access works from any origin")
      const userId = Schema.decodeUnknownSync(SignUpAnswer)(signUp.body).user_id

      for (const access of ["server", "admin"] as const) {
        const users = yield* call(emu, "GET", "/users", { access, origin: otherOrigin })
        assert.strictEqual(users.status, 403, `${access} GET /users`)
        assert.include(users.body, `refuses ${access} access from the browser origin ${otherOrigin}`)
        assert.notInclude(users.body, email)
        assert.strictEqual(users.allowOrigin, "*", "the page can read why, and only that")
      }
      const before = yield* sessionCount(emu)
      const minted = yield* call(emu, "POST", "/auth/sessions", { access: "server", origin: otherOrigin, body: { user_id: userId } })
      assert.strictEqual(minted.status, 403)
      assert.notInclude(minted.body, "refresh_token")
      assert.strictEqual(yield* sessionCount(emu), before, "no session was created")
      for (const path of ["/projects/current", "/internal/projects/current"]) {
        const config = yield* call(emu, "GET", path, { access: "admin", origin: otherOrigin })
        assert.strictEqual(config.status, 403, path)
      }
      // Sandboxed frames and file:// pages send `Origin: null`.
      assert.strictEqual((yield* call(emu, "GET", "/users", { access: "server", origin: "null" })).status, 403)

      // Without an Origin header (scripts, tests, servers) the fixed keys work as before.
      const listed = yield* call(emu, "GET", "/users", { access: "server" })
      assert.strictEqual(listed.status, 200)
      assert.include(listed.body, email)
      const session = yield* call(emu, "POST", "/auth/sessions", { access: "server", body: { user_id: userId } })
      assert.strictEqual(session.status, 200)
      assert.include(session.body, "refresh_token")
      assert.strictEqual((yield* call(emu, "GET", "/projects/current", { access: "admin" })).status, 200)
    }).pipe(Effect.scoped))

  it.live("an origin among the project's trusted domains may use them: exactly that scheme, host and port", () =>
    Effect.gen(function*() {
      const emu = yield* served
      yield* trust(emu, [appOrigin, "https://*.example.com"])
      const status = (origin: string, access: Access = "admin") =>
        Effect.map(call(emu, "GET", "/users", { access, origin }), (answer) => answer.status)
      assert.strictEqual(yield* status(appOrigin), 200)
      assert.strictEqual(yield* status(appOrigin, "server"), 200)
      assert.strictEqual(yield* status(otherOrigin), 403, "another port of localhost")
      assert.strictEqual(yield* status("http://127.0.0.1:5173"), 403, "another host name")
      assert.strictEqual(yield* status("https://localhost:5173"), 403, "another scheme")
      assert.strictEqual(yield* status("https://app.example.com"), 200, "a wildcard domain")
      assert.strictEqual(yield* status("https://example.com"), 403)
      assert.strictEqual(yield* status("https://a.b.example.com"), 403, "* stands for one label")
      assert.strictEqual(yield* status("https://app.example.com.evil.test"), 403)
      // allowLocalhost (on by default) trusts localhost for redirects, not for secret keys.
      const project = yield* call(emu, "GET", "/internal/projects/current", { access: "admin" })
      assert.include(project.body, "\"allow_localhost\":true")
    }).pipe(Effect.scoped))

  it.effect("an owner's admin access token from a browser: from origins the project or the dashboard (internal project) trusts", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const owner = yield* h.projectOwner
      const read = (origin: string) =>
        Effect.map(
          h.call("GET", "/internal/projects/current", {
            accessType: "admin",
            keys: { ...h.keys, sak: "" },
            headers: { "x-stack-admin-access-token": owner.accessToken, origin }
          }),
          (response) => response.status
        )
      assert.strictEqual(yield* read(otherOrigin), 403)
      const dashboard = "http://localhost:8101"
      yield* h.emu.withState((data) =>
        Effect.sync(() => {
          const internal = data.projects["internal"]
          if (internal !== undefined) {
            data.projects["internal"] = { ...internal, config: { ...internal.config, domains: [{ domain: dashboard, handlerPath: "/handler" }] } }
          }
        })
      )
      assert.strictEqual(yield* read(dashboard), 200, "the dashboard's origin")
      assert.strictEqual(yield* read(otherOrigin), 403)
      // The internal project's trust is for admin access tokens only, not the project's own keys.
      const withKey = yield* h.call("GET", "/internal/projects/current", { accessType: "admin", headers: { origin: dashboard } })
      assert.strictEqual(withKey.status, 403)
    }))
})

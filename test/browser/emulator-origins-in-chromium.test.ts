/**
 * The attack of issue 29 item 5 in a real browser: a page on another local origin uses the
 * emulator's published default keys with `fetch` (CORS preflight and all). The emulator refuses
 * server and admin access from it until the project trusts that origin.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { servePage } from "../../examples/react-app/serve.ts"
import { Emulator } from "../../src/emulator/emulator.ts"
import { launchChromium, step } from "./chromium.ts"

const SignUpAnswer = Schema.fromJsonString(Schema.Struct({ user_id: Schema.String }))

interface PageAnswer {
  readonly status: number
  readonly body: string
}

describe("emulator keys from a page in Chromium", () => {
  it.live("a page on another localhost port can neither list users nor mint a session with the default keys, until its origin is trusted", () =>
    Effect.gen(function*() {
      const emu = yield* Effect.orDie(Emulator.serve({ port: 0, passwordHashing: "fast" }))
      const email = "victim@example.com"
      const signUp = yield* step(() =>
        fetch(`${emu.info.baseUrl}/api/v1/auth/password/sign-up`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-stack-access-type": "client", "x-stack-project-id": emu.info.projectId },
          body: JSON.stringify({ email, password: "victim-password-1" })
        }).then((response) => response.text())
      )
      const userId = Schema.decodeUnknownSync(SignUpAnswer)(signUp).user_id
      const page = yield* servePage("", { baseUrl: emu.info.baseUrl, projectId: emu.info.projectId, publishableClientKey: emu.info.publishableClientKey })
      const browser = yield* launchChromium
      const tab = yield* step(() => browser.newPage())
      yield* step(() => tab.goto(page.origin))
      const fromPage = (path: string, method: string, access: "server" | "admin") =>
        step(() =>
          tab.evaluate(async ({ baseUrl, projectId, key, path, method, access, userId }): Promise<PageAnswer> => {
            const response = await fetch(`${baseUrl}/api/v1${path}`, {
              method,
              headers: {
                "content-type": "application/json",
                "x-stack-access-type": access,
                "x-stack-project-id": projectId,
                [access === "server" ? "x-stack-secret-server-key" : "x-stack-super-secret-admin-key"]: key
              },
              ...(method === "POST" ? { body: JSON.stringify({ user_id: userId }) } : {})
            })
            return { status: response.status, body: await response.text() }
          }, {
            baseUrl: emu.info.baseUrl,
            projectId: emu.info.projectId,
            key: access === "server" ? emu.info.secretServerKey : emu.info.superSecretAdminKey,
            path,
            method,
            access,
            userId
          })
        )
      const users = yield* fromPage("/users", "GET", "admin")
      assert.strictEqual(users.status, 403)
      assert.notInclude(users.body, email)
      assert.include(users.body, page.origin)
      const config = yield* fromPage("/internal/projects/current", "GET", "admin")
      assert.strictEqual(config.status, 403)
      const sessionsBefore = yield* emu.withState((data) => Effect.succeed(Object.keys(data.refreshTokens).length))
      const minted = yield* fromPage("/auth/sessions", "POST", "server")
      assert.strictEqual(minted.status, 403)
      assert.strictEqual(yield* emu.withState((data) => Effect.succeed(Object.keys(data.refreshTokens).length)), sessionsBefore)

      // The project owner trusts this origin (as the React example does for its admin page).
      yield* emu.withState((data) =>
        Effect.sync(() => {
          const project = data.projects[emu.info.projectId]
          if (project !== undefined) {
            data.projects[project.id] = { ...project, config: { ...project.config, domains: [{ domain: page.origin, handlerPath: "/handler" }] } }
          }
        })
      )
      const trusted = yield* fromPage("/users", "GET", "admin")
      assert.strictEqual(trusted.status, 200)
      assert.include(trusted.body, email)
    }).pipe(Effect.scoped), 60_000)
})

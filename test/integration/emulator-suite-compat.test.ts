/**
 * What clients of today's service send and what its own test setup relies on: bot-challenge fields
 * on sign-up, sign-in, one-time codes and OAuth authorize; the internal project's keys chosen at start;
 * the outbox read through Inbucket's API.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { parseCliArgs } from "../../src/emulator/cli.ts"
import { Emulator } from "../../src/emulator/emulator.ts"
import { serveInbucket } from "../../src/emulator/inbucket.ts"
import { makeHarness, uniqueEmail } from "./emulator-harness.ts"

const bot = { bot_challenge_token: "a-challenge-token", bot_challenge_phase: "invisible" }
const callback = "http://localhost:3000/handler/email-verification"

describe("bot-challenge fields", () => {
  it.effect("are accepted on password sign-up and sign-in, and other unknown fields are still refused", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const email = uniqueEmail()
      const password = "Sup3r-Secret-password"
      const up = yield* h.call("POST", "/auth/password/sign-up", {
        json: { email, password, verification_callback_url: callback, ...bot }
      })
      assert.strictEqual(up.status, 200, yield* Effect.promise(() => up.text()))
      const signIn = yield* h.call("POST", "/auth/password/sign-in", { json: { email, password, ...bot } })
      assert.strictEqual(signIn.status, 200)
      const unknown = yield* h.call("POST", "/auth/password/sign-in", { json: { email, password, captcha: "x" } })
      assert.strictEqual(unknown.status, 400)
      assert.strictEqual(unknown.headers.get("x-stack-known-error"), "SCHEMA_ERROR")
      const badType = yield* h.call("POST", "/auth/password/sign-in", { json: { email, password, bot_challenge_token: 1 } })
      assert.strictEqual(badType.status, 400)
      assert.strictEqual(badType.headers.get("x-stack-known-error"), "SCHEMA_ERROR")
    }))

  it.effect("are accepted on the one-time sign-in code request", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const sent = yield* h.call("POST", "/auth/otp/send-sign-in-code", {
        json: { email: uniqueEmail(), callback_url: callback, ...bot }
      })
      assert.strictEqual(sent.status, 200, yield* Effect.promise(() => sent.text()))
    }))

  it.effect("are accepted in the OAuth authorize query", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const query = new URLSearchParams({
        client_id: h.keys.projectId,
        client_secret: h.keys.pck,
        redirect_uri: "http://localhost:3000/handler/oauth-callback",
        scope: "legacy",
        state: "some-state",
        grant_type: "authorization_code",
        code_challenge: "some-code-challenge",
        code_challenge_method: "plain",
        response_type: "code",
        ...bot
      })
      const answer = yield* h.call("GET", `/auth/oauth/authorize/github?${query.toString()}`, { accessType: null })
      assert.strictEqual(answer.status, 307, yield* Effect.promise(() => answer.text()))
    }))
})

describe("internal project keys", () => {
  it.effect("are the ones given at start", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness({
        internalKeys: {
          publishableClientKey: "internal-pck-for-tests",
          secretServerKey: "internal-ssk-for-tests",
          superSecretAdminKey: "internal-sak-for-tests"
        }
      })
      assert.deepStrictEqual(h.internalKeys, {
        projectId: "internal",
        pck: "internal-pck-for-tests",
        ssk: "internal-ssk-for-tests",
        sak: "internal-sak-for-tests"
      })
      const answer = yield* h.call("GET", "/projects/current", { accessType: "admin", keys: h.internalKeys })
      assert.strictEqual(answer.status, 200, yield* Effect.promise(() => answer.text()))
      const wrong = yield* h.call("GET", "/projects/current", {
        accessType: "client",
        keys: { ...h.internalKeys, pck: "something-else" }
      })
      assert.strictEqual(wrong.status, 401)
    }))

  it.effect("are read from the CLI flags", () =>
    Effect.gen(function*() {
      const options = yield* parseCliArgs([
        "--internal-publishable-client-key",
        "a",
        "--internal-secret-server-key=b",
        "--internal-super-secret-admin-key",
        "c"
      ])
      assert.strictEqual(options.internalPublishableClientKey, "a")
      assert.strictEqual(options.internalSecretServerKey, "b")
      assert.strictEqual(options.internalSuperSecretAdminKey, "c")
    }))
})

const Summary = Schema.Struct({ id: Schema.String, from: Schema.String, to: Schema.Array(Schema.String), subject: Schema.String })
const Full = Schema.Struct({ ...Summary.fields, body: Schema.Struct({ text: Schema.String, html: Schema.String }) })
const getJson = (url: string) => Effect.promise((): Promise<unknown> => fetch(url).then((r) => r.json()))

describe("Inbucket API of the outbox", () => {
  it.live("lists a mailbox by the address's local part and returns each message with its body", () =>
    Effect.scoped(Effect.gen(function*() {
      const emu = yield* Emulator.serve({ port: 0 })
      const inbucket = yield* serveInbucket(emu, { port: 0 })
      const local = `inbucket-${Date.now().toString(36)}`
      const signUp = yield* Effect.promise(() =>
        fetch(`${emu.info.baseUrl}/api/v1/auth/password/sign-up`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "x-stack-access-type": "client",
            "x-stack-project-id": emu.info.projectId,
            "x-stack-publishable-client-key": emu.info.publishableClientKey
          },
          body: JSON.stringify({ email: `${local}@example.com`, password: "Sup3r-Secret-password", verification_callback_url: callback })
        })
      )
      assert.strictEqual(signUp.status, 200)
      const raw = yield* getJson(`${inbucket}/api/v1/mailbox/${local}`)
      const list = Schema.decodeUnknownSync(Schema.Array(Summary))(raw)
      assert.strictEqual(list.length, 1)
      assert.ok(Array.isArray(raw) && typeof raw[0] === "object" && raw[0] !== null && !("body" in raw[0]))
      const summary = list[0]
      if (summary === undefined) return assert.fail("no message")
      assert.deepStrictEqual(summary.to, [`<${local}@example.com>`])
      assert.strictEqual(summary.from, "Emulator Project <noreply@example.com>")
      const full = Schema.decodeUnknownSync(Full)(yield* getJson(`${inbucket}/api/v1/mailbox/${local}/${summary.id}`))
      assert.strictEqual(full.subject, summary.subject)
      assert.ok(full.body.text.includes("code="), full.body.text)
      assert.deepStrictEqual(yield* getJson(`${inbucket}/api/v1/mailbox/someone-else`), [])
      const missing = yield* Effect.promise(() => fetch(`${inbucket}/api/v1/mailbox/${local}/nope`))
      assert.strictEqual(missing.status, 404)
      assert.strictEqual((yield* parseCliArgs(["--inbucket-port", "8105"])).inbucketPort, 8105)
    })))
})

/**
 * The outbox API's pages and the send-email checks the service makes by its body shapes: a page
 * of `limit` e-mails with the next page's cursor, `limit` above 100 refused, a `theme_id` that is
 * no theme id and `variables` that are no object reported shape by shape. In-process and over HTTP.
 */
import { assert, describe, it, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import { TestClock } from "effect/testing"
import { StackAdmin } from "../../src/admin/index.ts"
import { Emulator } from "../../src/emulator/emulator.ts"

const adminFor = Layer.unwrap(Effect.gen(function*() {
  const emu = yield* Emulator
  return StackAdmin.layer({ projectId: emu.info.projectId, superSecretAdminKey: emu.info.superSecretAdminKey, baseUrl: emu.info.baseUrl })
}))
const smtp = { type: "standard", host: "smtp.example.com", port: 587, username: "u", password: "p", senderName: "Team", senderEmail: "team@example.com" } as const

/** A server request to the emulator (`emu.handle`: in-process, or the served one's own socket). */
const request = (method: string, path: string, body?: unknown) =>
  Effect.gen(function*() {
    const emu = yield* Emulator
    const response = yield* emu.handle(new Request(`${emu.info.baseUrl}/api/v1${path}`, {
      method,
      headers: {
        "content-type": "application/json",
        "x-stack-access-type": "server",
        "x-stack-project-id": emu.info.projectId,
        "x-stack-secret-server-key": emu.info.secretServerKey
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) })
    }))
    const text = yield* Effect.promise(() => response.text())
    return { status: response.status, text }
  })

const fiveEmails = Effect.gen(function*() {
  const admin = yield* StackAdmin
  yield* admin.updateProject({ config: { emailConfig: smtp } })
  const user = yield* admin.createUser({ primaryEmail: `p-${Math.random().toString(36).slice(2)}@example.com`, primaryEmailVerified: true })
  for (let i = 0; i < 5; i++) {
    yield* admin.sendEmail({ userIds: [user.id], html: `<p>${i}</p>`, subject: `Page ${i}` })
    yield* TestClock.adjust("1 millis")
  }
  return user
})

const pagesAndChecks = Effect.gen(function*() {
  const user = yield* fiveEmails
  const page = (query: string) => Effect.map(request("GET", `/emails/outbox${query}`), (r) => JSON.parse(r.text))
  const first = yield* page("?limit=2")
  assert.deepStrictEqual(first.items.map((e: { subject: string }) => e.subject), ["Page 4", "Page 3"])
  assert.isTrue(first.is_paginated)
  const second = yield* page(`?limit=2&cursor=${first.pagination.next_cursor}`)
  assert.deepStrictEqual(second.items.map((e: { subject: string }) => e.subject), ["Page 2", "Page 1"])
  const third = yield* page(`?limit=2&cursor=${second.pagination.next_cursor}`)
  assert.deepStrictEqual([third.items.length, third.pagination.next_cursor], [1, null])
  assert.deepStrictEqual(yield* request("GET", "/emails/outbox?limit=101"), { status: 400, text: "Limit cannot exceed 100" })

  const badTheme = yield* request("POST", "/emails/send-email", { user_ids: [user.id], html: "<p>x</p>", theme_id: "not-a-theme" })
  assert.strictEqual(badTheme.status, 400)
  assert.include(JSON.parse(badTheme.text).error, "Schema 0:\n      body.theme_id is invalid\n    Schema 1:\n      body.template_id must be defined")
  const badVariables = yield* request("POST", "/emails/send-email", { user_ids: [user.id], template_id: "a3c3a7e5-4d6a-4d52-9a3f-3d8a5b2f1c11", variables: ["a"] })
  assert.include(JSON.parse(badVariables.text).error, "body.variables must be a `object` type, but the final value was: `[\n        \"\\\"a\\\"\"\n      ]`.")
})

describe("outbox pages and send-email shapes (in-process)", () => {
  it.effect("pages by cursor; bad limits, theme ids and variables are refused as the service does", () =>
    pagesAndChecks.pipe(Effect.provide(Layer.provideMerge(adminFor, Emulator.layer()))), 60_000)
})

layer(Layer.provideMerge(adminFor, Layer.merge(Emulator.layerServe({ port: 0 }), FetchHttpClient.layer)))("outbox pages over real HTTP", (it) => {
  it.effect("pages by cursor over HTTP", () =>
    Effect.gen(function*() {
      yield* fiveEmails
      const emu = yield* Emulator
      const response = yield* Effect.promise(() => fetch(`${emu.info.baseUrl}/api/v1/emails/outbox?limit=2`, {
        headers: { "x-stack-access-type": "server", "x-stack-project-id": emu.info.projectId, "x-stack-secret-server-key": emu.info.secretServerKey }
      }).then((r) => r.json()))
      assert.strictEqual(response.items.length, 2)
      assert.isString(response.pagination.next_cursor)
    }), 60_000)
})

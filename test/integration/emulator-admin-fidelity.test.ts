/**
 * Admin endpoints where the emulator must answer what today's service answers: a template's
 * `theme_id`, the e-mail check of `send-test-email`, shared OAuth keys for any known provider, and
 * finite `*_millis` values.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as HttpClient from "effect/http/HttpClient"
import { StackAdmin } from "../../src/admin/index.ts"
import { defaultEmailTemplates, newTemplateSource } from "../../src/emulator/handlers/email-templates.ts"
import { Millis } from "../../src/wire/common.ts"
import { type Harness, json, makeHarness } from "./emulator-harness.ts"
import { standardEmail } from "./emulator-setups.ts"

const prop = (value: unknown, key: string): unknown =>
  typeof value === "object" && value !== null ? Reflect.get(value, key) : undefined

const admin = { accessType: "admin" } as const

/** Sends a request and asserts its status; returns the JSON body. */
const expectStatus = (h: Harness, status: number, method: "GET" | "POST" | "PATCH", path: string, body?: unknown) =>
  Effect.gen(function*() {
    const response = yield* h.call(method, path, body === undefined ? admin : { ...admin, json: body })
    const parsed = yield* json(response)
    assert.strictEqual(response.status, status, JSON.stringify(parsed))
    return parsed
  })


/** Runs `body` with a StackAdmin of the harness's project. */
const asAdmin = <A, E>(h: Harness, body: Effect.Effect<A, E, StackAdmin>) =>
  body.pipe(Effect.provide(StackAdmin.layer({ projectId: h.keys.projectId, baseUrl: h.emu.info.baseUrl, superSecretAdminKey: h.keys.sak }).pipe(
    Layer.provide(Layer.succeed(HttpClient.HttpClient, h.emu.httpClient))
  )))

const builtInId = defaultEmailTemplates[0]?.id ?? ""

describe("emulator admin fidelity", () => {
  it.effect("PATCH /internal/email-templates/{id} stores theme_id and the list returns it; null clears it, absent keeps it", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      yield* expectStatus(h, 200, "PATCH", "/internal/projects/current", { config: { email_config: standardEmail } })
      const path = `/internal/email-templates/${builtInId}`
      const listedTheme = Effect.gen(function*() {
        const list = prop(yield* expectStatus(h, 200, "GET", "/internal/email-templates"), "templates")
        const template = Array.isArray(list) ? list.find((t) => prop(t, "id") === builtInId) : undefined
        assert.isDefined(template)
        return Object.hasOwn(Object(template), "theme_id") ? prop(template, "theme_id") : "absent"
      })

      const noTheme = yield* expectStatus(h, 200, "PATCH", path, { tsx_source: newTemplateSource, theme_id: false })
      assert.deepStrictEqual(Object.keys(Object(noTheme)), ["rendered_html"])
      assert.strictEqual(yield* listedTheme, false)
      yield* expectStatus(h, 200, "PATCH", path, { tsx_source: newTemplateSource })
      assert.strictEqual(yield* listedTheme, false)
      const themeId = "a0172b5d-cff0-463b-83bb-85124697373a"
      yield* expectStatus(h, 200, "PATCH", path, { tsx_source: newTemplateSource, theme_id: themeId })
      assert.strictEqual(yield* listedTheme, themeId)
      yield* expectStatus(h, 200, "PATCH", path, { tsx_source: newTemplateSource, theme_id: null })
      assert.strictEqual(yield* listedTheme, "absent")

      const notUuid = yield* expectStatus(h, 400, "PATCH", path, { tsx_source: newTemplateSource, theme_id: "dark" })
      assert.strictEqual(prop(notUuid, "code"), "SCHEMA_ERROR")

      // The SDK sends it too.
      const templates = yield* asAdmin(h, Effect.gen(function*() {
        const sdk = yield* StackAdmin
        yield* sdk.updateEmailTemplate(builtInId, { tsxSource: newTemplateSource, themeId: false })
        return yield* sdk.listEmailTemplates()
      }))
      assert.strictEqual(templates.find((t) => t.id === builtInId)?.themeId, false)
    }))

  it.effect("POST /internal/send-test-email checks the recipient as an e-mail address (SCHEMA_ERROR), like the service", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const { type: _, ...emailConfig } = standardEmail
      const refused = yield* expectStatus(h, 400, "POST", "/internal/send-test-email", { recipient_email: "not-an-email", email_config: emailConfig })
      assert.strictEqual(prop(refused, "code"), "SCHEMA_ERROR")
      assert.strictEqual(
        prop(prop(refused, "details"), "message"),
        "Request validation failed on POST /api/v1/internal/send-test-email:\n  - body.recipient_email must be a valid email"
      )
      assert.lengthOf(yield* h.emu.outbox("not-an-email"), 0)
      const sent = yield* expectStatus(h, 200, "POST", "/internal/send-test-email", { recipient_email: "owner@example.com", email_config: emailConfig })
      assert.deepStrictEqual(sent, { success: true })

      // The SDK refuses it before the round trip.
      const failure = yield* asAdmin(h, Effect.flip(Effect.gen(function*() {
        const sdk = yield* StackAdmin
        return yield* sdk.sendTestEmail({
          recipientEmail: "not-an-email",
          emailConfig: { host: "smtp.example.com", port: 587, username: "u", password: "p", senderEmail: "team@example.com", senderName: "Team" }
        })
      })))
      assert.strictEqual(failure._tag, "InvalidInput")
    }))

  it("Millis accepts finite numbers only (NaN and ±Infinity would encode as null)", () => {
    assert.isTrue(Exit.isSuccess(Schema.decodeUnknownExit(Millis)(1_700_000_000_000)))
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      assert.isTrue(Exit.isFailure(Schema.decodeUnknownExit(Millis)(value)), String(value))
      assert.isTrue(Exit.isFailure(Schema.encodeUnknownExit(Millis)(value)), String(value))
    }
  })

  it.effect("an API key set expiring at NaN is refused by the SDK instead of being sent as null", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const [failure, keys] = yield* asAdmin(h, Effect.gen(function*() {
        const sdk = yield* StackAdmin
        const before = (yield* sdk.listApiKeys()).length
        const error = yield* Effect.flip(sdk.createApiKey({
          description: "never",
          expiresAtMillis: Number.NaN,
          hasPublishableClientKey: true,
          hasSecretServerKey: false,
          hasSuperSecretAdminKey: false
        }))
        return [error, (yield* sdk.listApiKeys()).length - before] as const
      }))
      assert.strictEqual(failure._tag, "InvalidInput")
      assert.strictEqual(keys, 0)
    }))
})

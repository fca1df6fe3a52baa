/** StackAdmin against the emulator: project settings, API keys, templates, definitions, webhooks, owned projects. */
import { assert, describe, it } from "@effect/vitest"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import { isInvalidAdminAccessToken } from "../../src/errors/families.ts"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as HttpClient from "effect/http/HttpClient"
import { TestClock } from "effect/testing"
import {
  apiKeyValidity,
  createOwnedProject,
  listOwnedProjects,
  productionModeErrors,
  StackAdmin,
  type StackAdminOptions
} from "../../src/admin/index.ts"
import { Emulator } from "../../src/emulator/emulator.ts"
import { StackServer } from "../../src/server/index.ts"
import { makeHarness } from "../integration/emulator-harness.ts"

const adminFor = (extra: Partial<StackAdminOptions> = {}) =>
  Layer.unwrap(Effect.gen(function*() {
    const emu = yield* Emulator
    return StackAdmin.layer({ projectId: emu.info.projectId, superSecretAdminKey: emu.info.superSecretAdminKey, baseUrl: emu.info.baseUrl, ...extra })
  }))

/** Counts requests, to show that refused input sends nothing. */
const countingEmulator = Layer.unwrap(Effect.gen(function*() {
  const emu = yield* Emulator.make()
  const sent: Array<string> = []
  const http = HttpClient.make((request) => {
    sent.push(request.url)
    return emu.httpClient.execute(request)
  })
  return Layer.mergeAll(Layer.succeed(Emulator, emu), Layer.succeed(HttpClient.HttpClient, http), Layer.succeed(SentRequests, sent))
}))
class SentRequests extends Context.Service<SentRequests, Array<string>>()("test/SentRequests") {}

const inProcess = (extra: Partial<StackAdminOptions> = {}) => Layer.provideMerge(adminFor(extra), countingEmulator)

describe("StackAdmin", () => {
  it.effect("reads and updates the project; a config switch changes what the service allows", () =>
    Effect.gen(function*() {
      const admin = yield* StackAdmin
      const emu = yield* Emulator
      const project = yield* admin.getProject()
      assert.strictEqual(project.id, emu.info.projectId)
      const updated = yield* admin.updateProject({ displayName: "Renamed", config: { signUpEnabled: false, domains: [{ domain: "https://app.example.com", handlerPath: "/handler" }] } })
      assert.strictEqual(updated.displayName, "Renamed")
      assert.isFalse(updated.config.signUpEnabled)
      const response = yield* emu.handle(new Request(`${emu.info.baseUrl}/api/v1/auth/password/sign-up`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-stack-access-type": "client", "x-stack-project-id": emu.info.projectId, "x-stack-publishable-client-key": emu.info.publishableClientKey },
        body: JSON.stringify({ email: "blocked@example.com", password: "long enough pass" })
      }))
      assert.strictEqual(response.headers.get("x-stack-known-error"), "SIGN_UP_NOT_ENABLED")
    }).pipe(Effect.provide(inProcess())))

  it.effect("incomplete standard OAuth and e-mail configs fail before anything is sent, naming what is missing", () =>
    Effect.gen(function*() {
      const admin = yield* StackAdmin
      const sent = yield* SentRequests
      const before = sent.length
      const oauth = yield* Effect.flip(admin.updateProject({ config: { oauthProviders: [{ id: "github", type: "standard", clientId: "id" }] } }))
      assert.strictEqual(oauth._tag, "InvalidProjectConfig")
      assert.include(oauth.message, "client secret")
      const email = yield* Effect.flip(admin.updateProject({
        config: { emailConfig: { type: "standard", host: "smtp.example.com", port: 587, username: "u", password: "", senderName: "S", senderEmail: "s@example.com" } }
      }))
      assert.strictEqual(email._tag, "InvalidProjectConfig")
      assert.include(email.message, "password")
      assert.strictEqual(sent.length, before)
    }).pipe(Effect.provide(inProcess())))

  it("production-mode warnings come from the project's data", () => {
    const project = {
      id: "p",
      config: {
        allowLocalhost: true,
        domains: [
          { domain: "http://localhost:3000", handlerPath: "/handler" },
          { domain: "https://10.0.0.1", handlerPath: "/handler" },
          { domain: "http://app.example.com", handlerPath: "/handler" },
          { domain: "https://app.example.com", handlerPath: "/handler" }
        ]
      }
    }
    const messages = productionModeErrors(project).map((e) => e.message)
    assert.deepStrictEqual(messages, [
      "Localhost is not allowed in production mode, turn off 'Allow localhost' in project settings",
      "Localhost domains are not allowed to be trusted in production mode: http://localhost:3000",
      "Direct IPs are not valid for trusted domains in production mode: https://10.0.0.1",
      "Trusted domains should be HTTPS: http://app.example.com"
    ])
  })

  it.effect("API keys: full keys once, last four after, revoke, validity by the clock; a revoked key stops working", () =>
    Effect.gen(function*() {
      const admin = yield* StackAdmin
      const emu = yield* Emulator
      const created = yield* admin.createApiKey({ description: "ci", expiresAtMillis: 86_400_000, hasPublishableClientKey: true, hasSecretServerKey: true, hasSuperSecretAdminKey: false })
      const secret = Option.getOrThrow(created.secretServerKey)
      assert.isTrue(Redacted.value(secret).startsWith("ssk_"))
      assert.notInclude(String(secret), "ssk_")
      const listed = (yield* admin.listApiKeys()).find((k) => k.id === created.id)
      assert.strictEqual(listed?.secretServerKey?.lastFour, Redacted.value(secret).slice(-4))
      assert.strictEqual(yield* admin.getApiKeyValidity({ expiresAtMillis: created.expiresAtMillis }), "valid")
      const works = yield* Effect.provide(
        Effect.flatMap(Effect.service(StackServer), (s) => s.listUsers()),
        StackServer.layer({ projectId: emu.info.projectId, secretServerKey: secret, baseUrl: emu.info.baseUrl })
      ).pipe(Effect.exit)
      assert.strictEqual(works._tag, "Success")
      const revoked = yield* admin.revokeApiKey(created.id)
      assert.strictEqual(apiKeyValidity(revoked, 0), "manually-revoked")
      const refused = yield* Effect.provide(
        Effect.flatMap(Effect.service(StackServer), (s) => s.listUsers()),
        StackServer.layer({ projectId: emu.info.projectId, secretServerKey: secret, baseUrl: emu.info.baseUrl })
      ).pipe(Effect.flip)
      assert.strictEqual(refused._tag, "InvalidSecretServerKey")
      yield* TestClock.adjust("2 days")
      assert.strictEqual(yield* admin.getApiKeyValidity({ expiresAtMillis: created.expiresAtMillis }), "expired")
      assert.isTrue(Option.isNone(yield* admin.getApiKey("00000000-0000-4000-8000-00000000000a")))
    }).pipe(Effect.provide(inProcess())))

  it.effect("team permission definitions, e-mail templates and the webhook token", () =>
    Effect.gen(function*() {
      const admin = yield* StackAdmin
      const created = yield* admin.createTeamPermissionDefinition({ id: "billing", description: "Pays", containedPermissionIds: ["$read_members"] })
      assert.deepStrictEqual(created.containedPermissionIds, ["$read_members"])
      assert.isTrue((yield* admin.listTeamPermissionDefinitions()).some((d) => d.id === "billing"))
      const renamed = yield* admin.updateTeamPermissionDefinition("billing", { description: "Pays the bills" })
      assert.strictEqual(renamed.description, "Pays the bills")
      yield* admin.deleteTeamPermissionDefinition("billing")
      assert.isFalse((yield* admin.listTeamPermissionDefinitions()).some((d) => d.id === "billing"))
      const templates = yield* admin.listEmailTemplates()
      assert.isTrue(templates.length > 0)
      const needsServer = yield* Effect.flip(admin.createEmailTemplate({ displayName: "Welcome" }))
      assert.strictEqual(needsServer._tag, "RequiresCustomEmailServer")
      yield* admin.updateProject({ config: { emailConfig: { type: "standard", host: "smtp.example.com", port: 587, username: "u", password: "p", senderName: "Team", senderEmail: "team@example.com" } } })
      const template = yield* admin.createEmailTemplate({ displayName: "Welcome" })
      const rendered = yield* admin.updateEmailTemplate(template.id, {
        tsxSource: [
          `import { Subject, NotificationCategory } from "@stackframe/emails"`,
          `export function EmailTemplate() {`,
          `  return <><Subject value="Welcome" /><NotificationCategory value="Transactional" /><div>Hello there</div></>`,
          `}`
        ].join("\n")
      })
      assert.include(rendered.renderedHtml, "Hello there")
      yield* admin.deleteEmailTemplate(template.id)
      assert.isTrue((yield* admin.getSvixToken()).length > 0)
    }).pipe(Effect.provide(inProcess())))

  it.effect("without a key or session the layer fails with MissingAdminCredentials; a wrong key is a typed error", () =>
    Effect.gen(function*() {
      const missing = yield* Effect.flip(Layer.build(adminFor({ superSecretAdminKey: undefined })).pipe(Effect.scoped))
      assert.strictEqual(missing._tag, "MissingAdminCredentials")
    }).pipe(Effect.provide(countingEmulator)))

  it.effect("a wrong admin key is InvalidSuperSecretAdminKey", () =>
    Effect.gen(function*() {
      const admin = yield* StackAdmin
      const wrong = yield* Effect.flip(admin.getProject())
      assert.strictEqual(wrong._tag, "InvalidSuperSecretAdminKey")
    }).pipe(Effect.provide(inProcess({ superSecretAdminKey: "sak_wrong" }))))

  it.effect("an expired owner session is AdminAccessTokenExpired, not a defect", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const owner = yield* h.projectOwner
      const expired = yield* h.oldAccessToken(owner.refreshToken, 3_600_000)
      const error = yield* Effect.flatMap(Effect.service(StackAdmin), (a) => a.getProject()).pipe(
        Effect.provide(StackAdmin.layer({ projectId: h.keys.projectId, adminAccessToken: expired, baseUrl: h.emu.info.baseUrl })),
        Effect.provide(Layer.succeed(HttpClient.HttpClient, h.emu.httpClient)),
        Effect.flip
      )
      assert.strictEqual(error._tag, "AdminAccessTokenExpired")
      assert.isTrue(isInvalidAdminAccessToken(error))
    }))

  it.effect("a project owner's session manages the project and lists and creates owned projects", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const owner = yield* h.projectOwner
      const http = Layer.succeed(HttpClient.HttpClient, h.emu.httpClient)
      const session = { accessToken: owner.accessToken, internalPublishableClientKey: h.internalKeys.pck, baseUrl: h.emu.info.baseUrl }
      const owned = yield* listOwnedProjects(session).pipe(Effect.provide(http))
      assert.isTrue(owned.some((p) => p.id === h.keys.projectId))
      const ownerTeam = owned.find((p) => p.id === h.keys.projectId)?.ownerTeamId ?? ""
      const created = yield* createOwnedProject(session, { displayName: "Second", ownerTeamId: ownerTeam }).pipe(Effect.provide(http))
      assert.strictEqual(created.displayName, "Second")
      const project = yield* Effect.flatMap(Effect.service(StackAdmin), (a) => a.getProject()).pipe(
        Effect.provide(StackAdmin.layer({ projectId: h.keys.projectId, adminAccessToken: owner.accessToken, baseUrl: h.emu.info.baseUrl })),
        Effect.provide(http)
      )
      assert.strictEqual(project.id, h.keys.projectId)
    }))
})

describe("StackAdmin with a project owner's session", () => {
  it.effect("the owner's access token is refreshed before it expires; a fixed admin access token expires", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const owner = yield* h.projectOwner
      const http = Layer.succeed(HttpClient.HttpClient, h.emu.httpClient)
      const adminWith = (options: Omit<Parameters<typeof StackAdmin.layer>[0], "projectId" | "baseUrl">) =>
        Effect.service(StackAdmin).pipe(
          Effect.provide(StackAdmin.layer({ projectId: h.keys.projectId, baseUrl: h.emu.info.baseUrl, ...options })),
          Effect.provide(http)
        )
      const refreshing = yield* adminWith({
        ownerSession: { refreshToken: owner.refreshToken, accessToken: owner.accessToken, publishableClientKey: h.internalKeys.pck }
      })
      const fixed = yield* adminWith({ adminAccessToken: owner.accessToken })
      assert.strictEqual((yield* refreshing.getProject()).id, h.keys.projectId)
      assert.strictEqual((yield* fixed.getProject()).id, h.keys.projectId)
      // Past the access token's lifetime: the session refreshed first; the fixed token is refused.
      yield* TestClock.adjust("30 minutes")
      assert.strictEqual((yield* refreshing.getProject()).id, h.keys.projectId)
      assert.strictEqual((yield* refreshing.listUsers()).items.some((user) => user.primaryEmail !== null), false)
      const refused = yield* Effect.flip(fixed.getProject())
      assert.strictEqual(refused._tag, "AdminAccessTokenExpired")
      yield* TestClock.adjust("2 hours")
      assert.strictEqual((yield* refreshing.getProject()).id, h.keys.projectId)
    }))

  it.effect("an owner session that starts with only a refresh token refreshes before its first call; a revoked one gets the service's answer", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const owner = yield* h.projectOwner
      const admin = yield* Effect.service(StackAdmin).pipe(
        Effect.provide(StackAdmin.layer({
          projectId: h.keys.projectId,
          baseUrl: h.emu.info.baseUrl,
          ownerSession: { refreshToken: owner.refreshToken, publishableClientKey: h.internalKeys.pck }
        })),
        Effect.provide(Layer.succeed(HttpClient.HttpClient, h.emu.httpClient))
      )
      assert.strictEqual((yield* admin.getProject()).id, h.keys.projectId)
      const bogus = yield* Effect.service(StackAdmin).pipe(
        Effect.provide(StackAdmin.layer({
          projectId: h.keys.projectId,
          baseUrl: h.emu.info.baseUrl,
          ownerSession: { refreshToken: "not-a-refresh-token", publishableClientKey: h.internalKeys.pck }
        })),
        Effect.provide(Layer.succeed(HttpClient.HttpClient, h.emu.httpClient))
      )
      const error = yield* Effect.flip(bogus.getProject())
      // No access token could be had: the request goes without one, and the service says so.
      assert.strictEqual(error._tag, "AdminAuthenticationRequired")
    }))
})

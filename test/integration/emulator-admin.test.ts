/**
 * The emulator's admin side, end to end through HTTP requests: API key sets (creation,
 * obfuscation, revocation, expiry under TestClock), project configuration and its effect on the
 * other endpoints, the dashboard's project list/creation/deletion, TSX e-mail templates and the
 * webhook token.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { TestClock } from "effect/testing"
import { type Harness, json, makeHarness, type ProjectKeys, text, uniqueEmail } from "./emulator-harness.ts"
import { standardEmail } from "./emulator-setups.ts"

// =============================================================================
// Helpers
// =============================================================================

const prop = (value: unknown, key: string): unknown =>
  typeof value === "object" && value !== null ? Reflect.get(value, key) : undefined

const str = (value: unknown, key: string): string => {
  const v = prop(value, key)
  assert.strictEqual(typeof v, "string", `${key} of ${JSON.stringify(value)}`)
  return typeof v === "string" ? v : ""
}

const items = (value: unknown, key = "items"): ReadonlyArray<unknown> => {
  const v = prop(value, key)
  return Array.isArray(v) ? v : []
}

/** Asserts a known error and returns its body. */
const expectKnown = (response: Response, status: number, code: string) =>
  Effect.gen(function*() {
    const body = yield* json(response)
    assert.strictEqual(response.status, status, JSON.stringify(body))
    assert.strictEqual(response.headers.get("x-stack-known-error"), code)
    assert.strictEqual(prop(body, "code"), code)
    return body
  })

const expectOk = (response: Response, status = 200) =>
  Effect.gen(function*() {
    const body = yield* json(response)
    assert.strictEqual(response.status, status, JSON.stringify(body))
    return body
  })

const admin = { accessType: "admin" } as const

const patchProject = (h: Harness, body: unknown) => h.call("PATCH", "/internal/projects/current", { ...admin, json: body })


/** Keys of a created set, for `h.call`. */
const keysFrom = (h: Harness, created: unknown): ProjectKeys => ({
  projectId: h.keys.projectId,
  pck: str(created, "publishable_client_key"),
  ssk: str(created, "secret_server_key"),
  sak: str(created, "super_secret_admin_key")
})

const createKeySet = (h: Harness, expiresAtMillis: number) =>
  Effect.flatMap(
    h.call("POST", "/internal/api-keys", {
      ...admin,
      json: {
        description: "test keys",
        expires_at_millis: expiresAtMillis,
        has_publishable_client_key: true,
        has_secret_server_key: true,
        has_super_secret_admin_key: true
      }
    }),
    (response) => expectOk(response)
  )

// =============================================================================
// API key sets
// =============================================================================

describe("emulator admin: API key sets", () => {
  it.effect("a created key set authenticates; its full keys are shown once; revoked, every key is rejected", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const created = yield* createKeySet(h, 86_400_000)
      const keys = keysFrom(h, created)
      assert.match(keys.pck, /^pck_[0-9a-z]{45}$/)
      assert.match(keys.ssk, /^ssk_[0-9a-z]{45}$/)
      assert.match(keys.sak, /^sak_[0-9a-z]{45}$/)
      assert.isUndefined(prop(created, "manually_revoked_at_millis"))

      // The new keys work for every access type.
      yield* expectOk(yield* h.call("GET", "/internal/api-keys", { ...admin, keys }))
      yield* expectOk(yield* h.call("GET", "/projects/current", { accessType: "server", keys }))
      yield* expectOk(yield* h.call("GET", "/projects/current", { accessType: "client", keys }))

      // Afterwards only the last four characters are shown, newest first.
      const list = yield* expectOk(yield* h.call("GET", "/internal/api-keys", admin))
      assert.strictEqual(items(list).length, 2)
      const listed = items(list)[0]
      assert.strictEqual(str(listed, "id"), str(created, "id"))
      assert.deepStrictEqual(prop(listed, "super_secret_admin_key"), { last_four: keys.sak.slice(-4) })
      assert.deepStrictEqual(prop(listed, "publishable_client_key"), { last_four: keys.pck.slice(-4) })
      const id = str(created, "id")
      const read = yield* expectOk(yield* h.call("GET", `/internal/api-keys/${id}`, admin))
      assert.deepStrictEqual(prop(read, "secret_server_key"), { last_four: keys.ssk.slice(-4) })

      // Revocation.
      const revoked = yield* expectOk(yield* h.call("PATCH", `/internal/api-keys/${id}`, { ...admin, json: { revoked: true } }))
      assert.strictEqual(typeof prop(revoked, "manually_revoked_at_millis"), "number")
      const adminError = yield* expectKnown(
        yield* h.call("GET", "/internal/api-keys", { ...admin, keys }),
        401,
        "INVALID_SUPER_SECRET_ADMIN_KEY"
      )
      assert.deepStrictEqual(prop(adminError, "details"), { project_id: h.keys.projectId })
      yield* expectKnown(yield* h.call("GET", "/projects/current", { accessType: "server", keys }), 401, "INVALID_SECRET_SERVER_KEY")
      yield* expectKnown(
        yield* h.call("GET", "/projects/current", { accessType: "client", keys }),
        401,
        "INVALID_PUBLISHABLE_CLIENT_KEY"
      )
      // The other (seeded) keys still work.
      yield* expectOk(yield* h.call("GET", "/internal/api-keys", admin))
    }))

  it.effect("a key set stops authenticating when it expires (TestClock)", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const created = yield* createKeySet(h, 60_000)
      const keys = keysFrom(h, created)
      yield* expectOk(yield* h.call("GET", "/internal/api-keys", { ...admin, keys }))
      yield* TestClock.adjust("61 seconds")
      yield* expectKnown(yield* h.call("GET", "/internal/api-keys", { ...admin, keys }), 401, "INVALID_SUPER_SECRET_ADMIN_KEY")
      yield* expectKnown(yield* h.call("GET", "/projects/current", { accessType: "server", keys }), 401, "INVALID_SECRET_SERVER_KEY")
      // Listed with its expiry, not revoked.
      const listed = items(yield* expectOk(yield* h.call("GET", "/internal/api-keys", admin)))
        .find((set) => prop(set, "id") === str(created, "id"))
      assert.strictEqual(prop(listed, "expires_at_millis"), 60_000)
      assert.isUndefined(prop(listed, "manually_revoked_at_millis"))
    }))

  it.effect("keys of another project, unknown ids and non-admin access are refused", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      yield* expectKnown(
        yield* h.call("GET", "/internal/api-keys/00000000-0000-4000-8000-000000000000", admin),
        404,
        "API_KEY_NOT_FOUND"
      )
      const internalSet = yield* h.emu.withState((data) =>
        Effect.sync(() => Object.values(data.apiKeySets).find((set) => set.projectId === "internal"))
      )
      yield* expectKnown(
        yield* h.call("PATCH", `/internal/api-keys/${internalSet?.id ?? ""}`, { ...admin, json: { revoked: true } }),
        404,
        "API_KEY_NOT_FOUND"
      )
      yield* expectKnown(yield* h.call("GET", "/internal/api-keys", { accessType: "server" }), 401, "INSUFFICIENT_ACCESS_TYPE")
      const schema = yield* expectKnown(
        yield* h.call("POST", "/internal/api-keys", { ...admin, json: { description: "x" } }),
        400,
        "SCHEMA_ERROR"
      )
      assert.include(String(prop(prop(schema, "details"), "message")), "body.expires_at_millis must be defined")
    }))
})

// =============================================================================
// Project configuration
// =============================================================================

describe("emulator admin: project configuration", () => {
  it.effect("turning sign-up off refuses password sign-up; the client project shows it", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const patched = yield* expectOk(yield* patchProject(h, { config: { sign_up_enabled: false } }))
      assert.strictEqual(prop(prop(patched, "config"), "sign_up_enabled"), false)
      const client = yield* expectOk(yield* h.call("GET", "/projects/current"))
      assert.strictEqual(prop(prop(client, "config"), "sign_up_enabled"), false)
      yield* expectKnown(
        yield* h.call("POST", "/auth/password/sign-up", { json: { email: uniqueEmail(), password: "Sup3r-Secret-password" } }),
        400,
        "SIGN_UP_NOT_ENABLED"
      )
      yield* expectOk(yield* patchProject(h, { config: { sign_up_enabled: true } }))
      yield* expectOk(
        yield* h.call("POST", "/auth/password/sign-up", { json: { email: uniqueEmail(), password: "Sup3r-Secret-password" } })
      )
    }))

  it.effect("a standard e-mail server needs every field; the error names the missing one and nothing changes", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const { sender_email: _, ...withoutSender } = standardEmail
      const missing = yield* expectKnown(
        yield* patchProject(h, { display_name: "Renamed", config: { email_config: withoutSender } }),
        400,
        "SCHEMA_ERROR"
      )
      assert.strictEqual(
        prop(prop(missing, "details"), "message"),
        "Request validation failed on PATCH /api/v1/internal/projects/current:\n  - body.config.email_config.sender_email must be defined"
      )
      const empty = yield* expectKnown(
        yield* patchProject(h, { config: { email_config: { ...standardEmail, host: "" } } }),
        400,
        "SCHEMA_ERROR"
      )
      assert.include(String(prop(empty, "error")), "body.config.email_config.host must not be empty")
      const current = yield* expectOk(yield* h.call("GET", "/internal/projects/current", admin))
      assert.notStrictEqual(prop(current, "display_name"), "Renamed")
      assert.deepStrictEqual(prop(prop(current, "config"), "email_config"), { type: "shared" })

      const saved = yield* expectOk(yield* patchProject(h, { config: { email_config: standardEmail } }))
      assert.deepStrictEqual(prop(prop(saved, "config"), "email_config"), standardEmail)
    }))

  it.effect("OAuth providers: standard ones need client id and secret; any known provider may use shared keys", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const noSecret = yield* expectKnown(
        yield* patchProject(h, { config: { oauth_providers: [{ id: "github", type: "standard", client_id: "id" }] } }),
        400,
        "SCHEMA_ERROR"
      )
      assert.include(String(prop(noSecret, "error")), "body.config.oauth_providers[0].client_secret must be defined")
      // The service stores shared keys for any known provider (it never raises INVALID_SHARED_OAUTH_PROVIDER_ID).
      const sharedDiscord = yield* expectOk(yield* patchProject(h, { config: { oauth_providers: [{ id: "discord", type: "shared" }] } }))
      assert.deepStrictEqual(prop(prop(sharedDiscord, "config"), "oauth_providers"), [
        { provider_config_id: "discord", id: "discord", type: "shared" }
      ])

      const saved = yield* expectOk(yield* patchProject(h, {
        config: {
          oauth_providers: [{ id: "discord", type: "standard", client_id: "cid", client_secret: "csecret" }],
          domains: [{ domain: "https://app.example.com", handler_path: "/handler" }]
        }
      }))
      assert.deepStrictEqual(prop(prop(saved, "config"), "oauth_providers"), [
        { provider_config_id: "discord", id: "discord", type: "standard", client_id: "cid", client_secret: "csecret" }
      ])
      const client = yield* expectOk(yield* h.call("GET", "/projects/current"))
      assert.deepStrictEqual(prop(prop(client, "config"), "enabled_oauth_providers"), [{ id: "discord" }])
      assert.deepStrictEqual(prop(prop(client, "config"), "domains"), [
        { domain: "https://app.example.com", handler_path: "/handler" }
      ])

      const duplicated = yield* patchProject(h, {
        config: {
          domains: [
            { domain: "https://app.example.com", handler_path: "/handler" },
            { domain: "https://app.example.com", handler_path: "/other" }
          ]
        }
      })
      assert.strictEqual(duplicated.status, 400)
      assert.strictEqual(yield* text(duplicated), "Duplicated domain found")
      const badPath = yield* expectKnown(
        yield* patchProject(h, { config: { domains: [{ domain: "https://x.example.com", handler_path: "handler" }] } }),
        400,
        "SCHEMA_ERROR"
      )
      assert.include(String(prop(badPath, "error")), "body.config.domains[0].handler_path")
    }))

  it.effect("the old admin PATCH/DELETE on /projects/current are 405; DELETE /internal/projects/current removes the project", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const old = yield* h.call("PATCH", "/projects/current", { ...admin, json: { description: "x" } })
      assert.strictEqual(old.status, 405)
      yield* expectOk(yield* h.call("DELETE", "/internal/projects/current", admin))
      yield* expectKnown(yield* h.call("GET", "/projects/current"), 400, "CURRENT_PROJECT_NOT_FOUND")
      const remaining = yield* h.emu.withState((data) =>
        Effect.sync(() => Object.values(data.apiKeySets).filter((set) => set.projectId === h.keys.projectId).length)
      )
      assert.strictEqual(remaining, 0)
    }))
})

// =============================================================================
// The dashboard's projects
// =============================================================================

describe("emulator admin: dashboard projects", () => {
  it.effect("a dashboard user creates a project for their team, lists it and manages it with their admin token", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const user = yield* h.projectOwner
      const asUser = { keys: h.internalKeys, user: { accessToken: user.accessToken } }
      const before = items(yield* expectOk(yield* h.call("GET", "/internal/projects", asUser)))
      assert.strictEqual(before.length, 1)
      const teamId = String(prop(before[0], "owner_team_id"))

      const created = yield* expectOk(
        yield* h.call("POST", "/internal/projects", {
          ...asUser,
          json: { display_name: "Second", owner_team_id: teamId, config: { magic_link_enabled: true } }
        }),
        201
      )
      const projectId = str(created, "id")
      assert.strictEqual(prop(created, "owner_team_id"), teamId)
      assert.strictEqual(prop(prop(created, "config"), "magic_link_enabled"), true)
      assert.deepStrictEqual(prop(prop(created, "config"), "team_creator_default_permissions"), [{ id: "team_admin" }])
      const after = items(yield* expectOk(yield* h.call("GET", "/internal/projects", asUser)))
      assert.deepStrictEqual(after.map((p) => prop(p, "id")), [projectId, h.keys.projectId])

      // The owner's admin access token manages the new project; it has no API keys yet.
      const ownerKeys: ProjectKeys = { projectId, pck: "", ssk: "", sak: "" }
      const asOwner = { ...admin, keys: ownerKeys, headers: { "x-stack-admin-access-token": user.accessToken } }
      const current = yield* expectOk(yield* h.call("GET", "/internal/projects/current", asOwner))
      assert.strictEqual(prop(current, "display_name"), "Second")
      assert.deepStrictEqual(items(yield* expectOk(yield* h.call("GET", "/internal/api-keys", asOwner))), [])
      const keys = keysFrom({ ...h, keys: ownerKeys }, yield* expectOk(
        yield* h.call("POST", "/internal/api-keys", {
          ...asOwner,
          json: {
            description: "first",
            expires_at_millis: 86_400_000,
            has_publishable_client_key: true,
            has_secret_server_key: true,
            has_super_secret_admin_key: true
          }
        })
      ))
      // The new project signs its own users' tokens.
      const signedUp = yield* expectOk(
        yield* h.call("POST", "/auth/password/sign-up", {
          keys,
          json: { email: uniqueEmail(), password: "Sup3r-Secret-password" }
        })
      )
      yield* expectOk(yield* h.call("GET", "/users/me", { keys, user: { accessToken: str(signedUp, "access_token") } }))

      yield* expectOk(yield* h.call("DELETE", "/internal/projects/current", asOwner))
      const last = items(yield* expectOk(yield* h.call("GET", "/internal/projects", asUser)))
      assert.deepStrictEqual(last.map((p) => prop(p, "id")), [h.keys.projectId])
    }))

  it.effect("owner_team_id must be a team of the caller; the list needs the internal project and a user", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const owner = yield* h.projectOwner
      const teamId = String(prop(items(yield* expectOk(
        yield* h.call("GET", "/internal/projects", { keys: h.internalKeys, user: { accessToken: owner.accessToken } })
      ))[0], "owner_team_id"))
      const stranger = yield* h.signUp({ keys: h.internalKeys })
      yield* expectKnown(
        yield* h.call("POST", "/internal/projects", {
          keys: h.internalKeys,
          user: { accessToken: stranger.accessToken },
          json: { display_name: "Nope", owner_team_id: teamId }
        }),
        404,
        "TEAM_MEMBERSHIP_NOT_FOUND"
      )
      yield* expectKnown(
        yield* h.call("POST", "/internal/projects", {
          keys: h.internalKeys,
          user: { accessToken: stranger.accessToken },
          json: { display_name: "Nope", owner_team_id: "00000000-0000-4000-8000-000000000000" }
        }),
        404,
        // The service checks only the caller's membership of the owner team (ensureTeamMembershipExists).
        "TEAM_MEMBERSHIP_NOT_FOUND"
      )
      const count = yield* h.emu.withState((data) => Effect.sync(() => Object.keys(data.projects).length))
      assert.strictEqual(count, 2)
      yield* expectKnown(yield* h.call("GET", "/internal/projects", { keys: h.internalKeys }), 401, "USER_AUTHENTICATION_REQUIRED")
      yield* expectKnown(yield* h.call("GET", "/internal/projects"), 401, "EXPECTED_INTERNAL_PROJECT")
    }))
})

// =============================================================================
// E-mail templates and webhooks
// =============================================================================

const templateSource = `import { Button, Section, Text } from "@react-email/components"
import { Subject, NotificationCategory, Props } from "@stackframe/emails"

export function EmailTemplate({ user, project, variables }: Props) {
  return (
    <>
      <Subject value={\`Welcome to \${project.displayName}\`} />
      <NotificationCategory value="Transactional" />
      <Section>
        <Text>Hello{user.displayName ? ", " + user.displayName : ""}! Thanks for joining {project.displayName}.</Text>
        <Button href={variables.verifyLink}>Verify & continue</Button>
      </Section>
    </>
  )
}

EmailTemplate.PreviewVariables = {
  verifyLink: "https://example.com/verify?code=abc"
}
`

describe("emulator admin: e-mail templates and webhooks", () => {
  it.effect("updating a template stores the TSX source and returns it rendered with the preview values", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness({ projectDisplayName: "Acme" })
      const list = items(yield* expectOk(yield* h.call("GET", "/internal/email-templates", admin)), "templates")
      assert.deepStrictEqual(list.map((t) => prop(t, "display_name")), [
        "Email Verification",
        "Password Reset",
        "Magic Link/OTP",
        "Team Invitation",
        "Sign In Invitation",
        "Payment Receipt",
        "Payment Failed"
      ])
      const id = str(list[0], "id")

      // Writing needs the project's own e-mail server.
      yield* expectKnown(
        yield* h.call("PATCH", `/internal/email-templates/${id}`, { ...admin, json: { tsx_source: templateSource } }),
        400,
        "REQUIRES_CUSTOM_EMAIL_SERVER"
      )
      yield* expectOk(yield* patchProject(h, { config: { email_config: standardEmail } }))

      const rendered = yield* expectOk(
        yield* h.call("PATCH", `/internal/email-templates/${id}`, { ...admin, json: { tsx_source: templateSource } })
      )
      assert.deepStrictEqual(Object.keys(Object(rendered)), ["rendered_html"])
      const html = str(rendered, "rendered_html")
      // Rendered by React Email in the project's theme, with the preview values.
      assert.isTrue(html.startsWith("<!DOCTYPE html"))
      assert.include(html, "John Doe")
      assert.include(html, "Acme")
      // No variablesSchema: like the service, the template gets no variables (the button has no link).
      assert.notInclude(html, "https://example.com/verify?code=abc")
      assert.include(html, "Verify &amp; continue")
      assert.notInclude(html, "NotificationCategory")
      assert.notInclude(html, "{")

      const after = items(yield* expectOk(yield* h.call("GET", "/internal/email-templates", admin)), "templates")
      assert.strictEqual(prop(after[0], "tsx_source"), templateSource)

      // A source without <Subject> cannot be rendered; the stored one stays.
      const broken = yield* expectKnown(
        yield* h.call("PATCH", `/internal/email-templates/${id}`, {
          ...admin,
          json: { tsx_source: templateSource.replace(/<Subject[^\n]*\n/, "") }
        }),
        400,
        "EMAIL_RENDERING_ERROR"
      )
      assert.deepStrictEqual(prop(broken, "details"), { error: "Subject is required, import it from @stackframe/emails" })

      // Deleting a customised built-in template reverts it.
      yield* expectOk(yield* h.call("DELETE", `/internal/email-templates/${id}`, admin))
      const reverted = items(yield* expectOk(yield* h.call("GET", "/internal/email-templates", admin)), "templates")
      assert.notStrictEqual(prop(reverted[0], "tsx_source"), templateSource)
      assert.strictEqual(reverted.length, 7)
    }))

  it.effect("templates can be created and deleted; unknown ids are a 404", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      yield* expectKnown(
        yield* h.call("POST", "/internal/email-templates", { ...admin, json: { display_name: "Newsletter" } }),
        400,
        "REQUIRES_CUSTOM_EMAIL_SERVER"
      )
      yield* expectOk(yield* patchProject(h, { config: { email_config: standardEmail } }))
      const created = yield* expectOk(
        yield* h.call("POST", "/internal/email-templates", { ...admin, json: { display_name: "Newsletter" } })
      )
      const id = str(created, "id")
      const list = items(yield* expectOk(yield* h.call("GET", "/internal/email-templates", admin)), "templates")
      assert.strictEqual(list.length, 8)
      assert.strictEqual(prop(list[7], "display_name"), "Newsletter")
      const one = yield* expectOk(yield* h.call("GET", `/internal/email-templates/${id}`, admin))
      assert.strictEqual(prop(one, "display_name"), "Newsletter")

      assert.deepStrictEqual(yield* expectOk(yield* h.call("DELETE", `/internal/email-templates/${id}`, admin)), {})
      const gone = yield* h.call("DELETE", `/internal/email-templates/${id}`, admin)
      assert.strictEqual(gone.status, 404)
      assert.strictEqual(yield* text(gone), "No template found with given id")
      const invalid = yield* expectKnown(yield* h.call("GET", "/internal/email-templates/not-a-uuid", admin), 400, "SCHEMA_ERROR")
      assert.include(String(prop(invalid, "error")), "params.templateId must be a valid UUID")
    }))

  it.effect("POST /webhooks/svix-token gives admins a token", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const body = yield* expectOk(yield* h.call("POST", "/webhooks/svix-token", { ...admin, json: {} }), 201)
      assert.deepStrictEqual(Object.keys(Object(body)), ["token"])
      assert.isAbove(str(body, "token").length, 20)
      yield* expectKnown(
        yield* h.call("POST", "/webhooks/svix-token", { accessType: "server", json: {} }),
        401,
        "INSUFFICIENT_ACCESS_TYPE"
      )
    }))
})

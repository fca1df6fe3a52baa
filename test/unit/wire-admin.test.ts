/**
 * Wire schemas and models of projects, API keys, e-mail templates, permission definitions, webhooks,
 * JWKS and feature support: recorded bodies read as camelCase models, requests encode to exactly the
 * declared wire fields and strict validation rejects anything else.
 */
import { describe, expect, it } from "vitest"
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import { ApiKeySet, ApiKeySetCreated, ApiKeySetList, ApiKeySetUpdate } from "../../src/model/api-key.ts"
import { EmailTemplateList } from "../../src/model/email-template.ts"
import { PermissionDefinition, PermissionDefinitionCreate } from "../../src/model/permission-definition.ts"
import {
  AdminProject,
  AdminProjectCreate,
  AdminProjectList,
  AdminProjectUpdate,
  ClientProject
} from "../../src/model/project.ts"
import { TokenResponse } from "../../src/wire/auth-extra.ts"
import * as WireProject from "../../src/wire/project.ts"
import { featureNotSupportedMessage } from "../../src/wire/feature-support.ts"
import { Jwks } from "../../src/wire/jwks.ts"
import { SvixTokenResponse } from "../../src/wire/webhooks.ts"
import { loadFixtures, materialize } from "../conformance/fixture.ts"

const fixtures = loadFixtures()

const bodyOf = (folder: "fixtures" | "fixtures-live", file: string): unknown => {
  const fixture = fixtures.find((f) => f.folder === folder && f.file === file)
  if (fixture === undefined) throw new Error(`missing fixture ${folder}/${file}`)
  return materialize(fixture.response.body)
}

const strict = { onExcessProperty: "error" } as const

describe("projects", () => {
  it("reads the current admin project with a camelCase config", () => {
    const project = Schema.decodeUnknownSync(AdminProject)(
      bodyOf("fixtures-live", "internal-projects-current-admin-patch-standard-oauth-provider.json")
    )
    expect(project.displayName).toBe("Live fixture project")
    expect(project.ownerTeamId).toBeTypeOf("string")
    expect(project.onboardingStatus).toBe("completed")
    expect("userCount" in project).toBe(false)
    expect(project.config.magicLinkEnabled).toBe(true)
    expect(project.config.clientTeamCreationEnabled).toBe(true)
    expect(project.config.oauthAccountMergeStrategy).toBe("link_method")
    expect(project.config.oauthProviders).toEqual([
      {
        providerConfigId: "github",
        id: "github",
        type: "standard",
        clientId: "live-fixture-client-id",
        clientSecret: "live-fixture-client-secret"
      }
    ])
    expect(project.config.enabledOauthProviders).toEqual([{ id: "github" }])
    expect(project.config.emailConfig).toEqual({ type: "shared" })
    expect(project.config.teamCreatorDefaultPermissions).toEqual([{ id: "team_admin" }])
    expect(project.config.teamMemberDefaultPermissions).toEqual([{ id: "team_member" }])
    expect(project.config.userDefaultPermissions).toEqual([])
  })

  it("reads a 2.7-era admin project (user_count, config.id, legacy signing)", () => {
    const project = Schema.decodeUnknownSync(AdminProject)(bodyOf("fixtures", "projects-current-admin-patch.json"))
    expect(project.userCount).toBe(0)
    expect(project.isProductionMode).toBe(true)
    expect(project.config.legacyGlobalJwtSigning).toBe(false)
    expect(project.config.teamCreatorDefaultPermissions).toEqual([{ id: "admin" }])
    expect("ownerTeamId" in project).toBe(false)
  })

  it("reads the client project of both eras", () => {
    const current = Schema.decodeUnknownSync(ClientProject)(bodyOf("fixtures-live", "projects-current-client.json"))
    expect(current.config.allowUserApiKeys).toBe(false)
    expect(current.config.domains).toEqual([])
    const legacy = Schema.decodeUnknownSync(ClientProject)(bodyOf("fixtures", "projects-current-client-internal.json"))
    expect(legacy.id).toBe("internal")
    expect(legacy.config.enabledOauthProviders.map((p) => p.id)).toEqual(["github", "google", "microsoft", "spotify"])
    expect("domains" in legacy.config).toBe(false)
  })

  it("reads the project list", () => {
    const list = Schema.decodeUnknownSync(AdminProjectList)(bodyOf("fixtures-live", "internal-projects-list.json"))
    expect(list.isPaginated).toBe(false)
    expect(list.items[0]?.config.oauthProviders[0]?.type).toBe("standard")
  })

  it("rejects a standard e-mail config without its server fields", () => {
    const project = Schema.decodeUnknownSync(WireProject.AdminProject)(
      bodyOf("fixtures-live", "internal-projects-current-admin-get.json")
    )
    expect(Exit.isSuccess(Schema.decodeUnknownExit(AdminProject)(project))).toBe(true)
    const config = { ...project.config, email_config: { type: "standard", host: "smtp" } }
    expect(Exit.isFailure(Schema.decodeUnknownExit(AdminProject)({ ...project, config }))).toBe(true)
  })

  it("encodes an update to the exact snake_case body", () => {
    const body = Schema.encodeUnknownSync(AdminProjectUpdate)({
      description: "Live fixture project",
      config: {
        magicLinkEnabled: true,
        domains: [{ domain: "https://example.com", handlerPath: "/handler" }],
        oauthProviders: [{ id: "github", type: "standard", clientId: "id", clientSecret: "secret" }],
        emailConfig: {
          type: "standard",
          host: "smtp.example.com",
          port: 587,
          username: "u",
          password: "p",
          senderName: "Example",
          senderEmail: "noreply@example.com"
        },
        teamMemberDefaultPermissions: [{ id: "team_member" }]
      }
    }, strict)
    expect(body).toEqual({
      description: "Live fixture project",
      config: {
        magic_link_enabled: true,
        domains: [{ domain: "https://example.com", handler_path: "/handler" }],
        oauth_providers: [{ id: "github", type: "standard", client_id: "id", client_secret: "secret" }],
        email_config: {
          type: "standard",
          host: "smtp.example.com",
          port: 587,
          username: "u",
          password: "p",
          sender_name: "Example",
          sender_email: "noreply@example.com"
        },
        team_member_default_permissions: [{ id: "team_member" }]
      }
    })
  })

  it("rejects undeclared fields when encoding strictly: provider `enabled`, unknown top-level keys", () => {
    const withEnabled = { config: { oauthProviders: [{ id: "github", type: "shared", enabled: true }] } }
    expect(Exit.isFailure(Schema.encodeUnknownExit(AdminProjectUpdate)(withEnabled, strict))).toBe(true)
    expect(Exit.isFailure(Schema.encodeUnknownExit(AdminProjectUpdate)({ userCount: 3 }, strict))).toBe(true)
    expect(Exit.isSuccess(Schema.encodeUnknownExit(AdminProjectUpdate)({ displayName: "x" }, strict))).toBe(true)
  })

  it("checks domains and the standard e-mail server before sending", () => {
    const badPath = { config: { domains: [{ domain: "https://example.com", handlerPath: "handler" }] } }
    expect(Exit.isFailure(Schema.encodeUnknownExit(AdminProjectUpdate)(badPath))).toBe(true)
    const emptyHost = {
      config: {
        emailConfig: {
          type: "standard",
          host: "",
          port: 25,
          username: "u",
          password: "p",
          senderName: "n",
          senderEmail: "a@b.co"
        }
      }
    }
    expect(Exit.isFailure(Schema.encodeUnknownExit(AdminProjectUpdate)(emptyHost))).toBe(true)
  })

  it("requires owner_team_id to create a project", () => {
    expect(Exit.isFailure(Schema.encodeUnknownExit(AdminProjectCreate)({ displayName: "P" }))).toBe(true)
    const ownerTeamId = "3f0c3f6e-2b1a-4c7e-9d5f-0a1b2c3d4e5f"
    expect(Schema.encodeUnknownSync(AdminProjectCreate)({ displayName: "P", ownerTeamId })).toEqual({
      display_name: "P",
      owner_team_id: ownerTeamId
    })
  })
})

describe("API keys", () => {
  it("reads obfuscated and full keys", () => {
    const list = Schema.decodeUnknownSync(ApiKeySetList)(bodyOf("fixtures", "internal-api-keys-list-admin.json"))
    expect(list.items).toHaveLength(2)
    expect(list.items[0]?.secretServerKey?.lastFour).toBeTypeOf("string")
    expect("publishableClientKey" in (list.items[0] ?? {})).toBe(false)
    const created = Schema.decodeUnknownSync(ApiKeySetCreated)(bodyOf("fixtures-live", "internal-api-keys-create-admin.json"))
    expect(created.superSecretAdminKey).toBe("<sak>")
    const revoked = Schema.decodeUnknownSync(ApiKeySet)(bodyOf("fixtures", "internal-api-keys-revoke-admin.json"))
    expect(revoked.manuallyRevokedAtMillis).toBeTypeOf("number")
  })

  it("only lets revoked be true", () => {
    expect(Schema.encodeUnknownSync(ApiKeySetUpdate)({ revoked: true })).toEqual({ revoked: true })
    expect(Exit.isFailure(Schema.encodeUnknownExit(ApiKeySetUpdate)({ revoked: false }))).toBe(true)
  })
})

describe("e-mail templates, permission definitions, webhooks, JWKS, feature support", () => {
  it("reads the TSX templates of the current server", () => {
    const list = Schema.decodeUnknownSync(EmailTemplateList)(bodyOf("fixtures-live", "internal-email-templates-list-admin.json"))
    expect(list.templates.map((t) => t.displayName)).toContain("Email Verification")
    expect(list.templates[0]?.tsxSource).toContain("@react-email/components")
  })

  it("reads and writes permission definitions", () => {
    const definition = Schema.decodeUnknownSync(PermissionDefinition)({
      id: "team_member",
      contained_permission_ids: ["$invite_members", "$read_members"]
    })
    expect(definition.containedPermissionIds).toEqual(["$invite_members", "$read_members"])
    expect(Schema.encodeUnknownSync(PermissionDefinitionCreate)({ id: "moderator", containedPermissionIds: [] }))
      .toEqual({ id: "moderator", contained_permission_ids: [] })
    expect(Exit.isFailure(Schema.encodeUnknownExit(PermissionDefinitionCreate)({ id: "Moderator" }))).toBe(true)
    expect(Exit.isFailure(Schema.encodeUnknownExit(PermissionDefinitionCreate)({ id: "$read_members" }))).toBe(true)
  })

  it("reads a svix token with or without url", () => {
    expect(Schema.decodeUnknownSync(SvixTokenResponse)({ token: "t" })).toEqual({ token: "t" })
    expect(Exit.isFailure(Schema.decodeUnknownExit(SvixTokenResponse)({ url: "https://svix" }))).toBe(true)
  })

  it("reads the JWKS of both sizes", () => {
    expect(Schema.decodeUnknownSync(Jwks)(bodyOf("fixtures-live", "projects-jwks.json")).keys).toHaveLength(2)
    expect(Schema.decodeUnknownSync(Jwks)(bodyOf("fixtures-live", "projects-jwks-include-anonymous.json")).keys)
      .toHaveLength(6)
  })

  it("keeps is_new_user of an authorization-code grant and reads refresh grants", () => {
    const code = Schema.decodeUnknownSync(TokenResponse)(bodyOf("fixtures", "auth-oauth-token-authorization-code-success.json"))
    expect("is_new_user" in code && code.is_new_user).toBe(true)
    const refresh = Schema.decodeUnknownSync(TokenResponse)(bodyOf("fixtures-live", "auth-oauth-token-refresh-success.json"))
    expect(refresh.after_callback_redirect_url).toBeNull()
  })

  it("produces the recorded feature-support sentences", () => {
    for (const file of ["check-feature-support.json", "check-feature-support-client.json"]) {
      const fixture = fixtures.find((f) => f.folder === "fixtures-live" && f.file === file)
      const request = fixture?.request.body
      const featureName = request !== null && typeof request === "object" && "feature_name" in request &&
          typeof request.feature_name === "string"
        ? request.feature_name
        : undefined
      expect(featureNotSupportedMessage(featureName)).toBe(fixture?.response.body)
    }
  })
})

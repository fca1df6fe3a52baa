/**
 * Wire schemas and models of users, contact channels, teams and the team-related resources:
 * every recorded success body of these endpoints decodes and round-trips, requests encode to exactly
 * the declared wire fields, and validation fails as a SchemaError.
 */
import { assert, describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import { ConnectedAccountAccessToken, ConnectedAccountAccessTokenRequest } from "../../src/model/connected-account.ts"
import { ContactChannelCreate, ServerContactChannelUpdate } from "../../src/model/contact-channel.ts"
import { SendTeamInvitation, TeamInvitationCode } from "../../src/model/team-invitation.ts"
import { ServerTeamMemberProfile } from "../../src/model/team-member-profile.ts"
import { Permission, ServerTeamPermissionsListQuery, TeamPermissionsListQuery } from "../../src/model/team-permission.ts"
import { ServerTeamCreate, TeamCreate, TeamUpdate } from "../../src/model/team.ts"
import {
  ServerUser,
  ServerUserCreate,
  ServerUserList,
  ServerUserUpdate,
  User,
  UserUpdate,
  UsersListQuery
} from "../../src/model/user.ts"
import { LegacySendVerificationCodeBody } from "../../src/wire/contact-channels.ts"
import { type Fixture, loadFixtures, materialize } from "../conformance/fixture.ts"
import { usersRoutes } from "../conformance/routes-users.ts"

// =============================================================================
// Every recorded success body of these endpoints
// =============================================================================

const ownPath =
  /^\/api\/v1\/(?:users|contact-channels|teams|team-memberships|team-member-profiles|team-permissions|team-invitations|connected-accounts)(?:\/|$)/

const isJsonSuccess = (fixture: Fixture) => {
  const { status, headers, body } = fixture.response
  const actual = Number(headers["x-stack-actual-status"] ?? status)
  return actual >= 200 && actual < 300 && headers["x-stack-known-error"] === undefined &&
    (headers["content-type"] ?? "").includes("application/json") && body !== null && typeof body === "object"
}

const pathOf = (fixture: Fixture) => fixture.request.path.split("?")[0] ?? ""

const routeFor = (fixture: Fixture) =>
  usersRoutes.find((route) =>
    route.method === fixture.request.method && route.path.test(pathOf(fixture)) &&
    (route.accessType === undefined || route.accessType === fixture.request.access_type)
  )

const ownFixtures = loadFixtures().filter((fixture) => isJsonSuccess(fixture) && ownPath.test(pathOf(fixture)))

describe("recorded success bodies", () => {
  it("covers both eras", () => {
    expect(ownFixtures.filter((f) => f.folder === "fixtures").length).toBeGreaterThan(20)
    expect(ownFixtures.filter((f) => f.folder === "fixtures-live").length).toBeGreaterThan(30)
  })

  for (const fixture of ownFixtures) {
    it(`${fixture.folder}/${fixture.file} decodes and re-encodes to the same wire body`, () => {
      const route = routeFor(fixture)
      expect(route, `no route for ${fixture.request.method} ${fixture.request.path}`).toBeDefined()
      if (route === undefined) return
      const body = materialize(fixture.response.body)
      const decoded = Schema.decodeUnknownExit(route.schema)(body)
      if (Exit.isFailure(decoded)) return expect.fail(String(decoded.cause))
      // Every field these servers send is declared, so the round trip loses nothing.
      const encoded = Schema.encodeUnknownExit(route.schema)(decoded.value)
      if (Exit.isFailure(encoded)) return expect.fail(String(encoded.cause))
      expect(encoded.value).toEqual(body)
    })
  }
})

// =============================================================================
// Responses
// =============================================================================

const clientTeamWire = {
  id: "3f0c3f6e-2b1a-4c7e-9d5f-0a1b2c3d4e5f",
  display_name: "Team",
  profile_image_url: null,
  client_metadata: { a: 1 },
  client_read_only_metadata: null
}

const serverUserWire = {
  id: "11111111-2b1a-4c7e-9d5f-0a1b2c3d4e5f",
  primary_email: "a@example.com",
  primary_email_verified: true,
  primary_email_auth_enabled: true,
  display_name: "A",
  client_metadata: null,
  client_read_only_metadata: null,
  server_metadata: { plan: "pro" },
  profile_image_url: null,
  signed_up_at_millis: 1,
  last_active_at_millis: 2,
  has_password: true,
  auth_with_email: true,
  oauth_providers: [{ id: "github", account_id: "42", email: null }],
  selected_team_id: clientTeamWire.id,
  selected_team: { ...clientTeamWire, created_at_millis: 3, server_metadata: null },
  requires_totp_mfa: false,
  otp_auth_enabled: false,
  passkey_auth_enabled: false,
  is_anonymous: false,
  is_restricted: true,
  restricted_reason: { type: "email_not_verified" },
  restricted_by_admin: false,
  restricted_by_admin_reason: null,
  restricted_by_admin_private_details: null,
  country_code: "CH",
  risk_scores: { sign_up: { bot: 0.5, free_trial_abuse: 0 } }
}

describe("response models", () => {
  it("camelizes nested objects", () => {
    const user = Schema.decodeUnknownSync(ServerUser)(serverUserWire)
    expect(user.selectedTeam?.displayName).toBe("Team")
    expect(user.selectedTeam?.createdAtMillis).toBe(3)
    expect(user.oauthProviders[0]?.accountId).toBe("42")
    expect(user.restrictedReason).toEqual({ type: "email_not_verified" })
    expect(user.riskScores?.signUp.freeTrialAbuse).toBe(0)
    expect(user.countryCode).toBe("CH")
  })

  it("round-trips to the wire body minus unknown fields", () => {
    const withUnknown = {
      ...serverUserWire,
      brand_new_field: 1,
      selected_team: { ...serverUserWire.selected_team, also_new: true },
      risk_scores: { sign_up: { bot: 0.5, free_trial_abuse: 0, another: 2 } }
    }
    const user = Schema.decodeUnknownSync(ServerUser)(withUnknown)
    expect(Schema.encodeSync(ServerUser)(user)).toEqual(serverUserWire)
  })

  it("keeps fields absent when a 2.7-era server does not send them", () => {
    const { is_anonymous, is_restricted, restricted_reason, restricted_by_admin, restricted_by_admin_reason,
      restricted_by_admin_private_details, country_code, risk_scores, ...legacy } = serverUserWire
    const user = Schema.decodeUnknownSync(ServerUser)(legacy)
    expect("isRestricted" in user).toBe(false)
    expect(Schema.encodeSync(ServerUser)(user)).toEqual(legacy)
  })

  it("reads the client view with a ClientTeam", () => {
    const { primary_email_auth_enabled, server_metadata, last_active_at_millis, country_code, risk_scores,
      restricted_by_admin_private_details, ...client } = serverUserWire
    const user = Schema.decodeUnknownSync(User)({ ...client, selected_team: clientTeamWire })
    expect(user.selectedTeam).toEqual({
      id: clientTeamWire.id,
      displayName: "Team",
      profileImageUrl: null,
      clientMetadata: { a: 1 },
      clientReadOnlyMetadata: null
    })
    expect("serverMetadata" in user).toBe(false)
  })

  it("decodes the server member profile with its user", () => {
    const profile = Schema.decodeUnknownSync(ServerTeamMemberProfile)({
      team_id: clientTeamWire.id,
      user_id: serverUserWire.id,
      display_name: null,
      profile_image_url: null,
      user: serverUserWire
    })
    expect(profile.user.primaryEmailAuthEnabled).toBe(true)
  })

  it("decodes the connected-account token as Redacted", () => {
    const token = Schema.decodeUnknownSync(ConnectedAccountAccessToken)({ access_token: "gho_secret" })
    expect(Redacted.value(token.accessToken)).toBe("gho_secret")
    expect(String(token.accessToken)).not.toContain("gho_secret")
    expect(Schema.encodeSync(ConnectedAccountAccessToken)(token)).toEqual({ access_token: "gho_secret" })
  })

  it.effect("fails with a SchemaError on a wrong type", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Schema.decodeUnknownEffect(User)({ ...serverUserWire, has_password: "yes" }))
      assert.isTrue(Schema.isSchemaError(error))
      expect(error.message).toContain("has_password")
    }))

  it("fails (not crashes) on a non-object body and on a wrong nested type", () => {
    expect(Exit.isFailure(Schema.decodeUnknownExit(ServerUserList)("not json"))).toBe(true)
    const badPage = { items: [{ ...serverUserWire, selected_team: { id: 1 } }], is_paginated: true }
    const exit = Schema.decodeUnknownExit(ServerUserList)(badPage)
    expect(Exit.isFailure(exit)).toBe(true)
    expect(Exit.isFailure(Schema.decodeUnknownExit(Permission)({ id: "x", team_id: 1, user_id: "u" }))).toBe(true)
  })
})

// =============================================================================
// Requests
// =============================================================================

describe("request models", () => {
  it("drops undeclared fields when encoding", () => {
    // A client update carrying a server-only field: the server would answer SCHEMA_ERROR.
    const options = { displayName: "John", serverMetadata: { admin: true } }
    expect(Schema.encodeUnknownSync(UserUpdate)(options)).toEqual({ display_name: "John" })
    const team = { displayName: "T", serverMetadata: { x: 1 }, creatorUserId: "me" }
    expect(Schema.encodeUnknownSync(TeamCreate)(team)).toEqual({ display_name: "T", creator_user_id: "me" })
    expect(Schema.encodeUnknownSync(ConnectedAccountAccessTokenRequest)({ scope: "repo", extra: 1 })).toEqual({
      scope: "repo"
    })
  })

  it("keeps unset options absent and explicit nulls null", () => {
    const encoded = Schema.encodeSync(UserUpdate)({ selectedTeamId: null, totpSecretBase64: null })
    expect(encoded).toEqual({ selected_team_id: null, totp_secret_base64: null })
    expect(Object.keys(encoded)).toEqual(["selected_team_id", "totp_secret_base64"])
    expect(Schema.encodeSync(TeamUpdate)({})).toEqual({})
    expect(Schema.encodeSync(ServerContactChannelUpdate)({ isVerified: true })).toEqual({ is_verified: true })
  })

  it("encodes server-only fields for server bodies", () => {
    expect(
      Schema.encodeSync(ServerUserCreate)({
        primaryEmail: "a@example.com",
        primaryEmailAuthEnabled: true,
        password: "hunter22hunter",
        oauthProviders: [{ id: "github", accountId: "42" }]
      })
    ).toEqual({
      primary_email: "a@example.com",
      primary_email_auth_enabled: true,
      password: "hunter22hunter",
      oauth_providers: [{ id: "github", account_id: "42" }]
    })
    expect(Schema.encodeSync(ServerTeamCreate)({ displayName: "T", serverMetadata: { a: 1 } })).toEqual({
      display_name: "T",
      server_metadata: { a: 1 }
    })
    expect(Schema.encodeSync(ServerUserUpdate)({ primaryEmail: null })).toEqual({ primary_email: null })
  })

  it("decodes wire request bodies (the emulator's side)", () => {
    const body = { user_id: "me", value: "b@example.com", type: "email", used_for_auth: false }
    expect(Schema.decodeUnknownSync(ContactChannelCreate)(body)).toEqual({
      userId: "me",
      value: "b@example.com",
      type: "email",
      usedForAuth: false
    })
  })

  it("encodes queries to query-string values", () => {
    expect(Schema.encodeSync(UsersListQuery)({ limit: 2, desc: true, orderBy: "signed_up_at" })).toEqual({
      limit: "2",
      desc: "true",
      order_by: "signed_up_at"
    })
    expect(Schema.decodeUnknownSync(UsersListQuery)({ limit: "10", cursor: serverUserWire.id })).toEqual({
      limit: 10,
      cursor: serverUserWire.id
    })
    expect(Schema.encodeSync(TeamPermissionsListQuery)({ teamId: clientTeamWire.id, userId: "me", recursive: false }))
      .toEqual({ team_id: clientTeamWire.id, user_id: "me", recursive: "false" })
  })

  it("validates what the server validates", () => {
    const fails = (exit: Exit.Exit<unknown, unknown>) => expect(Exit.isFailure(exit)).toBe(true)
    fails(Schema.encodeUnknownExit(UsersListQuery)({ limit: 0 }))
    fails(Schema.encodeUnknownExit(UsersListQuery)({ limit: 1.5 }))
    fails(Schema.decodeUnknownExit(UsersListQuery)({ cursor: "not-a-uuid" }))
    fails(Schema.encodeUnknownExit(UserUpdate)({ selectedTeamId: "not-a-uuid" }))
    fails(Schema.encodeUnknownExit(UserUpdate)({ totpSecretBase64: "not base64!" }))
    fails(Schema.encodeUnknownExit(TeamCreate)({ displayName: "T", creatorUserId: "someone" }))
    fails(Schema.encodeUnknownExit(TeamCreate)({}))
    fails(Schema.encodeUnknownExit(ServerUserUpdate)({ password: "x".repeat(71) }))
    fails(Schema.encodeUnknownExit(ServerTeamPermissionsListQuery)({ permissionId: "Bad-Id" }))
    fails(Schema.encodeUnknownExit(TeamInvitationCode)({ code: "short" }))
    fails(Schema.encodeUnknownExit(SendTeamInvitation)({ teamId: clientTeamWire.id, email: "x", callbackUrl: "http://a" }))
    fails(Schema.encodeUnknownExit(SendTeamInvitation)({ teamId: clientTeamWire.id, email: "a@b.co", callbackUrl: "nope" }))
    fails(Schema.decodeUnknownExit(LegacySendVerificationCodeBody)({ email: "a@localhost", callback_url: "http://a" }))

    const ok = (exit: Exit.Exit<unknown, unknown>) => expect(Exit.isSuccess(exit)).toBe(true)
    ok(Schema.encodeUnknownExit(ServerTeamPermissionsListQuery)({ permissionId: "$read_members" }))
    ok(Schema.encodeUnknownExit(ServerTeamPermissionsListQuery)({ permissionId: "team_admin:sub" }))
    ok(Schema.encodeUnknownExit(TeamInvitationCode)({ code: "a".repeat(45) }))
    ok(Schema.decodeUnknownExit(LegacySendVerificationCodeBody)({ email: "a@b.co", callback_url: "http://a/x" }))
  })
})

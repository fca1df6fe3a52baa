/**
 * Replays the recorded fixtures of the endpoints the emulator core implements and compares status,
 * `x-stack-known-error`, `x-stack-actual-status` and body shape (see emulator-replay.ts).
 * `fixtures-live/` (current server) is compared key for key; `fixtures/` (2.7-era) only where
 * LIVE-DIFFERENCES does not contradict it, allowing the fields the current server added.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { type Harness, makeHarness, uniqueEmail } from "./emulator-harness.ts"
import { type Bindings, buildRequest, compareResponse, type FixtureFolder, loadFixture } from "./emulator-replay.ts"

interface Case {
  readonly folder: FixtureFolder
  readonly file: string
  /** Arranges the state and returns the placeholder values. */
  readonly setup: (h: Harness) => Effect.Effect<Bindings>
}

const zeros45 = "0".repeat(45)
const unknownProject = "00000000-0000-4000-8000-000000000000"
const totpSecret = "MTIzNDU2Nzg5MDEyMzQ1Njc4OTA="

// ---- setups

const keysOf = (h: Harness): Bindings => ({ projectId: h.keys.projectId, pck: h.keys.pck, ssk: h.keys.ssk, sak: h.keys.sak })

const plain = (h: Harness) => Effect.succeed(keysOf(h))

const signedIn = (h: Harness) =>
  Effect.map(h.signUp(), (user): Bindings => ({
    ...keysOf(h),
    jwt: user.accessToken,
    token: user.refreshToken,
    userId: user.userId,
    email: user.email,
    password: user.password
  }))

const internal = (h: Harness): Bindings => ({
  projectId: "internal",
  pck: h.internalKeys.pck,
  ssk: h.internalKeys.ssk,
  sak: h.internalKeys.sak
})

const signedInInternal = (h: Harness) =>
  Effect.map(h.signUp({ keys: h.internalKeys }), (user): Bindings => ({
    ...internal(h),
    jwt: user.accessToken,
    token: user.refreshToken,
    userId: user.userId,
    email: user.email,
    password: user.password
  }))

/** A user after the recorded `PATCH /users/me` of `users-me-patch-client` (display name, metadata). */
const patched = (h: Harness, base: (h: Harness) => Effect.Effect<Bindings> = signedIn) =>
  Effect.gen(function*() {
    const bindings = yield* base(h)
    yield* h.call("PATCH", "/users/me", {
      user: { accessToken: bindings.jwt ?? "" },
      headers: { "x-stack-allow-restricted-user": "true" },
      json: { display_name: "Live User", client_metadata: { theme: "dark" } }
    })
    return bindings
  })

/** The default project configured like the recorded one (`providers`: enabled OAuth providers). */
const recordedProject = (h: Harness, providers: ReadonlyArray<string>) =>
  h.configure((data) => {
    const project = data.projects[h.keys.projectId]
    if (project === undefined) return
    data.projects[project.id] = {
      ...project,
      config: { ...project.config, oauthProviders: project.config.oauthProviders.filter((p) => providers.includes(p.id)) }
    }
  })

const withTotp = (h: Harness) =>
  Effect.gen(function*() {
    const bindings = yield* patched(h)
    yield* h.call("PATCH", "/users/me", {
      user: { accessToken: bindings.jwt ?? "" },
      json: { totp_secret_base64: totpSecret }
    })
    return bindings
  })

const restricted = (h: Harness) =>
  Effect.gen(function*() {
    yield* h.configure((data) => {
      const project = data.projects[h.keys.projectId]
      if (project !== undefined) {
        data.projects[project.id] = { ...project, config: { ...project.config, requireEmailVerification: true } }
      }
    })
    return yield* signedIn(h)
  })

const anonymous = (h: Harness) =>
  Effect.map(h.anonymousUser, (user): Bindings => ({ ...keysOf(h), jwt: user.accessToken, token: user.refreshToken }))

const signedOut = (h: Harness) =>
  Effect.gen(function*() {
    const bindings = yield* signedIn(h)
    yield* h.call("DELETE", "/auth/sessions/current", {
      user: { accessToken: bindings.jwt ?? "", refreshToken: bindings.token ?? "" },
      json: {}
    })
    return bindings
  })

const expiredToken = (h: Harness, base: Bindings) =>
  Effect.map(h.oldAccessToken(base.token ?? "", 3_600_000), (jwt): Bindings => ({ ...base, jwt }))

const owner = (h: Harness) =>
  Effect.map(h.projectOwner, (user): Bindings => ({ ...keysOf(h), adminJwt: user.accessToken }))

const withTeam = (h: Harness) =>
  Effect.gen(function*() {
    const bindings = yield* signedIn(h)
    const team = yield* h.emu.withState((data) =>
      Effect.sync(() => Object.values(data.teams).find(() => true))
    )
    if (team !== undefined) return { ...bindings, overrides: { "body.selected_team_id": team.id } }
    // No personal team in the default project: make one the user belongs to.
    const { addTeamMember, createTeam } = yield* Effect.promise(() => import("../../src/emulator/accounts.ts"))
    const teamId = yield* h.emu.withState((data) =>
      Effect.sync(() => {
        const user = data.users[bindings.userId ?? ""]
        const created = createTeam(data, { projectId: h.keys.projectId, displayName: "Team", nowMillis: Date.now() })
        if (user !== undefined) addTeamMember(data, { team: created, user, asCreator: true, nowMillis: Date.now() })
        return created.id
      })
    )
    return { ...bindings, overrides: { "body.selected_team_id": teamId } }
  })

// ---- the table

const live = (file: string, setup: Case["setup"]): Case => ({ folder: "fixtures-live", file, setup })
const old = (file: string, setup: Case["setup"]): Case => ({
  folder: "fixtures",
  file,
  setup: (h) => Effect.map(setup(h), (b): Bindings => ({ ...b, implicitHeaders: true }))
})

const cases: ReadonlyArray<Case> = [
  // API root, 404, CORS, 405, check-feature-support
  live("api-root-admin.json", plain),
  live("api-root-client-with-user.json", signedIn),
  live("api-root-client.json", (h) => Effect.succeed(internal(h))),
  live("api-root-no-auth.json", plain),
  live("error-schema-unknown-query-param.json", plain),
  live("error-unknown-path-404.json", plain),
  live("email-templates-delete-admin.json", plain),
  live("email-templates-list-admin.json", plain),
  live("email-templates-patch-admin.json", plain),
  live("cors-preflight-options.json", plain),
  live("projects-current-patch-admin-method-not-allowed.json", plain),
  live("check-feature-support.json", plain),
  live("check-feature-support-client.json", plain),
  // Authentication errors
  live("error-body-parsing-invalid-json.json", plain),
  live("error-client-key-missing.json", (h) => Effect.as(recordedProject(h, ["github"]), keysOf(h))),
  live("error-invalid-access-type.json", plain),
  live("error-project-key-without-access-type.json", plain),
  live("error-project-not-found.json", (h) => Effect.succeed({ ...keysOf(h), projectId: unknownProject })),
  live("error-admin-access-token-expired.json", (h) =>
    Effect.gen(function*() {
      const owner = yield* h.projectOwner
      const jwt = yield* h.oldAccessToken(owner.refreshToken, 3_600_000)
      return { ...keysOf(h), adminJwt: jwt }
    })),
  live("error-admin-access-token-wrong-project.json", (h) =>
    Effect.map(h.signUp({ keys: h.internalKeys }), (user): Bindings => ({ ...keysOf(h), adminJwt: user.accessToken }))),
  live("users-me-unparsable-access-token.json", (h) => Effect.succeed({ ...keysOf(h), jwt: "not.a.jwt" })),
  live("users-me-access-token-expired.json", (h) => Effect.flatMap(signedInInternal(h), (b) => expiredToken(h, b))),
  live("users-me-no-access-type.json", plain),
  live("users-me-not-signed-in.json", plain),
  live("users-me-restricted-user-not-allowed.json", restricted),
  live("users-me-restricted-user-allowed.json", (h) => patched(h, restricted)),
  live("users-me-anonymous-without-allow-header.json", anonymous),
  live("users-me-anonymous-with-allow-header.json", anonymous),
  // Projects and JWKS
  live("projects-current-client.json", (h) => Effect.as(recordedProject(h, []), keysOf(h))),
  live("projects-current-server.json", (h) => Effect.as(recordedProject(h, []), keysOf(h))),
  live("projects-current-admin-get.json", (h) => Effect.as(recordedProject(h, []), keysOf(h))),
  live("projects-current-admin-access-token.json", (h) => Effect.andThen(recordedProject(h, ["github"]), owner(h))),
  live("projects-current-no-project-id.json", plain),
  live("projects-jwks.json", plain),
  live("projects-jwks-include-anonymous.json", plain),
  live("projects-jwks-unknown-project.json", (h) => Effect.succeed({ ...keysOf(h), projectId: unknownProject })),
  // Token endpoint
  live("auth-oauth-token-refresh-success.json", signedIn),
  live("auth-oauth-token-refresh-json-body.json", signedIn),
  live("auth-oauth-token-refresh-internal-project.json", signedInInternal),
  live("auth-oauth-token-refresh-invalid-refresh-token.json", (h) => Effect.succeed({ ...keysOf(h), token: zeros45 })),
  live("auth-oauth-token-refresh-after-sign-out.json", signedOut),
  live("auth-oauth-token-refresh-missing-refresh-token.json", plain),
  live("auth-oauth-token-refresh-without-client-secret.json", signedIn),
  live("auth-oauth-token-refresh-wrong-client-secret.json", signedIn),
  live("auth-oauth-token-invalid-grant-type.json", plain),
  live("auth-oauth-token-invalid-code.json", plain),
  // Password
  live("auth-password-sign-up-success.json", (h) => Effect.succeed({ ...keysOf(h), email: uniqueEmail() })),
  live("auth-password-sign-up-redirect-url-not-whitelisted.json", (h) => Effect.succeed({ ...keysOf(h), email: uniqueEmail() })),
  live("auth-password-sign-up-user-email-already-exists.json", signedIn),
  live("auth-password-sign-in-success.json", signedIn),
  live("auth-password-sign-in-after-reset.json", signedIn),
  live("auth-password-sign-in-wrong-password.json", (h) =>
    Effect.map(signedIn(h), (b): Bindings => ({ ...b, overrides: { "body.password": "wrong-password" } }))),
  live("auth-password-sign-in-mfa-required.json", withTotp),
  live("auth-password-sign-in-restricted-user.json", restricted),
  // Sessions
  live("auth-sessions-create-server.json", signedIn),
  live("auth-sessions-create-client-insufficient-access-type.json", signedIn),
  live("auth-sessions-current-delete-sign-out.json", signedIn),
  live("auth-sessions-current-delete-without-access-token.json", signedIn),
  live("auth-sessions-current-refresh-success.json", signedIn),
  live("auth-sessions-current-refresh-invalid-refresh-token.json", (h) => Effect.succeed({ ...keysOf(h), token: zeros45 })),
  // Current user
  live("users-me-client.json", signedInInternal),
  live("users-me-client-project.json", signedIn),
  live("users-me-server.json", signedIn),
  live("users-me-after-sign-out.json", (h) => patched(h, signedOut)),
  live("users-me-client-with-server-created-session.json", (h) => patched(h)),
  live("users-me-patch-client.json", signedIn),
  live("users-me-patch-client-totp-secret.json", (h) => patched(h)),
  live("users-me-patch-client-totp-disable.json", withTotp),
  live("users-me-patch-client-unknown-field-schema-error.json", signedIn),
  live("users-me-delete-client-not-enabled.json", (h) =>
    Effect.gen(function*() {
      yield* h.configure((data) => {
        const project = data.projects[h.keys.projectId]
        if (project !== undefined) {
          data.projects[project.id] = { ...project, config: { ...project.config, clientUserDeletionEnabled: false } }
        }
      })
      return yield* signedIn(h)
    })),

  // 2.7-era snapshots, where the current server agrees
  old("error-invalid-publishable-client-key.json", (h) => Effect.succeed({ ...internal(h), pck: undefined })),
  old("error-schema-unknown-query-param.json", plain),
  old("error-server-authentication-required.json", (h) => Effect.succeed({ projectId: h.keys.projectId, pck: h.keys.pck })),
  old("check-feature-support.json", plain),
  old("projects-current-client-internal.json", (h) => Effect.succeed(internal(h))),
  old("projects-current-no-project-id.json", () => Effect.succeed({})),
  old("auth-oauth-token-invalid-code.json", (h) => Effect.succeed({ ...internal(h), overrides: { "body.client_secret": h.internalKeys.pck } })),
  old("auth-password-sign-up-success.json", (h) => Effect.succeed({ ...keysOf(h), email: uniqueEmail() })),
  old("auth-password-sign-up-password-too-short.json", (h) => Effect.succeed({ ...keysOf(h), email: uniqueEmail() })),
  old("auth-password-sign-up-sign-up-not-enabled.json", (h) =>
    Effect.gen(function*() {
      yield* h.configure((data) => {
        const project = data.projects[h.keys.projectId]
        if (project !== undefined) data.projects[project.id] = { ...project, config: { ...project.config, signUpEnabled: false } }
      })
      return { ...keysOf(h), email: uniqueEmail() }
    })),
  old("auth-password-sign-in-success.json", (h) => Effect.map(signedIn(h), (b): Bindings => ({ ...b, jwt: undefined, token: undefined }))),
  old("auth-password-sign-in-wrong-password.json", (h) =>
    Effect.map(signedIn(h), (b): Bindings => ({ ...b, jwt: undefined, token: undefined, overrides: { "body.password": "wrong-password" } }))),
  old("auth-password-sign-in-mfa-required.json", (h) =>
    Effect.map(withTotp(h), (b): Bindings => ({ ...b, jwt: undefined, token: undefined }))),
  old("auth-sessions-create-server.json", (h) => Effect.map(signedIn(h), (b): Bindings => ({ ...b, jwt: undefined, token: undefined }))),
  old("auth-sessions-create-client-insufficient-access-type.json", signedIn),
  old("auth-sessions-current-delete-sign-out.json", signedIn),
  old("auth-sessions-current-refresh-success.json", signedIn),
  old("auth-sessions-current-refresh-invalid-refresh-token.json", (h) => Effect.succeed({ ...keysOf(h), token: zeros45 })),
  old("users-me-access-token-expired.json", (h) =>
    Effect.flatMap(signedInInternal(h), (b) =>
      Effect.map(expiredToken(h, b), (e): Bindings => ({ ...e, overrides: { "header.x-stack-access-token": e.jwt } })))),
  old("users-me-client.json", signedIn),
  old("users-me-server.json", signedIn),
  old("users-me-no-access-type.json", plain),
  old("users-me-not-signed-in.json", plain),
  old("users-me-delete-client-not-enabled.json", (h) =>
    Effect.gen(function*() {
      yield* h.configure((data) => {
        const project = data.projects[h.keys.projectId]
        if (project !== undefined) {
          data.projects[project.id] = { ...project, config: { ...project.config, clientUserDeletionEnabled: false } }
        }
      })
      return yield* signedIn(h)
    })),
  old("users-me-patch-client.json", signedIn),
  old("users-me-patch-client-unknown-field-schema-error.json", signedIn),
  old("users-me-patch-client-selected-team.json", withTeam)
]

describe("emulator fixture replay", () => {
  const results: Array<{ readonly name: string; readonly problems: ReadonlyArray<string> }> = []

  for (const testCase of cases) {
    const name = `${testCase.folder}/${testCase.file}`
    it.live(name, () =>
      Effect.gen(function*() {
        const h = yield* makeHarness()
        const fixture = loadFixture(testCase.folder, testCase.file)
        const bindings = yield* testCase.setup(h)
        const response = yield* h.emu.handle(buildRequest(fixture, h.emu.info.baseUrl, bindings))
        const problems = yield* Effect.promise(() => compareResponse(fixture, response))
        results.push({ name, problems })
        assert.deepStrictEqual(problems, [], name)
      }))
  }

  it("replays every listed fixture", () => {
    const matched = results.filter((r) => r.problems.length === 0).length
    assert.strictEqual(matched, cases.length, `${matched}/${cases.length} fixtures match`)
  })
})

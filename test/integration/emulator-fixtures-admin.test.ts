/**
 * Fixture replay for the admin side of the emulator: project management
 * (`/internal/projects[/current]`), API key sets, e-mail templates, the webhook token and the
 * admin authentication errors.
 *
 * Recorded fixtures NOT replayed here, and why:
 * - fixtures-live/webhooks-svix-token-admin-mock-svix-500*.json: the recording server's Svix was a
 *   mock that returned no token, so it answered 500 (environment artefact, LIVE-DIFFERENCES §9);
 *   the emulator answers like a server with working Svix (201 `{token}`), see emulator-admin.test.ts.
 * - fixtures/internal-projects-create.json, fixtures/projects-current-admin-patch.json: 2.7-era
 *   AdminProject (`user_count`, `config.id`, `config.legacy_global_jwt_signing`, permissions
 *   `admin`/`member`) and a create body without `owner_team_id`, which the current server rejects
 *   (LIVE-DIFFERENCES §4.2, §5; the live counterparts are replayed instead).
 * - fixtures-live/projects-current-patch-admin-method-not-allowed.json and the old
 *   `/email-templates` ones (fixtures-live/email-templates-*.json) are replayed by the core table.
 */
import * as Effect from "effect/Effect"
import { type ApiKeySetRecord, insertApiKeySet } from "../../src/emulator/state.ts"
import {
  type Bindings,
  type Case,
  type Harness,
  internal,
  live,
  old,
  owner,
  plain,
  recordedProject,
  replaySuite,
  signedInInternal
} from "./emulator-setups.ts"

/** The default project's (only) key set. */
const defaultKeySet = (h: Harness) =>
  h.emu.withState((data) =>
    Effect.sync((): ApiKeySetRecord | undefined =>
      Object.values(data.apiKeySets).find((set) => set.projectId === h.keys.projectId)
    )
  )

/** A project owner (admin access token) of the default project, which has no OAuth providers. */
const ownerOfRecorded = (h: Harness) => Effect.andThen(recordedProject(h, []), owner(h))

/**
 * A dashboard user (client access to `internal`) whose team owns the default project; the team id
 * replaces the recorded `owner_team_id`.
 */
const dashboardUser = (h: Harness) =>
  Effect.gen(function*() {
    const user = yield* h.projectOwner
    const teamId = yield* h.emu.withState((data) => Effect.sync(() => data.projects[h.keys.projectId]?.ownerTeamId ?? ""))
    return {
      ...internal(h),
      jwt: user.accessToken,
      token: user.refreshToken,
      userId: user.userId,
      email: user.email,
      overrides: { "body.owner_team_id": teamId }
    } satisfies Bindings
  })

/** The default project as recorded in `internal-projects-list`: a standard GitHub provider. */
const withStandardGithub = (h: Harness) =>
  h.configure((data) => {
    const project = data.projects[h.keys.projectId]
    if (project === undefined) return
    data.projects[project.id] = {
      ...project,
      config: {
        ...project.config,
        oauthProviders: [{
          id: "github",
          type: "standard",
          clientId: "live-fixture-client-id",
          clientSecret: "live-fixture-client-secret",
          facebookConfigId: null,
          microsoftTenantId: null
        }]
      }
    }
  })

/** Admin token of the owner, sent where the 2.7-era fixtures recorded `<admin access token>`. */
const ownerToken = (h: Harness, extra: Readonly<Record<string, unknown>> = {}) =>
  Effect.map(owner(h), (b): Bindings => ({
    ...b,
    overrides: { "header.x-stack-admin-access-token": b.adminJwt, ...extra }
  }))

const cases: ReadonlyArray<Case> = [
  // Admin authentication
  live("error-admin-authentication-required.json", plain),
  live("error-invalid-super-secret-admin-key.json", plain),
  // Current project (admin)
  live("internal-projects-current-admin-get.json", ownerOfRecorded),
  live("internal-projects-current-admin-patch.json", ownerOfRecorded),
  live("internal-projects-current-admin-patch-standard-oauth-provider.json", ownerOfRecorded),
  live("internal-projects-current-admin-patch-unknown-field-schema-error.json", plain),
  // The dashboard's own projects
  live("internal-projects-list.json", (h) => Effect.andThen(withStandardGithub(h), dashboardUser(h))),
  live("internal-projects-create.json", dashboardUser),
  live("internal-projects-create-missing-owner-team-id.json", dashboardUser),
  // API key sets
  live("internal-api-keys-create-admin.json", owner),
  live("internal-api-keys-list-admin.json", plain),
  // E-mail templates, webhooks
  live("internal-email-templates-list-admin.json", plain),
  live("webhooks-svix-token-server-insufficient-access-type.json", plain),

  // 2.7-era snapshots, where the current server agrees
  old("internal-api-keys-create-admin.json", plain),
  old("internal-api-keys-list-server-insufficient-access-type.json", plain),
  old("internal-api-keys-unparsable-admin-access-token.json", plain),
  old("internal-api-keys-list-admin.json", (h) =>
    Effect.gen(function*() {
      const bindings = yield* ownerToken(h)
      yield* h.configure((data) => {
        const seed = Object.values(data.apiKeySets).find((set) => set.projectId === h.keys.projectId)
        if (seed === undefined) return
        data.apiKeySets[seed.id] = { ...seed, description: "new description" }
        insertApiKeySet(data, {
          projectId: h.keys.projectId,
          description: "key2",
          nowMillis: seed.createdAtMillis + 1,
          expiresAtMillis: seed.expiresAtMillis,
          publishableClientKey: null,
          superSecretAdminKey: null
        })
      })
      return bindings
    })),
  old("internal-api-keys-revoke-admin.json", (h) =>
    Effect.gen(function*() {
      const bindings = yield* ownerToken(h)
      const set = yield* defaultKeySet(h)
      return { ...bindings, pathUuids: [set?.id ?? ""] }
    })),
  old("internal-projects-list-empty.json", signedInInternal),
  old("internal-projects-list-not-signed-in.json", (h) => Effect.succeed(internal(h))),
  // The admin project calls moved from /projects/current to /internal/projects/current.
  old("projects-current-admin-patch-email-config-schema-error.json", (h) =>
    ownerToken(h, { path: "/api/v1/internal/projects/current" })),
  old("projects-current-delete-admin.json", (h) => ownerToken(h, { path: "/api/v1/internal/projects/current" }))
]

replaySuite("emulator fixture replay: admin", cases)

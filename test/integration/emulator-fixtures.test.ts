/**
 * Fixture replay for the emulator core: API root, errors, CORS, projects, JWKS, token endpoint,
 * password sign-in, sessions and the current user.
 */
import * as Effect from "effect/Effect"
import {
  anonymous, type Bindings, type Case, expiredToken, internal, keysOf, live, old, owner, patched, plain,
  recordedProject, replaySuite, restricted, signedIn, signedInInternal, signedOut, uniqueEmail, withTeam, withTotp, zeros45,
  unknownProject
} from "./emulator-setups.ts"

const cases: ReadonlyArray<Case> = [
  // API root, 404, CORS, 405, check-feature-support
  live("api-root-admin.json", plain),
  live("api-root-client-with-user.json", signedIn),
  live("api-root-client.json", (h) => Effect.succeed(internal(h))),
  // old api-root-client: the 2.7 text indents its lines by 9 spaces, the current one by 2 (LIVE-DIFFERENCES §6.7).
  live("error-server-authentication-required.json", plain),
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

replaySuite("emulator fixture replay: core", cases)

/**
 * Project management:
 *
 * - `GET|PATCH|DELETE /internal/projects/current` (admin access: the super secret admin key, or an
 *   admin access token of a dashboard user whose team owns the project). The old admin
 *   `PATCH|DELETE /projects/current` are 405s (only `GET /projects/current` exists, see
 *   `projects.ts`).
 * - `GET|POST /internal/projects`: the signed-in dashboard user's projects (any access type, but the
 *   project must be `internal` and a user must be signed in). A new project needs `owner_team_id`, a
 *   team of the caller; it gets the default configuration and its signing keys, but no API key set
 *   (like the server: keys are created with `POST /internal/api-keys`).
 */
import * as Effect from "effect/Effect"
import {
  ExpectedInternalProject,
  TeamMembershipNotFound,
  UserAuthenticationRequired
} from "../../errors/catalogue.ts"
import type { RequestAuth } from "../auth.ts"
import * as Reply from "../reply.ts"
import { storedImage } from "../storage.ts"
import type { ImageStorage } from "../storage.ts"
import { defineRoute } from "../router.ts"
import {
  type DomainRecord,
  type EmailConfigRecord,
  insertProject,
  makeProject,
  membershipKey,
  newId,
  type OAuthProviderRecord,
  permissionDefinitionKey,
  type ProjectConfigRecord,
  type ProjectRecord,
  type StateData,
  type UserRecord
} from "../state.ts"
import { ensureSigningKeys } from "../tokens.ts"
import { AdminProject, AdminProjectList } from "../../wire/project.ts"
import {
  AdminProjectCreate,
  AdminProjectUpdate,
  type AdminProjectConfigUpdate,
  type EmailConfig,
  type EmailConfigUpdate,
  type IdRef,
  type OAuthProviderConfig,
  type OAuthProviderConfigUpdate
} from "../wire-admin.ts"
import * as Create from "../../errors/create.ts"

// =============================================================================
// Views
// =============================================================================

/** The id of the server's default e-mail theme ("Default Light"); the emulator has no themes. */
export const defaultEmailThemeId = "1df07ae6-abf3-4a40-83a5-a1a2cbe336ac"

/** The service's built-in themes ("Default Light", "Default Dark"); the emulator has no custom ones. */
const emailThemeIds: ReadonlyArray<string> = [defaultEmailThemeId, "a0172b5d-cff0-463b-83bb-85124697373a"]

/** Providers ordered by id (how the service lists them). */
export const sortedProviders = (providers: ReadonlyArray<OAuthProviderRecord>): ReadonlyArray<OAuthProviderRecord> =>
  [...providers].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))

const providerView = (provider: OAuthProviderRecord): OAuthProviderConfig => ({
  provider_config_id: provider.id,
  id: provider.id,
  type: provider.type,
  ...(provider.type === "standard" && provider.clientId !== null ? { client_id: provider.clientId } : {}),
  ...(provider.type === "standard" && provider.clientSecret !== null ? { client_secret: provider.clientSecret } : {}),
  ...(provider.facebookConfigId !== null ? { facebook_config_id: provider.facebookConfigId } : {}),
  ...(provider.microsoftTenantId !== null ? { microsoft_tenant_id: provider.microsoftTenantId } : {})
})

const emailConfigView = (config: EmailConfigRecord): EmailConfig =>
  config.type === "shared" ? { type: "shared" } : {
    type: "standard",
    host: config.host,
    port: config.port,
    username: config.username,
    password: config.password,
    sender_name: config.senderName,
    sender_email: config.senderEmail
  }

// The service keeps default permissions as a map keyed by id, so it lists them sorted by id.
const idRefs = (ids: ReadonlyArray<string>): Array<IdRef> => [...ids].sort().map((id) => ({ id }))

/** A project as admin access sees it (`AdminProject`). */
export const adminProjectView = (project: ProjectRecord): AdminProject => {
  const config = project.config
  return {
    id: project.id,
    display_name: project.displayName,
    description: project.description,
    logo_url: project.logoUrl,
    logo_full_url: project.logoFullUrl,
    logo_dark_mode_url: project.logoDarkModeUrl,
    logo_full_dark_mode_url: project.logoFullDarkModeUrl,
    created_at_millis: project.createdAtMillis,
    is_production_mode: project.isProductionMode,
    owner_team_id: project.ownerTeamId,
    onboarding_status: "completed",
    config: {
      allow_localhost: config.allowLocalhost,
      sign_up_enabled: config.signUpEnabled,
      credential_enabled: config.credentialEnabled,
      magic_link_enabled: config.magicLinkEnabled,
      passkey_enabled: config.passkeyEnabled,
      client_team_creation_enabled: config.clientTeamCreationEnabled,
      client_user_deletion_enabled: config.clientUserDeletionEnabled,
      allow_user_api_keys: config.allowUserApiKeys,
      allow_team_api_keys: config.allowTeamApiKeys,
      // The service lists providers by id, whatever order they were configured in.
      oauth_providers: sortedProviders(config.oauthProviders).map(providerView),
      enabled_oauth_providers: sortedProviders(config.oauthProviders).map((p) => ({ id: p.id })),
      domains: config.domains.map((d) => ({ domain: d.domain, handler_path: d.handlerPath })),
      email_config: emailConfigView(config.emailConfig),
      email_theme: config.emailTheme ?? defaultEmailThemeId,
      create_team_on_sign_up: config.createTeamOnSignUp,
      team_creator_default_permissions: idRefs(config.teamCreatorDefaultPermissions),
      team_member_default_permissions: idRefs(config.teamMemberDefaultPermissions),
      user_default_permissions: idRefs(config.userDefaultPermissions),
      oauth_account_merge_strategy: config.oauthAccountMergeStrategy
    }
  }
}

// =============================================================================
// Updates
// =============================================================================

/** The built-in team permissions a default-permission list may name. */
const systemTeamPermissionIds: ReadonlyArray<string> = [
  "$update_team",
  "$delete_team",
  "$read_members",
  "$remove_members",
  "$invite_members",
  "$manage_api_keys"
]

const providerRecord = (provider: OAuthProviderConfigUpdate): OAuthProviderRecord => ({
  id: provider.id,
  type: provider.type,
  clientId: provider.type === "standard" ? provider.client_id ?? null : null,
  clientSecret: provider.type === "standard" ? provider.client_secret ?? null : null,
  facebookConfigId: provider.facebook_config_id ?? null,
  microsoftTenantId: provider.microsoft_tenant_id ?? null,
  ...(provider.apple_bundle_ids === undefined ? {} : { appleBundleIds: provider.apple_bundle_ids })
})

const emailConfigRecord = (config: EmailConfigUpdate): EmailConfigRecord =>
  config.type === "shared" ? { type: "shared" } : {
    type: "standard",
    host: config.host,
    port: config.port,
    username: config.username,
    password: config.password,
    senderName: config.sender_name,
    senderEmail: config.sender_email
  }

/** Normalises a trusted domain the way it is compared (no trailing slash). */
const domainKey = (domain: string): string => domain.replace(/\/+$/, "")

/**
 * The project's configuration after `update`, or the error the server answers. Nothing is changed
 * here; the caller stores the result.
 */
const updatedConfig = (
  data: StateData,
  projectId: string,
  current: ProjectConfigRecord,
  update: AdminProjectConfigUpdate
): Effect.Effect<ProjectConfigRecord, Reply.HandlerError> =>
  Effect.gen(function*() {
    // Any known provider may use shared keys: the service stores `isShared` as sent and never raises
    // INVALID_SHARED_OAUTH_PROVIDER_ID (lib/projects.tsx writes the providers without a check).
    if (update.email_theme !== undefined && !emailThemeIds.includes(update.email_theme)) {
      return yield* Reply.textError(400, "Invalid email theme")
    }
    if (update.domains !== undefined) {
      const keys = update.domains.map((d) => domainKey(d.domain))
      if (new Set(keys).size !== keys.length) return yield* Reply.textError(400, "Duplicated domain found")
    }
    const teamPermissionExists = (id: string) =>
      systemTeamPermissionIds.includes(id) || data.permissionDefinitions[permissionDefinitionKey(projectId, "team", id)] !== undefined
    for (const list of [update.team_creator_default_permissions, update.team_member_default_permissions]) {
      if (list !== undefined && !list.every((p) => teamPermissionExists(p.id))) {
        return yield* Reply.textError(400, "Invalid team default permission ids")
      }
    }
    if (update.user_default_permissions !== undefined &&
      !update.user_default_permissions.every((p) =>
        data.permissionDefinitions[permissionDefinitionKey(projectId, "project", p.id)] !== undefined
      )) {
      return yield* Reply.textError(400, "Invalid user default permission ids")
    }

    // Later entries win when a provider id is listed twice.
    const providers = update.oauth_providers === undefined
      ? current.oauthProviders
      : [...new Map(update.oauth_providers.map((p) => [p.id, providerRecord(p)])).values()]
    const domains: ReadonlyArray<DomainRecord> = update.domains === undefined
      ? current.domains
      : update.domains.map((d) => ({ domain: d.domain, handlerPath: d.handler_path }))
    const ids = (list: ReadonlyArray<IdRef> | undefined, fallback: ReadonlyArray<string>) =>
      list === undefined ? fallback : list.map((p) => p.id)
    return {
      ...current,
      signUpEnabled: update.sign_up_enabled ?? current.signUpEnabled,
      credentialEnabled: update.credential_enabled ?? current.credentialEnabled,
      magicLinkEnabled: update.magic_link_enabled ?? current.magicLinkEnabled,
      passkeyEnabled: update.passkey_enabled ?? current.passkeyEnabled,
      clientTeamCreationEnabled: update.client_team_creation_enabled ?? current.clientTeamCreationEnabled,
      clientUserDeletionEnabled: update.client_user_deletion_enabled ?? current.clientUserDeletionEnabled,
      allowLocalhost: update.allow_localhost ?? current.allowLocalhost,
      allowUserApiKeys: update.allow_user_api_keys ?? current.allowUserApiKeys,
      allowTeamApiKeys: update.allow_team_api_keys ?? current.allowTeamApiKeys,
      createTeamOnSignUp: update.create_team_on_sign_up ?? current.createTeamOnSignUp,
      oauthAccountMergeStrategy: update.oauth_account_merge_strategy ?? current.oauthAccountMergeStrategy,
      emailConfig: update.email_config === undefined ? current.emailConfig : emailConfigRecord(update.email_config),
      oauthProviders: providers,
      domains,
      ...(update.email_theme === undefined ? {} : { emailTheme: update.email_theme }),
      teamCreatorDefaultPermissions: ids(update.team_creator_default_permissions, current.teamCreatorDefaultPermissions),
      teamMemberDefaultPermissions: ids(update.team_member_default_permissions, current.teamMemberDefaultPermissions),
      userDefaultPermissions: ids(update.user_default_permissions, current.userDefaultPermissions)
    }
  })

/** The project after a PATCH (or create) body; checks everything before anything is stored. */
const updatedProject = (
  data: StateData,
  project: ProjectRecord,
  body: AdminProjectUpdate,
  /** Where base64 logos are stored, if anywhere. */
  storage: ImageStorage | undefined
): Effect.Effect<ProjectRecord, Reply.HandlerError> =>
  Effect.map(
    body.config === undefined ? Effect.succeed(project.config) : updatedConfig(data, project.id, project.config, body.config),
    (config): ProjectRecord => ({
      ...project,
      displayName: body.display_name ?? project.displayName,
      description: body.description === undefined ? project.description : body.description ?? "",
      isProductionMode: body.is_production_mode ?? project.isProductionMode,
      logoUrl: body.logo_url === undefined ? project.logoUrl : storedImage(storage, "project-logos", body.logo_url),
      logoFullUrl: body.logo_full_url === undefined ? project.logoFullUrl : storedImage(storage, "project-logos", body.logo_full_url),
      logoDarkModeUrl: body.logo_dark_mode_url === undefined ? project.logoDarkModeUrl : storedImage(storage, "project-logos", body.logo_dark_mode_url),
      logoFullDarkModeUrl: body.logo_full_dark_mode_url === undefined
        ? project.logoFullDarkModeUrl
        : body.logo_full_dark_mode_url,
      config
    })
  )

/** Deletes a project and everything that belongs to it (the outbox keeps what was "sent"). */
export const deleteProject = (data: StateData, projectId: string): void => {
  delete data.projects[projectId]
  delete data.signingKeys[projectId]
  const dropProject = <T extends { readonly projectId: string }>(map: Record<string, T>) => {
    for (const [key, value] of Object.entries(map)) if (value.projectId === projectId) delete map[key]
  }
  dropProject(data.users)
  dropProject(data.contactChannels)
  dropProject(data.teams)
  dropProject(data.teamMemberships)
  dropProject(data.permissionDefinitions)
  dropProject(data.permissionGrants)
  dropProject(data.verificationCodes)
  dropProject(data.refreshTokens)
  dropProject(data.apiKeySets)
  dropProject(data.emailTemplates)
  dropProject(data.oauthConnections)
  dropProject(data.passkeys)
}

// =============================================================================
// Dashboard access
// =============================================================================

/** `/internal/projects` needs the `internal` project and a signed-in dashboard user. */
export const dashboardUser = (auth: RequestAuth): Effect.Effect<UserRecord, Reply.HandlerError> => {
  if (auth.project.id !== "internal") return Effect.fail(Create.ExpectedInternalProject())
  return auth.user === undefined ? Effect.fail(Create.UserAuthenticationRequired()) : Effect.succeed(auth.user)
}

/** The projects owned by a team `userId` belongs to, newest first. */
const ownedProjects = (data: StateData, userId: string): Array<ProjectRecord> =>
  Object.values(data.projects)
    .filter((project) =>
      project.ownerTeamId !== null && data.teamMemberships[membershipKey(project.ownerTeamId, userId)] !== undefined
    )
    // Newest first; among projects created in the same millisecond, the later one first.
    .reverse()
    .sort((a, b) => b.createdAtMillis - a.createdAtMillis)

// =============================================================================
// Routes
// =============================================================================

/** The routes of this file. */
export const routes = [
  defineRoute({
    method: "GET",
    path: "/internal/projects/current",
    access: ["admin"],
    handler: (ctx) => Reply.json(AdminProject, adminProjectView(ctx.auth.project))
  }),
  defineRoute({
    method: "PATCH",
    path: "/internal/projects/current",
    access: ["admin"],
    body: AdminProjectUpdate,
    handler: Effect.fnUntraced(function*(ctx) {
      const project = yield* updatedProject(ctx.data, ctx.auth.project, ctx.body, ctx.env.storage)
      ctx.data.projects[project.id] = project
      return yield* Reply.json(AdminProject, adminProjectView(project))
    })
  }),
  defineRoute({
    method: "DELETE",
    path: "/internal/projects/current",
    access: ["admin"],
    handler: Effect.fnUntraced(function*(ctx) {
      deleteProject(ctx.data, ctx.auth.project.id)
      return yield* Reply.success
    })
  }),
  defineRoute({
    method: "GET",
    path: "/internal/projects",
    access: ["client", "server", "admin"],
    handler: Effect.fnUntraced(function*(ctx) {
      const user = yield* dashboardUser(ctx.auth)
      return yield* Reply.json(AdminProjectList, {
        items: ownedProjects(ctx.data, user.id).map(adminProjectView),
        is_paginated: false
      })
    })
  }),
  defineRoute({
    method: "POST",
    path: "/internal/projects",
    access: ["client", "server", "admin"],
    body: AdminProjectCreate,
    handler: Effect.fnUntraced(function*(ctx) {
      const user = yield* dashboardUser(ctx.auth)
      const teamId = ctx.body.owner_team_id
      // Like the server (`ensureTeamMembershipExists`), only the membership is looked up: a team that
      // does not exist (or belongs to another project) is a missing membership too, never TEAM_NOT_FOUND.
      const team = ctx.data.teams[teamId]
      if (team === undefined || team.projectId !== "internal" || ctx.data.teamMemberships[membershipKey(teamId, user.id)] === undefined) {
        return yield* Create.TeamMembershipNotFound({ team_id: teamId, user_id: user.id })
      }
      const fresh: ProjectRecord = {
        ...makeProject({ id: newId(), displayName: ctx.body.display_name, nowMillis: ctx.now }),
        ownerTeamId: teamId
      }
      // The default permission definitions must exist before the default-permission ids are checked.
      const scratch: StateData = {
        ...ctx.data,
        projects: { ...ctx.data.projects },
        permissionDefinitions: { ...ctx.data.permissionDefinitions }
      }
      insertProject(scratch, fresh)
      const project = yield* updatedProject(scratch, fresh, ctx.body, ctx.env.storage)
      insertProject(ctx.data, project)
      yield* ensureSigningKeys(ctx.data, project.id)
      return yield* Reply.json(AdminProject, adminProjectView(project), { status: 201 })
    })
  })
]

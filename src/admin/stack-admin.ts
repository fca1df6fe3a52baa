/**
 * StackAdmin: everything StackServer does (users, teams, memberships, permissions, sessions, contact
 * channels, invitations), plus a project's settings, API keys, e-mail templates, permission
 * definitions and the webhook token, with the super secret admin key or a project owner's session.
 * Admin project management lives under `/internal/projects/current` on today's service.
 */
import * as Clock from "effect/Clock"
import type * as Config from "effect/Config"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import * as HttpClient from "effect/http/HttpClient"
import { transportFromHttpClient } from "../http/transport-http-client.ts"
import {
  ApiKeyNotFound,
  ContainedPermissionNotFound,
  EmailRenderingError,
  PermissionIdAlreadyExists,
  PermissionNotFound,
  RequiresCustomEmailServer
} from "../errors/catalogue.ts"
import { baseUrlConfig, projectIdConfig, superSecretAdminKeyConfig } from "../http/config.ts"
import { json, segment } from "../http/endpoint.ts"
import { type PipelineConfig, send } from "../http/send.ts"
import { noTokens } from "../http/access.ts"
import { StackTransport } from "../http/transport.ts"
import { makeSession } from "../session/session.ts"
import { makeMemoryTokenStore, TokenStore } from "../session/token-store.ts"
import { encodeInput } from "../client/input.ts"
import { ApiKeySet, ApiKeySetCreate, ApiKeySetCreated, ApiKeySetList, ApiKeySetUpdate } from "../model/api-key.ts"
import { EmailTemplateCreate, EmailTemplateCreated, EmailTemplateList, EmailTemplateUpdate, EmailTemplateUpdated } from "../model/email-template.ts"
import { PermissionDefinition, PermissionDefinitionCreate, PermissionDefinitionList, PermissionDefinitionUpdate } from "../model/permission-definition.ts"
import { AdminProject, AdminProjectUpdate } from "../model/project.ts"
import { camelize } from "../model/camel.ts"
import { SuccessBody } from "../wire/common.ts"
import { SendTestEmailBody, SendTestEmailResponse, TestEmailConfig } from "../wire/test-email.ts"
import { SvixTokenResponse } from "../wire/webhooks.ts"
import { refuseInBrowser, type SecretKeyInBrowser } from "../server/browser-guard.ts"
import { type KeyRuntime, makeKeyRuntime } from "../server/runtime.ts"
import { makeServerTeams, type ServerTeams } from "../server/teams.ts"
import { makeServerUsers, type ServerUsers } from "../server/users.ts"
import { makeServerFeatures, type ServerFeatures } from "../server/features.ts"
import { makeAdminProjectPermissionDefinitions } from "./project-permission-definitions.ts"
import { productionModeErrors } from "./production-mode.ts"
import { type ConfigOperations, makeConfigOperations } from "./config.ts"
import { type AdminEmails, makeAdminEmails } from "./emails.ts"
import { type AdminMetrics, makeAdminMetrics } from "./metrics.ts"
import { makeServerEmails, type ServerEmails } from "../server/emails.ts"
import type { HeaderNames } from "../http/wire-names.ts"
import { adminProjectErrors, type AdminProjectErrorClass, clientProjectErrors } from "../http/project-errors.ts"

/** How to reach a project as its administrator: the admin key, or a project owner's session. */
export interface StackAdminOptions {
  readonly projectId: string
  readonly superSecretAdminKey?: string | Redacted.Redacted<string> | undefined
  /** An access token of a user of the `internal` project who owns this project (used as it is). */
  readonly adminAccessToken?: string | Redacted.Redacted<string> | undefined
  /**
   * A project owner's session in the `internal` project (the dashboard's sign-in): its access token
   * is sent as the admin access token and refreshed with the refresh token before it expires, so a
   * dashboard open for hours keeps working. Takes the place of `adminAccessToken`.
   */
  readonly ownerSession?: OwnerSession | undefined
  /** Default `https://api.stack-auth.com`. */
  readonly baseUrl?: string | undefined
  /**
   * Build even where `window` and `document` exist. Needed for an owner's dashboard in the browser
   * (with `adminAccessToken`, no secret key) and for tests in a fake DOM; never with a secret key.
   */
  readonly dangerouslyAllowBrowser?: boolean | undefined
  /**
   * The request headers' spelling: `"stack"` (`x-stack-*`, the default, understood by every server
   * version) or `"hexclave"` (`x-hexclave-*`, the service's new name). Responses are read in both.
   */
  readonly headerNames?: HeaderNames | undefined
}

/** A project owner's tokens in the `internal` project. */
export interface OwnerSession {
  readonly refreshToken: string | Redacted.Redacted<string>
  readonly accessToken?: string | Redacted.Redacted<string> | undefined
  /** The `internal` project's publishable client key, where the service asks for one on refresh. */
  readonly publishableClientKey?: string | Redacted.Redacted<string> | undefined
}

/** Neither a super secret admin key nor an owner session was given. */
export class MissingAdminCredentials extends Schema.TaggedError<MissingAdminCredentials>()("MissingAdminCredentials", {
  message: Schema.String
}) {}

/** The service answered with another project than the app's. */
export class ProjectIdMismatch extends Schema.TaggedError<ProjectIdMismatch>()("ProjectIdMismatch", {
  expected: Schema.String,
  actual: Schema.String,
  message: Schema.String
}) {}

/** A project configuration the service would refuse; nothing was sent. The message names what is missing. */
export class InvalidProjectConfig extends Schema.TaggedError<InvalidProjectConfig>()("InvalidProjectConfig", {
  message: Schema.String
}) {}

/** Why an API key set does or does not work: expiry is checked first. */
export type ApiKeyValidity = "valid" | "expired" | "manually-revoked"

/** Validity of a key set at `nowMillis`. */
export const apiKeyValidity = (key: Pick<ApiKeySet, "expiresAtMillis" | "manuallyRevokedAtMillis">, nowMillis: number): ApiKeyValidity =>
  key.expiresAtMillis <= nowMillis ? "expired" : key.manuallyRevokedAtMillis !== undefined ? "manually-revoked" : "valid"

/** A new key set as first shown: the full keys, once, as `Redacted`. */
export interface ApiKeyFirstView {
  readonly id: string
  readonly description: string
  readonly expiresAtMillis: number
  readonly createdAtMillis: number
  readonly publishableClientKey: Option.Option<Redacted.Redacted<string>>
  readonly secretServerKey: Option.Option<Redacted.Redacted<string>>
  readonly superSecretAdminKey: Option.Option<Redacted.Redacted<string>>
}

const SvixToken = /*#__PURE__*/ camelize(SvixTokenResponse)
/** Input of `sendTestEmail`: `recipientEmail` and `emailConfig` (`host`, `port`, `username`, `password`, `senderEmail`, `senderName`). */
export const SendTestEmailInput = /*#__PURE__*/ camelize(SendTestEmailBody, { email_config: camelize(TestEmailConfig) })
export type SendTestEmailInput = typeof SendTestEmailInput.Type
const TestEmailResult = /*#__PURE__*/ camelize(SendTestEmailResponse)
/** Any JSON object: a delete's answer whose content does not matter. */
const Acknowledged = /*#__PURE__*/ Schema.Struct({})

/** The checks made on a config update: standard providers and e-mail servers need every field. */
export const checkProjectUpdate = (update: AdminProjectUpdate): Option.Option<string> => {
  for (const provider of update.config?.oauthProviders ?? []) {
    if (provider.type !== "standard") continue
    if (provider.clientId === undefined || provider.clientId === "") return Option.some(`The standard OAuth provider ${provider.id} needs a client id`)
    if (provider.clientSecret === undefined || provider.clientSecret === "") return Option.some(`The standard OAuth provider ${provider.id} needs a client secret`)
  }
  const email = update.config?.emailConfig
  if (email !== undefined && email.type === "standard") {
    const fields: ReadonlyArray<readonly [string, unknown]> = [
      ["host", email.host], ["port", email.port], ["username", email.username], ["password", email.password],
      ["sender name", email.senderName], ["sender email", email.senderEmail]
    ]
    for (const [name, value] of fields) {
      if (value === undefined || value === "" || value === null) return Option.some(`A standard e-mail config needs a ${name}`)
    }
  }
  return Option.none()
}

const redact = (key: string | Redacted.Redacted<string>) => (Redacted.isRedacted(key) ? key : Redacted.make(key))

/** The pipeline settings of an admin app. */
export const adminConfig = (options: StackAdminOptions): Effect.Effect<PipelineConfig<AdminProjectErrorClass>, MissingAdminCredentials> => {
  if (options.superSecretAdminKey === undefined && options.adminAccessToken === undefined && options.ownerSession === undefined) {
    return Effect.fail(new MissingAdminCredentials({ message: "An admin app needs a super secret admin key or a project owner's session" }))
  }
  return Effect.succeed({
    baseUrl: options.baseUrl ?? "https://api.stack-auth.com",
    headerNames: options.headerNames,
    projectErrors: adminProjectErrors,
    keys: {
      projectId: options.projectId,
      superSecretAdminKey: options.superSecretAdminKey === undefined ? undefined : redact(options.superSecretAdminKey),
      adminAccessToken: options.ownerSession?.accessToken !== undefined
        ? redact(options.ownerSession.accessToken)
        : options.adminAccessToken === undefined
        ? undefined
        : redact(options.adminAccessToken)
    }
  })
}

/**
 * Sends with the owner session's current access token: refreshed (one refresh at a time) when it is
 * missing or expires within 20 s. A refresh that fails leaves the last token in place, so the call's
 * own answer (`ADMIN_ACCESS_TOKEN_EXPIRED`, or the network failure) is what the caller sees.
 */
const makeOwnerRuntime = (
  config: PipelineConfig<AdminProjectErrorClass>,
  owner: OwnerSession,
  transport: StackTransport["Service"]
): Effect.Effect<KeyRuntime<AdminProjectErrorClass>> =>
  Effect.gen(function*() {
    const internal: PipelineConfig<(typeof clientProjectErrors)[number]> = {
      baseUrl: config.baseUrl,
      projectErrors: clientProjectErrors,
      headerNames: config.headerNames,
      keys: { projectId: "internal", publishableClientKey: owner.publishableClientKey === undefined ? undefined : redact(owner.publishableClientKey) }
    }
    const store = yield* makeMemoryTokenStore({
      refreshToken: Option.some(redact(owner.refreshToken)),
      accessToken: Option.map(Option.fromUndefinedOr(owner.accessToken), redact)
    })
    const session = yield* makeSession(internal).pipe(
      Effect.provideService(TokenStore, store),
      Effect.provideService(StackTransport, transport)
    )
    const currentToken = Effect.map(
      Effect.orElseSucceed(session.tokens, () => noTokens),
      (tokens) => Option.getOrUndefined(tokens.accessToken) ?? config.keys.adminAccessToken
    )
    return {
      config,
      level: "admin",
      call: (endpoint) =>
        Effect.flatMap(currentToken, (adminAccessToken) =>
          Effect.provideService(
            send({ ...config, keys: { ...config.keys, adminAccessToken } }, { ...endpoint, level: "admin" }, noTokens),
            StackTransport,
            transport
          ))
    } satisfies KeyRuntime
  })

/** The admin operations, over a runtime with admin credentials. */
const makeAdminOperations = (runtime: KeyRuntime<AdminProjectErrorClass>, options: StackAdminOptions) => {
  const projectPath = "/internal/projects/current"

  /** The project with its whole configuration. */
  const getProject = Effect.fn("StackAdmin.getProject")(function*() {
    const project = yield* runtime.call({ method: "GET", path: projectPath, response: json(AdminProject), errors: [] })
    if (project.id !== options.projectId) {
      return yield* new ProjectIdMismatch({ expected: options.projectId, actual: project.id, message: `The service answered for project ${project.id}, not ${options.projectId}` })
    }
    return project
  })

  /** Changes settings (display name, production mode, config: domains, providers, e-mail, switches). */
  const updateProject = Effect.fn("StackAdmin.updateProject")(function*(update: AdminProjectUpdate) {
    const problem = checkProjectUpdate(update)
    if (Option.isSome(problem)) return yield* new InvalidProjectConfig({ message: problem.value })
    const body = yield* encodeInput("StackAdmin.updateProject", AdminProjectUpdate, update)
    return yield* runtime.call({ method: "PATCH", path: projectPath, body: { _tag: "Json", value: body }, response: json(AdminProject), errors: [] })
  })

  /** Deletes the project and everything in it. */
  const deleteProject = Effect.fn("StackAdmin.deleteProject")(function*() {
    yield* runtime.call({ method: "DELETE", path: projectPath, response: json(SuccessBody), errors: [] })
  })

  /** Warnings to fix before production, computed from the current project. */
  const getProductionModeErrors = Effect.fn("StackAdmin.getProductionModeErrors")(function*() {
    return productionModeErrors(yield* getProject())
  })

  /** Creates an API key set; its keys are shown in full only here. */
  const createApiKey = Effect.fn("StackAdmin.createApiKey")(function*(input: ApiKeySetCreate) {
    const body = yield* encodeInput("StackAdmin.createApiKey", ApiKeySetCreate, input)
    const created = yield* runtime.call({ method: "POST", path: "/internal/api-keys", body: { _tag: "Json", value: body }, response: json(ApiKeySetCreated), errors: [] })
    const secret = (key: string | undefined) => Option.map(Option.fromUndefinedOr(key), Redacted.make)
    return {
      id: created.id,
      description: created.description,
      expiresAtMillis: created.expiresAtMillis,
      createdAtMillis: created.createdAtMillis,
      publishableClientKey: secret(created.publishableClientKey),
      secretServerKey: secret(created.secretServerKey),
      superSecretAdminKey: secret(created.superSecretAdminKey)
    } satisfies ApiKeyFirstView
  })

  /** Every key set, with the last four characters of each key only. */
  const listApiKeys = Effect.fn("StackAdmin.listApiKeys")(function*() {
    return (yield* runtime.call({ method: "GET", path: "/internal/api-keys", response: json(ApiKeySetList), errors: [] })).items
  })

  /** One key set, or none. */
  const getApiKey = Effect.fn("StackAdmin.getApiKey")(function*(id: string) {
    return yield* runtime.call({ method: "GET", path: `/internal/api-keys/${segment(id)}`, response: json(ApiKeySet), errors: [ApiKeyNotFound] }).pipe(
      Effect.map(Option.some),
      Effect.catchTag("ApiKeyNotFound", () => Effect.succeed(Option.none<ApiKeySet>()))
    )
  })

  /** Revokes a key set for good. */
  const revokeApiKey = Effect.fn("StackAdmin.revokeApiKey")(function*(id: string) {
    return yield* runtime.call({ method: "PATCH", path: `/internal/api-keys/${segment(id)}`, body: { _tag: "Json", value: { revoked: true } }, response: json(ApiKeySet), errors: [ApiKeyNotFound] })
  })

  /**
   * Changes a key set's description and/or revokes it (`revoked: true`; revocation is final, so
   * `false` is not accepted). Answers the key set as it is now.
   *
   * @example
   * yield* admin.updateApiKey(key.id, { description: "CI (rotated 2026-11)" })
   */
  const updateApiKey = Effect.fn("StackAdmin.updateApiKey")(function*(id: string, update: ApiKeySetUpdate) {
    const body = yield* encodeInput("StackAdmin.updateApiKey", ApiKeySetUpdate, update)
    return yield* runtime.call({ method: "PATCH", path: `/internal/api-keys/${segment(id)}`, body: { _tag: "Json", value: body }, response: json(ApiKeySet), errors: [ApiKeyNotFound] })
  })

  /** Whether a key set works now (expiry first, then revocation), by the Clock. */
  const getApiKeyValidity = Effect.fn("StackAdmin.getApiKeyValidity")(function*(key: Pick<ApiKeySet, "expiresAtMillis" | "manuallyRevokedAtMillis">) {
    return apiKeyValidity(key, yield* Clock.currentTimeMillis)
  })

  /** The project's e-mail templates (TSX sources). */
  const listEmailTemplates = Effect.fn("StackAdmin.listEmailTemplates")(function*() {
    return (yield* runtime.call({ method: "GET", path: "/internal/email-templates", response: json(EmailTemplateList), errors: [] })).templates
  })

  /** Creates a template; returns its id. */
  const createEmailTemplate = Effect.fn("StackAdmin.createEmailTemplate")(function*(input: EmailTemplateCreate) {
    const body = yield* encodeInput("StackAdmin.createEmailTemplate", EmailTemplateCreate, input)
    // Every new template gets a fresh id: the service never answers EMAIL_TEMPLATE_ALREADY_EXISTS here.
    return yield* runtime.call({ method: "POST", path: "/internal/email-templates", body: { _tag: "Json", value: body }, response: json(EmailTemplateCreated), errors: [RequiresCustomEmailServer] })
  })

  /** Replaces a template's TSX source; returns the HTML it renders with sample values. */
  const updateEmailTemplate = Effect.fn("StackAdmin.updateEmailTemplate")(function*(id: string, update: EmailTemplateUpdate) {
    const body = yield* encodeInput("StackAdmin.updateEmailTemplate", EmailTemplateUpdate, update)
    return yield* runtime.call({ method: "PATCH", path: `/internal/email-templates/${segment(id)}`, body: { _tag: "Json", value: body }, response: json(EmailTemplateUpdated), errors: [RequiresCustomEmailServer, EmailRenderingError] })
  })

  /** Deletes a template (a built-in one returns to its default). */
  const deleteEmailTemplate = Effect.fn("StackAdmin.deleteEmailTemplate")(function*(id: string) {
    // The service answers `{}` here (other deletes answer `{"success": true}`); either is fine.
    yield* runtime.call({ method: "DELETE", path: `/internal/email-templates/${segment(id)}`, response: json(Acknowledged), errors: [RequiresCustomEmailServer] })
  })

  const definitionsPath = "/team-permission-definitions"

  /** Team permission definitions. */
  const listTeamPermissionDefinitions = Effect.fn("StackAdmin.listTeamPermissionDefinitions")(function*() {
    return (yield* runtime.call({ method: "GET", path: definitionsPath, response: json(PermissionDefinitionList), errors: [] })).items
  })

  /** Defines a team permission (with the permissions it contains). */
  const createTeamPermissionDefinition = Effect.fn("StackAdmin.createTeamPermissionDefinition")(function*(input: PermissionDefinitionCreate) {
    const body = yield* encodeInput("StackAdmin.createTeamPermissionDefinition", PermissionDefinitionCreate, input)
    return yield* runtime.call({ method: "POST", path: definitionsPath, body: { _tag: "Json", value: body }, response: json(PermissionDefinition), errors: [PermissionIdAlreadyExists, ContainedPermissionNotFound] })
  })

  /** Changes a definition (id, description, contained permissions). */
  const updateTeamPermissionDefinition = Effect.fn("StackAdmin.updateTeamPermissionDefinition")(function*(id: string, update: PermissionDefinitionUpdate) {
    const body = yield* encodeInput("StackAdmin.updateTeamPermissionDefinition", PermissionDefinitionUpdate, update)
    return yield* runtime.call({ method: "PATCH", path: `${definitionsPath}/${segment(id)}`, body: { _tag: "Json", value: body }, response: json(PermissionDefinition), errors: [PermissionNotFound, PermissionIdAlreadyExists, ContainedPermissionNotFound] })
  })

  /** Deletes a definition and its grants. */
  const deleteTeamPermissionDefinition = Effect.fn("StackAdmin.deleteTeamPermissionDefinition")(function*(id: string) {
    yield* runtime.call({ method: "DELETE", path: `${definitionsPath}/${segment(id)}`, response: json(SuccessBody), errors: [PermissionNotFound] })
  })

  /**
   * Sends one e-mail through the given SMTP settings, to check them before saving: `{ success:
   * true }`, or `{ success: false, errorMessage }` with the server's complaint (a failed send is an
   * answer, not an error).
   *
   * @example
   * const result = yield* admin.sendTestEmail({ recipientEmail: "me@example.com", emailConfig })
   */
  const sendTestEmail = Effect.fn("StackAdmin.sendTestEmail")(function*(input: SendTestEmailInput) {
    const body = yield* encodeInput("StackAdmin.sendTestEmail", SendTestEmailInput, input)
    return yield* runtime.call({ method: "POST", path: "/internal/send-test-email", body: { _tag: "Json", value: body }, response: json(TestEmailResult), errors: [] })
  })

  /** A token for the webhook dashboard (Svix). */
  const getSvixToken = Effect.fn("StackAdmin.getSvixToken")(function*() {
    return (yield* runtime.call({ method: "POST", path: "/webhooks/svix-token", body: { _tag: "Json", value: {} }, response: json(SvixToken), errors: [] })).token
  })

  return {
    /** The project this app acts on. */
    projectId: options.projectId,
    /** The project with its whole configuration. */
    getProject,
    /** Changes settings (display name, production mode, config: domains, providers, e-mail, switches). */
    updateProject,
    /** Deletes the project and everything in it. */
    deleteProject,
    /** Warnings to fix before production, computed from the current project. */
    getProductionModeErrors,
    /** Creates an API key set; its keys are shown in full only here. */
    createApiKey,
    /** Every key set, with the last four characters of each key only. */
    listApiKeys,
    /** One key set, or none. */
    getApiKey,
    /** Revokes a key set for good. */
    revokeApiKey,
    /**
     * Changes a key set's description and/or revokes it (`revoked: true`; revocation is final, so
     * `false` is not accepted). Answers the key set as it is now.
     *
     * @example
     * yield* admin.updateApiKey(key.id, { description: "CI (rotated 2026-11)" })
     */
    updateApiKey,
    /** Whether a key set works now (expiry first, then revocation), by the Clock. */
    getApiKeyValidity,
    /** The project's e-mail templates (TSX sources). */
    listEmailTemplates,
    /** Creates a template; returns its id. */
    createEmailTemplate,
    /** Replaces a template's TSX source; returns the HTML it renders with sample values. */
    updateEmailTemplate,
    /** Deletes a template (a built-in one returns to its default). */
    deleteEmailTemplate,
    /** Team permission definitions. */
    listTeamPermissionDefinitions,
    /** Defines a team permission (with the permissions it contains). */
    createTeamPermissionDefinition,
    /** Changes a definition (id, description, contained permissions). */
    updateTeamPermissionDefinition,
    /** Deletes a definition and its grants. */
    deleteTeamPermissionDefinition,
    /** A token for the webhook dashboard (Svix). */
    getSvixToken,
    /** Sends one e-mail through the given SMTP settings: `{ success }`, with `errorMessage` when it failed. */
    sendTestEmail
  }
}

/** The admin operations beyond StackServer's: project settings, API keys, templates, definitions, webhooks. */
export type AdminOperations = ReturnType<typeof makeAdminOperations>

/** Builds a StackAdmin: every StackServer operation, sent with admin credentials, and the admin ones. */
export const make = (
  options: StackAdminOptions
): Effect.Effect<StackAdminService, MissingAdminCredentials | SecretKeyInBrowser, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    // An owner's session (no secret key) may run in the owner's browser; a secret key never.
    yield* refuseInBrowser("StackAdmin", options.dangerouslyAllowBrowser === true || options.superSecretAdminKey === undefined)
    const config = yield* adminConfig(options)
    const transport = transportFromHttpClient(yield* Effect.service(HttpClient.HttpClient))
    const runtime = options.ownerSession === undefined || options.superSecretAdminKey !== undefined
      ? makeKeyRuntime(config, "admin", transport)
      : yield* makeOwnerRuntime(config, options.ownerSession, transport)
    // Everything StackServer does, sent with admin credentials: one implementation, another level.
    return {
      ...makeServerUsers(runtime),
      ...makeServerTeams(runtime),
      ...makeServerFeatures(runtime),
      ...makeAdminOperations(runtime, options),
      ...makeAdminProjectPermissionDefinitions(runtime),
      // Issue 28: the owner's operations, one module per area.
      ...makeConfigOperations(runtime),
      ...makeServerEmails(runtime),
      ...makeAdminEmails(runtime),
      ...makeAdminMetrics(runtime)
    }
  })

/** The StackAdmin service: StackServer's operations and the admin ones. */
export type StackAdminService =
  & ServerUsers<AdminProjectErrorClass>
  & ServerTeams<AdminProjectErrorClass>
  & ServerFeatures<AdminProjectErrorClass>
  & AdminOperations
  & ReturnType<typeof makeAdminProjectPermissionDefinitions<AdminProjectErrorClass>>
  // Issue 28: the owner's operations.
  & ConfigOperations
  & ServerEmails<AdminProjectErrorClass>
  & AdminEmails
  & AdminMetrics

/** The admin app of one project. */
export class StackAdmin extends Context.Service<StackAdmin, StackAdminService>()("stackfx/StackAdmin") {
  /** StackAdmin over the HttpClient the app provides; fails when no admin credential is given. */
  static readonly layer = (options: StackAdminOptions): Layer.Layer<StackAdmin, MissingAdminCredentials | SecretKeyInBrowser, HttpClient.HttpClient> =>
    Layer.effect(StackAdmin, make(options))

  /** StackAdmin from `STACK_PROJECT_ID`, `STACK_SUPER_SECRET_ADMIN_KEY` and optional `STACK_API_URL`. */
  static readonly layerConfig: Layer.Layer<StackAdmin, Config.ConfigError | MissingAdminCredentials | SecretKeyInBrowser, HttpClient.HttpClient> = Layer.effect(
    StackAdmin,
    Effect.gen(function*() {
      return yield* make({
        projectId: yield* projectIdConfig,
        superSecretAdminKey: yield* superSecretAdminKeyConfig,
        baseUrl: yield* baseUrlConfig
      })
    })
  )
}

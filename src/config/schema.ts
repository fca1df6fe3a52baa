/**
 * The project configuration as the service models it (config as code): the keys each override
 * level accepts, their types and their defaults. One description serves the SDK (`pushConfig`
 * refuses an unknown or mistyped key before sending) and the emulator (which validates and renders
 * overrides with it).
 *
 * Levels: `project` (project-wide), `branch` (what `pushConfig` writes, from a config file) and
 * `environment` (what the dashboard and `updateConfig` write; it also holds secrets: OAuth client
 * secrets, the e-mail server, trusted domains). Each level accepts its own keys and those of the
 * levels below it, except the project-only ones.
 */
import type * as Schema from "effect/Schema"

/** A node of the configuration tree. */
export type ConfigNode =
  | { readonly kind: "object"; readonly fields: Readonly<Record<string, ConfigNode>> }
  | { readonly kind: "record"; readonly key: RegExp; readonly keyName: string; readonly value: ConfigNode }
  | { readonly kind: "boolean" }
  | { readonly kind: "number" }
  | { readonly kind: "string"; readonly oneOf?: ReadonlyArray<string> | undefined }
  /** Accepted as any JSON value (parts of the service's config the SDK does not model in detail). */
  | { readonly kind: "any" }

/** The override levels. */
export const configLevels = ["project", "branch", "environment"] as const
/** An override level. */
export type ConfigLevel = typeof configLevels[number]

const object = (fields: Readonly<Record<string, ConfigNode>>): ConfigNode => ({ kind: "object", fields })
const userId = /^[a-zA-Z0-9_][a-zA-Z0-9_-]*$/
const record = (keyName: string, value: ConfigNode, key: RegExp = userId): ConfigNode => ({ kind: "record", key, keyName, value })
const boolean: ConfigNode = { kind: "boolean" }
const number: ConfigNode = { kind: "number" }
const string: ConfigNode = { kind: "string" }
const any: ConfigNode = { kind: "any" }
const oneOf = (values: ReadonlyArray<string>): ConfigNode => ({ kind: "string", oneOf: values })

/** The OAuth provider types the service knows. */
export const oauthProviderTypes = ["google", "github", "microsoft", "spotify", "facebook", "discord", "gitlab", "bitbucket", "linkedin", "apple", "x", "twitch"] as const

/** The apps a project can install (`apps.installed.<id>.enabled`). */
export const appIds = [
  "authentication", "fraud-protection", "onboarding", "teams", "rbac", "api-keys", "payments", "emails", "email-api",
  "data-vault", "webhooks", "tv-mode", "launch-checklist", "catalyst", "neon", "convex", "vercel", "analytics"
] as const

/** The id of the service's default e-mail theme (light). */
export const defaultEmailThemeId = "1df07ae6-abf3-4a40-83a5-a1a2cbe336ac"

const permissionId = /^\$?[a-z0-9_:]+$/
const defaultPermissionSet = record("permissionId", boolean, permissionId)

const emailTheme = object({ displayName: string, tsxSource: string })
const emailTemplate = object({ displayName: string, tsxSource: string, themeId: any })

const branchFields = {
  rbac: object({
    permissions: record("permissionId", object({
      description: string,
      scope: oneOf(["team", "project"]),
      containedPermissionIds: defaultPermissionSet
    }), /^[a-z0-9_:]+$/),
    defaultPermissions: object({ teamCreator: defaultPermissionSet, teamMember: defaultPermissionSet, signUp: defaultPermissionSet })
  }),
  teams: object({ createPersonalTeamOnSignUp: boolean, allowClientTeamCreation: boolean }),
  users: object({ allowClientUserDeletion: boolean }),
  onboarding: object({ requireEmailVerification: boolean }),
  apiKeys: object({ enabled: object({ team: boolean, user: boolean }) }),
  apps: object({ installed: record("appId", object({ enabled: boolean }), new RegExp(`^(${appIds.join("|")})$`)) }),
  domains: object({}),
  auth: object({
    allowSignUp: boolean,
    password: object({ allowSignIn: boolean }),
    otp: object({ allowSignIn: boolean }),
    passkey: object({ allowSignIn: boolean }),
    oauth: object({
      accountMergeStrategy: oneOf(["link_method", "raise_error", "allow_duplicates"]),
      providers: record("providerId", object({ type: oneOf(oauthProviderTypes), allowSignIn: boolean, allowConnectedAccounts: boolean }), permissionId)
    }),
    signUpRules: record("signUpRuleId", object({
      enabled: boolean,
      displayName: string,
      priority: number,
      condition: string,
      action: object({ type: oneOf(["allow", "reject", "restrict", "log"]), message: string })
    })),
    signUpRulesDefaultAction: oneOf(["allow", "reject"])
  }),
  emails: object({ selectedThemeId: string, themes: record("themeId", emailTheme), templates: record("templateId", emailTemplate) }),
  payments: any,
  dbSync: object({ externalDatabases: record("externalDatabaseId", object({ type: oneOf(["postgres"]), connectionString: string })) }),
  dataVault: object({ stores: record("storeId", object({ displayName: string })) })
} satisfies Record<string, ConfigNode>

const projectFields = {
  sourceOfTruth: any,
  project: object({ requirePublishableClientKey: boolean })
} satisfies Record<string, ConfigNode>

const fieldsOf = (node: ConfigNode): Readonly<Record<string, ConfigNode>> => node.kind === "object" ? node.fields : {}

const environmentAuth = object({
  ...fieldsOf(branchFields.auth),
  oauth: object({
    ...fieldsOf(fieldsOf(branchFields.auth)["oauth"] ?? any),
    providers: record("providerId", object({
      type: oneOf(oauthProviderTypes),
      isShared: boolean,
      clientId: string,
      clientSecret: string,
      facebookConfigId: string,
      microsoftTenantId: string,
      appleBundles: record("appleBundleId", object({ bundleId: string })),
      allowSignIn: boolean,
      allowConnectedAccounts: boolean
    }), permissionId)
  })
})

const environmentFields = {
  ...branchFields,
  auth: environmentAuth,
  emails: object({
    ...fieldsOf(branchFields.emails),
    server: object({
      isShared: boolean,
      provider: oneOf(["resend", "smtp", "managed"]),
      host: string,
      port: number,
      username: string,
      password: string,
      senderName: string,
      senderEmail: string,
      managedSubdomain: string,
      managedSenderLocalPart: string
    })
  }),
  domains: object({
    allowLocalhost: boolean,
    trustedDomains: record("trustedDomainId", object({ baseUrl: string, handlerPath: string }))
  }),
  payments: any,
  analytics: any,
  customDashboards: any
} satisfies Record<string, ConfigNode>

/** The keys each level's override accepts. */
export const levelSchemas: Readonly<Record<ConfigLevel, ConfigNode>> = {
  project: object(projectFields),
  branch: object(branchFields),
  environment: object(environmentFields)
}

/** A JSON value of a configuration. */
export type ConfigValue = Schema.Json
/** A configuration object or override (keys may be dotted paths: `"teams.allowClientTeamCreation"`). */
export interface ConfigObject {
  readonly [key: string]: ConfigValue
}

/** One OAuth provider of `auth.oauth.providers`. */
export interface OAuthProviderConfig {
  readonly type?: typeof oauthProviderTypes[number] | undefined
  readonly allowSignIn?: boolean | undefined
  readonly allowConnectedAccounts?: boolean | undefined
}

/**
 * A branch-level configuration, the one `pushConfig` writes from code: every key optional, nested
 * objects (dotted keys are accepted by `updateConfig`, which takes any override).
 */
export interface BranchConfig {
  readonly rbac?: {
    readonly permissions?: Readonly<Record<string, {
      readonly description?: string | undefined
      readonly scope?: "team" | "project" | undefined
      readonly containedPermissionIds?: Readonly<Record<string, boolean>> | undefined
    }>> | undefined
    readonly defaultPermissions?: {
      readonly teamCreator?: Readonly<Record<string, boolean>> | undefined
      readonly teamMember?: Readonly<Record<string, boolean>> | undefined
      readonly signUp?: Readonly<Record<string, boolean>> | undefined
    } | undefined
  } | undefined
  readonly teams?: { readonly createPersonalTeamOnSignUp?: boolean | undefined; readonly allowClientTeamCreation?: boolean | undefined } | undefined
  readonly users?: { readonly allowClientUserDeletion?: boolean | undefined } | undefined
  readonly onboarding?: { readonly requireEmailVerification?: boolean | undefined } | undefined
  readonly apiKeys?: { readonly enabled?: { readonly team?: boolean | undefined; readonly user?: boolean | undefined } | undefined } | undefined
  readonly apps?: { readonly installed?: Partial<Record<typeof appIds[number], { readonly enabled?: boolean | undefined }>> | undefined } | undefined
  readonly auth?: {
    readonly allowSignUp?: boolean | undefined
    readonly password?: { readonly allowSignIn?: boolean | undefined } | undefined
    readonly otp?: { readonly allowSignIn?: boolean | undefined } | undefined
    readonly passkey?: { readonly allowSignIn?: boolean | undefined } | undefined
    readonly oauth?: {
      readonly accountMergeStrategy?: "link_method" | "raise_error" | "allow_duplicates" | undefined
      readonly providers?: Readonly<Record<string, OAuthProviderConfig>> | undefined
    } | undefined
    readonly signUpRulesDefaultAction?: "allow" | "reject" | undefined
  } | undefined
  readonly emails?: {
    readonly selectedThemeId?: string | undefined
    readonly themes?: Readonly<Record<string, { readonly displayName?: string | undefined; readonly tsxSource?: string | undefined }>> | undefined
    readonly templates?: Readonly<Record<string, { readonly displayName?: string | undefined; readonly tsxSource?: string | undefined; readonly themeId?: string | false | undefined }>> | undefined
  } | undefined
}

/**
 * The defaults of a rendered configuration, before any override (the service's organisation
 * defaults). Record entries get `recordEntryDefaults` for the fields they leave out.
 */
export const configDefaults = (): Record<string, ConfigValue> => ({
  sourceOfTruth: { type: "hosted" },
  project: { requirePublishableClientKey: false },
  rbac: { permissions: {}, defaultPermissions: { teamCreator: {}, teamMember: {}, signUp: {} } },
  apiKeys: { enabled: { team: false, user: false } },
  apps: { installed: Object.fromEntries(appIds.map((id) => [id, { enabled: false }])) },
  teams: { createPersonalTeamOnSignUp: false, allowClientTeamCreation: false },
  users: { allowClientUserDeletion: false },
  onboarding: { requireEmailVerification: false },
  domains: { allowLocalhost: false, trustedDomains: {} },
  auth: {
    allowSignUp: true,
    password: { allowSignIn: false },
    otp: { allowSignIn: false },
    passkey: { allowSignIn: false },
    oauth: { accountMergeStrategy: "link_method", providers: {} },
    signUpRules: {},
    signUpRulesDefaultAction: "allow"
  },
  emails: { server: { isShared: true, provider: "smtp" }, selectedThemeId: defaultEmailThemeId, themes: {}, templates: {} },
  payments: { blockNewPurchases: false, testMode: true, productLines: {}, products: {}, items: {} },
  dbSync: { externalDatabases: {} },
  dataVault: { stores: {} },
  analytics: { queryFolders: {} },
  customDashboards: {}
})

/** Defaults of the entries of records, by the record's dotted path. */
export const recordEntryDefaults: Readonly<Record<string, (key: string) => ConfigObject>> = {
  "domains.trustedDomains": () => ({ handlerPath: "/handler" }),
  "auth.oauth.providers": () => ({ isShared: true, allowSignIn: false, allowConnectedAccounts: false }),
  "auth.signUpRules": () => ({ enabled: false, priority: 0, action: { type: "allow" } }),
  "emails.themes": () => ({ displayName: "Unnamed Theme", tsxSource: "Error: Theme config is missing TypeScript source code." }),
  "emails.templates": () => ({ displayName: "Unnamed Template", tsxSource: "Error: Template config is missing TypeScript source code." }),
  "dataVault.stores": () => ({ displayName: "Unnamed Vault" }),
  "rbac.permissions": () => ({ containedPermissionIds: {} })
}

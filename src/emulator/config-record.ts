/**
 * The bridge between rendered configurations (the service's config keys) and the emulator's
 * `ProjectConfigRecord`, which the rest of the emulator reads (sign-up switches, providers,
 * domains, the e-mail server).
 *
 * Overrides are the source of truth for the config routes; the record stays the source of truth
 * for behaviour. After an override changes, each modelled key whose rendered value changed is
 * written to the record; when rendering, the record's modelled values are shown (so settings made
 * through `PATCH /internal/projects/current` appear in `GET /internal/config` too).
 */
import { type ConfigOverrides, renderConfig } from "../config/override.ts"
import type { ConfigObject, ConfigValue } from "../config/schema.ts"
import type { OAuthProviderRecord, ProjectConfigRecord } from "./state.ts"

type Config = ProjectConfigRecord

const isObject = (value: unknown): value is ConfigObject => typeof value === "object" && value !== null && !Array.isArray(value)

/** The value at a dotted path. */
const valueAt = (config: ConfigObject, path: string): ConfigValue | undefined => {
  let current: ConfigValue | undefined = config
  for (const segment of path.split(".")) current = isObject(current) ? current[segment] : undefined
  return current
}

/** `config` with `value` at a dotted path (missing objects created). */
const withValueAt = (config: ConfigObject, path: ReadonlyArray<string>, value: ConfigValue): ConfigObject => {
  const [head, ...rest] = path
  if (head === undefined) return config
  const inner = config[head]
  return { ...config, [head]: rest.length === 0 ? value : withValueAt(isObject(inner) ? inner : {}, rest, value) }
}

/** Modelled settings: a config path, how the record holds it, how it is written. */
interface Modelled {
  readonly path: string
  readonly read: (config: Config) => ConfigValue
  readonly write: (config: Config, value: ConfigValue | undefined) => Config
}

const flag = (path: string, key: keyof { [K in keyof Config as Config[K] extends boolean ? K : never]: true }): Modelled => ({
  path,
  read: (config) => config[key],
  write: (config, value) => typeof value === "boolean" ? { ...config, [key]: value } : config
})

const mergeStrategies = ["link_method", "raise_error", "allow_duplicates"] as const

/** Every modelled scalar setting. */
export const modelledSettings: ReadonlyArray<Modelled> = [
  flag("project.requirePublishableClientKey", "requirePublishableClientKey"),
  flag("onboarding.requireEmailVerification", "requireEmailVerification"),
  flag("auth.allowSignUp", "signUpEnabled"),
  flag("auth.password.allowSignIn", "credentialEnabled"),
  flag("auth.otp.allowSignIn", "magicLinkEnabled"),
  flag("auth.passkey.allowSignIn", "passkeyEnabled"),
  flag("teams.createPersonalTeamOnSignUp", "createTeamOnSignUp"),
  flag("teams.allowClientTeamCreation", "clientTeamCreationEnabled"),
  flag("users.allowClientUserDeletion", "clientUserDeletionEnabled"),
  flag("domains.allowLocalhost", "allowLocalhost"),
  flag("apiKeys.enabled.user", "allowUserApiKeys"),
  flag("apiKeys.enabled.team", "allowTeamApiKeys"),
  {
    path: "auth.oauth.accountMergeStrategy",
    read: (config) => config.oauthAccountMergeStrategy,
    write: (config, value) => {
      const strategy = mergeStrategies.find((s) => s === value)
      return strategy === undefined ? config : { ...config, oauthAccountMergeStrategy: strategy }
    }
  }
]

const text = (value: ConfigValue | undefined): string | null => typeof value === "string" ? value : null

/** The record's providers from a rendered `auth.oauth.providers`. */
const providersFrom = (providers: ConfigValue | undefined): ReadonlyArray<OAuthProviderRecord> =>
  Object.entries(isObject(providers) ? providers : {}).flatMap(([key, value]) => {
    if (!isObject(value)) return []
    const shared = value["isShared"] !== false
    return [{
      id: typeof value["type"] === "string" ? value["type"] : key,
      type: shared ? "shared" : "standard",
      clientId: shared ? null : text(value["clientId"]),
      clientSecret: shared ? null : text(value["clientSecret"]),
      facebookConfigId: text(value["facebookConfigId"]),
      microsoftTenantId: text(value["microsoftTenantId"])
    }]
  })

/** The record's e-mail server from a rendered `emails.server`. */
const emailConfigFrom = (server: ConfigValue | undefined): Config["emailConfig"] => {
  if (!isObject(server) || server["isShared"] !== false) return { type: "shared" }
  return {
    type: "standard",
    host: text(server["host"]) ?? "",
    port: typeof server["port"] === "number" ? server["port"] : 0,
    username: text(server["username"]) ?? "",
    password: text(server["password"]) ?? "",
    senderName: text(server["senderName"]) ?? "",
    senderEmail: text(server["senderEmail"]) ?? ""
  }
}

/** The record's trusted domains from a rendered `domains.trustedDomains`. */
const domainsFrom = (domains: ConfigValue | undefined): Config["domains"] =>
  Object.values(isObject(domains) ? domains : {}).flatMap((entry) =>
    isObject(entry) && typeof entry["baseUrl"] === "string"
      ? [{ domain: entry["baseUrl"], handlerPath: text(entry["handlerPath"]) ?? "/handler" }]
      : []
  )

const same = (a: ConfigValue | undefined, b: ConfigValue | undefined) => JSON.stringify(a) === JSON.stringify(b)

/** The keys written, replaced or removed between two overrides of every level. */
const changedKeys = (before: ConfigOverrides, after: ConfigOverrides): ReadonlyArray<string> =>
  (["project", "branch", "environment"] as const).flatMap((level) => {
    const a = before[level]
    const b = after[level]
    return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((key) => !same(a[key], b[key]))
  })

/**
 * The record after the overrides went from `before` to `after`: each modelled setting the change
 * touched (a key at, above or below its path) takes its newly rendered value; the rest stays as it
 * is (settings made through a project update are not undone by an unrelated override).
 */
export const syncRecord = (record: Config, before: ConfigOverrides, after: ConfigOverrides): Config => {
  const keys = changedKeys(before, after)
  const touched = (path: string) => keys.some((key) => key === path || path.startsWith(`${key}.`) || key.startsWith(`${path}.`))
  const next = renderConfig(after)
  let config = record
  for (const setting of modelledSettings) {
    if (touched(setting.path)) config = setting.write(config, valueAt(next, setting.path))
  }
  if (touched("auth.oauth.providers")) config = { ...config, oauthProviders: providersFrom(valueAt(next, "auth.oauth.providers")) }
  if (touched("domains.trustedDomains")) config = { ...config, domains: domainsFrom(valueAt(next, "domains.trustedDomains")) }
  if (touched("emails.server")) config = { ...config, emailConfig: emailConfigFrom(valueAt(next, "emails.server")) }
  return config
}

/**
 * The record's providers in the service's form: each as the overrides describe it (matched by
 * type) or, when it was set up another way (project update, the emulator's seed), as a provider
 * allowed for sign-in and connected accounts.
 */
const providersOf = (record: Config, rendered: ConfigValue | undefined): ConfigObject => {
  const entries = Object.entries(isObject(rendered) ? rendered : {})
  return Object.fromEntries(record.oauthProviders.map((provider) => {
    const described = entries.find(([key, value]) => isObject(value) && (value["type"] ?? key) === provider.id)
    if (described !== undefined) return described
    const secrets = provider.type === "standard"
      ? { clientId: provider.clientId ?? "", clientSecret: provider.clientSecret ?? "" }
      : {}
    return [provider.id, { type: provider.id, isShared: provider.type === "shared", ...secrets, allowSignIn: true, allowConnectedAccounts: true }]
  }))
}

/** The rendered configuration as the service shows it, with the record's modelled settings. */
export const renderedWithRecord = (overrides: ConfigOverrides, record: Config, defaults?: ConfigObject): ConfigObject => {
  const rendered = renderConfig(overrides, defaults)
  const withSettings = modelledSettings.reduce(
    (config, setting) => withValueAt(config, setting.path.split("."), setting.read(record)),
    rendered
  )
  return withValueAt(withSettings, ["auth", "oauth", "providers"], providersOf(record, valueAt(rendered, "auth.oauth.providers")))
}

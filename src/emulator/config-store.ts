/**
 * Reading and writing a project's config overrides from handlers: the rendered configuration with
 * the emulator's defaults (its built-in e-mail themes), and stores that keep the project's
 * behaviour in step (`config-record.ts`).
 */
import type { ConfigOverrides } from "../config/override.ts"
import { overrideConfig } from "../config/override.ts"
import { type ConfigObject, configDefaults } from "../config/schema.ts"
import type { ConfigSource } from "../wire/config.ts"
import { renderedWithRecord, syncRecord } from "./config-record.ts"
import { applyFeatureConfigKey, isFeatureConfigPath } from "./feature-config-override.ts"
import { defaultFeatureConfig, type FeatureConfigRecord } from "./feature-state.ts"
import { defaultEmailThemes } from "./email-themes.ts"
import { configOverridesOf } from "./owner-state.ts"
import type { ProjectRecord, StateData } from "./state.ts"

/** The service's defaults with the emulator's built-in e-mail themes. */
const emulatorDefaults = (): ConfigObject => {
  const defaults = configDefaults()
  const emails = defaults["emails"]
  const themes = Object.fromEntries(defaultEmailThemes.map((t) => [t.id, { displayName: t.displayName, tsxSource: t.tsxSource }]))
  return { ...defaults, emails: typeof emails === "object" && emails !== null && !Array.isArray(emails) ? { ...emails, themes } : { themes } }
}

/** A project's rendered configuration, as `GET /internal/config` shows it. */
export const renderedConfigOf = (data: StateData, project: ProjectRecord): ConfigObject =>
  renderedWithRecord(configOverridesOf(data.owner, project.id), project.config, emulatorDefaults())

/** The override's settings that the features beyond the seed keep (data vault stores, sign-up rules). */
const featureEntries = (override: Readonly<Record<string, unknown>>, prefix = ""): ReadonlyArray<readonly [string, unknown]> =>
  Object.entries(override).flatMap(([key, value]) => {
    const path = prefix === "" ? key : `${prefix}.${key}`
    if (isFeatureConfigPath(path)) return [[path, value] as const]
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? featureEntries(value as Readonly<Record<string, unknown>>, path)
      : []
  })

/** Those settings over every level, project first, as the features read them. */
const featureConfigFrom = (overrides: ConfigOverrides): FeatureConfigRecord =>
  [overrides.project, overrides.branch, overrides.environment].flatMap((level) => featureEntries(level)).reduce(
    (config, [path, value]) => applyFeatureConfigKey(config, path, value) ?? config,
    defaultFeatureConfig
  )

/** Stores new overrides (and the branch's source, when given); the project's behaviour follows. */
export const storeOverrides = (data: StateData, project: ProjectRecord, overrides: ConfigOverrides, source?: ConfigSource): void => {
  const before = configOverridesOf(data.owner, project.id)
  data.owner.configOverrides[project.id] = {
    project: overrides.project,
    branch: overrides.branch,
    environment: overrides.environment,
    source: source ?? before.source
  }
  const current = data.projects[project.id] ?? project
  data.projects[project.id] = { ...current, config: syncRecord(current.config, before, overrides) }
  data.features.configs[project.id] = featureConfigFrom(overrides)
}

/** Writes keys over the environment override (what the dashboard's settings do). */
export const updateEnvironmentConfig = (data: StateData, project: ProjectRecord, update: ConfigObject): void => {
  const overrides = configOverridesOf(data.owner, project.id)
  storeOverrides(data, project, { ...overrides, environment: overrideConfig(overrides.environment, update) })
}

/**
 * Config-override paths of the features beyond the seed, applied beside the ones
 * `handlers/config-override.ts` models: `dataVault.stores.<id>` (`{ displayName }`, `null`
 * removes), `auth.signUpRules.<id>` (a rule, `null` removes) and `auth.signUpRulesDefaultAction`
 * (`"allow"` | `"reject"`).
 */
import type { Json } from "../wire/common.ts"
import type { FeatureConfigRecord } from "./feature-state.ts"

const storePath = /^dataVault\.stores\.([^.]+)$/
const rulePath = /^auth\.signUpRules\.([^.]+)$/

/** Whether `path` is one of these features' settings (nested objects stop opening there). */
export const isFeatureConfigPath = (path: string): boolean =>
  storePath.test(path) || rulePath.test(path) || path === "auth.signUpRulesDefaultAction"

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const isJson = (value: unknown): value is Json =>
  value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean" ||
  (Array.isArray(value) && value.every(isJson)) || (isRecord(value) && Object.values(value).every(isJson))

const without = <T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> => {
  const next: Record<string, T> = Object.create(null)
  for (const [k, v] of Object.entries(record)) if (k !== key) next[k] = v
  return next
}

/** Applies one `path = value`; `undefined` when the path is not one of these or the value is not accepted. */
export const applyFeatureConfigKey = (config: FeatureConfigRecord, path: string, value: unknown): FeatureConfigRecord | undefined => {
  const store = storePath.exec(path)?.[1]
  if (store !== undefined) {
    if (value === null) return { ...config, dataVaultStores: without(config.dataVaultStores, store) }
    if (!isRecord(value)) return undefined
    const displayName = typeof value["displayName"] === "string" ? value["displayName"] : store
    return { ...config, dataVaultStores: { ...without(config.dataVaultStores, store), [store]: { displayName } } }
  }
  const rule = rulePath.exec(path)?.[1]
  if (rule !== undefined) {
    if (value === null) return { ...config, signUpRules: without(config.signUpRules, rule) }
    if (!isRecord(value) || !isJson(value)) return undefined
    return { ...config, signUpRules: { ...without(config.signUpRules, rule), [rule]: value } }
  }
  if (path === "auth.signUpRulesDefaultAction") {
    return value === "allow" || value === "reject" ? { ...config, signUpRulesDefaultAction: value } : undefined
  }
  return undefined
}

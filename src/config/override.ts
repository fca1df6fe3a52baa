/**
 * Config overrides as the service combines them: an override is a JSON object whose keys may be
 * dotted paths (`"teams.allowClientTeamCreation": true`) or nested objects. Writing a key replaces
 * that key and every key below it; the rendered configuration is the defaults with the project,
 * branch and environment overrides laid over them in that order. A dotted key into something that
 * does not exist (an absent record entry: `"domains.trustedDomains.x.baseUrl"`) is ignored when
 * rendering, like the service does.
 */
import { type ConfigLevel, type ConfigNode, type ConfigObject, type ConfigValue, configDefaults, levelSchemas, recordEntryDefaults } from "./schema.ts"

/** A mutable configuration object (rendering builds one). */
type MutableConfig = Record<string, ConfigValue>

const isObject = (value: unknown): value is ConfigObject =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** `base` with `update`'s keys written over it: each key replaces itself and every key below it. */
export const overrideConfig = (base: ConfigObject, update: ConfigObject): ConfigObject => {
  const keys = Object.keys(update)
  const kept = Object.entries(base).filter(([key]) => !keys.some((k) => key === k || key.startsWith(`${k}.`)))
  return Object.fromEntries([...kept, ...Object.entries(update)])
}

/** `config` without `keys` and everything below them (flat or nested); absent keys change nothing. */
export const removeConfigKeys = (config: ConfigObject, keys: ReadonlyArray<string>): ConfigObject => {
  if (keys.length === 0) return config
  const result: Record<string, ConfigValue> = {}
  for (const [key, value] of Object.entries(config)) {
    if (keys.some((k) => key === k || key.startsWith(`${k}.`))) continue
    const inner = keys.filter((k) => k.startsWith(`${key}.`)).map((k) => k.slice(key.length + 1))
    if (inner.length > 0 && isObject(value)) {
      const cleaned = removeConfigKeys(value, inner)
      if (Object.keys(cleaned).length > 0) result[key] = cleaned
    } else {
      result[key] = value
    }
  }
  return result
}

const dots = (key: string) => key.split(".").length

/** `value` deep-merged into `target[key]` (objects merge, anything else replaces; `null` deletes). */
const writeInto = (target: MutableConfig, key: string, value: ConfigValue): void => {
  if (value === null) {
    delete target[key]
    return
  }
  const current = target[key]
  if (isObject(value) && isObject(current)) {
    const merged: MutableConfig = { ...current }
    for (const [k, v] of Object.entries(value)) writeInto(merged, k, v)
    target[key] = merged
  } else if (isObject(value)) {
    const fresh: MutableConfig = {}
    for (const [k, v] of Object.entries(value)) writeInto(fresh, k, v)
    target[key] = fresh
  } else {
    target[key] = value
  }
}

/** Lays one override over `target`: shallow keys first; a dotted key into nothing is dropped. */
const applyOverride = (target: MutableConfig, override: ConfigObject): void => {
  for (const key of Object.keys(override).sort((a, b) => dots(a) - dots(b))) {
    const value = override[key]
    if (value === undefined) continue
    const path = key.split(".")
    const last = path.pop() ?? key
    let current: MutableConfig | undefined = target
    for (const segment of path) {
      const next: ConfigValue | undefined = current[segment]
      if (!isObject(next)) {
        current = undefined
        break
      }
      const copy: MutableConfig = { ...next }
      current[segment] = copy
      current = copy
    }
    if (current !== undefined) writeInto(current, last, value)
  }
}

/** Fills record entries with their defaults (`recordEntryDefaults`). */
const fillRecordEntries = (config: MutableConfig): void => {
  for (const [path, defaults] of Object.entries(recordEntryDefaults)) {
    const segments = path.split(".")
    let parent: ConfigValue | undefined = config
    for (const segment of segments) parent = isObject(parent) ? parent[segment] : undefined
    if (!isObject(parent)) continue
    const filled: MutableConfig = {}
    for (const [key, entry] of Object.entries(parent)) {
      const merged: MutableConfig = { ...defaults(key) }
      if (isObject(entry)) for (const [k, v] of Object.entries(entry)) writeInto(merged, k, v)
      filled[key] = merged
    }
    let target: MutableConfig = config
    for (const segment of segments.slice(0, -1)) {
      const next = target[segment]
      if (!isObject(next)) return
      const copy: MutableConfig = { ...next }
      target[segment] = copy
      target = copy
    }
    target[segments[segments.length - 1] ?? path] = filled
  }
}

/** The overrides of a project, one per level. */
export interface ConfigOverrides {
  readonly project: ConfigObject
  readonly branch: ConfigObject
  readonly environment: ConfigObject
}

/**
 * The rendered configuration: defaults, then the project, branch and environment overrides. OAuth
 * providers without a type are left out; custom e-mail templates only count with a dedicated
 * e-mail server (with the shared one, the defaults are used), as on the service.
 */
export const renderConfig = (overrides: ConfigOverrides, defaults: ConfigObject = configDefaults()): ConfigObject => {
  const config: MutableConfig = { ...defaults }
  applyOverride(config, overrideConfig(overrideConfig(overrides.project, overrides.branch), overrides.environment))
  fillRecordEntries(config)
  const auth = config["auth"]
  const oauth = isObject(auth) ? auth["oauth"] : undefined
  const providers = isObject(oauth) ? oauth["providers"] : undefined
  if (isObject(auth) && isObject(oauth) && isObject(providers)) {
    const typed = Object.entries(providers).filter(([, p]) => isObject(p) && p["type"] !== undefined)
    config["auth"] = { ...auth, oauth: { ...oauth, providers: Object.fromEntries(typed) } }
  }
  const emails = config["emails"]
  const defaultEmails = defaults["emails"]
  if (isObject(emails) && isObject(emails["server"]) && emails["server"]["isShared"] !== false && isObject(defaultEmails)) {
    config["emails"] = { ...emails, templates: defaultEmails["templates"] ?? {} }
  }
  return config
}

// =============================================================================
// Validation
// =============================================================================

const keyPattern = /^[a-zA-Z0-9_:$][a-zA-Z_:$0-9-]*(?:\.[a-zA-Z0-9_:$][a-zA-Z_:$0-9-]*)*$/

/** The node at a dotted path, walking through objects and records; `undefined` when there is none. */
const nodeAt = (node: ConfigNode, path: ReadonlyArray<string>): ConfigNode | undefined => {
  let current: ConfigNode | undefined = node
  for (const segment of path) {
    if (current === undefined) return undefined
    current = current.kind === "object" ? current.fields[segment] : current.kind === "record" ? current.value : current.kind === "any" ? current : undefined
  }
  return current
}

const describe = (value: unknown): string => JSON.stringify(value) ?? String(value)

/** The first problem of `value` at `path` against `node`, in the service's words. */
const valueProblem = (node: ConfigNode, value: ConfigValue, path: string): string | undefined => {
  if (value === null) return undefined
  switch (node.kind) {
    case "any":
      return undefined
    case "boolean":
      return typeof value === "boolean" ? undefined : `${path} must be a \`boolean\` type, but the final value was: \`${describe(value)}\`.`
    case "number":
      return typeof value === "number" ? undefined : `${path} must be a \`number\` type, but the final value was: \`${describe(value)}\`.`
    case "string":
      if (typeof value !== "string") return `${path} must be a \`string\` type, but the final value was: \`${describe(value)}\`.`
      return node.oneOf !== undefined && !node.oneOf.includes(value)
        ? `${path} must be one of the following values: ${node.oneOf.join(", ")}`
        : undefined
    case "object": {
      if (!isObject(value)) return `${path} must be a \`object\` type, but the final value was: \`${describe(value)}\`.`
      const unknown = Object.keys(value).filter((key) => node.fields[key] === undefined)
      if (unknown.length > 0) return `${path} contains unknown properties: ${unknown.join(", ")}`
      for (const [key, inner] of Object.entries(value)) {
        const field = node.fields[key]
        const problem = field === undefined ? undefined : valueProblem(field, inner, `${path}.${key}`)
        if (problem !== undefined) return problem
      }
      return undefined
    }
    case "record": {
      if (!isObject(value)) return `${path} must be an object`
      for (const [key, inner] of Object.entries(value)) {
        if (!node.key.test(key)) return `${path}.${key}: ${node.keyName} "${key}" is not a valid id`
        const problem = valueProblem(node.value, inner, `${path}.${key}`)
        if (problem !== undefined) return problem
      }
      return undefined
    }
  }
}

/** A dotted key inside a nested value (only top-level keys may be dotted). */
const dottedInner = (value: ConfigValue): string | undefined => {
  if (!isObject(value)) return undefined
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes(".")) return key
    const found = dottedInner(inner)
    if (found !== undefined) return found
  }
  return undefined
}

/**
 * Why `override` is not a valid override at `level`, in the service's words (400 text), or
 * `undefined` when it is: unknown keys, keys of another level, values of the wrong type.
 */
export const configOverrideProblem = (level: ConfigLevel, override: unknown): string | undefined => {
  if (!isObject(override)) return "Config override must be a non-null object."
  for (const value of Object.values(override)) {
    const dotted = dottedInner(value)
    if (dotted !== undefined) return `Key ${dotted} contains a dot, which is not allowed in config override.`
  }
  for (const key of Object.keys(override)) {
    if (!keyPattern.test(key)) {
      return `Invalid config format: All keys of override must consist of only alphanumeric characters, dots, underscores, colons, dollar signs, or hyphens and start with a character other than a hyphen (found: ${key})`
    }
  }
  const schema = levelSchemas[level]
  for (const [key, value] of Object.entries(override)) {
    const path = key.split(".")
    const node = nodeAt(schema, path)
    if (node === undefined) {
      for (let i = 1; i <= path.length; i++) {
        const prefix = path.slice(0, i).join(".")
        if (nodeAt(schema, path.slice(0, i)) === undefined) {
          return `The key ${JSON.stringify(key)} is not valid (nested object not found in schema: ${JSON.stringify(prefix)}).`
        }
      }
    } else {
      const problem = valueProblem(node, value, key)
      if (problem !== undefined) return problem
    }
  }
  return undefined
}

/** `override` written as dotted keys down to its leaves (how `config pull` and diffs show it). */
export const flattenConfig = (config: ConfigObject, prefix = ""): ReadonlyArray<readonly [string, ConfigValue]> =>
  Object.entries(config).flatMap(([key, value]) => {
    const path = prefix === "" ? key : `${prefix}.${key}`
    return isObject(value) && Object.keys(value).length > 0 ? flattenConfig(value, path) : [[path, value] as const]
  })

/**
 * Configuration as code: read the rendered configuration and each level's override, write keys over
 * the environment (`updateConfig`) or the pushed branch config (`updatePushedConfig`), push a whole
 * branch config from code (`pushConfig`), reset keys, and read or unlink where the pushed config
 * came from. Overrides are checked against the service's config schema (`src/config`) before
 * anything is sent: an unknown key, a key of another level or a mistyped value is an
 * `InvalidConfigOverride` naming it, in the service's words.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { configOverrideProblem } from "../config/override.ts"
import type { BranchConfig, ConfigLevel, ConfigObject } from "../config/schema.ts"
import { json } from "../http/endpoint.ts"
import type { AdminProjectErrorClass } from "../http/project-errors.ts"
import type { KeyRuntime } from "../server/runtime.ts"
import { SuccessBody } from "../wire/common.ts"
import { ConfigJsonObject, ConfigObjectBody, type ConfigSource, ConfigSourceBody } from "../wire/config.ts"

/** An override the service would refuse; nothing was sent. `message` is the service's own. */
export class InvalidConfigOverride extends Schema.TaggedError<InvalidConfigOverride>()("InvalidConfigOverride", {
  level: Schema.Literals(["project", "branch", "environment"]),
  message: Schema.String
}) {}

/** Where a pushed config came from (`pushConfig`'s `source`). */
export type PushedConfigSource = ConfigSource

/** The levels whose override can be read, replaced or reset. */
export type OverrideLevel = Exclude<ConfigLevel, "project">

const checked = (level: ConfigLevel, override: unknown): Effect.Effect<ConfigObject, InvalidConfigOverride> => {
  const problem = configOverrideProblem(level, override)
  if (problem !== undefined) return Effect.fail(new InvalidConfigOverride({ level, message: problem }))
  return Schema.decodeUnknownEffect(ConfigJsonObject)(override).pipe(
    Effect.mapError(() => new InvalidConfigOverride({ level, message: "A config override must be a JSON object" }))
  )
}

/** The configuration operations of an admin app. */
export const makeConfigOperations = (runtime: KeyRuntime<AdminProjectErrorClass>) => {
  const overridePath = (level: ConfigLevel) => `/internal/config/override/${level}`

  /** The rendered configuration: defaults with the project, branch and environment overrides. */
  const getConfig = Effect.fn("StackAdmin.getConfig")(function*() {
    return (yield* runtime.call({ method: "GET", path: "/internal/config", response: json(ConfigObjectBody), errors: [] })).config_string
  })

  /** One level's override as stored (dotted keys as they were written). */
  const getConfigOverride = Effect.fn("StackAdmin.getConfigOverride")(function*(level: OverrideLevel) {
    return (yield* runtime.call({ method: "GET", path: overridePath(level), response: json(ConfigObjectBody), errors: [] })).config_string
  })

  const patch = (level: ConfigLevel, override: unknown) =>
    Effect.flatMap(checked(level, override), (value) =>
      runtime.call({
        method: "PATCH",
        path: overridePath(level),
        body: { _tag: "Json", value: { config_override_string: JSON.stringify(value) } },
        response: json(SuccessBody),
        errors: []
      }))

  const put = (level: ConfigLevel, config: unknown, source: ConfigSource | undefined) =>
    Effect.flatMap(checked(level, config), (value) =>
      runtime.call({
        method: "PUT",
        path: overridePath(level),
        body: { _tag: "Json", value: source === undefined ? { config_string: JSON.stringify(value) } : { config_string: JSON.stringify(value), source } },
        response: json(SuccessBody),
        errors: []
      }))

  /**
   * Writes keys over the environment's override (dashboard settings, secrets). Wins over anything
   * pushed with `pushConfig`, even later pushes.
   *
   * @example
   * yield* admin.updateConfig({ "teams.allowClientTeamCreation": true })
   */
  const updateConfig = Effect.fn("StackAdmin.updateConfig")(function*(override: ConfigObject) {
    yield* patch("environment", override)
  })

  /** Writes keys over the project-wide override (`project.requirePublishableClientKey`). */
  const updateProjectConfig = Effect.fn("StackAdmin.updateProjectConfig")(function*(override: ConfigObject) {
    yield* patch("project", override)
  })

  /** Writes keys over the pushed (branch) config; the next `pushConfig` replaces them. */
  const updatePushedConfig = Effect.fn("StackAdmin.updatePushedConfig")(function*(override: ConfigObject) {
    yield* patch("branch", override)
  })

  /**
   * Replaces the pushed (branch) config with `config`, a typed config object checked before sending.
   * `source` says where it came from (default `pushed-from-unknown`). `updateConfig` changes still win.
   *
   * @example
   * yield* admin.pushConfig({ teams: { allowClientTeamCreation: true } }, { source: { type: "pushed-from-unknown" } })
   */
  const pushConfig = Effect.fn("StackAdmin.pushConfig")(function*(config: BranchConfig, options?: { readonly source?: PushedConfigSource | undefined }) {
    yield* put("branch", config, options?.source ?? { type: "pushed-from-unknown" })
  })

  /**
   * Replaces one level's whole override with any config object (checked before sending). The branch
   * keeps its source unless `source` is given (what `stackfx config push` does with a file).
   */
  const replaceConfigOverride = Effect.fn("StackAdmin.replaceConfigOverride")(function*(
    level: OverrideLevel,
    config: ConfigObject,
    options?: { readonly source?: PushedConfigSource | undefined }
  ) {
    const source = level === "branch" ? (options?.source ?? (yield* getPushedConfigSource())) : undefined
    yield* put(level, config, source)
  })

  /** Removes keys (and everything below them) from one level's override; absent keys are fine. */
  const resetConfigOverrideKeys = Effect.fn("StackAdmin.resetConfigOverrideKeys")(function*(level: OverrideLevel, keys: ReadonlyArray<string>) {
    yield* runtime.call({ method: "POST", path: `${overridePath(level)}/reset-keys`, body: { _tag: "Json", value: { keys } }, response: json(SuccessBody), errors: [] })
  })

  /** Where the pushed config came from: GitHub, an unknown pusher, or `unlinked` (edited on the dashboard). */
  const getPushedConfigSource = Effect.fn("StackAdmin.getPushedConfigSource")(function*() {
    return (yield* runtime.call({ method: "GET", path: "/internal/config/source", response: json(ConfigSourceBody), errors: [] })).source
  })

  /** Marks the pushed config `unlinked` (its values stay), so the dashboard may edit it. */
  const unlinkPushedConfigSource = Effect.fn("StackAdmin.unlinkPushedConfigSource")(function*() {
    yield* runtime.call({ method: "DELETE", path: "/internal/config/source", response: json(SuccessBody), errors: [] })
  })

  return {
    /** The rendered configuration: defaults with the project, branch and environment overrides. */
    getConfig,
    /** One level's override as stored (dotted keys as they were written). */
    getConfigOverride,
    /** Writes keys over the environment's override; wins over pushed config. */
    updateConfig,
    /** Writes keys over the project-wide override (`project.requirePublishableClientKey`). */
    updateProjectConfig,
    /** Writes keys over the pushed (branch) config; the next `pushConfig` replaces them. */
    updatePushedConfig,
    /** Replaces the pushed (branch) config with a typed config object, checked before sending. */
    pushConfig,
    /** Replaces one level's whole override with any config object (the branch keeps its source unless given). */
    replaceConfigOverride,
    /** Removes keys (and everything below them) from one level's override. */
    resetConfigOverrideKeys,
    /** Where the pushed config came from. */
    getPushedConfigSource,
    /** Marks the pushed config `unlinked` (its values stay). */
    unlinkPushedConfigSource
  }
}

/** The configuration operations of StackAdmin. */
export type ConfigOperations = ReturnType<typeof makeConfigOperations>

/**
 * The configuration routes of today's service (config as code):
 *
 * - `GET /internal/config` (admin) → `{config_string}`: the rendered configuration.
 * - `GET|PUT|PATCH /internal/config/override/{project|branch|environment}` (server for `branch`,
 *   admin for all): read the level's override, replace it (`{config_string, source?}`, `source`
 *   required for `branch`), or write keys over it (`{config_override_string}`).
 * - `POST /internal/config/override/{branch|environment}/reset-keys` (admin) `{keys}`: removes keys
 *   and everything below them.
 * - `GET|DELETE /internal/config/source` (admin): where the branch's pushed config came from;
 *   DELETE unlinks it (the values stay).
 *
 * Overrides are validated with `src/config` (the service's messages: unknown keys, keys of another
 * level, wrong types, bad JSON); the emulator's behaviour follows through `config-record.ts`.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { configOverrideProblem, overrideConfig, removeConfigKeys } from "../../config/override.ts"
import { type ConfigLevel, type ConfigObject } from "../../config/schema.ts"
import {
  ConfigOverrideSetBody,
  ConfigOverrideUpdateBody,
  ConfigResetKeysBody,
  ConfigSourceBody,
  ConfigStringBody
} from "../../wire/config.ts"
import type { RequestAuth } from "../auth.ts"
import { renderedConfigOf, storeOverrides } from "../config-store.ts"
import { configOverridesOf } from "../owner-state.ts"
import * as Reply from "../reply.ts"
import { defineRoute } from "../router.ts"

const LevelParams = Schema.Struct({ level: Schema.Literals(["project", "branch", "environment"]) })
const ResetLevelParams = Schema.Struct({ level: Schema.Literals(["branch", "environment"]) })

/** Server keys may only touch the branch level (like the service). */
const refuseServerOutsideBranch = (auth: RequestAuth, level: ConfigLevel) =>
  auth.accessType === "server" && level !== "branch"
    ? Reply.textError(403, "Server access can only manage branch config overrides.")
    : undefined

/** Parses and validates an override's JSON text (400 text errors in the service's words). */
const parseOverride = (level: ConfigLevel, text: string): Effect.Effect<ConfigObject, Reply.TextError> => {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return Effect.fail(Reply.textError(400, "Invalid config JSON"))
  }
  const problem = configOverrideProblem(level, parsed)
  if (problem !== undefined) return Effect.fail(Reply.textError(400, problem))
  return Schema.decodeUnknownEffect(ConfigObjectSchema)(parsed).pipe(
    Effect.mapError(() => Reply.textError(400, "Invalid config JSON"))
  )
}

const ConfigObjectSchema = Schema.Record(Schema.String, Schema.Json)

/** The routes of this file. */
export const routes = [
  defineRoute({
    method: "GET",
    path: "/internal/config",
    access: ["admin"],
    handler: Effect.fnUntraced(function*(ctx) {
      const rendered = renderedConfigOf(ctx.data, ctx.auth.project)
      return yield* Reply.json(ConfigStringBody, { config_string: JSON.stringify(rendered) })
    })
  }),
  defineRoute({
    method: "GET",
    path: "/internal/config/override/{level}",
    access: ["server", "admin"],
    params: LevelParams,
    handler: Effect.fnUntraced(function*(ctx) {
      const refused = refuseServerOutsideBranch(ctx.auth, ctx.params.level)
      if (refused !== undefined) return yield* refused
      const level: ConfigLevel = ctx.params.level
      const override = configOverridesOf(ctx.data.owner, ctx.auth.project.id)[level]
      return yield* Reply.json(ConfigStringBody, { config_string: JSON.stringify(override) })
    })
  }),
  defineRoute({
    method: "PATCH",
    path: "/internal/config/override/{level}",
    access: ["server", "admin"],
    params: LevelParams,
    body: ConfigOverrideUpdateBody,
    handler: Effect.fnUntraced(function*(ctx) {
      const level: ConfigLevel = ctx.params.level
      const refused = refuseServerOutsideBranch(ctx.auth, level)
      if (refused !== undefined) return yield* refused
      const update = yield* parseOverride(level, ctx.body.config_override_string)
      const overrides = configOverridesOf(ctx.data.owner, ctx.auth.project.id)
      storeOverrides(ctx.data, ctx.auth.project, { ...overrides, [level]: overrideConfig(overrides[level], update) })
      return yield* Reply.success
    })
  }),
  defineRoute({
    method: "PUT",
    path: "/internal/config/override/{level}",
    access: ["server", "admin"],
    params: LevelParams,
    body: ConfigOverrideSetBody,
    handler: Effect.fnUntraced(function*(ctx) {
      const level: ConfigLevel = ctx.params.level
      const refused = refuseServerOutsideBranch(ctx.auth, level)
      if (refused !== undefined) return yield* refused
      const config = yield* parseOverride(level, ctx.body.config_string)
      if (level === "branch" && ctx.body.source === undefined) {
        return yield* Reply.textError(400, "source is required for branch level config")
      }
      const overrides = configOverridesOf(ctx.data.owner, ctx.auth.project.id)
      storeOverrides(ctx.data, ctx.auth.project, { ...overrides, [level]: config }, level === "branch" ? ctx.body.source : undefined)
      return yield* Reply.success
    })
  }),
  defineRoute({
    method: "POST",
    path: "/internal/config/override/{level}/reset-keys",
    access: ["admin"],
    params: ResetLevelParams,
    body: ConfigResetKeysBody,
    handler: Effect.fnUntraced(function*(ctx) {
      const level: "branch" | "environment" = ctx.params.level
      const overrides = configOverridesOf(ctx.data.owner, ctx.auth.project.id)
      storeOverrides(ctx.data, ctx.auth.project, { ...overrides, [level]: removeConfigKeys(overrides[level], ctx.body.keys) })
      return yield* Reply.success
    })
  }),
  defineRoute({
    method: "GET",
    path: "/internal/config/source",
    access: ["admin"],
    handler: Effect.fnUntraced(function*(ctx) {
      return yield* Reply.json(ConfigSourceBody, { source: configOverridesOf(ctx.data.owner, ctx.auth.project.id).source })
    })
  }),
  defineRoute({
    method: "DELETE",
    path: "/internal/config/source",
    access: ["admin"],
    handler: Effect.fnUntraced(function*(ctx) {
      const overrides = configOverridesOf(ctx.data.owner, ctx.auth.project.id)
      storeOverrides(ctx.data, ctx.auth.project, overrides, { type: "unlinked" })
      return yield* Reply.success
    })
  })
]

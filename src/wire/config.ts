/**
 * Wire shapes of the configuration routes (`/internal/config`, `/internal/config/override/{level}`,
 * `.../reset-keys`, `/internal/config/source`). Configurations travel as JSON text
 * (`config_string`, `config_override_string`).
 */
import * as Schema from "effect/Schema"

/** `GET /internal/config` and `GET /internal/config/override/{level}`: `{ config_string }`. */
export const ConfigStringBody = /*#__PURE__*/ Schema.Struct({ config_string: Schema.String })
export type ConfigStringBody = typeof ConfigStringBody.Type

/** `PATCH /internal/config/override/{level}`: keys to write over the level's override. */
export const ConfigOverrideUpdateBody = /*#__PURE__*/ Schema.Struct({ config_override_string: Schema.String })
export type ConfigOverrideUpdateBody = typeof ConfigOverrideUpdateBody.Type

/** Where a branch's pushed configuration came from. */
export const ConfigSource = /*#__PURE__*/ Schema.Union([
  Schema.Struct({
    type: Schema.Literal("pushed-from-github"),
    owner: Schema.String,
    repo: Schema.String,
    branch: Schema.String,
    commit_hash: Schema.String,
    config_file_path: Schema.String
  }),
  Schema.Struct({ type: Schema.Literal("pushed-from-unknown") }),
  Schema.Struct({ type: Schema.Literal("unlinked") })
])
export type ConfigSource = typeof ConfigSource.Type

/** `PUT /internal/config/override/{level}`: the level's whole override (`source` required for `branch`). */
export const ConfigOverrideSetBody = /*#__PURE__*/ Schema.Struct({
  config_string: Schema.String,
  source: /*#__PURE__*/ Schema.optionalKey(ConfigSource)
})
export type ConfigOverrideSetBody = typeof ConfigOverrideSetBody.Type

/** `POST /internal/config/override/{level}/reset-keys`: keys to remove (with everything below them). */
export const ConfigResetKeysBody = /*#__PURE__*/ Schema.Struct({ keys: /*#__PURE__*/ Schema.Array(Schema.String) })
export type ConfigResetKeysBody = typeof ConfigResetKeysBody.Type

/** `GET /internal/config/source`: `{ source }`. */
export const ConfigSourceBody = /*#__PURE__*/ Schema.Struct({ source: ConfigSource })
export type ConfigSourceBody = typeof ConfigSourceBody.Type

/** A configuration object carried as JSON text. */
export const ConfigJsonObject = /*#__PURE__*/ Schema.Record(Schema.String, Schema.Json)

/** `{ config_string }` read as the configuration object its JSON text holds. */
export const ConfigObjectBody = /*#__PURE__*/ Schema.Struct({ config_string: /*#__PURE__*/ Schema.fromJsonString(ConfigJsonObject) })

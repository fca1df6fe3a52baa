/**
 * The project owner's records (issue 28): configuration overrides per level and the pushed
 * configuration's source. Kept apart from `state.ts` (which holds them under `StateData.owner`) so
 * the areas grow without touching the shared records.
 */
import * as Schema from "effect/Schema"
import { Json } from "../wire/common.ts"
import { ConfigSource } from "../wire/config.ts"

/** A JSON object (a config override). */
const JsonObject = Schema.Record(Schema.String, Json)

/** A project's config overrides, one per level, and where the branch's came from. */
export const ConfigOverridesRecord = Schema.Struct({
  project: JsonObject,
  branch: JsonObject,
  environment: JsonObject,
  source: ConfigSource
})
export type ConfigOverridesRecord = typeof ConfigOverridesRecord.Type

/** Schema of the owner's part of a saved state. */
export const OwnerStateSchema = Schema.Struct({
  /** Key: the project id. */
  configOverrides: Schema.Record(Schema.String, ConfigOverridesRecord)
})

/** The owner's records (maps mutated in place, records replaced whole). */
export interface OwnerState {
  configOverrides: Record<string, ConfigOverridesRecord>
}

/** No records yet. */
export const emptyOwnerState = (): OwnerState => ({ configOverrides: Object.create(null) })

/** The owner's records of a decoded file, as prototype-free maps. */
export const ownerStateFrom = (decoded: typeof OwnerStateSchema.Type | undefined): OwnerState => {
  const state = emptyOwnerState()
  for (const [id, overrides] of Object.entries(decoded?.configOverrides ?? {})) state.configOverrides[id] = overrides
  return state
}

/** A project's overrides (empty ones when it has none yet). */
export const configOverridesOf = (owner: OwnerState, projectId: string): ConfigOverridesRecord =>
  owner.configOverrides[projectId] ?? { project: {}, branch: {}, environment: {}, source: { type: "unlinked" } }

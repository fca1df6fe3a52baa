/**
 * Records of the features beyond the seed (user and team API keys, ...), kept apart from `state.ts`
 * so they grow in one place: `StateData.features` holds them, and a state file saved before they
 * existed loads with them empty.
 */
import * as Schema from "effect/Schema"

/** A user or team API key (`sk_…` / `pk_…`); exactly one of `userId` and `teamId` is set. */
export const ProjectApiKeyRecord = Schema.Struct({
  id: Schema.String,
  projectId: Schema.String,
  type: Schema.Literals(["user", "team"]),
  userId: Schema.NullOr(Schema.String),
  teamId: Schema.NullOr(Schema.String),
  description: Schema.String,
  /** The full key, shown once at creation; afterwards only its last four characters. */
  secret: Schema.String,
  isPublic: Schema.Boolean,
  createdAtMillis: Schema.Number,
  expiresAtMillis: Schema.NullOr(Schema.Number),
  manuallyRevokedAtMillis: Schema.NullOr(Schema.Number)
})
export type ProjectApiKeyRecord = typeof ProjectApiKeyRecord.Type

/** Schema of `StateData.features`. */
export const FeatureDataSchema = Schema.Struct({
  /** Key: the API key's id. */
  projectApiKeys: Schema.Record(Schema.String, ProjectApiKeyRecord)
})

/** The feature records (maps mutated in place, records replaced whole, like the rest of the state). */
export interface FeatureData {
  projectApiKeys: Record<string, ProjectApiKeyRecord>
}

const dictionary = <T>(entries: Readonly<Record<string, T>> = {}): Record<string, T> => {
  const record: Record<string, T> = Object.create(null)
  for (const [key, value] of Object.entries(entries)) record[key] = value
  return record
}

/** Feature records as prototype-free dictionaries; `undefined` (an older state file) gives empty ones. */
export const featureData = (saved?: typeof FeatureDataSchema.Type): FeatureData => ({
  projectApiKeys: dictionary(saved?.projectApiKeys)
})

/**
 * Records of the features beyond the seed (user and team API keys, ...), kept apart from `state.ts`
 * so they grow in one place: `StateData.features` holds them, and a state file saved before they
 * existed loads with them empty.
 */
import * as Schema from "effect/Schema"
import { Json } from "../wire/common.ts"

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

/** A user's choice for one notification category (absent: the category's default). */
export const NotificationPreferenceRecord = Schema.Struct({
  projectId: Schema.String,
  userId: Schema.String,
  categoryId: Schema.String,
  enabled: Schema.Boolean
})
export type NotificationPreferenceRecord = typeof NotificationPreferenceRecord.Type

/** A data vault entry: the client-encrypted value under its hashed key, in one store of a project. */
export const DataVaultEntryRecord = Schema.Struct({
  projectId: Schema.String,
  storeId: Schema.String,
  hashedKey: Schema.String,
  encryptedValue: Schema.String
})
export type DataVaultEntryRecord = typeof DataVaultEntryRecord.Type

/**
 * A project's settings of these features, set through config overrides (`dataVault.stores.<id>`,
 * `auth.signUpRules.<id>`, `auth.signUpRulesDefaultAction`). Rules are kept as given and read by
 * `sign-up-rules.ts`.
 */
export const FeatureConfigRecord = Schema.Struct({
  dataVaultStores: Schema.Record(Schema.String, Schema.Struct({ displayName: Schema.String })),
  signUpRules: Schema.Record(Schema.String, Json),
  signUpRulesDefaultAction: Schema.Literals(["allow", "reject"])
})
export type FeatureConfigRecord = typeof FeatureConfigRecord.Type

/** The settings of a project that set none. */
export const defaultFeatureConfig: FeatureConfigRecord = { dataVaultStores: {}, signUpRules: {}, signUpRulesDefaultAction: "allow" }

/** A sign-up rule that matched a sign-up (the statistics of `/internal/sign-up-rules-stats`). */
export const SignUpRuleTriggerRecord = Schema.Struct({
  projectId: Schema.String,
  ruleId: Schema.String,
  action: Schema.String,
  atMillis: Schema.Number
})
export type SignUpRuleTriggerRecord = typeof SignUpRuleTriggerRecord.Type

/** A CLI sign-in attempt: the CLI polls with `pollingCode`, the browser completes with `loginCode`. */
export const CliAuthAttemptRecord = Schema.Struct({
  id: Schema.String,
  projectId: Schema.String,
  pollingCode: Schema.String,
  loginCode: Schema.String,
  expiresAtMillis: Schema.Number,
  /** The browser's session, once it approved. */
  refreshToken: Schema.NullOr(Schema.String),
  /** The CLI's own anonymous session, which the browser may claim. */
  anonRefreshToken: Schema.NullOr(Schema.String),
  usedAtMillis: Schema.NullOr(Schema.Number)
})
export type CliAuthAttemptRecord = typeof CliAuthAttemptRecord.Type

/** Schema of `StateData.features`. */
export const FeatureDataSchema = Schema.Struct({
  /** Key: the API key's id. */
  projectApiKeys: Schema.Record(Schema.String, ProjectApiKeyRecord),
  /** Key: `${projectId}:${userId}:${categoryId}`. */
  notificationPreferences: Schema.optionalKey(Schema.Record(Schema.String, NotificationPreferenceRecord)),
  /** Key: `${projectId}:${storeId}:${hashedKey}`. */
  dataVaultEntries: Schema.optionalKey(Schema.Record(Schema.String, DataVaultEntryRecord)),
  /** Key: the project id. */
  configs: Schema.optionalKey(Schema.Record(Schema.String, FeatureConfigRecord)),
  signUpRuleTriggers: Schema.optionalKey(Schema.Array(SignUpRuleTriggerRecord)),
  /** Key: the attempt's id. */
  cliAuthAttempts: Schema.optionalKey(Schema.Record(Schema.String, CliAuthAttemptRecord))
})

/** The feature records (maps mutated in place, records replaced whole, like the rest of the state). */
export interface FeatureData {
  projectApiKeys: Record<string, ProjectApiKeyRecord>
  notificationPreferences: Record<string, NotificationPreferenceRecord>
  dataVaultEntries: Record<string, DataVaultEntryRecord>
  configs: Record<string, FeatureConfigRecord>
  signUpRuleTriggers: Array<SignUpRuleTriggerRecord>
  cliAuthAttempts: Record<string, CliAuthAttemptRecord>
}

/** A project's feature settings (defaults when it set none). */
export const featureConfigOf = (features: FeatureData, projectId: string): FeatureConfigRecord =>
  features.configs[projectId] ?? defaultFeatureConfig

const dictionary = <T>(entries: Readonly<Record<string, T>> = {}): Record<string, T> => {
  const record: Record<string, T> = Object.create(null)
  for (const [key, value] of Object.entries(entries)) record[key] = value
  return record
}

/** Feature records as prototype-free dictionaries; `undefined` (an older state file) gives empty ones. */
export const featureData = (saved?: typeof FeatureDataSchema.Type): FeatureData => ({
  projectApiKeys: dictionary(saved?.projectApiKeys),
  notificationPreferences: dictionary(saved?.notificationPreferences),
  dataVaultEntries: dictionary(saved?.dataVaultEntries),
  configs: dictionary(saved?.configs),
  signUpRuleTriggers: [...(saved?.signUpRuleTriggers ?? [])],
  cliAuthAttempts: dictionary(saved?.cliAuthAttempts)
})

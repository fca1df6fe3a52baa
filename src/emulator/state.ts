/**
 * The emulator's in-memory model of a Stack Auth deployment.
 *
 * Everything the API knows is plain, JSON-serialisable data (`StateData`), described by Schemas so a
 * saved file (`--data state.json`) is decoded, never cast. Records are immutable values: a handler
 * changes one by replacing it (`state.users[id] = { ...user, displayName }`); only the top-level maps
 * and the outbox are mutated in place.
 *
 * Concurrency: the router runs every request's handler while holding `Store.lock` (one permit), so a
 * handler sees and leaves the state consistent even across its own asynchronous steps (password
 * hashing, token signing). See `router.ts`.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as Semaphore from "effect/Semaphore"
import { Json } from "../wire/common.ts"
import * as Ids from "./ids.ts"
import { emptyOwnerState, type OwnerState, ownerStateFrom, OwnerStateSchema } from "./owner-state.ts"
import { type FeatureData, featureData, FeatureDataSchema } from "./feature-state.ts"

// =============================================================================
// Records
// =============================================================================

/** An OAuth provider configured on a project (`type: "shared"` uses the emulator's mock provider). */
export const OAuthProviderRecord = Schema.Struct({
  id: Schema.String,
  type: Schema.Literals(["shared", "standard"]),
  clientId: Schema.NullOr(Schema.String),
  clientSecret: Schema.NullOr(Schema.String),
  facebookConfigId: Schema.NullOr(Schema.String),
  microsoftTenantId: Schema.NullOr(Schema.String),
  /** Apple only: the iOS/macOS bundle ids native sign-in accepts (absent: none configured). */
  appleBundleIds: Schema.optionalKey(Schema.Array(Schema.String))
})
export type OAuthProviderRecord = typeof OAuthProviderRecord.Type

/** A trusted domain (redirect-URL check, passkey origins). */
export const DomainRecord = Schema.Struct({
  domain: Schema.String,
  handlerPath: Schema.String,
  /** Set when added as `domains.trustedDomains.<id>` (today's config): matched like the service, without the path. */
  trustedDomainId: Schema.optionalKey(Schema.String)
})
export type DomainRecord = typeof DomainRecord.Type

/** How the project sends e-mail. The emulator always delivers to its outbox. */
export const EmailConfigRecord = Schema.Union([
  Schema.Struct({ type: Schema.Literal("shared") }),
  Schema.Struct({
    type: Schema.Literal("standard"),
    host: Schema.String,
    port: Schema.Number,
    username: Schema.String,
    password: Schema.String,
    senderName: Schema.String,
    senderEmail: Schema.String
  })
])
export type EmailConfigRecord = typeof EmailConfigRecord.Type

/** A project's configuration (the union of the client and admin views, plus current-server settings). */
export const ProjectConfigRecord = Schema.Struct({
  allowLocalhost: Schema.Boolean,
  signUpEnabled: Schema.Boolean,
  credentialEnabled: Schema.Boolean,
  magicLinkEnabled: Schema.Boolean,
  passkeyEnabled: Schema.Boolean,
  clientTeamCreationEnabled: Schema.Boolean,
  clientUserDeletionEnabled: Schema.Boolean,
  createTeamOnSignUp: Schema.Boolean,
  /** Users with an unverified primary e-mail are restricted. */
  requireEmailVerification: Schema.Boolean,
  /** Client access without a publishable key → `PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT`. */
  requirePublishableClientKey: Schema.Boolean,
  allowUserApiKeys: Schema.Boolean,
  allowTeamApiKeys: Schema.Boolean,
  oauthAccountMergeStrategy: Schema.Literals(["link_method", "raise_error", "allow_duplicates"]),
  oauthProviders: Schema.Array(OAuthProviderRecord),
  domains: Schema.Array(DomainRecord),
  emailConfig: EmailConfigRecord,
  /** The e-mail theme's id (absent: the default light theme). */
  emailTheme: Schema.optionalKey(Schema.String),
  teamCreatorDefaultPermissions: Schema.Array(Schema.String),
  teamMemberDefaultPermissions: Schema.Array(Schema.String),
  userDefaultPermissions: Schema.Array(Schema.String)
})
export type ProjectConfigRecord = typeof ProjectConfigRecord.Type

/** A project (the `internal` dashboard project included). */
export const ProjectRecord = Schema.Struct({
  id: Schema.String,
  displayName: Schema.String,
  description: Schema.String,
  createdAtMillis: Schema.Number,
  isProductionMode: Schema.Boolean,
  ownerTeamId: Schema.NullOr(Schema.String),
  logoUrl: Schema.NullOr(Schema.String),
  logoFullUrl: Schema.NullOr(Schema.String),
  logoDarkModeUrl: Schema.NullOr(Schema.String),
  logoFullDarkModeUrl: Schema.NullOr(Schema.String),
  config: ProjectConfigRecord
})
export type ProjectRecord = typeof ProjectRecord.Type

/** A user. Derived facts (primary e-mail, passkey, OAuth accounts) live in their own records. */
export const UserRecord = Schema.Struct({
  id: Schema.String,
  projectId: Schema.String,
  displayName: Schema.NullOr(Schema.String),
  profileImageUrl: Schema.NullOr(Schema.String),
  clientMetadata: Json,
  clientReadOnlyMetadata: Json,
  serverMetadata: Json,
  signedUpAtMillis: Schema.Number,
  lastActiveAtMillis: Schema.Number,
  /** `scrypt$<N>$<r>$<p>$<salt b64>$<hash b64>` (see `passwords.ts`), or an imported MCF hash. */
  passwordHash: Schema.NullOr(Schema.String),
  otpAuthEnabled: Schema.Boolean,
  /** Non-null enables TOTP MFA (`requires_totp_mfa`). */
  totpSecretBase64: Schema.NullOr(Schema.String),
  selectedTeamId: Schema.NullOr(Schema.String),
  isAnonymous: Schema.Boolean,
  restrictedByAdmin: Schema.Boolean,
  restrictedByAdminReason: Schema.NullOr(Schema.String),
  restrictedByAdminPrivateDetails: Schema.NullOr(Schema.String),
  countryCode: Schema.NullOr(Schema.String)
})
export type UserRecord = typeof UserRecord.Type

/** A contact channel (e-mail). The primary one is the user's `primary_email`. */
export const ContactChannelRecord = Schema.Struct({
  id: Schema.String,
  projectId: Schema.String,
  userId: Schema.String,
  type: Schema.Literal("email"),
  value: Schema.String,
  isVerified: Schema.Boolean,
  isPrimary: Schema.Boolean,
  usedForAuth: Schema.Boolean,
  createdAtMillis: Schema.Number
})
export type ContactChannelRecord = typeof ContactChannelRecord.Type

/** A team. */
export const TeamRecord = Schema.Struct({
  id: Schema.String,
  projectId: Schema.String,
  displayName: Schema.String,
  profileImageUrl: Schema.NullOr(Schema.String),
  clientMetadata: Json,
  clientReadOnlyMetadata: Json,
  serverMetadata: Json,
  createdAtMillis: Schema.Number
})
export type TeamRecord = typeof TeamRecord.Type

/** A membership, carrying the member's team profile (`null` falls back to the user's own values). */
export const TeamMembershipRecord = Schema.Struct({
  projectId: Schema.String,
  teamId: Schema.String,
  userId: Schema.String,
  displayName: Schema.NullOr(Schema.String),
  profileImageUrl: Schema.NullOr(Schema.String),
  createdAtMillis: Schema.Number
})
export type TeamMembershipRecord = typeof TeamMembershipRecord.Type

/** A custom permission definition (system `$…` permissions are built in, not stored). */
export const PermissionDefinitionRecord = Schema.Struct({
  projectId: Schema.String,
  scope: Schema.Literals(["team", "project"]),
  id: Schema.String,
  description: Schema.String,
  containedPermissionIds: Schema.Array(Schema.String)
})
export type PermissionDefinitionRecord = typeof PermissionDefinitionRecord.Type

/** A direct permission grant (team scope: `teamId` set; project scope: `teamId` null). */
export const PermissionGrantRecord = Schema.Struct({
  projectId: Schema.String,
  scope: Schema.Literals(["team", "project"]),
  teamId: Schema.NullOr(Schema.String),
  userId: Schema.String,
  permissionId: Schema.String
})
export type PermissionGrantRecord = typeof PermissionGrantRecord.Type

/**
 * A verification code. Team invitations, MFA attempts, passkey challenges and OAuth
 * flows are codes too, told apart by `type`; `data` holds what the consuming endpoint needs.
 */
export const VerificationCodeRecord = Schema.Struct({
  id: Schema.String,
  projectId: Schema.String,
  type: Schema.String,
  code: Schema.String,
  /** Where the code was sent, e.g. `{ "email": "..." }`. */
  method: Json,
  data: Json,
  callbackUrl: Schema.NullOr(Schema.String),
  createdAtMillis: Schema.Number,
  expiresAtMillis: Schema.Number,
  usedAtMillis: Schema.NullOr(Schema.Number),
  attemptCount: Schema.Number
})
export type VerificationCodeRecord = typeof VerificationCodeRecord.Type

/** A session: the refresh token and its id (the access token's `refresh_token_id` claim). */
export const RefreshTokenRecord = Schema.Struct({
  id: Schema.String,
  projectId: Schema.String,
  userId: Schema.String,
  token: Schema.String,
  createdAtMillis: Schema.Number,
  expiresAtMillis: Schema.NullOr(Schema.Number),
  isImpersonation: Schema.Boolean,
  /** When the session last got an access token (absent in states saved before it was kept). */
  lastUsedAtMillis: Schema.optionalKey(Schema.Number)
})
export type RefreshTokenRecord = typeof RefreshTokenRecord.Type

/** An API key set; a key is live while not revoked and `expiresAtMillis` is in the future. */
export const ApiKeySetRecord = Schema.Struct({
  id: Schema.String,
  projectId: Schema.String,
  description: Schema.String,
  createdAtMillis: Schema.Number,
  expiresAtMillis: Schema.Number,
  manuallyRevokedAtMillis: Schema.NullOr(Schema.Number),
  publishableClientKey: Schema.NullOr(Schema.String),
  secretServerKey: Schema.NullOr(Schema.String),
  superSecretAdminKey: Schema.NullOr(Schema.String)
})
export type ApiKeySetRecord = typeof ApiKeySetRecord.Type

/** A customised e-mail template (defaults are built in, not stored). */
export const EmailTemplateRecord = Schema.Struct({
  projectId: Schema.String,
  id: Schema.String,
  displayName: Schema.String,
  subject: Schema.NullOr(Schema.String),
  tsxSource: Schema.String,
  /** The theme set with the last update: a theme id or `false` (none); absent for the default theme. */
  themeId: Schema.optionalKey(Schema.Union([Schema.String, Schema.Literal(false)]))
})
export type EmailTemplateRecord = typeof EmailTemplateRecord.Type

/** An OAuth account linked to a user. */
export const OAuthConnectionRecord = Schema.Struct({
  id: Schema.String,
  projectId: Schema.String,
  userId: Schema.String,
  providerId: Schema.String,
  accountId: Schema.String,
  email: Schema.NullOr(Schema.String),
  accessToken: Schema.NullOr(Schema.String),
  refreshToken: Schema.NullOr(Schema.String),
  scopes: Schema.Array(Schema.String),
  allowSignIn: Schema.Boolean,
  allowConnectedAccounts: Schema.Boolean,
  createdAtMillis: Schema.Number
})
export type OAuthConnectionRecord = typeof OAuthConnectionRecord.Type

/** A registered passkey (one per user). */
export const PasskeyRecord = Schema.Struct({
  id: Schema.String,
  projectId: Schema.String,
  userId: Schema.String,
  /** COSE public key, base64url. */
  publicKey: Schema.String,
  counter: Schema.Number,
  transports: Schema.Array(Schema.String),
  createdAtMillis: Schema.Number
})
export type PasskeyRecord = typeof PasskeyRecord.Type

/** An e-mail the emulator "sent" (see `outbox.ts`). */
export const OutboxEmailRecord = Schema.Struct({
  id: Schema.String,
  projectId: Schema.String,
  to: Schema.String,
  subject: Schema.String,
  text: Schema.String,
  html: Schema.String,
  /** The verification code the e-mail carries, if any. */
  code: Schema.NullOr(Schema.String),
  /** The link the e-mail carries (`callback_url?code=…`), if any. */
  link: Schema.NullOr(Schema.String),
  sentAtMillis: Schema.Number
})
export type OutboxEmailRecord = typeof OutboxEmailRecord.Type

/** A P-256 private key as a JWK (what jose imports). */
export const EcPrivateJwk = Schema.Struct({
  kty: Schema.Literal("EC"),
  crv: Schema.Literal("P-256"),
  x: Schema.String,
  y: Schema.String,
  d: Schema.String
})
export type EcPrivateJwk = typeof EcPrivateJwk.Type

/** One signing key. */
export const SigningKeyRecord = Schema.Struct({ kid: Schema.String, privateJwk: EcPrivateJwk })
export type SigningKeyRecord = typeof SigningKeyRecord.Type

/**
 * A project's signing keys, per token audience. Each list holds two keys like the live JWKS (the
 * first signs; both verify).
 */
export const ProjectSigningKeysRecord = Schema.Struct({
  normal: Schema.Array(SigningKeyRecord),
  restricted: Schema.Array(SigningKeyRecord),
  anonymous: Schema.Array(SigningKeyRecord)
})
export type ProjectSigningKeysRecord = typeof ProjectSigningKeysRecord.Type

// =============================================================================
// The whole state
// =============================================================================

/** Schema of a saved state file. */
export const StateDataSchema = Schema.Struct({
  version: Schema.Literal(1),
  /** The project the emulator prints and tests use by default. */
  defaultProjectId: Schema.String,
  projects: Schema.Record(Schema.String, ProjectRecord),
  users: Schema.Record(Schema.String, UserRecord),
  contactChannels: Schema.Record(Schema.String, ContactChannelRecord),
  teams: Schema.Record(Schema.String, TeamRecord),
  /** Key: `membershipKey(teamId, userId)`. */
  teamMemberships: Schema.Record(Schema.String, TeamMembershipRecord),
  /** Key: `permissionDefinitionKey(projectId, scope, id)`. */
  permissionDefinitions: Schema.Record(Schema.String, PermissionDefinitionRecord),
  /** Key: `permissionGrantKey(...)`. */
  permissionGrants: Schema.Record(Schema.String, PermissionGrantRecord),
  /** Key: the code's id. */
  verificationCodes: Schema.Record(Schema.String, VerificationCodeRecord),
  /** Key: the refresh token's id. */
  refreshTokens: Schema.Record(Schema.String, RefreshTokenRecord),
  apiKeySets: Schema.Record(Schema.String, ApiKeySetRecord),
  /** Key: `${projectId}:${templateId}`. */
  emailTemplates: Schema.Record(Schema.String, EmailTemplateRecord),
  oauthConnections: Schema.Record(Schema.String, OAuthConnectionRecord),
  /** Key: the credential id. */
  passkeys: Schema.Record(Schema.String, PasskeyRecord),
  /** Key: the project id. */
  signingKeys: Schema.Record(Schema.String, ProjectSigningKeysRecord),
  outbox: Schema.Array(OutboxEmailRecord),
  /** The project owner's records (config overrides, ...): `owner-state.ts`. Absent in older files. */
  owner: Schema.optionalKey(OwnerStateSchema),
  /** Features beyond the seed (`feature-state.ts`); absent in files saved before them. */
  features: Schema.optionalKey(FeatureDataSchema)
})

/** The mutable state: maps are mutated in place, records replaced whole. */
export interface StateData {
  readonly version: 1
  readonly defaultProjectId: string
  projects: Record<string, ProjectRecord>
  users: Record<string, UserRecord>
  contactChannels: Record<string, ContactChannelRecord>
  teams: Record<string, TeamRecord>
  teamMemberships: Record<string, TeamMembershipRecord>
  permissionDefinitions: Record<string, PermissionDefinitionRecord>
  permissionGrants: Record<string, PermissionGrantRecord>
  verificationCodes: Record<string, VerificationCodeRecord>
  refreshTokens: Record<string, RefreshTokenRecord>
  apiKeySets: Record<string, ApiKeySetRecord>
  emailTemplates: Record<string, EmailTemplateRecord>
  oauthConnections: Record<string, OAuthConnectionRecord>
  passkeys: Record<string, PasskeyRecord>
  signingKeys: Record<string, ProjectSigningKeysRecord>
  outbox: Array<OutboxEmailRecord>
  /** The project owner's records: `owner-state.ts`. */
  owner: OwnerState
  features: FeatureData
}

/**
 * A record keyed by ids that come from requests: no prototype, so `__proto__`, `constructor` or
 * `toString` are ids like any other (absent unless stored), never members of `Object.prototype`.
 */
export const dictionary = <T>(entries: Readonly<Record<string, T>> = {}): Record<string, T> => {
  const record: Record<string, T> = Object.create(null)
  for (const [key, value] of Object.entries(entries)) record[key] = value
  return record
}

/** Where each contact channel is, by user and by project and e-mail (ids; the records stay in the dictionary). */
interface ChannelIndex {
  readonly byUser: Map<string, Set<string>>
  readonly byEmail: Map<string, Set<string>>
}

const channelIndexes = new WeakMap<object, ChannelIndex>()

const emailKey = (projectId: string, email: string) => `${projectId}\n${normalizeEmail(email)}`

const indexAdd = (index: Map<string, Set<string>>, key: string, id: string) => {
  const ids = index.get(key)
  if (ids === undefined) index.set(key, new Set([id]))
  else ids.add(id)
}

const indexRemove = (index: Map<string, Set<string>>, key: string, id: string) => {
  const ids = index.get(key)
  ids?.delete(id)
  if (ids?.size === 0) index.delete(key)
}

/**
 * The contact channels as a `dictionary` that keeps an index of itself: every write and delete
 * (records are replaced, never changed in place) updates where the channel is listed, so the
 * queries below find a user's channels, or the owner of an e-mail, without reading every channel
 * of every user (creating the 10,000th user read 10,000 channels, twice).
 */
const indexedChannels = (entries: Readonly<Record<string, ContactChannelRecord>>): Record<string, ContactChannelRecord> => {
  const index: ChannelIndex = { byUser: new Map(), byEmail: new Map() }
  // A record replaced under the same keys keeps its place (the dictionary's order, creation order).
  const add = (id: string, channel: ContactChannelRecord, previous?: ContactChannelRecord) => {
    if (previous?.userId !== channel.userId) indexAdd(index.byUser, channel.userId, id)
    const key = emailKey(channel.projectId, channel.value)
    if (previous === undefined || emailKey(previous.projectId, previous.value) !== key) indexAdd(index.byEmail, key, id)
  }
  const remove = (id: string, channel: ContactChannelRecord, next?: ContactChannelRecord) => {
    if (next?.userId !== channel.userId) indexRemove(index.byUser, channel.userId, id)
    const key = emailKey(channel.projectId, channel.value)
    if (next === undefined || emailKey(next.projectId, next.value) !== key) indexRemove(index.byEmail, key, id)
  }
  const target = dictionary(entries)
  for (const [id, channel] of Object.entries(target)) add(id, channel)
  const proxy = new Proxy(target, {
    set: (records, id, channel: ContactChannelRecord) => {
      if (typeof id !== "string") return false
      const previous = records[id]
      if (previous !== undefined) remove(id, previous, channel)
      records[id] = channel
      add(id, channel, previous)
      return true
    },
    deleteProperty: (records, id) => {
      if (typeof id !== "string") return false
      const previous = records[id]
      if (previous !== undefined) remove(id, previous)
      return delete records[id]
    },
    // Nothing defines channels any other way; refusing keeps the index whole.
    defineProperty: () => false
  })
  channelIndexes.set(proxy, index)
  return proxy
}

/** The channels listed under `key` of `index`, or every channel passing `scan` when the record has no index. */
const listed = (
  channels: Readonly<Record<string, ContactChannelRecord>>,
  pick: (index: ChannelIndex) => ReadonlySet<string> | undefined,
  scan: (channel: ContactChannelRecord) => boolean
): Array<ContactChannelRecord> => {
  const index = channelIndexes.get(channels)
  if (index === undefined) return Object.values(channels).filter(scan)
  const found: Array<ContactChannelRecord> = []
  for (const id of pick(index) ?? []) {
    const channel = channels[id]
    if (channel !== undefined) found.push(channel)
  }
  return found
}

/** The contact channels of `userId`, in the order they were added. */
export const channelsOfUser = (data: StateData, userId: string): Array<ContactChannelRecord> =>
  listed(data.contactChannels, (index) => index.byUser.get(userId), (channel) => channel.userId === userId)

/** The contact channels of `projectId` whose value is `email` (normalised), any user, in the order they were added. */
export const channelsWithEmail = (data: StateData, projectId: string, email: string): Array<ContactChannelRecord> => {
  const wanted = normalizeEmail(email)
  return listed(
    data.contactChannels,
    (index) => index.byEmail.get(emailKey(projectId, email)),
    (channel) => channel.projectId === projectId && normalizeEmail(channel.value) === wanted
  )
}

/** The state with every record made a prototype-free `dictionary`. */
const withDictionaries = (data: StateData): StateData => ({
  ...data,
  projects: dictionary(data.projects),
  users: dictionary(data.users),
  contactChannels: indexedChannels(data.contactChannels),
  teams: dictionary(data.teams),
  teamMemberships: dictionary(data.teamMemberships),
  permissionDefinitions: dictionary(data.permissionDefinitions),
  permissionGrants: dictionary(data.permissionGrants),
  verificationCodes: dictionary(data.verificationCodes),
  refreshTokens: dictionary(data.refreshTokens),
  apiKeySets: dictionary(data.apiKeySets),
  emailTemplates: dictionary(data.emailTemplates),
  oauthConnections: dictionary(data.oauthConnections),
  passkeys: dictionary(data.passkeys),
  signingKeys: dictionary(data.signingKeys),
  features: featureData(data.features)
})

/**
 * Runs slow work that reads and writes no state (a password KDF) without holding the store's lock,
 * then takes it back: other requests proceed meanwhile. Only for handlers (which run holding the
 * lock), and the handler must check again what it read before.
 */
export const outsideLock = <A, E, R>(store: Store, effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.acquireUseRelease(store.lock.release(1), () => effect, () => store.lock.take(1))

/** Key of `teamMemberships`. */
export const membershipKey = (teamId: string, userId: string): string => `${teamId}:${userId}`

/** Key of `permissionDefinitions`. */
export const permissionDefinitionKey = (projectId: string, scope: "team" | "project", id: string): string =>
  `${projectId}:${scope}:${id}`

/** Key of `permissionGrants`. */
export const permissionGrantKey = (grant: PermissionGrantRecord): string =>
  `${grant.projectId}:${grant.scope}:${grant.teamId ?? "-"}:${grant.userId}:${grant.permissionId}`

/** The state as the JSON text of a `--data` file. */
export const encodeState = (data: StateData): string => JSON.stringify(data, undefined, 2)

/** Parses a `--data` file; fails with the schema's description of what is wrong. */
export const decodeState = (text: string): Effect.Effect<StateData, Schema.SchemaError> =>
  Effect.map(
    Schema.decodeUnknownEffect(Schema.fromJsonString(StateDataSchema))(text),
    // The decoded value has readonly containers; `StateData` only makes them mutable.
    (decoded): StateData => withDictionaries({ ...decoded, outbox: [...decoded.outbox], owner: ownerStateFrom(decoded.owner), features: featureData(decoded.features) })
  )

// =============================================================================
// The store
// =============================================================================

/**
 * The live state plus its lock. `data` is replaced wholesale only by `replace` (loading a file);
 * otherwise handlers mutate it while the router holds `lock`.
 */
export interface Store {
  data: StateData
  /** One permit: held by the router for the whole of each request's handler. */
  readonly lock: Semaphore.Semaphore
}

/** A store around `data`. */
export const makeStore = (data: StateData): Effect.Effect<Store> =>
  Effect.map(Semaphore.make(1), (lock) => ({ data, lock }))

/** Runs `f` on the state while holding the lock (for code outside a request, e.g. tests or the CLI). */
export const withState = <A, E, R>(store: Store, f: (data: StateData) => Effect.Effect<A, E, R>) =>
  store.lock.withPermit(Effect.suspend(() => f(store.data)))

// =============================================================================
// Defaults
// =============================================================================

/** The configuration of a project created with defaults (current permission ids). */
export const defaultProjectConfig: ProjectConfigRecord = {
  allowLocalhost: true,
  signUpEnabled: true,
  credentialEnabled: true,
  magicLinkEnabled: false,
  passkeyEnabled: false,
  clientTeamCreationEnabled: false,
  clientUserDeletionEnabled: false,
  createTeamOnSignUp: false,
  requireEmailVerification: false,
  requirePublishableClientKey: false,
  allowUserApiKeys: false,
  allowTeamApiKeys: false,
  oauthAccountMergeStrategy: "link_method",
  oauthProviders: [],
  domains: [],
  emailConfig: { type: "shared" },
  teamCreatorDefaultPermissions: ["team_admin"],
  teamMemberDefaultPermissions: ["team_member"],
  userDefaultPermissions: []
}

/** A shared (mock) OAuth provider entry. */
export const sharedOAuthProvider = (id: string): OAuthProviderRecord => ({
  id,
  type: "shared",
  clientId: null,
  clientSecret: null,
  facebookConfigId: null,
  microsoftTenantId: null
})

/** A new project record. */
export const makeProject = (
  fields: { readonly id: string; readonly displayName: string; readonly nowMillis: number },
  config: Partial<ProjectConfigRecord> = {}
): ProjectRecord => ({
  id: fields.id,
  displayName: fields.displayName,
  description: "",
  createdAtMillis: fields.nowMillis,
  isProductionMode: false,
  ownerTeamId: null,
  logoUrl: null,
  logoFullUrl: null,
  logoDarkModeUrl: null,
  logoFullDarkModeUrl: null,
  config: { ...defaultProjectConfig, ...config }
})

/** The default team permission definitions of a new project (`team_admin`, `team_member`). */
export const defaultPermissionDefinitions = (projectId: string): ReadonlyArray<PermissionDefinitionRecord> => [
  {
    projectId,
    scope: "team",
    id: "team_admin",
    description: "Default permission for team admins",
    containedPermissionIds: ["$delete_team", "$invite_members", "$manage_api_keys", "$read_members", "$remove_members", "$update_team"]
  },
  {
    projectId,
    scope: "team",
    id: "team_member",
    description: "Default permission for team members",
    containedPermissionIds: ["$invite_members", "$read_members"]
  }
]

/** An empty state whose default project is `defaultProjectId` (not yet created). */
export const emptyState = (defaultProjectId: string): StateData => withDictionaries({
  version: 1,
  defaultProjectId,
  projects: {},
  users: {},
  contactChannels: {},
  teams: {},
  teamMemberships: {},
  permissionDefinitions: {},
  permissionGrants: {},
  verificationCodes: {},
  refreshTokens: {},
  apiKeySets: {},
  emailTemplates: {},
  oauthConnections: {},
  passkeys: {},
  signingKeys: {},
  outbox: [],
  owner: emptyOwnerState(),
  features: featureData()
})

/** Adds a project with its default permission definitions (signing keys are added by `tokens.ts`). */
export const insertProject = (data: StateData, project: ProjectRecord): void => {
  data.projects[project.id] = project
  for (const definition of defaultPermissionDefinitions(project.id)) {
    data.permissionDefinitions[permissionDefinitionKey(project.id, definition.scope, definition.id)] = definition
  }
}

/** Adds an API key set and returns it. Keys not given are generated; `null` leaves a key out. */
export const insertApiKeySet = (
  data: StateData,
  fields: {
    readonly projectId: string
    readonly description: string
    readonly nowMillis: number
    readonly expiresAtMillis: number
    readonly publishableClientKey?: string | null | undefined
    readonly secretServerKey?: string | null | undefined
    readonly superSecretAdminKey?: string | null | undefined
  }
): ApiKeySetRecord => {
  const record: ApiKeySetRecord = {
    id: Ids.uuid(),
    projectId: fields.projectId,
    description: fields.description,
    createdAtMillis: fields.nowMillis,
    expiresAtMillis: fields.expiresAtMillis,
    manuallyRevokedAtMillis: null,
    publishableClientKey: fields.publishableClientKey === undefined ? Ids.apiKey("pck") : fields.publishableClientKey,
    secretServerKey: fields.secretServerKey === undefined ? Ids.apiKey("ssk") : fields.secretServerKey,
    superSecretAdminKey: fields.superSecretAdminKey === undefined ? Ids.apiKey("sak") : fields.superSecretAdminKey
  }
  data.apiKeySets[record.id] = record
  return record
}

// =============================================================================
// Queries shared by handlers
// =============================================================================

/** Current time from the Clock (TestClock in tests). */
export const nowMillis: Effect.Effect<number> = Clock.currentTimeMillis

/** The user's primary e-mail channel, if any. */
export const primaryEmailChannel = (data: StateData, userId: string): ContactChannelRecord | undefined =>
  channelsOfUser(data, userId).find((c) => c.type === "email" && c.isPrimary)

/** E-mails are compared the way the server normalises them (case-insensitive, trimmed). */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase()

/** The channel of `projectId` that uses `email` for sign-in, if any. */
export const authChannelByEmail = (
  data: StateData,
  projectId: string,
  email: string
): ContactChannelRecord | undefined =>
  channelsWithEmail(data, projectId, email).find((c) => c.type === "email" && c.usedForAuth)

/** A user of `projectId` by id. */
export const findUser = (data: StateData, projectId: string, userId: string): UserRecord | undefined => {
  const user = data.users[userId]
  return user !== undefined && user.projectId === projectId ? user : undefined
}

/** Whether an API key set is live at `now` (not revoked, not expired). */
export const isKeySetLive = (set: ApiKeySetRecord, now: number): boolean =>
  set.manuallyRevokedAtMillis === null && set.expiresAtMillis > now

/** The restriction of a user, in the server's order of precedence. */
export const restrictedReason = (
  data: StateData,
  user: UserRecord
): { readonly type: "anonymous" | "email_not_verified" | "restricted_by_administrator" } | null => {
  if (user.isAnonymous) return { type: "anonymous" }
  const project = data.projects[user.projectId]
  if (project?.config.requireEmailVerification === true && primaryEmailChannel(data, user.id)?.isVerified !== true) {
    return { type: "email_not_verified" }
  }
  if (user.restrictedByAdmin) return { type: "restricted_by_administrator" }
  return null
}

/**
 * Deletes a user and everything that belongs only to them (channels, sessions, memberships,
 * grants, OAuth accounts, passkeys).
 */
export const deleteUser = (data: StateData, userId: string): void => {
  delete data.users[userId]
  const dropWhere = <T>(map: Record<string, T>, belongs: (value: T) => boolean) => {
    for (const [key, value] of Object.entries(map)) if (belongs(value)) delete map[key]
  }
  dropWhere(data.contactChannels, (c) => c.userId === userId)
  dropWhere(data.refreshTokens, (t) => t.userId === userId)
  dropWhere(data.teamMemberships, (m) => m.userId === userId)
  dropWhere(data.permissionGrants, (g) => g.userId === userId)
  dropWhere(data.oauthConnections, (c) => c.userId === userId)
  dropWhere(data.passkeys, (p) => p.userId === userId)
  dropWhere(data.features.projectApiKeys, (k) => k.userId === userId)
  dropWhere(data.features.notificationPreferences, (p) => p.userId === userId)
}

/** A fresh id for a new record (UUID v4). */
export const newId = Ids.uuid

/** A fresh 45-character code. */
export const newCode = Ids.secureCode

/**
 * Witnesses of the StackServer operations of the features beyond the seed (issue 27): API keys
 * and their checks, project permissions, notification preferences and the data vault.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { TestClock } from "effect/testing"
import { Emulator } from "../../src/emulator/emulator.ts"
import { defaultFeatureConfig } from "../../src/emulator/feature-state.ts"
import { StackServer } from "../../src/server/index.ts"
import { configureProject, serverWitness, type Witness } from "./witness.ts"

const nobody = "00000000-0000-4000-8000-0000000000bb"
const noTeam = "00000000-0000-4000-8000-0000000000aa"
const noKey = "00000000-0000-4000-8000-0000000000cc"
const keyOptions = { description: "ci", expiresAtMillis: null }
const untyped = <T>(value: unknown): T => value as T
const secret = { secret: "a data vault secret" }

/** API keys enabled for users and teams. */
const apiKeysOn = configureProject({ allowUserApiKeys: true, allowTeamApiKeys: true })

/** A user and a team (API keys on). */
const userAndTeam = Effect.gen(function*() {
  yield* apiKeysOn
  const server = yield* StackServer
  const user = yield* server.createUser({ primaryEmail: "server-features-witness@example.com" })
  const team = yield* server.createTeam({ displayName: "Witnesses" })
  return { userId: user.id, teamId: team.id }
})

/** A user key and a team key (full values). */
const keys = (expiresAtMillis: number | null = null) => Effect.gen(function*() {
  const { userId, teamId } = yield* userAndTeam
  const server = yield* StackServer
  const userKey = yield* server.createUserApiKey(userId, { description: "user", expiresAtMillis })
  const teamKey = yield* server.createTeamApiKey(teamId, { description: "team", expiresAtMillis })
  return { userKey, teamKey }
})

/** Keys, one of them revoked. */
const revokedKeys = Effect.gen(function*() {
  const made = yield* keys()
  const server = yield* StackServer
  yield* server.revokeUserApiKey(made.userKey.id)
  yield* server.revokeTeamApiKey(made.teamKey.teamId, made.teamKey.id)
  return made
})

/** Keys a minute from expiry, two minutes later. */
const expiredKeys = Effect.gen(function*() {
  const now = yield* Clock.currentTimeMillis
  const made = yield* keys(now + 60_000)
  yield* TestClock.adjust("2 minutes")
  return made
})

/** A store "tokens" holding a value for "github" whose stored form is then replaced by junk. */
const corruptedVaultValue = Effect.gen(function*() {
  const emu = yield* Emulator
  yield* emu.withState((data) =>
    Effect.sync(() => {
      data.features.configs[emu.info.projectId] = { ...defaultFeatureConfig, dataVaultStores: { tokens: { displayName: "Tokens" } } }
    })
  )
  const server = yield* StackServer
  yield* server.setDataVaultValue("tokens", "github", "gho_value", secret)
  yield* emu.withState((data) =>
    Effect.sync(() => {
      const entries = data.features.dataVaultEntries
      for (const [id, entry] of Object.entries(entries)) entries[id] = { ...entry, encryptedValue: "bm90IGEgdmF1bHQgdmFsdWU=" }
    })
  )
})

export const witnesses: ReadonlyArray<Witness> = [
  serverWitness("createUserApiKey", "UserNotFound", { how: "a user id nobody has", setup: apiKeysOn, call: (op) => op(nobody, keyOptions) }),
  serverWitness("createUserApiKey", "InvalidInput", {
    how: "an untyped (JavaScript) caller passes a number as the description",
    setup: apiKeysOn,
    call: (op) => op(nobody, untyped({ description: 7, expiresAtMillis: null }))
  }),
  serverWitness("createTeamApiKey", "TeamNotFound", { how: "a team id nobody has", setup: apiKeysOn, call: (op) => op(noTeam, keyOptions) }),
  serverWitness("createTeamApiKey", "InvalidInput", {
    how: "an untyped (JavaScript) caller passes a number as the description",
    setup: apiKeysOn,
    call: (op) => op(noTeam, untyped({ description: 7, expiresAtMillis: null }))
  }),
  serverWitness("updateUserApiKey", "ApiKeyNotFound", { how: "a key id nobody has", setup: apiKeysOn, call: (op) => op(noKey, { description: "x" }) }),
  serverWitness("updateUserApiKey", "InvalidInput", {
    how: "an untyped (JavaScript) caller passes a number as the description",
    setup: apiKeysOn,
    call: (op) => op(noKey, untyped({ description: 7 }))
  }),
  serverWitness("revokeUserApiKey", "ApiKeyNotFound", { how: "a key id nobody has", setup: apiKeysOn, call: (op) => op(noKey) }),
  serverWitness("revokeTeamApiKey", "ApiKeyNotFound", { how: "a key id nobody has", setup: userAndTeam, call: (op, { teamId }) => op(teamId, noKey) }),

  serverWitness("checkUserApiKey", "ApiKeyNotFound", { how: "a value no key has", setup: apiKeysOn, call: (op) => op("sk_not_a_key_of_this_project") }),
  serverWitness("checkTeamApiKey", "ApiKeyNotFound", { how: "a value no key has", setup: apiKeysOn, call: (op) => op("sk_not_a_key_of_this_project") }),
  serverWitness("checkUserApiKey", "WrongApiKeyType", { how: "a team key", setup: keys(), call: (op, { teamKey }) => op(teamKey.value) }),
  serverWitness("checkTeamApiKey", "WrongApiKeyType", { how: "a user key", setup: keys(), call: (op, { userKey }) => op(userKey.value) }),
  serverWitness("checkUserApiKey", "ApiKeyRevoked", {
    how: "a revoked key",
    setup: revokedKeys,
    call: (op, { userKey }) => op(userKey.value)
  }),
  serverWitness("checkTeamApiKey", "ApiKeyRevoked", {
    how: "a revoked key",
    setup: revokedKeys,
    call: (op, { teamKey }) => op(teamKey.value)
  }),
  serverWitness("checkUserApiKey", "ApiKeyExpired", {
    how: "a key past its expiry",
    setup: expiredKeys,
    call: (op, { userKey }) => op(userKey.value)
  }),
  serverWitness("checkTeamApiKey", "ApiKeyExpired", {
    how: "a key past its expiry",
    setup: expiredKeys,
    call: (op, { teamKey }) => op(teamKey.value)
  }),

  serverWitness("grantProjectPermission", "UserNotFound", { how: "a user id nobody has", setup: Effect.void, call: (op) => op(nobody, "read_reports") }),
  serverWitness("grantProjectPermission", "PermissionScopeMismatch", {
    how: "a team permission granted as a project permission",
    setup: userAndTeam,
    call: (op, { userId }) => op(userId, "$read_members")
  }),
  serverWitness("grantProjectPermission", "PermissionNotFound", {
    how: "a permission nobody defined",
    setup: userAndTeam,
    call: (op, { userId }) => op(userId, "read_reports")
  }),
  serverWitness("revokeProjectPermission", "UserNotFound", { how: "a user id nobody has", setup: Effect.void, call: (op) => op(nobody, "read_reports") }),
  serverWitness("revokeProjectPermission", "PermissionNotFound", {
    how: "a permission the user does not hold",
    setup: userAndTeam,
    call: (op, { userId }) => op(userId, "read_reports")
  }),

  serverWitness("listNotificationCategories", "UserNotFound", { how: "a user id nobody has", setup: Effect.void, call: (op) => op(nobody) }),
  serverWitness("setNotificationCategoryEnabled", "UserNotFound", {
    how: "a user id nobody has",
    setup: Effect.void,
    call: (op) => op(nobody, "4f6f8873-3d04-46bd-8bef-18338b1a1b4c", false)
  }),
  serverWitness("listNotificationPreferences", "UserNotFound", { how: "a user id nobody has", setup: Effect.void, call: (op) => op(nobody) }),
  serverWitness("setNotificationPreference", "UserNotFound", {
    how: "a user id nobody has",
    setup: Effect.void,
    call: (op) => op(nobody, "4f6f8873-3d04-46bd-8bef-18338b1a1b4c", false)
  }),

  serverWitness("setDataVaultValue", "DataVaultStoreDoesNotExist", { how: "a store nobody configured", setup: Effect.void, call: (op) => op("no-such-store", "k", "v", secret) }),
  serverWitness("getDataVaultValue", "DataVaultDecryptionFailed", {
    how: "the stored value was overwritten by something that is not a vault value",
    setup: corruptedVaultValue,
    call: (op) => op("tokens", "github", secret)
  }),
  serverWitness("getDataVaultValue", "DataVaultStoreDoesNotExist", { how: "a store nobody configured", setup: Effect.void, call: (op) => op("no-such-store", "k", secret) })
]

/**
 * The signed-in user's API keys and those of its teams (official: `user.createApiKey`,
 * `user.listApiKeys`, `team.createApiKey`, `team.listApiKeys`, `apiKey.update`, `apiKey.revoke`).
 *
 * A key's full value is in the create answer only. Team keys need `$manage_api_keys` in the team;
 * without it the service answers `ApiKeyNotFound` (it does not say whether the team exists). A
 * project without user (or team) API keys enabled answers a 400 status error.
 */
import * as Effect from "effect/Effect"
import { ApiKeyNotFound, CannotGetOwnUserWithoutUser, UserAuthenticationRequired } from "../errors/catalogue.ts"
import { segment } from "../http/endpoint.ts"
import {
  ApiKeyCreateOptions,
  ApiKeyDescriptionUpdate,
  TeamApiKey,
  TeamApiKeyFirstView,
  TeamApiKeyList,
  UserApiKey,
  UserApiKeyFirstView,
  UserApiKeyList
} from "../model/project-api-key.ts"
import { StackClientCore } from "./context.ts"
import { clientEndpoint } from "./runtime.ts"
import { readTeamApiKey, readTeamApiKeyFirstView, readTeamApiKeyList, readUserApiKey, readUserApiKeyFirstView, readUserApiKeyList, writeApiKeyCreateOptions, writeApiKeyDescriptionUpdate } from "../model/generated/readers.ts"
import { writeInput } from "./write-input.ts"

// The user's own key list and creation name the user as `me`: signed out, the service refuses
// that id (`CannotGetOwnUserWithoutUser`) before its handler could ask for a user. A key's own
// route finds the key first, then asks for its owner's session (`UserAuthenticationRequired`).
const userErrors = [CannotGetOwnUserWithoutUser] as const
const keyErrors = [ApiKeyNotFound, UserAuthenticationRequired] as const

const userKeyPath = (keyId: string) => `/user-api-keys/${segment(keyId)}`
const teamKeyPath = (keyId: string) => `/team-api-keys/${segment(keyId)}`

/** Creates an API key of the signed-in user; the answer's `value` is the full key, shown this once. */
export const createUserApiKey = /*#__PURE__*/ Effect.fnUntraced(function*(options: ApiKeyCreateOptions) {
  const { runtime } = yield* StackClientCore
  const body = yield* writeInput("StackClient.createUserApiKey", writeApiKeyCreateOptions, options)
  return yield* runtime.withSession(
    clientEndpoint("POST", "/user-api-keys", readUserApiKeyFirstView, userErrors, { body: { ...body, user_id: "me" } })
  )
})

/** The signed-in user's API keys, newest first (revoked and expired ones included). */
export const listUserApiKeys = /*#__PURE__*/ Effect.fnUntraced(function*() {
  const { runtime } = yield* StackClientCore
  const list = yield* runtime.withSession(
    clientEndpoint("GET", "/user-api-keys", readUserApiKeyList, userErrors, { query: [["user_id", "me"]] })
  )
  return list.items
})

/** Changes the description of one of the signed-in user's API keys. */
export const updateUserApiKey = /*#__PURE__*/ Effect.fnUntraced(function*(keyId: string, update: ApiKeyDescriptionUpdate) {
  const { runtime } = yield* StackClientCore
  const body = yield* writeInput("StackClient.updateUserApiKey", writeApiKeyDescriptionUpdate, update)
  return yield* runtime.withSession(clientEndpoint("PATCH", userKeyPath(keyId), readUserApiKey, keyErrors, { body }))
})

/** Revokes one of the signed-in user's API keys at once; revoking again keeps the first revocation time. */
export const revokeUserApiKey = /*#__PURE__*/ Effect.fnUntraced(function*(keyId: string) {
  const { runtime } = yield* StackClientCore
  return yield* runtime.withSession(
    clientEndpoint("PATCH", userKeyPath(keyId), readUserApiKey, keyErrors, { body: { revoked: true } })
  )
})

/** Creates an API key of a team (needs `$manage_api_keys` there; otherwise `ApiKeyNotFound`). */
export const createTeamApiKey = /*#__PURE__*/ Effect.fnUntraced(function*(teamId: string, options: ApiKeyCreateOptions) {
  const { runtime } = yield* StackClientCore
  const body = yield* writeInput("StackClient.createTeamApiKey", writeApiKeyCreateOptions, options)
  return yield* runtime.withSession(
    clientEndpoint("POST", "/team-api-keys", readTeamApiKeyFirstView, keyErrors, { body: { ...body, team_id: teamId } })
  )
})

/** A team's API keys, newest first (needs `$manage_api_keys`; otherwise `ApiKeyNotFound`). */
export const listTeamApiKeys = /*#__PURE__*/ Effect.fnUntraced(function*(teamId: string) {
  const { runtime } = yield* StackClientCore
  const list = yield* runtime.withSession(
    clientEndpoint("GET", "/team-api-keys", readTeamApiKeyList, keyErrors, { query: [["team_id", teamId]] })
  )
  return list.items
})

/** Changes the description of a team's API key. */
export const updateTeamApiKey = /*#__PURE__*/ Effect.fnUntraced(function*(teamId: string, keyId: string, update: ApiKeyDescriptionUpdate) {
  const { runtime } = yield* StackClientCore
  const body = yield* writeInput("StackClient.updateTeamApiKey", writeApiKeyDescriptionUpdate, update)
  return yield* runtime.withSession(
    clientEndpoint("PATCH", teamKeyPath(keyId), readTeamApiKey, keyErrors, { body, query: [["team_id", teamId]] })
  )
})

/** Revokes a team's API key at once. */
export const revokeTeamApiKey = /*#__PURE__*/ Effect.fnUntraced(function*(teamId: string, keyId: string) {
  const { runtime } = yield* StackClientCore
  return yield* runtime.withSession(
    clientEndpoint("PATCH", teamKeyPath(keyId), readTeamApiKey, keyErrors, { body: { revoked: true }, query: [["team_id", teamId]] })
  )
})

/** Every operation of this module, for the StackClient object. */
export const apiKeysOperations = {
  createUserApiKey,
  listUserApiKeys,
  updateUserApiKey,
  revokeUserApiKey,
  createTeamApiKey,
  listTeamApiKeys,
  updateTeamApiKey,
  revokeTeamApiKey
}

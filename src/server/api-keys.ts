/**
 * User and team API keys from server code (official: `user.createApiKey`, `team.createApiKey`,
 * `listApiKeys`, `apiKey.revoke`, and `getUser({ apiKey })` / `getTeam({ apiKey })`, which check a
 * key an API client presented and say whose it is).
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import {
  ApiKeyExpired,
  ApiKeyNotFound,
  ApiKeyRevoked,
  TeamNotFound,
  UserNotFound,
  WrongApiKeyType
} from "../errors/catalogue.ts"
import { json, segment } from "../http/endpoint.ts"
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
import { ServerTeam } from "../model/team.ts"
import { ServerUser } from "../model/user.ts"
import { encodeInput } from "../client/input.ts"
import type { KeyProjectErrorClass, KeyRuntime } from "./runtime.ts"

const checkErrors = [ApiKeyNotFound, WrongApiKeyType, ApiKeyRevoked, ApiKeyExpired] as const
const keyErrors = [ApiKeyNotFound] as const
/** The answers of a check that mean "not a live key of this kind". */
const invalidKey = ["ApiKeyNotFound", "WrongApiKeyType", "ApiKeyRevoked", "ApiKeyExpired"] as const

/** The API key operations of StackServer (and StackAdmin). */
export const makeServerApiKeys = <P extends KeyProjectErrorClass>(runtime: KeyRuntime<P>) => {
  /** Creates an API key for a user; the answer's `value` is the full key, shown this once. */
  const createUserApiKey = Effect.fn("StackServer.createUserApiKey")(function*(userId: string, options: ApiKeyCreateOptions) {
    const body = yield* encodeInput("StackServer.createUserApiKey", ApiKeyCreateOptions, options)
    return yield* runtime.call({
      method: "POST",
      path: "/user-api-keys",
      body: { _tag: "Json", value: { ...body, user_id: userId } },
      response: json(UserApiKeyFirstView),
      errors: [UserNotFound]
    })
  })

  /** A user's API keys, newest first. */
  const listUserApiKeys = Effect.fn("StackServer.listUserApiKeys")(function*(userId: string) {
    const list = yield* runtime.call({
      method: "GET",
      path: "/user-api-keys",
      query: [["user_id", userId]],
      response: json(UserApiKeyList),
      // An unknown user simply has no keys.
      errors: []
    })
    return list.items
  })

  /** Changes a user API key's description. */
  const updateUserApiKey = Effect.fn("StackServer.updateUserApiKey")(function*(keyId: string, update: ApiKeyDescriptionUpdate) {
    const body = yield* encodeInput("StackServer.updateUserApiKey", ApiKeyDescriptionUpdate, update)
    return yield* runtime.call({
      method: "PATCH",
      path: `/user-api-keys/${segment(keyId)}`,
      body: { _tag: "Json", value: body },
      response: json(UserApiKey),
      errors: keyErrors
    })
  })

  /** Revokes a user API key at once (revoking again keeps the first time). */
  const revokeUserApiKey = Effect.fn("StackServer.revokeUserApiKey")(function*(keyId: string) {
    return yield* runtime.call({
      method: "PATCH",
      path: `/user-api-keys/${segment(keyId)}`,
      body: { _tag: "Json", value: { revoked: true } },
      response: json(UserApiKey),
      errors: keyErrors
    })
  })

  /** Checks a user API key someone presented: the key if it is live, else why not. */
  const checkUserApiKey = Effect.fn("StackServer.checkUserApiKey")(function*(apiKey: string) {
    return yield* runtime.call({
      method: "POST",
      path: "/user-api-keys/check",
      body: { _tag: "Json", value: { api_key: apiKey } },
      response: json(UserApiKey),
      errors: checkErrors
    })
  })

  /** The user a live user API key belongs to; none for an unknown, revoked, expired or team key (official `getUser({ apiKey })`). */
  const getUserByApiKey = Effect.fn("StackServer.getUserByApiKey")(function*(apiKey: string) {
    const key = yield* checkUserApiKey(apiKey).pipe(Effect.map(Option.some), Effect.catchTag(invalidKey, () => Effect.succeedNone))
    if (Option.isNone(key)) return Option.none<ServerUser>()
    return yield* runtime.call({ method: "GET", path: `/users/${segment(key.value.userId)}`, response: json(ServerUser), errors: [UserNotFound] })
      .pipe(Effect.map(Option.some), Effect.catchTag("UserNotFound", () => Effect.succeedNone))
  })

  /** Creates an API key for a team; the answer's `value` is the full key, shown this once. */
  const createTeamApiKey = Effect.fn("StackServer.createTeamApiKey")(function*(teamId: string, options: ApiKeyCreateOptions) {
    const body = yield* encodeInput("StackServer.createTeamApiKey", ApiKeyCreateOptions, options)
    return yield* runtime.call({
      method: "POST",
      path: "/team-api-keys",
      body: { _tag: "Json", value: { ...body, team_id: teamId } },
      response: json(TeamApiKeyFirstView),
      errors: [TeamNotFound]
    })
  })

  /** A team's API keys, newest first. */
  const listTeamApiKeys = Effect.fn("StackServer.listTeamApiKeys")(function*(teamId: string) {
    const list = yield* runtime.call({
      method: "GET",
      path: "/team-api-keys",
      query: [["team_id", teamId]],
      response: json(TeamApiKeyList),
      errors: []
    })
    return list.items
  })

  /** Revokes a team API key at once. */
  const revokeTeamApiKey = Effect.fn("StackServer.revokeTeamApiKey")(function*(teamId: string, keyId: string) {
    return yield* runtime.call({
      method: "PATCH",
      path: `/team-api-keys/${segment(keyId)}`,
      query: [["team_id", teamId]],
      body: { _tag: "Json", value: { revoked: true } },
      response: json(TeamApiKey),
      errors: keyErrors
    })
  })

  /** Checks a team API key someone presented: the key if it is live, else why not. */
  const checkTeamApiKey = Effect.fn("StackServer.checkTeamApiKey")(function*(apiKey: string) {
    return yield* runtime.call({
      method: "POST",
      path: "/team-api-keys/check",
      body: { _tag: "Json", value: { api_key: apiKey } },
      response: json(TeamApiKey),
      errors: checkErrors
    })
  })

  /** The team a live team API key belongs to; none otherwise (official `getTeam({ apiKey })`). */
  const getTeamByApiKey = Effect.fn("StackServer.getTeamByApiKey")(function*(apiKey: string) {
    const key = yield* checkTeamApiKey(apiKey).pipe(Effect.map(Option.some), Effect.catchTag(invalidKey, () => Effect.succeedNone))
    if (Option.isNone(key)) return Option.none<ServerTeam>()
    return yield* runtime.call({ method: "GET", path: `/teams/${segment(key.value.teamId)}`, response: json(ServerTeam), errors: [TeamNotFound] })
      .pipe(Effect.map(Option.some), Effect.catchTag("TeamNotFound", () => Effect.succeedNone))
  })

  return {
    createUserApiKey,
    listUserApiKeys,
    updateUserApiKey,
    revokeUserApiKey,
    checkUserApiKey,
    getUserByApiKey,
    createTeamApiKey,
    listTeamApiKeys,
    revokeTeamApiKey,
    checkTeamApiKey,
    getTeamByApiKey
  }
}

/**
 * The project permission and API key combinators: what each answer of the service becomes (the
 * check service is replaced by one answering as the service does, with the catalogue's own errors),
 * and the real StackServerChecks with the API out of reach (503, not a 403).
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as Create from "../../src/errors/create.ts"
import { CurrentUser, type CurrentUserService } from "../../src/http-api/current-user.ts"
import { requireApiKey, requireProjectPermission } from "../../src/http-api/permissions.ts"
import { StackServerChecks, type StackServerChecksService } from "../../src/http-api/server-checks.ts"
import { noRetrySchedule } from "../../src/server/index.ts"

const keyFields = { description: "ci", created_at_millis: 0, is_public: false, value: { last_four: "abcd" } }

/** Answers like the service for the keys and grants it is given. */
const checksLike = (state: { readonly userKeys: Record<string, string | Error>; readonly grants: ReadonlyArray<string> }) =>
  Layer.succeed(StackServerChecks, {
    hasProjectPermission: (userId: string, permissionId: string) => Effect.succeed(state.grants.includes(`${userId}:${permissionId}`)),
    checkUserApiKey: (apiKey: string) => {
      const found = state.userKeys[apiKey]
      if (found === undefined) return Effect.fail(Create.ApiKeyNotFound())
      if (found instanceof Error) return Effect.fail(Create.ApiKeyRevoked())
      return Effect.succeed({ ...keyFields, id: `key-${apiKey}`, type: "user" as const, user_id: found })
    },
    checkTeamApiKey: (apiKey: string) => Effect.fail(Create.WrongApiKeyType({ expected_type: "team", actual_type: "user" }))
  } satisfies StackServerChecksService)

const caller = (userId: string) =>
  Layer.succeed(CurrentUser, {
    userId,
    accessToken: Redacted.make("token"),
    claims: {
      userId,
      projectId: "p",
      branchId: "main",
      refreshTokenId: null,
      role: "authenticated",
      displayName: null,
      primaryEmail: null,
      primaryEmailVerified: false,
      selectedTeamId: null,
      signedUpAtMillis: null,
      isAnonymous: false,
      isRestricted: false,
      restrictedReason: null,
      requiresTotpMfa: false,
      issuedAtMillis: 0,
      expiresAtMillis: 600_000,
      claims: { sub: userId, iss: "iss", aud: "p", iat: 0, exp: 600 }
    },
    user: Effect.die("not read"),
    hasTeamPermission: () => Effect.die("not asked")
  } satisfies CurrentUserService)

describe("requireProjectPermission", () => {
  it.effect("passes a holder, and is a ProjectPermissionDenied (403) for anyone else", () =>
    Effect.gen(function*() {
      const checks = checksLike({ userKeys: {}, grants: ["ada:read_reports"] })
      yield* requireProjectPermission("read_reports").pipe(Effect.provide([checks, caller("ada")]))
      const denied = yield* requireProjectPermission("read_reports").pipe(Effect.provide([checks, caller("bob")]), Effect.flip)
      assert.strictEqual(denied._tag, "ProjectPermissionDenied")
      assert.deepInclude(denied, { userId: "bob", permissionId: "read_reports" })
    }))
})

describe("requireApiKey", () => {
  it.effect("a valid user key names its owner; missing, unknown, revoked and wrong-kind keys are ApiKeyRejected", () =>
    Effect.gen(function*() {
      const checks = checksLike({ userKeys: { good: "ada", old: new Error("revoked") }, grants: [] })
      const reason = (kind: "user" | "team", key: string | undefined) =>
        requireApiKey(kind, key).pipe(
          Effect.provide(checks),
          Effect.match({ onFailure: (error) => error._tag === "ApiKeyRejected" ? error.reason : error._tag, onSuccess: () => "ok" })
        )
      assert.deepStrictEqual(yield* requireApiKey("user", "good").pipe(Effect.provide(checks)), { kind: "user", keyId: "key-good", userId: "ada" })
      assert.strictEqual(yield* reason("user", undefined), "MissingApiKey")
      assert.strictEqual(yield* reason("user", "  "), "MissingApiKey")
      assert.strictEqual(yield* reason("user", "unknown"), "ApiKeyNotFound")
      assert.strictEqual(yield* reason("user", "old"), "ApiKeyRevoked")
      assert.strictEqual(yield* reason("team", "good"), "WrongApiKeyType")
    }))

  it.live("the API out of reach is AuthServiceUnavailable (503), never a 403", () =>
    Effect.gen(function*() {
      const checks = StackServerChecks.layer({
        projectId: "p",
        secretServerKey: "ssk",
        baseUrl: "http://127.0.0.1:9",
        requestPolicy: { retrySchedule: noRetrySchedule }
      }).pipe(Layer.provide(FetchHttpClient.layer))
      const error = yield* requireApiKey("team", "sk_whatever").pipe(Effect.provide(checks), Effect.flip)
      assert.strictEqual(error._tag, "AuthServiceUnavailable")
      const denied = yield* requireProjectPermission("read_reports").pipe(Effect.provide([checks, caller("ada")]), Effect.flip)
      assert.strictEqual(denied._tag, "AuthServiceUnavailable")
    }))
})

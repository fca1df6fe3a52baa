/**
 * Provider access tokens and shared OAuth keys: handed out by default (like the recorded dev server,
 * `STACK_ALLOW_SHARED_OAUTH_ACCESS_TOKENS=true`), refused with `allowSharedOAuthAccessTokens: false`
 * (`--block-shared-oauth-access-tokens`) right after the provider check, before the user is looked at.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { parseCliArgs } from "../../src/emulator/cli.ts"
import { type Harness, json, makeHarness, type TestUser } from "./emulator-harness.ts"

const sharedKeys = "OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS"
const unknownUser = "00000000-0000-4000-8000-0000000000ee"

/** Links a GitHub account (`account_id` `gh-1`) to `user` as a connected account. */
const linkGithub = (h: Harness, user: TestUser) =>
  Effect.gen(function*() {
    const response = yield* h.call("POST", "/oauth-providers", {
      accessType: "server",
      json: { user_id: user.userId, provider_config_id: "github", account_id: "gh-1", allow_sign_in: false, allow_connected_accounts: true }
    })
    assert.strictEqual(response.status, 201)
  })

/** Both access-token routes of `userId` for GitHub, as `user` (client) or with the server key. */
const bothRoutes = (h: Harness, userId: string, user?: TestUser) => {
  const as = user === undefined ? { accessType: "server" as const } : { user }
  return Effect.all([
    h.call("POST", `/connected-accounts/${userId}/github/access-token`, { ...as, json: {} }),
    h.call("POST", `/connected-accounts/${userId}/github/gh-1/access-token`, { ...as, json: {} })
  ])
}

const knownError = (response: Response) => response.headers.get("x-stack-known-error")

describe("emulator: access tokens of providers on shared keys", () => {
  it.effect("by default, a shared-key provider's access token is handed out (the dev server's opt-in)", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const user = yield* h.signUp()
      yield* linkGithub(h, user)
      for (const response of yield* bothRoutes(h, "me", user)) {
        assert.strictEqual(response.status, 201)
        assert.isString(Reflect.get(Object(yield* json(response)), "access_token"))
      }
    }))

  it.effect("blocked: both routes refuse it, for the client and the server, connected or not", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness({ allowSharedOAuthAccessTokens: false })
      const user = yield* h.signUp()
      const unconnected = yield* h.signUp()
      yield* linkGithub(h, user)
      const answers = [
        ...(yield* bothRoutes(h, "me", user)),
        ...(yield* bothRoutes(h, user.userId)),
        // Before the user is looked at: not connected, or no such user, is still the shared-keys error.
        ...(yield* bothRoutes(h, "me", unconnected)),
        ...(yield* bothRoutes(h, unknownUser))
      ]
      for (const response of answers) {
        assert.strictEqual(response.status, 400)
        assert.strictEqual(knownError(response), sharedKeys)
      }
    }))

  it.effect("blocked: a provider the project lacks and another user's accounts are refused first", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness({ allowSharedOAuthAccessTokens: false })
      const user = yield* h.signUp()
      const other = yield* h.signUp()
      const unknownProvider = yield* h.call("POST", "/connected-accounts/me/twitch/access-token", { user, json: {} })
      assert.strictEqual(knownError(unknownProvider), "OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED")
      for (const response of yield* bothRoutes(h, other.userId, user)) assert.strictEqual(response.status, 403)
    }))

  it.effect("blocked: a provider with the project's own keys still hands its access token out", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness({ allowSharedOAuthAccessTokens: false })
      yield* h.configure((data) => {
        const project = data.projects[h.keys.projectId]
        if (project === undefined) return
        const oauthProviders = project.config.oauthProviders.map((p) =>
          p.id === "github" ? { ...p, type: "standard" as const, clientId: "own-client-id", clientSecret: "own-client-secret" } : p
        )
        data.projects[project.id] = { ...project, config: { ...project.config, oauthProviders } }
      })
      const user = yield* h.signUp()
      yield* linkGithub(h, user)
      for (const response of yield* bothRoutes(h, "me", user)) assert.strictEqual(response.status, 201)
    }))

  it.effect("the CLI's --block-shared-oauth-access-tokens", () =>
    Effect.gen(function*() {
      assert.isTrue((yield* parseCliArgs(["emulator", "--block-shared-oauth-access-tokens"])).blockSharedOAuthAccessTokens)
      assert.isFalse((yield* parseCliArgs([])).blockSharedOAuthAccessTokens)
    }))
})

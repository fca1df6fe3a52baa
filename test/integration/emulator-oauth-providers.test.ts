/** A user's OAuth provider accounts (`/oauth-providers`) and how they feed connected accounts. */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { json, makeHarness, text } from "./emulator-harness.ts"

const items = (body: unknown): ReadonlyArray<Record<string, unknown>> => {
  const list = typeof body === "object" && body !== null ? Reflect.get(body, "items") : undefined
  return Array.isArray(list) ? list : []
}

describe("emulator: OAuth provider accounts", () => {
  it.effect("a server links accounts; the list, the item and connected accounts follow allow_connected_accounts", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const user = yield* h.signUp()
      const create = (accountId: string, allowSignIn: boolean, allowConnected: boolean) =>
        h.call("POST", "/oauth-providers", {
          accessType: "server",
          json: { user_id: user.userId, provider_config_id: "github", account_id: accountId, email: `${accountId}@example.com`, allow_sign_in: allowSignIn, allow_connected_accounts: allowConnected }
        })
      const first = yield* create("acct-1", true, true)
      assert.strictEqual(first.status, 201)
      const created = yield* json(first)
      assert.deepInclude(created, { user_id: user.userId, provider_config_id: "github", type: "github", account_id: "acct-1", allow_sign_in: true })
      const second = yield* json(yield* create("acct-2", false, false))
      const server = items(yield* json(yield* h.call("GET", `/oauth-providers?user_id=${user.userId}`, { accessType: "server" })))
      assert.deepStrictEqual(server.map((a) => a["account_id"]), ["acct-1", "acct-2"])
      const client = items(yield* json(yield* h.call("GET", "/oauth-providers?user_id=me", { user })))
      assert.isUndefined(client[0]?.["account_id"])
      const connected = items(yield* json(yield* h.call("GET", "/connected-accounts/me", { user })))
      assert.deepStrictEqual(connected.map((a) => a["provider_account_id"]), ["acct-1"])
      const id = String(Reflect.get(Object(second), "id"))
      const patched = yield* json(yield* h.call("PATCH", `/oauth-providers/me/${id}`, { user, json: { allow_connected_accounts: true } }))
      assert.strictEqual(Reflect.get(Object(patched), "allow_connected_accounts"), true)
      assert.strictEqual(items(yield* json(yield* h.call("GET", "/connected-accounts/me", { user }))).length, 2)
      assert.deepStrictEqual(yield* json(yield* h.call("DELETE", `/oauth-providers/me/${id}`, { user })), { success: true })
      const gone = yield* h.call("GET", `/oauth-providers/me/${id}`, { user })
      assert.strictEqual(gone.status, 404)
    }))

  it.effect("the uniqueness rules: one sign-in account per provider and user, one account id per provider and user", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const user = yield* h.signUp()
      const other = yield* h.signUp()
      const create = (userId: string, accountId: string, allowSignIn: boolean) =>
        h.call("POST", "/oauth-providers", {
          accessType: "server",
          json: { user_id: userId, provider_config_id: "github", account_id: accountId, allow_sign_in: allowSignIn, allow_connected_accounts: true }
        })
      assert.strictEqual((yield* create(user.userId, "a", true)).status, 201)
      assert.strictEqual(yield* text(yield* create(user.userId, "b", true)), "The same provider type with sign-in enabled already exists for this user.")
      assert.strictEqual(yield* text(yield* create(user.userId, "a", false)), "The same provider type with the same account ID already exists for this user.")
      const taken = yield* create(other.userId, "a", true)
      assert.strictEqual(taken.headers.get("x-stack-known-error"), "OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN")
      const unconfigured = yield* h.call("POST", "/oauth-providers", {
        accessType: "server",
        json: { user_id: user.userId, provider_config_id: "twitch", account_id: "t", allow_sign_in: false, allow_connected_accounts: true }
      })
      assert.strictEqual(unconfigured.status, 404)
      const forbidden = yield* h.call("GET", `/oauth-providers?user_id=${other.userId}`, { user })
      assert.strictEqual(forbidden.status, 403)
    }))
})

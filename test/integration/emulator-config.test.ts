/**
 * The configuration routes over the in-process emulator: rendering, the three override levels and
 * their precedence, PUT/PATCH/reset-keys, the pushed config's source, and the service's refusals.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { ConfigStringBody } from "../../src/wire/config.ts"
import { type Harness, json, makeHarness, text } from "./emulator-harness.ts"

const configString = (body: unknown): string => {
  const decoded = Schema.decodeUnknownSync(ConfigStringBody)(body)
  return decoded.config_string
}

const rendered = (h: Harness) =>
  Effect.gen(function*() {
    const body = yield* json(yield* h.call("GET", "/internal/config", { accessType: "admin" }))
    return JSON.parse(configString(body))
  })

const override = (h: Harness, level: string) =>
  Effect.gen(function*() {
    const body = yield* json(yield* h.call("GET", `/internal/config/override/${level}`, { accessType: "admin" }))
    return JSON.parse(configString(body))
  })

const patch = (h: Harness, level: string, config: unknown) =>
  h.call("PATCH", `/internal/config/override/${level}`, { accessType: "admin", json: { config_override_string: JSON.stringify(config) } })

const put = (h: Harness, level: string, config: unknown, source?: unknown) =>
  h.call("PUT", `/internal/config/override/${level}`, {
    accessType: "admin",
    json: source === undefined ? { config_string: JSON.stringify(config) } : { config_string: JSON.stringify(config), source }
  })

describe("emulator: configuration", () => {
  it.effect("renders defaults and the project's settings", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const config = yield* rendered(h)
      // The emulator's default project allows client team creation and user deletion, and has the
      // shared GitHub and Google providers; a new project would not.
      assert.deepStrictEqual(config.teams, { createPersonalTeamOnSignUp: false, allowClientTeamCreation: true })
      assert.deepStrictEqual(config.users, { allowClientUserDeletion: true })
      assert.deepStrictEqual(Object.keys(config.auth.oauth.providers).sort(), ["github", "google"])
      assert.strictEqual(config.auth.oauth.accountMergeStrategy, "link_method")
      assert.strictEqual(config.auth.password.allowSignIn, true)
      assert.strictEqual(config.domains.allowLocalhost, true)
      assert.strictEqual((yield* h.call("GET", "/internal/config", { accessType: "server" })).status, 401)
    }))

  it.effect("environment wins over branch; resetting an environment key lets the branch value through", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      assert.strictEqual((yield* patch(h, "branch", { "teams.createPersonalTeamOnSignUp": true })).status, 200)
      assert.strictEqual((yield* rendered(h)).teams.createPersonalTeamOnSignUp, true)
      assert.strictEqual((yield* patch(h, "environment", { "teams.createPersonalTeamOnSignUp": false, "users.allowClientUserDeletion": false })).status, 200)
      assert.strictEqual((yield* rendered(h)).teams.createPersonalTeamOnSignUp, false)
      const reset = yield* h.call("POST", "/internal/config/override/environment/reset-keys", { accessType: "admin", json: { keys: ["teams"] } })
      assert.strictEqual(reset.status, 200)
      assert.deepStrictEqual(yield* override(h, "environment"), { "users.allowClientUserDeletion": false })
      assert.strictEqual((yield* rendered(h)).teams.createPersonalTeamOnSignUp, true)
      // The emulator's behaviour follows: sign-ups now get a personal team; clients may not delete users.
      const project = yield* h.emu.withState((data) => Effect.succeed(data.projects[h.keys.projectId]))
      assert.strictEqual(project?.config.createTeamOnSignUp, true)
      assert.strictEqual(project?.config.clientUserDeletionEnabled, false)
    }))

  it.effect("PUT replaces a level; the branch needs a source, which is kept by later PATCHes and unlinked by DELETE", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const missing = yield* put(h, "branch", {})
      assert.strictEqual(missing.status, 400)
      assert.include(yield* text(missing), "source is required")
      const github = { type: "pushed-from-github", owner: "o", repo: "r", branch: "main", commit_hash: "abc", config_file_path: "stack.config.ts" }
      yield* patch(h, "branch", { "users.allowClientUserDeletion": true })
      assert.strictEqual((yield* put(h, "branch", { "teams.createPersonalTeamOnSignUp": true }, github)).status, 200)
      assert.deepStrictEqual(yield* override(h, "branch"), { "teams.createPersonalTeamOnSignUp": true })
      yield* patch(h, "branch", { "auth.passkey.allowSignIn": true })
      const source = yield* json(yield* h.call("GET", "/internal/config/source", { accessType: "admin" }))
      assert.deepStrictEqual(source, { source: github })
      assert.strictEqual((yield* h.call("DELETE", "/internal/config/source", { accessType: "admin" })).status, 200)
      assert.deepStrictEqual(yield* json(yield* h.call("GET", "/internal/config/source", { accessType: "admin" })), { source: { type: "unlinked" } })
      assert.strictEqual((yield* override(h, "branch"))["auth.passkey.allowSignIn"], true)
      const incomplete = yield* put(h, "branch", {}, { type: "pushed-from-github", owner: "o" })
      assert.strictEqual(incomplete.status, 400)
    }))

  it.effect("refuses unknown keys, keys of another level, wrong values and bad JSON in the service's words", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      assert.strictEqual(
        yield* text(yield* patch(h, "environment", { nonExistentField: 1 })),
        "The key \"nonExistentField\" is not valid (nested object not found in schema: \"nonExistentField\")."
      )
      assert.strictEqual(
        yield* text(yield* patch(h, "environment", { "auth.oauth.providers.x": { type: "nope" } })),
        "auth.oauth.providers.x.type must be one of the following values: google, github, microsoft, spotify, facebook, discord, gitlab, bitbucket, linkedin, apple, x, twitch"
      )
      const branchDomains = yield* patch(h, "branch", { "domains.trustedDomains.a": { baseUrl: "https://a.example.com", handlerPath: "/handler" } })
      assert.strictEqual(branchDomains.status, 400)
      assert.include(yield* text(branchDomains), "domains.trustedDomains")
      const secrets = yield* patch(h, "branch", { "auth.oauth.providers.google": { type: "google", isShared: false, clientId: "id" } })
      assert.include(yield* text(secrets), "auth.oauth.providers.google contains unknown properties: isShared, clientId")
      assert.include(yield* text(yield* patch(h, "environment", { "teams.allowClientTeamCreation": "yes" })), "must be a `boolean` type")
      const bad = yield* h.call("PATCH", "/internal/config/override/environment", { accessType: "admin", json: { config_override_string: "{ nope" } })
      assert.strictEqual(yield* text(bad), "Invalid config JSON")
      const level = yield* text(yield* patch(h, "staging", {}))
      assert.include(level, "SCHEMA_ERROR")
      assert.include(level, "params.level must be one of the following values: project, branch, environment")
      assert.deepStrictEqual(yield* override(h, "environment"), {})
    }))

  it.effect("dotted keys into a record entry that does not exist are ignored; nested entries apply", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      yield* patch(h, "environment", {
        domains: { trustedDomains: { nested: { baseUrl: "https://nested.example.com", handlerPath: "/nested" } } },
        "domains.trustedDomains.dotted.baseUrl": "https://dotted.example.com"
      })
      assert.deepStrictEqual((yield* rendered(h)).domains.trustedDomains, { nested: { baseUrl: "https://nested.example.com", handlerPath: "/nested" } })
      const project = yield* h.emu.withState((data) => Effect.succeed(data.projects[h.keys.projectId]))
      assert.deepStrictEqual(project?.config.domains, [{ domain: "https://nested.example.com", handlerPath: "/nested" }])
    }))

  it.effect("server keys manage the branch level only", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const branch = yield* h.call("PATCH", "/internal/config/override/branch", { accessType: "server", json: { config_override_string: "{}" } })
      assert.strictEqual(branch.status, 200)
      const environment = yield* h.call("GET", "/internal/config/override/environment", { accessType: "server" })
      assert.strictEqual(environment.status, 403)
      assert.strictEqual(yield* text(environment), "Server access can only manage branch config overrides.")
    }))
})

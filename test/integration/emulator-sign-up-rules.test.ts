/**
 * Sign-up rules on the emulator (config overrides `auth.signUpRules.<id>`,
 * `auth.signUpRulesDefaultAction`): reject, restrict, priority, the CEL subset of conditions, the
 * statistics, and an administrator's own restriction of a user.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { evaluateCel } from "../../src/emulator/cel.ts"
import { json, makeHarness, uniqueEmail } from "./emulator-harness.ts"

const override = (config: Record<string, unknown>) => ({ config_override_string: JSON.stringify(config) })

describe("CEL conditions", () => {
  it("evaluates the subset sign-up rules use, and refuses what it cannot evaluate", () => {
    const ctx = { email: "ada@corp.example.com", emailDomain: "corp.example.com", authMethod: "password", oauthProvider: "", countryCode: "DE" }
    assert.isTrue(evaluateCel(`email.endsWith("@corp.example.com") && authMethod in ["password", "otp"]`, ctx))
    assert.isTrue(evaluateCel(`!(emailDomain == "other.com") || false`, ctx))
    assert.isTrue(evaluateCel(`email.matches("^([a-z])da@")`, ctx))
    assert.isTrue(evaluateCel(`email.contains("say \\"hi\\"") == false`, ctx))
    assert.isFalse(evaluateCel(`countryCode == "US"`, ctx))
    assert.throws(() => evaluateCel(`email.matches("(")`, ctx))
    assert.throws(() => evaluateCel(`unknownVariable == 1`, ctx))
    assert.throws(() => evaluateCel(`email`, ctx))
  })
})

describe("emulator: sign-up rules", () => {
  it.effect("a reject rule refuses matching sign-ups, a restrict rule marks the user, the default applies otherwise", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const set = yield* h.call("PATCH", "/internal/config/override/environment", {
        accessType: "admin",
        json: override({
          "auth.signUpRules.block": { enabled: true, priority: 2, condition: `email.startsWith("blocked")`, action: { type: "reject", message: "internal note" } },
          "auth.signUpRules.review": { enabled: true, displayName: "Review", priority: 1, condition: `emailDomain == "review.example.com"`, action: { type: "restrict" } },
          "auth.signUpRules.off": { enabled: false, condition: "true", action: { type: "reject" } }
        })
      })
      assert.strictEqual(set.status, 200)
      const refused = yield* h.call("POST", "/auth/password/sign-up", { json: { email: uniqueEmail("blocked"), password: "Sup3r-Secret-password" } })
      assert.strictEqual(refused.status, 403)
      assert.deepStrictEqual(yield* json(refused), {
        code: "SIGN_UP_REJECTED",
        details: { message: "Your sign up was rejected by an administrator's sign-up rule." },
        error: "Your sign up was rejected by an administrator's sign-up rule."
      })
      const reviewed = yield* h.signUp({ email: `someone-${Date.now()}@review.example.com` })
      const user = yield* json(yield* h.call("GET", `/users/${reviewed.userId}`, { accessType: "server" }))
      assert.deepInclude(user, {
        restricted_by_admin: true,
        restricted_by_admin_private_details: "Restricted by sign-up rule: review (Review)",
        is_restricted: true
      })
      yield* h.signUp()

      const stats = yield* json(yield* h.call("GET", "/internal/sign-up-rules-stats", { accessType: "admin" }))
      assert.deepInclude(stats, { total_triggers: 2, triggers_by_action: { allow: 0, reject: 1, restrict: 1, log: 0 } })

      yield* h.call("PATCH", "/internal/config/override/environment", { accessType: "admin", json: override({ "auth.signUpRulesDefaultAction": "reject" }) })
      const byDefault = yield* h.call("POST", "/auth/password/sign-up", { json: { email: uniqueEmail("anyone"), password: "Sup3r-Secret-password" } })
      assert.strictEqual(byDefault.status, 403)
    }))

  it.effect("an administrator restricts and lifts a restriction; reason and details need restricted_by_admin", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const { userId } = yield* h.signUp()
      const restricted = yield* json(yield* h.call("PATCH", `/users/${userId}`, {
        accessType: "admin",
        json: { restricted_by_admin: true, restricted_by_admin_reason: "Under review", restricted_by_admin_private_details: "fraud team" }
      }))
      assert.deepInclude(restricted, {
        restricted_by_admin: true,
        restricted_by_admin_reason: "Under review",
        restricted_by_admin_private_details: "fraud team",
        restricted_reason: { type: "restricted_by_administrator" }
      })
      const invalid = yield* h.call("PATCH", `/users/${userId}`, { accessType: "admin", json: { restricted_by_admin: false, restricted_by_admin_reason: "x" } })
      assert.strictEqual(invalid.headers.get("x-stack-known-error"), "SCHEMA_ERROR")
      const lifted = yield* json(yield* h.call("PATCH", `/users/${userId}`, { accessType: "admin", json: { restricted_by_admin: false } }))
      assert.deepInclude(lifted, { restricted_by_admin: false, restricted_by_admin_reason: null, restricted_by_admin_private_details: null, is_restricted: false })
    }))
})

/**
 * Trusted domains set as today's config (`domains.trustedDomains.<id>`, wildcards included) decide
 * which callback URLs the emulator accepts, like the service; removing one by id takes it away.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { makeHarness, uniqueEmail } from "./emulator-harness.ts"

const override = (config: Record<string, unknown>) => ({ config_override_string: JSON.stringify(config) })

describe("emulator: trusted domains", () => {
  it.effect("a wildcard trusted domain admits its subdomains' callbacks and nothing else", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const set = yield* h.call("PATCH", "/internal/config/override/environment", {
        accessType: "admin",
        json: override({ "domains.trustedDomains.apps": { baseUrl: "https://*.example.com", handlerPath: "/handler" }, "domains.allowLocalhost": false })
      })
      assert.strictEqual(set.status, 200)
      const signUp = (callback: string) =>
        h.call("POST", "/auth/password/sign-up", { json: { email: uniqueEmail(), password: "Sup3r-Secret-password", verification_callback_url: callback } })
      assert.strictEqual((yield* signUp("https://shop.example.com/handler/email-verification")).status, 200)
      for (const hostile of ["https://shop.example.com.evil.com/cb", "https://a.b.example.com/cb", "http://shop.example.com/cb", "https://shop.example.com:8443/cb"]) {
        const refused = yield* signUp(hostile)
        assert.strictEqual(refused.headers.get("x-stack-known-error"), "REDIRECT_URL_NOT_WHITELISTED", hostile)
      }
      yield* h.call("PATCH", "/internal/config/override/environment", { accessType: "admin", json: override({ "domains.trustedDomains.apps": null }) })
      const removed = yield* signUp("https://shop.example.com/handler/email-verification")
      assert.strictEqual(removed.headers.get("x-stack-known-error"), "REDIRECT_URL_NOT_WHITELISTED")
    }))
})

/**
 * The SDK's redirect check with a project's trusted domains: other origins are accepted exactly when
 * the emulator (and the service) would trust them (same exact/wildcard rules, one shared module),
 * and hostile spellings are refused by the SDK whatever they parse to.
 */
import { assert, describe, it } from "vitest"
import { isRedirectUrlTrusted } from "../../src/emulator/codes.ts"
import { makeProject } from "../../src/emulator/state.ts"
import { isTrustedRedirectUrl, resolveTrustedRedirectUrl } from "../../src/urls/redirect-check.ts"

const current = "https://app.example.com/handler/sign-in"
const trustedDomains = ["https://*.example.com", "https://**.deep.example.org", "http://localhost:5173", "https://partner.example.net:8443"]
const project = makeProject({ id: "p", displayName: "P", nowMillis: 0 }, {
  allowLocalhost: false,
  domains: trustedDomains.map((domain, i) => ({ domain, handlerPath: "/handler", trustedDomainId: `d${i}` }))
})

const sdk = (target: string) => isTrustedRedirectUrl(target, current, { trustedDomains })
const emulator = (target: string) => isRedirectUrlTrusted(project, target)

describe("the SDK's redirect check with trusted domains", () => {
  it("accepts what the emulator trusts, with the same exact and wildcard rules", () => {
    for (const target of [
      "https://shop.example.com/after",
      "https://shop.example.com:443/after",
      "https://a.b.deep.example.org/x?y=1",
      "https://one.deep.example.org/",
      "http://localhost:5173/cb",
      "https://partner.example.net:8443/cb"
    ]) {
      assert.isTrue(emulator(target), `emulator trusts ${target}`)
      assert.isTrue(sdk(target), `SDK trusts ${target}`)
    }
  })

  it("refuses what the emulator refuses: label counts, protocols and ports", () => {
    for (const target of [
      "https://a.b.example.com/",
      "https://example.com/",
      "http://shop.example.com/",
      "https://shop.example.com:8443/",
      "https://deep.example.org/",
      "http://localhost:5174/",
      "https://partner.example.net/",
      "https://partner.example.net:9443/",
      "https://evil.com/shop.example.com",
      "https://shop.example.com.evil.com/"
    ]) {
      assert.isFalse(emulator(target), `emulator refuses ${target}`)
      assert.isFalse(sdk(target), `SDK refuses ${target}`)
    }
  })

  it("refuses hostile spellings of a trusted host", () => {
    for (const target of [
      "https://user@shop.example.com/",
      "https://shop.example.com@evil.com/",
      "https://user:pass@shop.example.com/",
      "https://shop.example.com\\@evil.com/",
      "https:\\\\shop.example.com/",
      "https://shop%2eexample.com/",
      "https://shop.example%2ecom/",
      "https://shop\uFF0Eexample.com/",
      "https://shop.exаmple.com/", // Cyrillic а
      "https://shop.example.com./",
      "https://shop..example.com/",
      "https://.example.com/",
      "https://shop.example.com:443:443/",
      "https://shop.example.com//evil.com/",
      "https://shop.example.com/%2F%2Fevil.com",
      " https://shop.example.com/",
      "https://shop.example.com/\u200B"
    ]) {
      assert.isFalse(sdk(target), `SDK refuses ${JSON.stringify(target)}`)
    }
  })

  it("without trusted domains, other origins stay refused and the current origin stays accepted", () => {
    assert.isFalse(isTrustedRedirectUrl("https://shop.example.com/", current))
    assert.isTrue(isTrustedRedirectUrl("https://app.example.com/x", current))
    assert.isTrue(isTrustedRedirectUrl("/x", current, { trustedDomains }))
    assert.strictEqual(resolveTrustedRedirectUrl("https://SHOP.example.com/a", current, { trustedDomains })?.href, "https://shop.example.com/a")
  })
})

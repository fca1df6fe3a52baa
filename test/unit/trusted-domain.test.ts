/**
 * Trusted-domain matching (exact and wildcard domains, ports), including hostile look-alikes that
 * must not match.
 */
import { assert, describe, it } from "vitest"
import { matchesTrustedDomain, matchHostnamePattern } from "../../src/urls/trusted-domain.ts"

const ok = (url: string, domain: string) => assert.isTrue(matchesTrustedDomain(new URL(url), domain), `${url} on ${domain}`)
const no = (url: string, domain: string) => assert.isFalse(matchesTrustedDomain(new URL(url), domain), `${url} not on ${domain}`)

describe("trusted domains", () => {
  it("exact domains match protocol, host and port, any path", () => {
    ok("https://app.example.com/handler/oauth-callback", "https://app.example.com")
    ok("https://app.example.com:443/x", "https://app.example.com")
    ok("http://localhost:3000/cb", "http://localhost:3000")
    no("http://app.example.com/", "https://app.example.com")
    no("https://app.example.com:8443/", "https://app.example.com")
    no("http://localhost:3001/", "http://localhost:3000")
  })

  it("* stands for one label, ** for any number", () => {
    ok("https://a.example.com/", "https://*.example.com")
    no("https://a.b.example.com/", "https://*.example.com")
    no("https://example.com/", "https://*.example.com")
    ok("https://a.b.example.com/", "https://**.example.com")
    ok("https://api-eu.example.com/", "https://api-*.example.com")
    assert.isTrue(matchHostnamePattern("sub.**.com", "sub.a.b.com"))
  })

  it("a pattern without a port allows only the default port; with one, only that port", () => {
    no("https://a.example.com:8443/", "https://*.example.com")
    ok("http://a.localhost:8080/", "http://*.localhost:8080")
    no("http://a.localhost:8081/", "http://*.localhost:8080")
  })

  it("refuses hostile look-alikes", () => {
    no("https://evil.com/a.example.com", "https://*.example.com")
    no("https://a.example.com.evil.com/", "https://*.example.com")
    no("https://evilexample.com/", "https://*.example.com")
    no("https://a.example.com@evil.com/", "https://*.example.com")
    no("https://aexample.com/", "https://**.example.com")
    no("https://a.example.co/", "https://*.example.com")
    no("javascript://a.example.com/%0aalert(1)", "https://*.example.com")
  })
})

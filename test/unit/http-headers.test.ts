import { describe, expect, it } from "vitest"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import { headersFor, noTokens, type ProjectKeys } from "../../src/http/access.ts"
import { makeNonce, randomBase32 } from "../../src/http/nonce.ts"

const keys: ProjectKeys = {
  projectId: "11111111-2222-4333-8444-555555555555",
  publishableClientKey: Redacted.make("pck_public"),
  secretServerKey: Redacted.make("ssk_secret"),
  superSecretAdminKey: Redacted.make("sak_admin")
}
const signedIn = { accessToken: Option.some(Redacted.make("at")), refreshToken: Option.some(Redacted.make("rt")) }
const names = (headers: Record<string, string>) => Object.keys(headers).sort()
const common = [
  "x-stack-access-type",
  "x-stack-client-version",
  "x-stack-override-error-status",
  "x-stack-project-id",
  "x-stack-random-nonce"
]

describe("nonce", () => {
  it("is 45 lowercase Crockford base32 characters (224 bits)", () => {
    const nonce = makeNonce()
    expect(nonce).toMatch(/^[0-9a-hjkmnp-tv-z]{45}$/)
    expect(makeNonce()).not.toBe(nonce)
  })
  it("sizes other strings by their bits", () => {
    expect(randomBase32(5)).toHaveLength(1)
    expect(randomBase32(10)).toHaveLength(2)
  })
})

describe("headers per access level (PROTOCOL.md §2.1)", () => {
  it("client: publishable key only, plus the user's tokens", () => {
    const headers = headersFor("client", keys, signedIn)
    expect(names(headers)).toEqual(
      [...common, "x-stack-access-token", "x-stack-publishable-client-key", "x-stack-refresh-token"].sort()
    )
    expect(headers["x-stack-access-type"]).toBe("client")
    expect(headers["x-stack-override-error-status"]).toBe("true")
    expect(headers["x-stack-publishable-client-key"]).toBe("pck_public")
  })

  it("server: publishable and secret server key", () => {
    const headers = headersFor("server", keys, noTokens)
    expect(names(headers)).toEqual(
      [...common, "x-stack-publishable-client-key", "x-stack-secret-server-key"].sort()
    )
    expect(headers["x-stack-secret-server-key"]).toBe("ssk_secret")
  })

  it("admin with keys: publishable, secret server and super secret admin key", () => {
    const headers = headersFor("admin", keys, noTokens)
    expect(names(headers)).toEqual(
      [...common, "x-stack-publishable-client-key", "x-stack-secret-server-key", "x-stack-super-secret-admin-key"]
        .sort()
    )
    expect(headers["x-stack-super-secret-admin-key"]).toBe("sak_admin")
  })

  it("admin of a project owner: admin access token and empty key headers, no publishable key", () => {
    const owner: ProjectKeys = { projectId: "internal", adminAccessToken: Redacted.make("owner-jwt") }
    const headers = headersFor("admin", owner, noTokens)
    expect(names(headers)).toEqual(
      [...common, "x-stack-admin-access-token", "x-stack-secret-server-key", "x-stack-super-secret-admin-key"].sort()
    )
    expect(headers["x-stack-secret-server-key"]).toBe("")
    expect(headers["x-stack-super-secret-admin-key"]).toBe("")
    expect(headers["x-stack-admin-access-token"]).toBe("owner-jwt")
  })

  it("a client app without a key sends no key header (the current service allows keyless client access)", () => {
    const headers = headersFor("client", { projectId: "p" }, noTokens)
    expect(names(headers)).toEqual(common)
  })

  it("sends the allow headers of restricted and anonymous users only when asked", () => {
    const headers = headersFor("client", keys, signedIn, { allowRestrictedUser: true, allowAnonymousUser: true })
    expect(headers["x-stack-allow-restricted-user"]).toBe("true")
    expect(headers["x-stack-allow-anonymous-user"]).toBe("true")
    expect(headersFor("client", keys, signedIn)["x-stack-allow-restricted-user"]).toBeUndefined()
  })

  it("keeps the keys redacted until they are put on the wire", () => {
    expect(String(keys.secretServerKey)).not.toContain("ssk_secret")
    expect(JSON.stringify(keys)).not.toContain("ssk_secret")
  })
})

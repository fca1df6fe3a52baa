import { describe, expect, it } from "vitest"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import * as HttpClient from "effect/http/HttpClient"
import type * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import { clientVersion, headersFor, noTokens, type ProjectKeys, type UserTokens } from "../../src/http/access.ts"
import { type Endpoint, json } from "../../src/http/endpoint.ts"
import { type PipelineConfig, send } from "../../src/http/send.ts"
import { StackTransport } from "../../src/http/transport.ts"
import { transportFromHttpClient } from "../../src/http/transport-http-client.ts"
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

// ---------------------------------------------------------------------------------------------
// Exact header sets (names and values) and what actually goes on the wire.

const projectId = keys.projectId
const withoutNonce = (headers: Record<string, string>) => {
  const { "x-stack-random-nonce": nonce, ...rest } = headers
  expect(nonce).toMatch(/^[0-9a-hjkmnp-tv-z]{45}$/)
  return rest
}
const base = (level: "client" | "server" | "admin") => ({
  "x-stack-override-error-status": "true",
  "x-stack-project-id": projectId,
  "x-stack-access-type": level,
  "x-stack-client-version": clientVersion
})

describe("header sets equal PROTOCOL.md §2.1 exactly", () => {
  it("client app: the publishable key, plus the user's tokens when signed in", () => {
    expect(withoutNonce(headersFor("client", keys, noTokens))).toEqual({
      ...base("client"),
      "x-stack-publishable-client-key": "pck_public"
    })
    expect(withoutNonce(headersFor("client", keys, signedIn))).toEqual({
      ...base("client"),
      "x-stack-publishable-client-key": "pck_public",
      "x-stack-access-token": "at",
      "x-stack-refresh-token": "rt"
    })
  })

  it("server app: publishable key + secret server key on server calls, only the publishable key on client calls", () => {
    const serverKeys: ProjectKeys = { ...keys, superSecretAdminKey: undefined }
    expect(withoutNonce(headersFor("server", serverKeys, noTokens))).toEqual({
      ...base("server"),
      "x-stack-publishable-client-key": "pck_public",
      "x-stack-secret-server-key": "ssk_secret"
    })
    expect(withoutNonce(headersFor("client", serverKeys, signedIn))).toEqual({
      ...base("client"),
      "x-stack-publishable-client-key": "pck_public",
      "x-stack-access-token": "at",
      "x-stack-refresh-token": "rt"
    })
  })

  it("admin app with keys: publishable key (if configured) + secret server key + super secret admin key", () => {
    expect(withoutNonce(headersFor("admin", keys, noTokens))).toEqual({
      ...base("admin"),
      "x-stack-publishable-client-key": "pck_public",
      "x-stack-secret-server-key": "ssk_secret",
      "x-stack-super-secret-admin-key": "sak_admin"
    })
    const noPublishable: ProjectKeys = { ...keys, publishableClientKey: undefined }
    expect(withoutNonce(headersFor("admin", noPublishable, noTokens))).toEqual({
      ...base("admin"),
      "x-stack-secret-server-key": "ssk_secret",
      "x-stack-super-secret-admin-key": "sak_admin"
    })
  })

  it("admin app with an owner's access token: admin access token + empty key headers, never the keys", () => {
    const owner: ProjectKeys = { ...keys, adminAccessToken: Redacted.make("owner-jwt") }
    expect(withoutNonce(headersFor("admin", owner, noTokens))).toEqual({
      ...base("admin"),
      "x-stack-admin-access-token": "owner-jwt",
      "x-stack-secret-server-key": "",
      "x-stack-super-secret-admin-key": ""
    })
  })

  it("every request gets its own 45-character base32 nonce (224 bits)", () => {
    const nonces = Array.from({ length: 200 }, () => headersFor("client", keys, noTokens)["x-stack-random-nonce"] ?? "")
    for (const nonce of nonces) {
      expect(nonce).toHaveLength(45)
      expect(nonce).toMatch(/^[0-9a-hjkmnp-tv-z]+$/)
    }
    expect(new Set(nonces).size).toBe(nonces.length)
    // All 32 symbols occur: each character carries 5 random bits, 45 × 5 ≥ 224.
    expect(new Set(nonces.join("")).size).toBe(32)
    expect(45 * 5).toBeGreaterThanOrEqual(224)
  })
})

describe("headers on the wire (through send)", () => {
  const config: PipelineConfig = { baseUrl: "https://stack.test/", keys }
  const Ok = Schema.Struct({ success: Schema.Boolean })

  const capture = (endpoint: Endpoint<{ readonly success: boolean }, readonly []>, tokens: UserTokens) =>
    Effect.gen(function*() {
      const seen: Array<HttpClientRequest.HttpClientRequest> = []
      const rendered: Array<string> = []
      const http = HttpClient.make((request) =>
        Effect.sync(() => {
          seen.push(request)
          // How logs and spans of the HTTP layer render the headers while the request runs.
          rendered.push(JSON.stringify(request.headers))
          return HttpClientResponse.fromWeb(
            request,
            new Response("{\"success\":true}", { status: 200, headers: { "content-type": "application/json" } })
          )
        })
      )
      yield* send(config, endpoint, tokens).pipe(Effect.provideService(StackTransport, transportFromHttpClient(http)))
      const request = seen[0]
      if (request === undefined) throw new Error("no request was sent")
      return Object.assign(request, { rendered: rendered[0] ?? "" })
    })

  it("a server call with a JSON body: the §2.1 set and the body headers; no tracing headers (CORS)", async () => {
    const request = await Effect.runPromise(capture({
      method: "POST",
      path: "/users",
      level: "server",
      body: { _tag: "Json", value: { primary_email: "a@b.c" } },
      response: json(Ok),
      errors: []
    }, noTokens))
    expect(request.url).toBe("https://stack.test/api/v1/users")
    expect(Object.keys(request.headers).sort()).toEqual(
      [
        "accept",
        "content-length",
        "content-type",
        ...common,
        "x-stack-publishable-client-key",
        "x-stack-secret-server-key"
      ].sort()
    )
    expect(request.headers["content-type"]).toBe("application/json")
    expect(request.headers["x-stack-secret-server-key"]).toBe("ssk_secret")
  })

  it("a client GET carries the user's tokens and no body headers", async () => {
    const request = await Effect.runPromise(capture({
      method: "GET",
      path: "/users/me",
      level: "client",
      response: json(Ok),
      errors: []
    }, signedIn))
    expect(Object.keys(request.headers).sort()).toEqual(
      ["accept", ...common, "x-stack-access-token", "x-stack-publishable-client-key", "x-stack-refresh-token"].sort()
    )
    expect(request.headers["x-stack-access-token"]).toBe("at")
  })

  it("the HTTP layer renders the key and token headers redacted while the request runs", async () => {
    const request = await Effect.runPromise(capture({
      method: "GET",
      path: "/users/me",
      level: "admin",
      response: json(Ok),
      errors: []
    }, { accessToken: Option.some(Redacted.make("at-secret-value")), refreshToken: Option.some(Redacted.make("rt-secret-value")) }))
    expect(request.rendered).toContain("x-stack-project-id")
    for (const secret of ["pck_public", "ssk_secret", "sak_admin", "at-secret-value", "rt-secret-value"]) {
      expect(request.rendered).not.toContain(secret)
    }
  })

  it("the OAuth token endpoint (level none) carries no key, token or access-type header", async () => {
    const request = await Effect.runPromise(capture({
      method: "POST",
      path: "/auth/oauth/token",
      level: "none",
      body: { _tag: "Form", fields: [["grant_type", "refresh_token"], ["refresh_token", "rt"]] },
      response: json(Ok),
      errors: []
    }, signedIn))
    expect(Object.keys(request.headers).sort()).toEqual(
      ["accept", "content-length", "content-type", "x-stack-override-error-status"]
    )
    expect(request.headers["content-type"]).toBe("application/x-www-form-urlencoded")
  })
})

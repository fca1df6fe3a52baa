/**
 * The request-bound TokenStore: which header or cookie the tokens come from, how cookies are parsed
 * (malformed ones included), and what writes do.
 */
import { tokenChanges } from "../../src/session/token-changes.ts"
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Stream from "effect/Stream"
import type { UserTokens } from "../../src/http/access.ts"
import {
  layerRequestTokenStore,
  makeRequestTokenStore,
  parseCookieHeader,
  readHeader,
  readRequestTokens,
  type RequestHeadersInput
} from "../../src/server/request-token-store.ts"
import { TokenStore } from "../../src/session/token-store.ts"

const projectId = "6f1c2a38-1b0e-4a47-9a5e-0e8f7c1d2b3a"
const access = "eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ1In0.c2ln"
const refresh = "r".repeat(45)

const plain = (tokens: UserTokens) => ({
  accessToken: Option.getOrUndefined(Option.map(tokens.accessToken, Redacted.value)),
  refreshToken: Option.getOrUndefined(Option.map(tokens.refreshToken, Redacted.value))
})

const read = (input: RequestHeadersInput) => {
  const { source, tokens } = readRequestTokens(input, { projectId })
  return { source, ...plain(tokens) }
}

const pair = (r: string, a: string) => encodeURIComponent(JSON.stringify([r, a]))

describe("readRequestTokens: headers", () => {
  it("reads x-stack-access-token / x-stack-refresh-token from a web Request, Headers and a record", () => {
    const headers = { "x-stack-access-token": access, "x-stack-refresh-token": refresh }
    const expected = { source: "headers" as const, accessToken: access, refreshToken: refresh }
    assert.deepStrictEqual(read(new Request("http://app.test/", { headers })), expected)
    assert.deepStrictEqual(read(new Headers(headers)), expected)
    assert.deepStrictEqual(read({ "X-Stack-Access-Token": access, "X-STACK-REFRESH-TOKEN": refresh }), expected)
  })

  it("reads the x-stack-auth JSON header first, and ignores it when it is not that JSON", () => {
    const auth = JSON.stringify({ accessToken: access, refreshToken: refresh })
    assert.deepStrictEqual(read({ "x-stack-auth": auth, "x-stack-access-token": "other.access.token" }), {
      source: "x-stack-auth",
      accessToken: access,
      refreshToken: refresh
    })
    assert.deepStrictEqual(read({ "x-stack-auth": "{not json", "x-stack-refresh-token": refresh }), {
      source: "headers",
      accessToken: undefined,
      refreshToken: refresh
    })
    assert.deepStrictEqual(read({ "x-stack-auth": "[1]" }).source, "none")
  })

  it("headers win over cookies, and sources are never mixed", () => {
    const result = read({
      "x-stack-access-token": access,
      cookie: `stack-refresh-${projectId}=${"c".repeat(45)}`
    })
    assert.deepStrictEqual(result, { source: "headers", accessToken: access, refreshToken: undefined })
  })

  it("empty values and the text 'undefined' are no token", () => {
    assert.deepStrictEqual(read({ "x-stack-access-token": "", "x-stack-refresh-token": "undefined" }), {
      source: "none",
      accessToken: undefined,
      refreshToken: undefined
    })
    assert.deepStrictEqual(read({}).source, "none")
  })

  it("joins repeated header values like Node gives them", () => {
    assert.strictEqual(readHeader({ cookie: ["a=1", "b=2"] }, "Cookie"), "a=1; b=2")
    assert.strictEqual(readHeader({ "x-other": ["a", "b"] }, "x-other"), "a, b")
    assert.strictEqual(readHeader({ "x-other": undefined }, "x-other"), undefined)
  })
})

describe("readRequestTokens: cookies", () => {
  it("reads the 2.7 refresh cookie and the stack-access pair", () => {
    assert.deepStrictEqual(read({ cookie: `stack-refresh-${projectId}=${refresh}; stack-access=${pair(refresh, access)}` }), {
      source: "cookies",
      accessToken: access,
      refreshToken: refresh
    })
  })

  it("reads the current structured refresh cookie (with or without __Host-), the newest one wins", () => {
    const older = encodeURIComponent(JSON.stringify({ refresh_token: "old-token", updated_at_millis: 1 }))
    const newer = encodeURIComponent(JSON.stringify({ refresh_token: refresh, updated_at_millis: 2 }))
    assert.deepStrictEqual(
      read({ cookie: `__Host-stack-refresh-${projectId}--default=${older}; __Host-hexclave-refresh-${projectId}--default=${newer}` })
        .refreshToken,
      refresh
    )
    assert.deepStrictEqual(
      read({ cookie: `stack-refresh-${projectId}--default=${older}; stack-refresh-${projectId}--custom-abc=${newer}` }).refreshToken,
      refresh
    )
    assert.deepStrictEqual(read({ cookie: `stack-refresh-${projectId}--default=${newer}` }).refreshToken, refresh)
    // The structured cookie wins over the 2.7 one.
    assert.deepStrictEqual(
      read({ cookie: `stack-refresh-${projectId}=old-token; stack-refresh-${projectId}--default=${newer}` }).refreshToken,
      refresh
    )
  })

  it("a __Host- session outranks any cookie a sibling subdomain could toss in, whatever its date; hostOnlyCookies reads nothing else", () => {
    const own = encodeURIComponent(JSON.stringify({ refresh_token: refresh, updated_at_millis: 1 }))
    const tossed = encodeURIComponent(JSON.stringify({ refresh_token: "attacker-token", updated_at_millis: 9_999_999_999_999 }))
    const cookie = `hexclave-refresh-${projectId}--custom-x=${tossed}; stack-refresh-${projectId}=attacker-token; ` +
      `hexclave-access=${pair("attacker-token", "attacker-access")}; __Host-hexclave-refresh-${projectId}--default=${own}; ` +
      `__Host-hexclave-access=${pair(refresh, access)}`
    assert.deepStrictEqual(read({ cookie }), { source: "cookies", accessToken: access, refreshToken: refresh })
    // A visitor with no session of their own: only hostOnlyCookies keeps the tossed one out.
    const tossedOnly = `hexclave-refresh-${projectId}--default=${tossed}`
    assert.deepStrictEqual(read({ cookie: tossedOnly }).refreshToken, "attacker-token")
    assert.deepStrictEqual(readRequestTokens({ cookie: tossedOnly }, { projectId, hostOnlyCookies: true }).source, "none")
  })

  it("falls back to the legacy stack-refresh cookie, ignores other projects' cookies", () => {
    assert.deepStrictEqual(read({ cookie: `stack-refresh=${refresh}` }).refreshToken, refresh)
    assert.deepStrictEqual(read({ cookie: `stack-refresh-other-project=${refresh}` }).source, "none")
  })

  it("uses the access pair only when its refresh token is the request's", () => {
    assert.deepStrictEqual(read({ cookie: `stack-refresh-${projectId}=${refresh}; stack-access=${pair("other", access)}` }), {
      source: "cookies",
      accessToken: undefined,
      refreshToken: refresh
    })
    // No refresh cookie: the shared access cookie may belong to any project.
    assert.deepStrictEqual(read({ cookie: `stack-access=${pair(refresh, access)}` }).source, "none")
    // A raw JWT in stack-access is not the pair format.
    assert.deepStrictEqual(read({ cookie: `stack-refresh-${projectId}=${refresh}; stack-access=${access}` }).accessToken, undefined)
  })

  it("survives malformed cookie headers", () => {
    const cases = [
      "",
      ";;;",
      "=novalue",
      "justaname",
      "a=%E0%A4%A",
      `stack-access=%5B%22broken; stack-refresh-${projectId}--default=%7B%22refresh_token%22%3A`,
      `stack-refresh-${projectId}--default={"refresh_token":42}`
    ]
    for (const cookie of cases) assert.strictEqual(read({ cookie }).source, "none", cookie)
    // Bad percent-encoding keeps the raw value; quotes are removed; the first occurrence wins.
    const parsed = parseCookieHeader(`a=%E0%A4%A; b="quoted"; c=1; c=2; d=x=y;  spaced = v `)
    assert.strictEqual(parsed.get("a"), "%E0%A4%A")
    assert.strictEqual(parsed.get("b"), "quoted")
    assert.strictEqual(parsed.get("c"), "1")
    assert.strictEqual(parsed.get("d"), "x=y")
    assert.strictEqual(parsed.get("spaced"), "v")
    assert.strictEqual(parsed.get("__proto__"), undefined)
    assert.strictEqual(parseCookieHeader("__proto__=1").get("__proto__"), "1")
  })
})

describe("readRequestTokens: the service's two names", () => {
  const json = JSON.stringify({ accessToken: access, refreshToken: refresh })
  for (const prefix of ["stackauth", "hexclave"]) {
    it(`reads Authorization: Bearer ${prefix}_<base64 auth JSON> (base64 and base64url)`, () => {
      for (const encoded of [Buffer.from(json).toString("base64"), Buffer.from(json).toString("base64url")]) {
        assert.deepStrictEqual(read({ authorization: `Bearer ${prefix}_${encoded}` }), { source: "authorization", accessToken: access, refreshToken: refresh })
      }
    })
  }

  it("ignores other bearer tokens and undecodable ones", () => {
    for (const authorization of ["Bearer eyJhbGciOi.x.y", "Bearer stackauth_%%%", `Bearer stackauth_${Buffer.from("not json").toString("base64")}`, "Basic abc"]) {
      assert.strictEqual(read({ authorization }).source, "none", authorization)
    }
  })

  it("reads x-hexclave-access-token / x-hexclave-refresh-token, preferred to the x-stack- twins", () => {
    assert.deepStrictEqual(read({ "x-hexclave-access-token": access, "x-hexclave-refresh-token": refresh }), { source: "headers", accessToken: access, refreshToken: refresh })
    assert.deepStrictEqual(read({ "x-hexclave-access-token": access, "x-stack-access-token": "other" }).accessToken, access)
  })

  it("reads the Hexclave cookies the current official SDK writes: structured refresh and hexclave-access", () => {
    const structured = encodeURIComponent(JSON.stringify({ refresh_token: refresh, updated_at_millis: 2 }))
    for (const name of [`hexclave-refresh-${projectId}--default`, `__Host-hexclave-refresh-${projectId}--default`]) {
      assert.deepStrictEqual(read({ cookie: `${name}=${structured}; hexclave-access=${pair(refresh, access)}` }), { source: "cookies", accessToken: access, refreshToken: refresh })
    }
    assert.deepStrictEqual(read({ cookie: `hexclave-refresh-${projectId}=${refresh}` }), { source: "cookies", accessToken: undefined, refreshToken: refresh })
    // The newest structured cookie wins across the two names.
    const older = encodeURIComponent(JSON.stringify({ refresh_token: "older-token-value", updated_at_millis: 1 }))
    assert.strictEqual(read({ cookie: `stack-refresh-${projectId}--default=${older}; hexclave-refresh-${projectId}--default=${structured}` }).refreshToken, refresh)
  })
})

describe("request TokenStore", () => {
  it.effect("provides the request's tokens as the TokenStore", () =>
    Effect.gen(function*() {
      const store = yield* TokenStore
      assert.deepStrictEqual(plain(yield* store.get), { accessToken: access, refreshToken: refresh })
    }).pipe(Effect.provide(layerRequestTokenStore(
      { "x-stack-access-token": access, "x-stack-refresh-token": refresh },
      { projectId }
    ))))

  it.effect("set and clear change this store only; the request is untouched", () =>
    Effect.gen(function*() {
      const headers = new Headers({ "x-stack-access-token": access, "x-stack-refresh-token": refresh })
      const store = yield* makeRequestTokenStore(headers, { projectId })
      const refreshed = "eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ2In0.c2ln"
      yield* store.set({ accessToken: Option.some(Redacted.make(refreshed)), refreshToken: Option.some(Redacted.make(refresh)) })
      assert.deepStrictEqual(plain(yield* store.get), { accessToken: refreshed, refreshToken: refresh })
      yield* store.clear
      assert.deepStrictEqual(plain(yield* store.get), { accessToken: undefined, refreshToken: undefined })
      assert.strictEqual(headers.get("x-stack-access-token"), access)
      const latest = yield* Stream.runHead(tokenChanges(store))
      assert.deepStrictEqual(Option.map(latest, plain), Option.some({ accessToken: undefined, refreshToken: undefined }))
      // A new store for the same request starts from the request again.
      const again = yield* makeRequestTokenStore(headers, { projectId })
      assert.deepStrictEqual(plain(yield* again.get), { accessToken: access, refreshToken: refresh })
    }))
})

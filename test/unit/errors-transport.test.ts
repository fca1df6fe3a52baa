import { assert, describe, it } from "@effect/vitest"
import { redactUrl, scrubSecrets, StackResponseError, StackTransportError, UnexpectedKnownError } from "../../src/errors/transport.ts"

const jwt = "eyJhbGciOiJFUzI1NiIsImtpZCI6IjEifQ.eyJzdWIiOiJ1c2VyIn0.c2lnbmF0dXJlLXZhbHVl"

const assertNoSecret = (error: object, secrets: ReadonlyArray<string>) => {
  const renderings = [JSON.stringify(error), String(error), "message" in error ? String(error.message) : ""]
  for (const rendering of renderings) {
    for (const secret of secrets) assert.notInclude(rendering, secret)
  }
}

describe("redactUrl", () => {
  it("hides query values except resource ids, and drops user info and fragment", () => {
    assert.strictEqual(
      redactUrl("https://me:pw@api.stack-auth.com/api/v1/auth/oauth/authorize/github?client_id=p1&client_secret=pck_abcdef123456&token=xyz&user_id=u1&team_id=t1#access_token=abc"),
      "https://api.stack-auth.com/api/v1/auth/oauth/authorize/github?client_id=<redacted>&client_secret=<redacted>&token=<redacted>&user_id=u1&team_id=t1"
    )
  })

  it("leaves a URL without query alone", () => {
    assert.strictEqual(redactUrl("https://api.stack-auth.com/api/v1/users/me"), "https://api.stack-auth.com/api/v1/users/me")
    assert.strictEqual(redactUrl("/api/v1/users?limit=10"), "/api/v1/users?limit=10")
  })
})

describe("scrubSecrets", () => {
  it("hides JWTs, Stack keys, bearer tokens and credential-named JSON and form values", () => {
    const text = [
      `{"access_token":"${jwt}","refresh_token":"rt-123","user_id":"u1"}`,
      "key ssk_abcdefgh12345 and pck_zyxwvu98765",
      "Authorization: Bearer abc.def-ghi",
      "grant_type=refresh_token&refresh_token=rt-456&client_secret=cs-789"
    ].join("\n")
    const scrubbed = scrubSecrets(text)
    for (const secret of [jwt, "rt-123", "ssk_abcdefgh12345", "pck_zyxwvu98765", "abc.def-ghi", "rt-456", "cs-789"]) {
      assert.notInclude(scrubbed, secret)
    }
    assert.include(scrubbed, "\"user_id\":\"u1\"")
    assert.include(scrubbed, "grant_type=refresh_token")
  })

  it("hides a secret cut off by truncation", () => {
    assert.strictEqual(scrubSecrets("{\"refresh_token\":\"abcdef"), "{\"refresh_token\":\"<redacted>\"")
  })
})

describe("transport errors", () => {
  it("StackTransportError scrubs URL, description and cause whoever builds it", () => {
    const error = new StackTransportError({
      method: "POST",
      url: "https://api.stack-auth.com/api/v1/auth/oauth/token?code=secret-code",
      description: `Unable to connect with ${jwt}`,
      reason: "NoResponse",
      attempts: 6,
      diagnostics: { cause: "fetch failed: x-stack-secret-server-key=ssk_abcdefgh12345", elapsedMillis: 31000, online: true }
    })
    assert.strictEqual(error._tag, "StackTransportError")
    assert.strictEqual(error.url, "https://api.stack-auth.com/api/v1/auth/oauth/token?code=<redacted>")
    assert.strictEqual(error.attempts, 6)
    assert.strictEqual(error.diagnostics.online, true)
    assert.include(error.message, "POST https://api.stack-auth.com/api/v1/auth/oauth/token")
    assertNoSecret(error, ["secret-code", jwt, "ssk_abcdefgh12345"])
  })

  it("StackResponseError scrubs the body excerpt", () => {
    const error = new StackResponseError({
      method: "POST",
      url: "https://api.stack-auth.com/api/v1/auth/oauth/token",
      status: 200,
      reason: "SchemaMismatch",
      description: "Expected number at [\"expires_in\"]",
      bodyExcerpt: `{"access_token":"${jwt}","refresh_token":"rt-secret","expires_in":"soon"}`
    })
    assert.strictEqual(error.reason, "SchemaMismatch")
    assert.include(error.bodyExcerpt, "\"expires_in\":\"soon\"")
    assertNoSecret(error, [jwt, "rt-secret"])
  })

  it("StackResponseError carries a plain-text error", () => {
    const error = new StackResponseError({
      method: "DELETE",
      url: "https://api.stack-auth.com/api/v1/users/me",
      status: 400,
      reason: "UnexpectedStatus",
      description: "400 Client user deletion is not enabled for this project",
      bodyExcerpt: "Client user deletion is not enabled for this project"
    })
    assert.strictEqual(
      error.message,
      "DELETE https://api.stack-auth.com/api/v1/users/me: UnexpectedStatus (400): 400 Client user deletion is not enabled for this project"
    )
  })

  it("UnexpectedKnownError keeps what the server said", () => {
    const error = new UnexpectedKnownError({ code: "USER_NOT_FOUND", status: 404, message: "User not found.", details: undefined })
    assert.strictEqual(error._tag, "UnexpectedKnownError")
    assert.strictEqual(error.message, "User not found.")
  })
})

import { assert, describe, it } from "@effect/vitest"
import { InsufficientAccessType, RestrictedUserNotAllowed, TeamNotFound, UnsupportedError } from "../../src/errors/catalogue.ts"
import { decodeKnownError } from "../../src/errors/decode-known.ts"
import * as Details from "../../src/errors/details-reader.ts"

const response = (code: string, status: number, body: unknown) => ({ code, status, body, method: "GET", url: "https://api.test/api/v1/x" })

describe("details readers (what the catalogue decodes wire details with)", () => {
  it("keep the declared keys only, in declared order, as a new object", () => {
    const read = Details.struct({ b: Details.number, a: Details.optionalKey(Details.string), c: Details.optional(Details.boolean) })
    const input = { extra: 1, a: "x", b: 2 }
    const result = read(input)
    assert.isTrue(result.ok)
    if (!result.ok) return
    assert.deepStrictEqual(Object.entries(result.value), [["b", 2], ["a", "x"]])
    assert.notStrictEqual(result.value, input)
    // `optional` admits a present `undefined`; `optionalKey` does not.
    assert.deepStrictEqual(read({ b: 1, c: undefined }), { ok: true, value: { b: 1, c: undefined } })
    assert.isFalse(read({ b: 1, a: undefined }).ok)
  })

  it("say what was expected, what came and where", () => {
    assert.deepStrictEqual(TeamNotFound.readDetails({ team_id: 7 }), { ok: false, issue: "Expected string, got 7\n  at [\"team_id\"]" })
    assert.deepStrictEqual(TeamNotFound.readDetails({}), { ok: false, issue: "Missing key\n  at [\"team_id\"]" })
    assert.deepStrictEqual(TeamNotFound.readDetails([]), { ok: false, issue: "Expected object, got an array of 0" })
    assert.deepStrictEqual(
      InsufficientAccessType.readDetails({ actual_access_type: "client", allowed_access_types: ["client", "root"] }),
      { ok: false, issue: "Expected \"client\" | \"server\" | \"admin\", got \"root\"\n  at [\"allowed_access_types\"][1]" }
    )
    assert.deepStrictEqual(
      RestrictedUserNotAllowed.readDetails({ restricted_reason: { type: null } }),
      {
        ok: false,
        issue: "Expected \"anonymous\" | \"email_not_verified\" | \"restricted_by_administrator\", got null\n  at [\"restricted_reason\"][\"type\"]"
      }
    )
  })

  it("decoding a response drops unknown detail keys and names the mismatch in a StackResponseError", () => {
    const decoded = decodeKnownError(
      [TeamNotFound],
      response("TEAM_NOT_FOUND", 404, { code: "TEAM_NOT_FOUND", error: "Team t1 not found.", details: { team_id: "t1", added_later: true } })
    )
    assert.strictEqual(decoded._tag, "TeamNotFound")
    if (decoded._tag === "TeamNotFound") assert.deepStrictEqual(decoded.details, { team_id: "t1" })
    const mismatched = decodeKnownError(
      [TeamNotFound],
      response("TEAM_NOT_FOUND", 404, { code: "TEAM_NOT_FOUND", error: "Team not found.", details: { team_id: 7 } })
    )
    assert.strictEqual(mismatched._tag, "StackResponseError")
    if (mismatched._tag === "StackResponseError") {
      assert.strictEqual(mismatched.reason, "SchemaMismatch")
      assert.strictEqual(
        mismatched.description,
        "The details of TEAM_NOT_FOUND do not match the catalogue: Expected string, got 7\n  at [\"team_id\"]"
      )
    }
  })

  it("a body that is not { code, error, details? } is a SchemaMismatch", () => {
    for (const body of [null, [], "text", { code: "TEAM_NOT_FOUND" }, { code: 1, error: "x" }, { code: "TEAM_NOT_FOUND", error: 2 }]) {
      const decoded = decodeKnownError([TeamNotFound], response("TEAM_NOT_FOUND", 404, body))
      assert.strictEqual(decoded._tag, "StackResponseError", JSON.stringify(body))
      if (decoded._tag === "StackResponseError") {
        assert.strictEqual(decoded.reason, "SchemaMismatch")
        assert.strictEqual(decoded.description, "Known error TEAM_NOT_FOUND without a { code, error, details? } body")
      }
    }
  })

  it("catalogue errors keep _tag first, their fields as own properties, and their name", () => {
    const error = new UnsupportedError({ code: "UNSUPPORTED_ERROR", status: 500, message: "m", details: { originalErrorCode: "X" } })
    // `message` is the Error's own (not enumerable) property, as with every Effect error.
    assert.deepStrictEqual(Object.keys(error), ["_tag", "code", "status", "details"])
    assert.strictEqual(
      JSON.stringify(error),
      "{\"_tag\":\"UnsupportedError\",\"code\":\"UNSUPPORTED_ERROR\",\"status\":500,\"message\":\"m\",\"details\":{\"originalErrorCode\":\"X\"}}"
    )
    assert.strictEqual(String(error), "UnsupportedError: m")
    assert.strictEqual(error.name, "UnsupportedError")
    assert.instanceOf(error, UnsupportedError)
    assert.instanceOf(error, Error)
  })
})

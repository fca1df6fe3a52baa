/**
 * Conformance: every known-error fixture of both folders decodes to its catalogue class (with every
 * class expected) and to `UnexpectedKnownError` (with none expected). One test per fixture,
 * generated from the folders. The expected class name comes from errors.json, not from the code
 * under test.
 */
import * as Fs from "node:fs"
import * as Path from "node:path"
import { assert, describe, it } from "@effect/vitest"
import * as Schema from "effect/Schema"
import { decodeErrorTable } from "../../scripts/errors-codegen.ts"
import { allKnownErrors, knownErrorByCode } from "../../src/errors/all.ts"
import { decodeKnownError } from "../../src/errors/decode-known.ts"
import { type Fixture, loadFixtures, materialize, protocolDir } from "./fixture.ts"

const table = decodeErrorTable(JSON.parse(Fs.readFileSync(Path.join(protocolDir, "errors.json"), "utf8")))
const expectedTag = new Map(table.map((row) => [row.code, row.nameNow ?? row.name]))

const FixtureBody = Schema.Struct({
  code: Schema.String,
  error: Schema.String,
  details: Schema.optionalKey(Schema.Unknown)
})

/** The status the SDK acts on: `x-stack-actual-status` when the override header rewrote it. */
const realStatus = (fixture: Fixture): number => Number(fixture.response.headers["x-stack-actual-status"] ?? fixture.response.status)

const knownErrorFixtures = loadFixtures().filter((fixture) => fixture.response.headers["x-stack-known-error"] !== undefined)

describe("known-error fixtures", () => {
  it("covers both folders", () => {
    assert.isAbove(knownErrorFixtures.filter((fixture) => fixture.folder === "fixtures").length, 35)
    assert.isAbove(knownErrorFixtures.filter((fixture) => fixture.folder === "fixtures-live").length, 40)
  })

  for (const fixture of knownErrorFixtures) {
    it(`${fixture.folder}/${fixture.file}`, () => {
      const code = fixture.response.headers["x-stack-known-error"] ?? ""
      const body = materialize(fixture.response.body)
      const wire = Schema.decodeUnknownSync(FixtureBody)(body)
      const response = {
        code,
        status: realStatus(fixture),
        body,
        method: fixture.request.method,
        url: fixture.request.path
      }

      const known = knownErrorByCode(code)
      assert.isDefined(known, `${code} is not in the catalogue`)
      const error = decodeKnownError(allKnownErrors, response)
      assert.strictEqual(error._tag, expectedTag.get(code))
      assert.isTrue(known !== undefined && error instanceof known)
      if (error._tag === "StackResponseError") return
      assert.strictEqual(error.code, code)
      assert.strictEqual(error.message, wire.error)
      // A 2.7-era server sends no details for codes that have them now; they decode as `{}`.
      const hasDetails = known !== undefined && "readDetails" in known
      assert.deepStrictEqual(
        "details" in error ? error.details : undefined,
        wire.details ?? (hasDetails ? {} : undefined)
      )

      const unexpected = decodeKnownError([], response)
      assert.strictEqual(unexpected._tag, "UnexpectedKnownError")
      if (unexpected._tag === "UnexpectedKnownError") {
        assert.strictEqual(unexpected.code, code)
        assert.strictEqual(unexpected.status, response.status)
        assert.strictEqual(unexpected.message, wire.error)
        assert.deepStrictEqual(unexpected.details, wire.details)
      }
    })
  }
})

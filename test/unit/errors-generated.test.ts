import * as Fs from "node:fs"
import * as Path from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { decodeErrorTable, renderErrorModules } from "../../scripts/errors-codegen.ts"
import { protocolDir } from "../conformance/fixture.ts"

const table = decodeErrorTable(JSON.parse(Fs.readFileSync(Path.join(protocolDir, "errors.json"), "utf8")))
const generated = renderErrorModules(table)
const errorsDir = Path.resolve(import.meta.dirname, "../../src/errors")

describe("generated error modules", () => {
  for (const [file, text] of Object.entries(generated)) {
    it(`src/errors/${file} is what scripts/generate-errors.ts writes from errors.json`, () => {
      assert.strictEqual(Fs.readFileSync(Path.join(errorsDir, file), "utf8"), text)
    })
  }

  it("has one class per concrete code and none for abstract codes", () => {
    const concrete = table.filter((row) => !row.abstract)
    const exported = generated["catalogue.ts"].match(/^export const \w+ = /gm) ?? []
    assert.strictEqual(exported.length, concrete.length)
    assert.strictEqual(concrete.length, 133)
    for (const row of table.filter((row) => row.abstract)) {
      assert.notInclude(generated["catalogue.ts"], `code: "${row.code}"`)
    }
  })

  it("prefers the current server's values", () => {
    const catalogue = generated["catalogue.ts"]
    assert.include(catalogue, "export const UserWithEmailAlreadyExists =")
    assert.notInclude(catalogue, "export const UserEmailAlreadyExists =")
    assert.include(catalogue, "statuses: [400, 409]")
    assert.include(generated["codes.ts"], "VERIFICATION_CODE_ALREADY_USED: [400, 409]")
    assert.include(generated["families.ts"], "\"API_KEY_NOT_FOUND\"")
  })

  it("marks every call pure so that a bundler drops the classes a program does not import", () => {
    const unmarked = generated["catalogue.ts"].split("\n").filter((line) =>
      /Schema\.\w+\(|define\w+\(/.test(line.replace(/\/\*#__PURE__\*\/ (Schema\.\w+|define\w+)\(/g, ""))
    )
    assert.deepStrictEqual(unmarked, [])
  })
})

/**
 * The union audit: every error an operation's type declares (docs/errors.md, read from the code by
 * the TypeScript checker) is produced by at least one witness, a scenario that makes that very
 * operation fail with it against the emulator. Errors every call of a level shares (its project
 * errors, access-token errors, transport errors) are raised by the pipeline before and after any
 * endpoint's own handling, so one witness per level and error stands for them all.
 *
 * The pairs not witnessed yet are listed in unwitnessed.txt (`npm run audit:unions -- --write`):
 * the test requires the gaps to be exactly those, so a new witness must strike its line and a new
 * error in a union must come with a witness or a line there.
 */
import * as Fs from "node:fs"
import * as Path from "node:path"
import { assert, describe, it } from "vitest"
import { families, readUnions, type Row, type Unions } from "../../scripts/error-table.ts"
import type { Surface, Witness } from "./witness.ts"
import { loadWitnessFiles } from "./witness-files.ts"

const loaded = await loadWitnessFiles()
const witnesses: ReadonlyArray<Witness> = loaded.flatMap((file) => file.witnesses)

const has = (surface: Surface, operation: string, error: string) =>
  witnesses.some((w) => w.surface === surface && w.operation === operation && w.error === error)
const hasAny = (surface: Surface, error: string) => witnesses.some((w) => w.surface === surface && w.error === error)

const familyMembers = (name: string): ReadonlyArray<string> => [...(families.find((family) => family.name === name)?.tags ?? [])]

/** The pairs without a witness: own errors per operation, family members per surface. */
const missingOf = (surface: Surface, rows: ReadonlyArray<Row>): ReadonlyArray<string> => {
  const own = rows.flatMap((row) => row.own.filter((error) => !has(surface, row.operation, error)).map((error) => `${surface} ${row.operation} ${error}`))
  const shared = [...new Set(rows.flatMap((row) => row.shared))].flatMap((family) =>
    familyMembers(family).filter((error) => !hasAny(surface, error)).map((error) => `${surface} (${family}) ${error}`)
  )
  return [...own, ...shared]
}

describe("every error of every operation's union is produced by a witness", () => {
  let unions: Unions | undefined
  const read = () => (unions ??= readUnions())

  const surfaces: ReadonlyArray<readonly [Surface, (u: Unions) => ReadonlyArray<Row>]> = [
    ["client", (u) => u.client],
    ["server", (u) => u.server],
    ["admin", (u) => u.admin],
    ["serverFunctions", (u) => u.serverFunctions],
    ["adminFunctions", (u) => u.adminFunctions]
  ]
  const recorded = Fs.readFileSync(Path.join(import.meta.dirname, "unwitnessed.txt"), "utf8").split("\n").filter((line) => line !== "")
  for (const [surface, rowsOf] of surfaces) {
    it(`${surface}: each (operation, error) pair has a witness, or its line in unwitnessed.txt`, () => {
      const missing = missingOf(surface, rowsOf(read()))
      const listed = recorded.filter((line) => line.startsWith(`${surface} `))
      assert.deepStrictEqual(missing, listed, "run `npm run audit:unions -- --write` after adding a witness")
    }, 120_000)
  }

  it("StackAdmin's StackServer operations declare the same own errors as StackServer's", () => {
    const u = read()
    const ownOf = (rows: ReadonlyArray<Row>) => Object.fromEntries(rows.map((row) => [row.operation, row.own]))
    assert.deepStrictEqual(ownOf(u.adminAsServer), ownOf(u.server))
    // and the admin project errors instead of the server ones, each witnessed at the admin level
    for (const row of u.adminAsServer) assert.include(row.shared, "admin project errors", row.operation)
  }, 120_000)

  it("no witness names a pair the code does not declare", () => {
    const u = read()
    const rowsBySurface: Record<Surface, ReadonlyArray<Row>> = {
      client: u.client,
      server: u.server,
      admin: [...u.admin, ...u.adminAsServer],
      serverFunctions: u.serverFunctions,
      adminFunctions: u.adminFunctions
    }
    const stale = witnesses.filter((w) => !rowsBySurface[w.surface].some((row) => row.operation === w.operation && row.tags.includes(w.error)))
    assert.deepStrictEqual(stale.map((w) => `${w.surface} ${w.operation} ${w.error}`), [])
  }, 120_000)
})

/**
 * Prints the (operation, error) pairs no witness in test/unions/ produces yet, per surface:
 * `npm run audit:unions [-- surface]`; `npm run audit:unions -- --write` records them in
 * test/unions/unwitnessed.txt, the list `coverage.test.ts` holds the code to.
 */
import * as Fs from "node:fs"
import * as Path from "node:path"
import { families, readUnions, type Row } from "./error-table.ts"
import { loadWitnessFiles } from "../test/unions/witness-files.ts"

const write = process.argv.includes("--write")
const only = process.argv.slice(2).find((arg) => !arg.startsWith("--"))
const lines: Array<string> = []
const witnesses = (await loadWitnessFiles()).flatMap((file) => file.witnesses)
const unions = readUnions()
const surfaces: ReadonlyArray<readonly [string, ReadonlyArray<Row>]> = [
  ["client", unions.client],
  ["server", unions.server],
  ["admin", [...unions.admin, ...unions.adminAsServer]],
  ["serverFunctions", unions.serverFunctions],
  ["adminFunctions", unions.adminFunctions]
]
let total = 0
let missingCount = 0
for (const [surface, rows] of surfaces) {
  if (only !== undefined && only !== surface) continue
  for (const row of rows) {
    const errors = surface === "admin" && unions.adminAsServer.includes(row) ? [] : row.own
    for (const error of errors) {
      total++
      if (!witnesses.some((w) => w.surface === surface && w.operation === row.operation && w.error === error)) {
        missingCount++
        lines.push(`${surface} ${row.operation} ${error}`)
      }
    }
  }
  const shared = new Set(rows.flatMap((row) => row.shared))
  for (const family of families) {
    if (!shared.has(family.name)) continue
    for (const error of family.tags) {
      total++
      if (!witnesses.some((w) => w.surface === surface && w.error === error)) {
        missingCount++
        lines.push(`${surface} (${family.name}) ${error}`)
      }
    }
  }
}
for (const line of lines) process.stdout.write(`missing  ${line}\n`)
process.stdout.write(`${total - missingCount} of ${total} pairs have a witness; ${missingCount} missing\n`)
if (write && only === undefined) {
  const file = Path.join(import.meta.dirname, "../test/unions/unwitnessed.txt")
  Fs.writeFileSync(file, lines.map((line) => `${line}\n`).join(""))
  process.stdout.write(`wrote ${Path.relative(process.cwd(), file)}\n`)
}

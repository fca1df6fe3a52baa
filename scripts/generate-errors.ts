/**
 * Writes the generated modules of `src/errors/` from `errors.json`:
 *
 *   npm exec -- node scripts/generate-errors.ts [path/to/errors.json]
 *
 * The table defaults to `test/protocol/errors.json` (a copy in test/protocol/).
 */
import * as Fs from "node:fs"
import * as Path from "node:path"
import { decodeErrorTable, renderErrorModules } from "./errors-codegen.ts"

const repo = Path.resolve(import.meta.dirname, "..")
const table = process.argv[2] ?? Path.resolve(repo, "test/protocol/errors.json")
const modules = renderErrorModules(decodeErrorTable(JSON.parse(Fs.readFileSync(table, "utf8"))))
for (const [file, text] of Object.entries(modules)) {
  Fs.writeFileSync(Path.join(repo, "src/errors", file), text)
  process.stdout.write(`wrote src/errors/${file}\n`)
}

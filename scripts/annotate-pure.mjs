// Marks module-level constant initialisers that are plain calls (Effect.fn, Schema constructors,
// camelize, ...) as `/*#__PURE__*/`, so bundlers drop the ones an app never uses. Idempotent.
// Usage: node scripts/annotate-pure.mjs <file>...
import { readFileSync, writeFileSync } from "node:fs"

const callStart = /^(export const \w+(?:: [^=]+)? = |const \w+(?:: [^=]+)? = )(?!\/\*#__PURE__\*\/)((?:Effect\.fn|Effect\.fnUntraced|Schema\.[A-Z]\w*|Schema\.\w+\.(?:check|pipe)|camelize|ListOf|PaginatedListOf|inWireOrder|SchemaTransformation\.\w+)\()/
let changed = 0
for (const file of process.argv.slice(2)) {
  const text = readFileSync(file, "utf8")
  const next = text.split("\n").map((line) => {
    const match = callStart.exec(line)
    if (match === null) return line
    changed++
    return `${match[1]}/*#__PURE__*/ ${line.slice(match[1].length)}`
  }).join("\n")
  if (next !== text) writeFileSync(file, next)
}
process.stdout.write(`annotate-pure: ${changed} initialisers marked\n`)

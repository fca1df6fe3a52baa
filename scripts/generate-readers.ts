/**
 * Writes src/model/generated/readers.ts from the schemas (see readers-codegen.ts).
 * Run: node_modules/.bin/node --experimental-strip-types scripts/generate-readers.ts
 */
import * as Fs from "node:fs"
import * as Path from "node:path"
import { renderReaders } from "./readers-codegen.ts"
import { readerEntries } from "./readers-entries.ts"

const target = Path.resolve(import.meta.dirname, "../src/model/generated/readers.ts")
Fs.writeFileSync(target, renderReaders(readerEntries))
process.stdout.write(`wrote ${Path.relative(process.cwd(), target)} (${readerEntries.length} readers and writers)\n`)

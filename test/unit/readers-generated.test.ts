/**
 * src/model/generated/readers.ts is what scripts/generate-readers.ts writes from the schemas now, and
 * the generator refuses what it cannot express instead of leaving it to Effect's parser.
 */
import * as Fs from "node:fs"
import * as Path from "node:path"
import { assert, describe, it } from "@effect/vitest"
import * as Schema from "effect/Schema"
import { CannotGenerate, type ReaderEntry, renderReaders } from "../../scripts/readers-codegen.ts"
import { readerEntries } from "../../scripts/readers-entries.ts"

const target = Path.resolve(import.meta.dirname, "../../src/model/generated/readers.ts")

const entry = (schema: Schema.Top): ReaderEntry =>
  ({ name: "readProbe", direction: "decode", schema, schemaName: "Probe", from: "../probe.ts", doc: "A probe." })

const refusal = (schema: Schema.Top): string => {
  try {
    renderReaders([entry(schema)])
    return "generated"
  } catch (error) {
    return error instanceof CannotGenerate ? error.message : `crashed: ${String(error)}`
  }
}

describe("generated readers", () => {
  it("src/model/generated/readers.ts is what scripts/generate-readers.ts writes from the schemas", () => {
    assert.strictEqual(Fs.readFileSync(target, "utf8"), renderReaders(readerEntries))
  })

  it("imports nothing from effect/Schema at run time", () => {
    const text = Fs.readFileSync(target, "utf8")
    assert.notMatch(text, /^import (?!type ).*effect\/Schema/m)
    assert.notMatch(Fs.readFileSync(Path.resolve(import.meta.dirname, "../../src/model/generated/kit.ts"), "utf8"), /^import .*effect\/Schema/m)
  })

  it("refuses a filter it cannot express, naming the schema and the node", () => {
    const custom = Schema.Struct({ name: Schema.String.check(Schema.makeFilter((s: string) => s !== "x", { expected: "not x" })) })
    assert.strictEqual(refusal(custom), "Probe.name: a filter the generator cannot express (not x)")
  })

  it("refuses a transformation other than a model's renaming", () => {
    assert.strictEqual(refusal(Schema.Struct({ limit: Schema.FiniteFromString })), "Probe.limit: a transformation other than a model's renaming")
  })

  it("refuses declarations, tuples and recursion it does not know", () => {
    assert.include(refusal(Schema.Struct({ at: Schema.Date })), "Probe.at:")
    assert.include(refusal(Schema.TupleWithRest(Schema.Tuple([Schema.String]), [Schema.Number])), "Probe: a tuple with a rest")
    interface Tree { readonly children: ReadonlyArray<Tree> }
    const Tree: Schema.Codec<Tree> = Schema.Struct({ children: Schema.Array(Schema.suspend(() => Tree)) })
    assert.include(refusal(Tree), "Probe.children[]: a Suspend node")
  })
})

/**
 * Every generated reader gives what Effect's decoder gives for its schema, and every generated writer
 * what Effect's encoder gives: the same value (keys in the same order, absent keys absent) for each
 * recorded body that fits, and the same verdict, accept or refuse, for every recorded body and for
 * those bodies broken one way at a time (a key removed, a wrong type, null, an extra key, a filter
 * broken).
 */
import { describe, expect, it } from "vitest"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import type * as SchemaAST from "effect/SchemaAST"
import type { ReaderEntry } from "../../scripts/readers-codegen.ts"
import { readerEntries } from "../../scripts/readers-entries.ts"
import { renamings } from "../../src/model/renamings.ts"
import * as Generated from "../../src/model/generated/readers.ts"
import { loadFixtures, materialize } from "../conformance/fixture.ts"

type Outcome = { readonly value: unknown; readonly json: string } | { readonly refused: true }

const outcome = (result: Result.Result<unknown, unknown>): Outcome =>
  Result.isSuccess(result) ? { value: result.success, json: JSON.stringify(result.success) } : { refused: true }

/** Every object and array in `value`, itself included. */
const parts = (value: unknown): Array<unknown> => {
  if (value === null || typeof value !== "object") return []
  const nested = Array.isArray(value) ? value : Object.values(value)
  return [value, ...nested.flatMap(parts)]
}

const wrongValues: ReadonlyArray<unknown> = [
  12345, 1.5, -1, Number.NaN, "text", "", " ", "me", "not a url", "3f0c3f6e-2b1a-0c7e-9d5f-0a1b2c3d4e5f", "x".repeat(300), null, true, [], {}, undefined
]

/** `value` broken one way at a time, down to `depth` levels of nesting. */
const variants = (value: unknown, depth: number): Array<unknown> => {
  if (value === null || typeof value !== "object") return [...wrongValues]
  if (Array.isArray(value)) {
    const items = depth > 0 && value.length > 0 ? variants(value[0], depth - 1).map((item) => [item, ...value.slice(1)]) : []
    return [[], [...value, 42], [...value, null], "text", null, {}, ...items]
  }
  const record = value as Record<string, unknown>
  const out: Array<unknown> = [{ ...record, extra_key_nobody_declares: 1 }, { extraKeyNobodyDeclares: 1, ...record }, [], null, "text"]
  for (const key of Object.keys(record)) {
    const { [key]: _removed, ...rest } = record
    out.push(rest)
    for (const wrong of wrongValues) out.push({ ...record, [key]: wrong })
    const inner = record[key]
    if (depth > 0 && inner !== null && typeof inner === "object") {
      for (const nested of variants(inner, depth - 1)) out.push({ ...record, [key]: nested })
    }
  }
  return out
}

const bodies: ReadonlyArray<unknown> = loadFixtures().flatMap((fixture) => [
  ...parts(materialize(fixture.response.body)),
  ...parts(materialize(fixture.request.body))
])

/** Strings a filtered string field may take: the recorded ones and a few of each format. */
const stringPool: ReadonlyArray<string> = [
  "a", "x", "Ab", "US", " us ", "bearer", "Bearer", "me", "000000", "123456", "x@example.com", "user.name+tag@example.co.uk",
  "3f0c3f6e-2b1a-4c7e-9d5f-0a1b2c3d4e5f", "3f0c3f6e-2b1a-0c7e-9d5f-0a1b2c3d4e5f", "00000000-0000-0000-0000-000000000000", "https://example.com/a.png", "http://localhost:3000/handler/oauth-callback",
  "data:image/png;base64,iVBORw0KGgo=", "a".repeat(45), "password123", "JBSWY3DPEHPK3PXP", "totp",
  ...new Set(bodies.flatMap((body) => Object.values(typeof body === "object" && body !== null ? body : {})).filter((v): v is string => typeof v === "string"))
]

/**
 * A value of a node's input side (`direction`'s), built from its AST: every optional key present
 * (`full`) or none, the `pick`-th member of each union, two items per array, and for a filtered
 * string the first of the pool that passes. It may miss (no pool string fits): it is one more input.
 */
const sample = (ast: SchemaAST.AST, direction: ReaderEntry["direction"], full: boolean, pick: number): unknown => {
  const link = ast.encoding?.length === 1 ? ast.encoding[0] : undefined
  if (link !== undefined) {
    const wire = sample(link.to, direction, full, pick)
    const names = renamings.get(link.transformation)
    if (direction === "decode" || names === undefined || link.to._tag !== "Objects") return wire
    const keys = link.to.propertySignatures.map((field) => field.name as string)
    return Object.fromEntries(Object.entries(wire as object).map(([key, value]) => [names[keys.indexOf(key)] ?? key, value]))
  }
  switch (ast._tag) {
    case "String": {
      if (ast.checks === undefined) return pick % 2 === 0 ? "text" : ""
      const is = Schema.is(Schema.make(ast))
      return stringPool.find((candidate) => is(candidate)) ?? "none-fits"
    }
    case "Number":
      return pick % 2 === 0 ? 1_763_800_000_000 : 3
    case "Boolean":
      return pick % 2 === 0
    case "Null":
      return null
    case "Undefined":
      return undefined
    case "Literal":
      return ast.literal
    case "Declaration":
      return pick % 2 === 0 ? { nested: [1, "two", null, { three: true }] } : "json text"
    case "Unknown":
    case "Any":
      return { anything: 1 }
    case "Union":
      return sample(ast.types[pick % ast.types.length] as SchemaAST.AST, direction, full, pick)
    case "Arrays":
      return ast.rest[0] === undefined ? [] : [sample(ast.rest[0], direction, full, pick), sample(ast.rest[0], direction, full, pick + 1)]
    case "Objects": {
      const out: Record<string, unknown> = {}
      for (const field of ast.propertySignatures) {
        if (full || field.type.context?.isOptional !== true) out[field.name as string] = sample(field.type, direction, full, pick)
      }
      for (const index of ast.indexSignatures) out.restKey = sample(index.type, direction, full, pick)
      return out
    }
    default:
      return undefined
  }
}

const samplesOf = (entry: ReaderEntry): Array<unknown> =>
  [0, 1, 2].flatMap((pick) => [sample(entry.schema.ast, entry.direction, true, pick), sample(entry.schema.ast, entry.direction, false, pick)])

const generated = Generated as unknown as Record<string, (input: unknown) => Result.Result<unknown, { readonly message: string }>>

/** What Effect's parser does with `input` in the entry's direction. */
const effectOutcome = (entry: ReaderEntry, input: unknown): Outcome =>
  outcome(
    entry.direction === "decode"
      ? Schema.decodeUnknownResult(entry.schema as Schema.Decoder<unknown>)(input)
      : Schema.encodeUnknownResult(entry.schema as Schema.Encoder<unknown>)(input)
  )

/**
 * The inputs an entry is tried on: every recorded body and part of one; for a reader, those its
 * schema reads, broken; for a writer, the models Effect decodes from the recorded wire bodies, broken.
 */
const inputsOf = (entry: ReaderEntry): { readonly inputs: Array<unknown> } => {
  const decode = Schema.decodeUnknownResult(entry.schema as Schema.Decoder<unknown>)
  const fitting = bodies.filter((body) => Result.isSuccess(decode(body)))
  const recorded = entry.direction === "decode" ? fitting : fitting.map((body) => Result.getOrThrow(decode(body)))
  const seeds = [...recorded, ...samplesOf(entry)]
  return { inputs: [...bodies, ...seeds, ...seeds.flatMap((seed) => variants(seed, 3))] }
}

describe("generated readers and writers give what Effect's parser gives", () => {
  for (const entry of readerEntries) {
    it(`${entry.name} (${entry.schemaName}, ${entry.direction})`, () => {
      const run = generated[entry.name]
      expect(run).toBeTypeOf("function")
      const { inputs } = inputsOf(entry)
      let accepted = 0
      for (const input of inputs) {
        const expected = effectOutcome(entry, input)
        const actual = outcome((run as NonNullable<typeof run>)(input))
        expect(actual, JSON.stringify(input)?.slice(0, 400)).toEqual(expected)
        if ("value" in actual) accepted++
      }
      // Some input fits (a recorded body or a sample): the values were compared, not only refusals.
      expect(accepted).toBeGreaterThan(0)
    })
  }
})

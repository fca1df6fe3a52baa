/**
 * What the generated readers and writers (readers.ts, written by scripts/generate-readers.ts) share
 * at run time: the refusal they build while reading, and the result they hand back. No
 * effect/Schema here: a browser app reads its responses and writes its inputs without it.
 */
import * as Result from "effect/Result"
import { describeValue } from "../../wire/describe-value.ts"
import { camelKey } from "../camel-key.ts"

/**
 * A refusal on its way up: what was expected, what was there, and the keys (or indexes) leading to
 * it, each caller putting its own in front as the refusal passes back through it.
 */
export class Mismatch {
  readonly path: Array<string | number> = []
  readonly expected: string
  readonly actual: unknown
  /** How it was refused: the wrong kind of value, a value of the right kind a filter refused, no value. */
  readonly reason: "type" | "filter" | "missing"
  constructor(expected: string, actual: unknown, reason: Mismatch["reason"] = "type") {
    this.expected = expected
    this.actual = actual
    this.reason = reason
  }
}

/** `expected`, refused: `actual` was there. */
export const mismatch = (expected: string, actual: unknown): Mismatch => new Mismatch(expected, actual)

/** A value of the right kind a filter refused: `expected` says what the filter wants. */
export const refused = (expected: string, actual: unknown): Mismatch => new Mismatch(expected, actual, "filter")

/** A key the input lacks. */
export const missingKey = (): Mismatch => new Mismatch("a value", undefined, "missing")

/** `refusal` met under `key` (a field's key, an item's index). */
export const under = (key: string | number, refusal: Mismatch): Mismatch => {
  refusal.path.unshift(key)
  return refusal
}

/** Why a reader or writer refused its input: where, what it expected, what it found. */
export class ReadFailure {
  /** The keys (and indexes) from the input down to the refused value (empty: the input itself). */
  readonly path: ReadonlyArray<string | number>
  /** What the value should have been (`string`, `a value with a length of at least 1`...). */
  readonly expected: string
  /** `Expected …, got …` and, below the input itself, where: `at ["selected_team"]["id"]`. */
  readonly message: string
  constructor(refusal: Mismatch) {
    this.path = refusal.path
    this.expected = refusal.expected
    const where = refusal.path.map((key) => typeof key === "number" ? `[${key}]` : `[${JSON.stringify(key)}]`).join("")
    const what = refusal.reason === "missing" ? "Missing key" : `Expected ${refusal.expected}, got ${describeValue(refusal.actual)}`
    this.message = what + (where === "" ? "" : `\n  at ${where}`)
  }
}

/** A reader's or writer's answer: the value, or why not. */
export type ReadResult<A> = Result.Result<A, ReadFailure>

/** A generated reader (a response body to its model) or writer (a caller's input to its wire body). */
export type Reader<A, I = unknown> = (input: I) => ReadResult<A>

/** The answer for what a generated function gave: its value, or its refusal. */
export const finish = <A>(value: unknown): ReadResult<A> =>
  // The generated code built this value from its schema, which the equivalence test checks against
  // Effect's parser: it is an `A`.
  value instanceof Mismatch ? Result.fail(new ReadFailure(value)) : Result.succeed(value as A)

/** Sets `out[key]`; a key named `__proto__` is data here, never the prototype (as Effect sets it). */
export const put = (out: Record<string, unknown>, key: string, value: unknown): void => {
  if (key === "__proto__") Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true })
  else out[key] = value
}

/** Whether `record` has `key` the way Effect's struct parser looks a declared key up. */
export const has = (record: object, key: string): boolean => key === "__proto__" ? Object.hasOwn(record, key) : key in record

/** Whether `input` is an object a struct reads (not null, not an array). */
export const isRecord = (input: unknown): input is Record<string, unknown> =>
  typeof input === "object" && input !== null && !Array.isArray(input)

export { isJson } from "../../wire/json-value.ts"

/** A node's reader: its value, or a {@link Mismatch}. */
export type Read = (input: unknown) => unknown

/**
 * One declared key of a struct: its key in the input, its reader, whether it may be missing, and
 * the other name it goes by when that is not the key: its key in the result (a model's reader,
 * {@link readFields}) or in a refusal's path (a model's writer, {@link writeFields}).
 */
export type Field = readonly [key: string, read: Read, optional: 0 | 1, other?: string]

/** A model's field table, each row's other key filled in where the generator left it out: the key in camelCase. */
export const modelRows = (fields: ReadonlyArray<Field>): ReadonlyArray<Field> =>
  fields.map((field): Field => field[3] === undefined ? [field[0], field[1], field[2], camelKey(field[0])] : field)

/** A model's renaming for writing, from its table: each caller's key to its wire key. */
export const wireKeysOf = (fields: ReadonlyArray<Field>): Readonly<Record<string, string>> => {
  const out: Record<string, string> = {}
  for (const field of fields) put(out, field[3] ?? field[0], field[0])
  return out
}

/** Reads the declared `fields` of `record` into `out`, in order, each under its result name (`renamed`) or its key. */
const fill = (record: object, fields: ReadonlyArray<Field>, out: Record<string, unknown>, renamed: boolean): unknown => {
  // Indexes, not destructured rows: a response reads a struct a few times per call, too seldom for
  // the optimizing compiler to take the loop over, and unoptimized each destructuring costs.
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i] as Field
    const key = field[0]
    const other = field[3] ?? key
    if (has(record, key)) {
      const value = field[1]((record as Record<string, unknown>)[key])
      if (value instanceof Mismatch) return under(renamed ? key : other, value)
      put(out, renamed ? other : key, value)
    } else if (field[2] === 0) return under(renamed ? key : other, missingKey())
  }
  return out
}

/** Reads the declared `fields` of a response's `record` into `out`: `out`, or the first refusal (its path in the response's keys). */
export const readFields = (record: object, fields: ReadonlyArray<Field>, out: Record<string, unknown>): unknown =>
  fill(record, fields, out, true)

/** Writes the declared `fields` of a caller's renamed `record` into `out`: `out`, or the first refusal (its path in the caller's keys). */
export const writeFields = (record: object, fields: ReadonlyArray<Field>, out: Record<string, unknown>): unknown =>
  fill(record, fields, out, false)

/**
 * Reads every own key of `record` with `read` (a `Record` rest), keeping in `out` those `declared`
 * does not list (Effect reads the declared ones with the rest's schema too, keeping the field's value).
 */
export const readRest = (record: Record<string, unknown>, read: Read, declared: ReadonlyArray<string>, out: unknown): unknown => {
  if (out instanceof Mismatch) return out
  for (const key of Object.keys(record)) {
    const value = read(record[key])
    if (value instanceof Mismatch) return under(key, value)
    if (!declared.includes(key)) put(out as Record<string, unknown>, key, value)
  }
  return out
}

/** Reads an array, each item with `read`. */
export const readArray = (input: unknown, read: Read): unknown => {
  if (!Array.isArray(input)) return mismatch("an array", input)
  const out: Array<unknown> = []
  for (let i = 0; i < input.length; i++) {
    const value = read(input[i])
    if (value instanceof Mismatch) return under(i, value)
    out.push(value)
  }
  return out
}

/** Reads a tuple: an array of exactly `elements.length` items, the i-th read with `elements[i]`. */
export const readTuple = (input: unknown, elements: ReadonlyArray<Read>): unknown => {
  if (!Array.isArray(input)) return mismatch("an array", input)
  const out: Array<unknown> = []
  for (let i = 0; i < elements.length; i++) {
    if (i >= input.length) return under(i, missingKey())
    const value = (elements[i] as Read)(input[i])
    if (value instanceof Mismatch) return under(i, value)
    out.push(value)
  }
  return input.length > elements.length ? under(elements.length, mismatch("no more items", input[elements.length])) : out
}

/**
 * The first of `members` that reads `input`, as Effect's union decides; refused by all, the first
 * member that got further than the kind of value tells why (an object's field, a filter), else the
 * union (`expected`).
 */
export const readFirst = (input: unknown, members: ReadonlyArray<Read>, expected: string): unknown => {
  let deepest: Mismatch | undefined
  for (const read of members) {
    const value = read(input)
    if (!(value instanceof Mismatch)) return value
    if (deepest === undefined && (value.path.length > 0 || value.reason === "filter")) deepest = value
  }
  return deepest ?? mismatch(expected, input)
}

/**
 * A caller's object with its model keys renamed to the wire's (`wireKeys`), every other own key
 * kept as it is: what a model's encoding hands its wire struct.
 */
export const renameKeys = (input: object, wireKeys: Readonly<Record<string, string>>): Record<string, unknown> => {
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(input)) put(out, Object.hasOwn(wireKeys, key) ? wireKeys[key] as string : key, (input as Record<string, unknown>)[key])
  return out
}

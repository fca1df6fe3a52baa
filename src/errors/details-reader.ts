/**
 * Readers of the `details` of known errors: the generated catalogue builds one per code from these
 * (`catalogue.ts`), so that an app that decodes errors carries no effect/Schema. They read what
 * `Schema.Struct` of the same shape decodes: a copy holding the declared keys only, in declared
 * order, or the first mismatch with where it is.
 */
import { describeValue } from "../wire/describe-value.ts"

/** What a reader made of a value: the value read, or why it is not one (with where). */
export type DetailsRead<A> =
  | { readonly ok: true; readonly value: A }
  | { readonly ok: false; readonly issue: string }

/** Reads an unknown value (e.g. a known error's wire `details`) as an `A`. */
export type DetailsReader<A> = (input: unknown) => DetailsRead<A>

/** A struct field that may be absent (see {@link optionalKey}, {@link optional}). */
export interface OptionalField<A> {
  readonly reader: DetailsReader<A>
  /** `key`: absent or an `A` (`Schema.optionalKey`); `undefined`: also `undefined` (`Schema.optional`). */
  readonly optional: "key" | "undefined"
}

type Field = DetailsReader<unknown> | OptionalField<unknown>

type ReadOf<F> = F extends OptionalField<infer A> ? A : F extends DetailsReader<infer A> ? A : never

type RequiredKeys<F> = { [K in keyof F]: F[K] extends OptionalField<unknown> ? never : K }[keyof F]
type OptionalKeys<F> = { [K in keyof F]: F[K] extends OptionalField<unknown> ? K : never }[keyof F]

type Simplify<T> = { [K in keyof T]: T[K] } & {}

/** The value a struct of `F` reads (the type `Schema.Struct` of the same fields decodes to). */
export type StructRead<F> = Simplify<
  & { readonly [K in RequiredKeys<F>]: ReadOf<F[K]> }
  & { readonly [K in OptionalKeys<F>]?: ReadOf<F[K]> }
>

const ok = <A>(value: A): DetailsRead<A> => ({ ok: true, value })

const mismatch = (expected: string, value: unknown): DetailsRead<never> => ({
  ok: false,
  issue: `Expected ${expected}, got ${describeValue(value)}`
})

/** The issue of an inner value, with the key or index it sits under added to its path. */
const at = (segment: string | number, issue: string): DetailsRead<never> => {
  const where = `[${JSON.stringify(segment)}]`
  const path = issue.indexOf("\n  at ")
  return {
    ok: false,
    issue: path === -1 ? `${issue}\n  at ${where}` : `${issue.slice(0, path)}\n  at ${where}${issue.slice(path + 6)}`
  }
}

const typeOf = <A>(expected: string, guard: (input: unknown) => input is A): DetailsReader<A> => (input) =>
  guard(input) ? ok(input) : mismatch(expected, input)

/** Any string. */
export const string: DetailsReader<string> = /*#__PURE__*/ typeOf("string", (input) => typeof input === "string")

/** Any number. */
export const number: DetailsReader<number> = /*#__PURE__*/ typeOf("number", (input) => typeof input === "number")

/** `true` or `false`. */
export const boolean: DetailsReader<boolean> = /*#__PURE__*/ typeOf("boolean", (input) => typeof input === "boolean")

/** Anything, kept as it is. */
export const unknown: DetailsReader<unknown> = ok

/** One of the given strings. */
export const literals = <const L extends ReadonlyArray<string>>(...values: L): DetailsReader<L[number]> => {
  const expected = values.map((value) => JSON.stringify(value)).join(" | ")
  return (input) => {
    const found = values.find((value) => value === input)
    return found === undefined ? mismatch(expected, input) : ok(found)
  }
}

/** `null`, or what `item` reads. */
export const nullOr = <A>(item: DetailsReader<A>): DetailsReader<A | null> => (input) =>
  input === null ? ok(null) : item(input)

/** An array of what `item` reads (a new array). */
export const array = <A>(item: DetailsReader<A>): DetailsReader<ReadonlyArray<A>> => (input) => {
  if (!Array.isArray(input)) return mismatch("array", input)
  const out: Array<A> = []
  for (let index = 0; index < input.length; index++) {
    const read = item(input[index])
    if (!read.ok) return at(index, read.issue)
    out.push(read.value)
  }
  return ok(out)
}

/** A struct field that may be absent (never `undefined` when present). */
export const optionalKey = <A>(item: DetailsReader<A>): OptionalField<A> => ({ reader: item, optional: "key" })

/** A struct field that may be absent or `undefined`. */
export const optional = <A>(item: DetailsReader<A>): OptionalField<A | undefined> => ({ reader: item, optional: "undefined" })

/**
 * An object with the given fields: a new object holding exactly the declared keys that are
 * present, in declared order (other keys are dropped, as `Schema.Struct` does).
 */
export const struct = <const F extends Readonly<Record<string, Field>>>(fields: F): DetailsReader<StructRead<F>> => {
  const keys = Object.entries(fields).map(([key, field]) =>
    "reader" in field ? { key, read: field.reader, optional: field.optional } : { key, read: field, optional: "required" }
  )
  return (input) => {
    if (typeof input !== "object" || input === null || Array.isArray(input)) return mismatch("object", input)
    const out: Record<string, unknown> = {}
    for (const { key, optional, read } of keys) {
      if (!Object.hasOwn(input, key)) {
        if (optional === "required") return { ok: false, issue: `Missing key\n  at [${JSON.stringify(key)}]` }
        continue
      }
      const value: unknown = Reflect.get(input, key)
      if (value === undefined && optional === "undefined") {
        out[key] = undefined
        continue
      }
      const result = read(value)
      if (!result.ok) return at(key, result.issue)
      out[key] = result.value
    }
    // Every declared key was read just above with its own field's reader: `out` is a `StructRead<F>`.
    return ok(out as StructRead<F>)
  }
}

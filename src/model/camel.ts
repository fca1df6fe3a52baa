/**
 * Derives camelCase models from snake_case wire structs.
 *
 * The wire schema stays the single source of truth: a model is the wire struct with its keys renamed
 * (and, where a field holds another wire struct, that field's model substituted), so decoding a wire
 * body with the model yields the camelCase value and encoding a model yields the exact wire body.
 */
import * as Schema from "effect/Schema"
import * as SchemaTransformation from "effect/SchemaTransformation"
import { camelKey } from "./camel-key.ts"
import { registerRenaming } from "./renamings.ts"

/** `display_name` → `displayName`. */
export type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S

/** `display_name` → `displayName`. */

type CamelFields<F extends Schema.Struct.Fields, O extends Partial<Record<keyof F, Schema.Top>>> = {
  readonly [K in keyof F as CamelCase<K & string>]: K extends keyof O
    ? O[K] extends Schema.Top ? O[K] : F[K]
    : F[K]
}

type KeyMapping<F extends Schema.Struct.Fields> = {
  readonly [K in keyof F as CamelCase<K & string>]: K
}

/** The model schema derived from a wire struct: camelCase keys on the decoded side, wire keys encoded. */
export type Camelized<F extends Schema.Struct.Fields, O extends Partial<Record<keyof F, Schema.Top>>> =
  Schema.encodeKeys<
    Schema.Struct<CamelFields<F, O>>,
    KeyMapping<F> & { readonly [K in keyof CamelFields<F, O>]?: PropertyKey }
  >

/**
 * Renames every key of a wire struct to camelCase.
 *
 * `overrides` replaces the schema of given wire fields (before renaming), typically with the model of a
 * nested wire struct, so nested objects are camelCase too.
 *
 * @example
 * const Team = camelize(TeamWire)                      // { displayName, profileImageUrl, ... }
 * const User = camelize(UserWire, { selected_team: Schema.NullOr(Team) })
 */
export const camelize = <
  F extends Schema.Struct.Fields,
  const O extends Partial<Record<keyof F, Schema.Top>> = {}
>(wire: Schema.Struct<F>, overrides?: O): Camelized<F, O> => {
  const source: Schema.Struct.Fields = wire.fields
  const replaced: Partial<Record<string, Schema.Struct.Fields[string]>> = overrides ?? {}
  // Each model key with its wire key, in the wire struct's order (a later wire key that camelCases
  // to the same name replaces the earlier one, keeping its place).
  const wireOf = new Map<string, string>()
  const schemaOf = new Map<string, Schema.Struct.Fields[string]>()
  for (const key of Object.keys(source)) {
    const schema = replaced[key] ?? source[key]
    if (schema === undefined) continue
    const camel = camelKey(key)
    wireOf.set(camel, key)
    schemaOf.set(camel, schema)
  }
  const camelKeys = [...wireOf.keys()]
  const wireKeys = [...wireOf.values()]
  const wireFields: Record<string, Schema.Struct.Fields[string]> = {}
  for (const [camel, schema] of schemaOf) wireFields[wireOf.get(camel) ?? camel] = schema
  // The wire struct decoding to the camelCase value, as `Schema.encodeKeys` would build it, except
  // that the wire side alone decodes and validates (nested models included) and the camelCase side
  // only takes the renamed result: each field is parsed once, not once per side, which is most of
  // the cost of reading a response. Encoding runs the same way back: renamed, then encoded and
  // validated by the wire struct (which drops keys it does not declare); `withModelKeys` turns the
  // paths of what it refused back into the model's keys.
  const renaming = SchemaTransformation.transform({
    // The wire struct just parsed the value: only its declared keys are there.
    decode: renameDeclared(wireKeys, camelKeys),
    // A caller's value may carry other keys: they go through as they are, for the wire struct to
    // drop (or, encoding strictly, to refuse).
    encode: renameEvery(wireOf)
  })
  // Responses read the wire struct straight into the model's keys (see fast-decode.ts).
  registerRenaming(renaming, camelKeys)
  const model = Schema.Struct(wireFields).pipe(Schema.decodeTo(renamedObject, renaming))
  // The runtime construction mirrors `Camelized` exactly; TypeScript cannot follow key renaming
  // through `Object.keys`, so the result is re-typed once here.
  return model as unknown as Camelized<F, O>
}

/** The camelCase side: an object the wire struct validated, its keys renamed. */
const renamedObject = /*#__PURE__*/ Schema.declare(
  (input: unknown): input is Readonly<Record<string, unknown>> => typeof input === "object" && input !== null
)

/** Sets `out[key]`; a key named `__proto__` is data here, never the prototype. */
const put = (out: Record<string, unknown>, key: string, value: unknown): void => {
  if (key === "__proto__") Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true })
  else out[key] = value
}

/**
 * Copies the declared keys an object has, each under its new name. The model's keys are listed once
 * and walked in order, so every result is built the same way (one object shape per model).
 */
const renameDeclared = (from: ReadonlyArray<string>, to: ReadonlyArray<string>) => {
  // Two flat lists and an index, not pairs destructured in a `for...of`: a response decodes a
  // model a few times per call, too seldom for the optimizing compiler to take the loop over, and
  // unoptimized, each destructured pair costs two iterator protocols (several µs per user).
  const count = from.length
  return (input: Readonly<Record<string, unknown>>): Record<string, unknown> => {
    const out: Record<string, unknown> = {}
    for (let i = 0; i < count; i++) {
      const key = from[i] as string
      if (Object.hasOwn(input, key)) put(out, to[i] as string, input[key])
    }
    return out
  }
}

/** Copies every own key of an object, renaming those `names` lists. */
const renameEvery = (names: ReadonlyMap<string, string>) => (input: Readonly<Record<string, unknown>>): Record<string, unknown> => {
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(input)) put(out, names.get(key) ?? key, input[key])
  return out
}

/**
 * A refusal's message with the model's keys: a model validates on its wire side, so the paths of a
 * schema issue (`  at ["display_name"]`) name wire keys where the caller wrote `displayName`. Only
 * the path lines are rewritten, never the quoted values in the message.
 */
export const withModelKeys = (message: string): string =>
  message.replace(/^(\s*at )(.*)$/gm, (_, at: string, path: string) =>
    at + path.replace(/\["([a-z0-9]+(?:_[a-z0-9]+)+)"\]/g, (_match, key: string) => `["${camelKey(key)}"]`))

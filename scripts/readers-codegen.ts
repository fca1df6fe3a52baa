/**
 * Writes the response readers and input writers of src/model/generated/readers.ts from the schemas
 * (src/wire, src/model stay the single source of truth): each schema's AST is walked once and turned
 * into plain functions that check and copy a value the way Effect's parser does (same value, same
 * key order, same accept or refuse), so a browser app reads and writes without effect/Schema.
 *
 * A node, filter or transformation this walk cannot express stops the generation with an error
 * naming the schema and the node: nothing falls back to Effect's parser at run time.
 */
import type * as Schema from "effect/Schema"
import type * as SchemaAST from "effect/SchemaAST"
import { camelKey } from "../src/model/camel-key.ts"
import { renamings } from "../src/model/renamings.ts"
import { Json } from "../src/wire/common.ts"

/** One generated function: a reader (`decode`, a response body to its model) or a writer (`encode`). */
export interface ReaderEntry {
  /** The exported function's name (`readUser`, `writeUserUpdate`). */
  readonly name: string
  readonly direction: "decode" | "encode"
  readonly schema: Schema.Top
  /** The schema's export, for its types (`typeof User`). */
  readonly schemaName: string
  /** The module exporting it, as readers.ts imports it (`../user.ts`). */
  readonly from: string
  /** The function's one-line TSDoc. */
  readonly doc: string
}

/** A node the generator cannot express: the generation stops. */
export class CannotGenerate extends Error {}

type Direction = ReaderEntry["direction"]

/** A wire key as a model's key (`display_name` → `displayName`), as camel.ts renames it. */
const camelCase = (key: string): string => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())

const literalCode = (value: unknown): string => JSON.stringify(value)

/** A property access that is valid TypeScript for any key. */
const member = (object: string, key: string): string =>
  /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) && key !== "__proto__" ? `${object}.${key}` : `${object}[${JSON.stringify(key)}]`

/** Annotations of a filter, read as a record (Effect's are open). */
const annotationsOf = (check: SchemaAST.Check<unknown>): Readonly<Record<string, unknown>> =>
  (check.annotations ?? {}) as Readonly<Record<string, unknown>>

const numberPayload = (payload: unknown, key: string, where: string): number => {
  const value = typeof payload === "object" && payload !== null ? (payload as Record<string, unknown>)[key] : undefined
  if (typeof value !== "number" || !Number.isFinite(value)) throw new CannotGenerate(`${where}: a filter bound that is not a finite number`)
  return value
}

/** The stackfx filters of src/wire/field-checks.ts, by the `readerCheck` their filters carry. */
const fieldChecks = new Set(["isUrlText", "isCountryCode", "isBearer", "isUserIdOrMe"])

/** Renders readers.ts for `entries`. */
export const renderReaders = (entries: ReadonlyArray<ReaderEntry>): string => {
  const functions: Array<string> = []
  const constants: Array<string> = []
  const constantsByText = new Map<string, string>()
  const kitNames = new Set<string>()
  const fieldCheckNames = new Set<string>()
  /** Function name per body text: two nodes that read alike share one function. */
  const byBody = new Map<string, string>()
  const byNode: Record<Direction, Map<SchemaAST.AST, string>> = { decode: new Map(), encode: new Map() }
  const regexps = new Map<string, string>()
  const kit = (name: string): string => {
    kitNames.add(name)
    return name
  }

  const regexpConstant = (source: string, flags: string, where: string): string => {
    if (/[gy]/.test(flags)) throw new CannotGenerate(`${where}: a pattern with flags ${flags} (its lastIndex carries state)`)
    const literal = `/${source}/${flags}`
    let name = regexps.get(literal)
    if (name === undefined) {
      name = `pattern${regexps.size + 1}`
      regexps.set(literal, name)
      // Tested against the pattern's own source, so the literal means what the schema's RegExp means.
      constants.push(`const ${name} = ${literal}`)
    }
    return name
  }

  /** The condition a filter puts on `value`, and what it expects. */
  const filterCode = (check: SchemaAST.Filter<unknown>, where: string): { readonly test: string; readonly expected: string } => {
    const annotations = annotationsOf(check)
    const expected = typeof annotations.expected === "string" ? annotations.expected : undefined
    const representation = annotations.representation as { readonly id?: unknown; readonly payload?: unknown } | undefined
    const id = representation?.id
    const payload = representation?.payload
    const readerCheck = annotations.readerCheck
    const say = (fallback: string) => expected ?? fallback
    if (typeof readerCheck === "string") {
      if (!fieldChecks.has(readerCheck)) throw new CannotGenerate(`${where}: an unknown readerCheck ${readerCheck}`)
      fieldCheckNames.add(readerCheck)
      return { test: `${readerCheck}(value)`, expected: say(readerCheck) }
    }
    switch (id) {
      case "effect/schema/isMinLength": {
        const n = numberPayload(payload, "minLength", where)
        return { test: `value.length >= ${n}`, expected: say(`a value with a length of at least ${n}`) }
      }
      case "effect/schema/isMaxLength": {
        const n = numberPayload(payload, "maxLength", where)
        return { test: `value.length <= ${n}`, expected: say(`a value with a length of at most ${n}`) }
      }
      case "effect/schema/isBetweenLength": {
        const min = numberPayload(payload, "minimum", where)
        const max = numberPayload(payload, "maximum", where)
        return { test: `value.length >= ${min} && value.length <= ${max}`, expected: say(`a value with a length between ${min} and ${max}`) }
      }
      case "effect/schema/isPattern":
      case "effect/schema/isUUID": {
        // isUUID keeps its RegExp where isPattern put it for arbitraries, not in its representation.
        const patterns = (annotations.arbitraryConstraint as { readonly patterns?: ReadonlyArray<{ source: string; flags: string }> } | undefined)?.patterns
        const pattern = patterns?.length === 1 ? patterns[0] : undefined
        if (pattern === undefined) throw new CannotGenerate(`${where}: a pattern filter without its RegExp`)
        return { test: `${regexpConstant(pattern.source, pattern.flags, where)}.test(value)`, expected: say(`a string matching ${pattern.source}`) }
      }
      case "effect/schema/isInt":
        return { test: "Number.isSafeInteger(value)", expected: say("an integer") }
      case "effect/schema/isFinite":
        return { test: "Number.isFinite(value)", expected: say("a finite number") }
      case "effect/schema/isGreaterThanOrEqualTo": {
        const n = numberPayload(payload, "minimum", where)
        return { test: `value >= ${n}`, expected: say(`a value greater than or equal to ${n}`) }
      }
      case "effect/schema/isLessThanOrEqualTo": {
        const n = numberPayload(payload, "maximum", where)
        return { test: `value <= ${n}`, expected: say(`a value less than or equal to ${n}`) }
      }
      case "effect/schema/isBase64":
        // Effect's own test (its JSON Schema pattern overflows the stack on long input).
        return {
          test: `value.length % 4 === 0 && ${regexpConstant("^[0-9a-zA-Z+/]*={0,2}$", "", where)}.test(value)`,
          expected: say("a base64 encoded string")
        }
      case "effect/schema/isTrimmed":
        return { test: "value.trim() === value", expected: say("a string with no leading or trailing whitespace") }
      default:
        throw new CannotGenerate(`${where}: a filter the generator cannot express (${expected ?? String(id ?? "no representation")})`)
    }
  }

  /** Each filter of `checks` as a line refusing `value` (Effect runs them all; one refusal is enough). */
  const checkLines = (checks: SchemaAST.Checks, where: string): Array<string> => {
    const lines: Array<string> = []
    const walk = (list: ReadonlyArray<SchemaAST.Check<unknown>>) => {
      for (const check of list) {
        if (check._tag === "FilterGroup") walk(check.checks)
        else {
          const { expected, test } = filterCode(check, where)
          lines.push(`  if (!(${test})) return ${kit("refused")}(${literalCode(expected)}, value)`)
        }
      }
    }
    walk(checks)
    return lines
  }

  /** What a node expects, for a refusal's message. */
  const describe = (ast: SchemaAST.AST): string => {
    if (ast.encoding !== undefined) return "an object"
    switch (ast._tag) {
      case "String":
      case "Number":
      case "Boolean":
      case "Null":
      case "Undefined":
        return ast._tag.toLowerCase()
      case "Literal":
        return literalCode(ast.literal)
      case "Objects":
        return "an object"
      case "Arrays":
        return "an array"
      case "Declaration":
        return "a JSON value"
      case "Union":
        return ast.types.map(describe).join(" | ")
      default:
        return ast._tag
    }
  }

  /** Registers a function with `body` (its lines between braces), named after `prefix`, once per body. */
  const define = (prefix: string, lines: ReadonlyArray<string>): string => {
    const body = lines.join("\n")
    let name = byBody.get(body)
    if (name === undefined) {
      name = `${prefix}${byBody.size + 1}`
      byBody.set(body, name)
      functions.push(`function ${name}(input: unknown): unknown {\n${body}\n}`)
    }
    return name
  }

  /** Registers a module constant (`prefix` + a number), once per text. */
  const constant = (prefix: string, type: string, text: string): string => {
    const known = constantsByText.get(text)
    if (known !== undefined) return known
    const name = `${prefix}${constantsByText.size + 1}`
    constantsByText.set(text, name)
    constants.push(`const ${name}: ${type} = ${text}`)
    return name
  }

  /**
   * The table of a struct's declared `fields`: each row its key, reader, whether it may be missing
   * and, where it is not the key itself, `others[i]`: the key in the result (a reader of a model) or
   * in a refusal's path (a writer of a model).
   */
  const fieldTable = (
    fields: ReadonlyArray<SchemaAST.PropertySignature>,
    others: ReadonlyArray<string> | undefined,
    direction: Direction,
    where: string
  ): string => {
    const rows = fields.map((field, i) => {
      const key = field.name as string
      const read = compile(field.type, direction, `${where}.${key}`)
      const optional = field.type.context?.isOptional === true ? 1 : 0
      const other = others?.[i]
      // A model's table leaves out the other key where it is the key in camelCase (`modelRows`
      // fills it in when the module loads): most rows, and strings a bundle need not carry twice.
      const implied = others === undefined ? key : camelKey(key)
      return `  [${literalCode(key)}, ${read}, ${optional}${other === undefined || other === implied ? "" : `, ${literalCode(other)}`}]`
    })
    const rowsText = `[\n${rows.join(",\n")}\n]`
    return constant("fields", `ReadonlyArray<${kit("Field")}>`, others === undefined ? rowsText : `/*#__PURE__*/ ${kit("modelRows")}(${rowsText})`)
  }

  const checkFields = (ast: SchemaAST.Objects, where: string): void => {
    for (const field of ast.propertySignatures) {
      if (typeof field.name !== "string") throw new CannotGenerate(`${where}: a key that is not a string`)
      if (field.type.context?.constructorDefault !== undefined) throw new CannotGenerate(`${where}.${field.name}: a field default`)
    }
  }

  /** A struct: declared keys in order, then (a `Record` rest) every other own key. */
  const objects = (ast: SchemaAST.Objects, direction: Direction, where: string): Array<string> => {
    checkFields(ast, where)
    const keys = ast.propertySignatures.map((field) => field.name as string)
    if (keys.length === 0 && ast.indexSignatures.length === 0) {
      // Effect takes any value but null and undefined for `{}`, as it is.
      return [`  if (input === null || input === undefined) return ${kit("mismatch")}("an object", input)`, "  const out = input"]
    }
    let read = keys.length === 0 ? "{}" : `${kit("readFields")}(input, ${fieldTable(ast.propertySignatures, undefined, direction, where)}, {})`
    for (const index of ast.indexSignatures) {
      if (index.parameter._tag !== "String" || index.parameter.checks !== undefined || index.parameter.encoding !== undefined) {
        throw new CannotGenerate(`${where}: an index signature whose keys are not plain strings`)
      }
      const rest = compile(index.type, direction, `${where}[string]`)
      read = `${kit("readRest")}(input, ${rest}, ${literalCode(keys)}, ${read})`
    }
    return [`  if (!${kit("isRecord")}(input)) return ${kit("mismatch")}("an object", input)`, `  const out = ${read}`]
  }

  /** A model (`camelize`): its wire struct read into the model's keys, or the model's keys written as the wire's. */
  const model = (ast: SchemaAST.AST, direction: Direction, where: string): Array<string> => {
    const link = ast.encoding?.length === 1 ? ast.encoding[0] : undefined
    const names = link === undefined ? undefined : renamings.get(link.transformation)
    if (link === undefined || names === undefined) throw new CannotGenerate(`${where}: a transformation other than a model's renaming`)
    const wire = link.to
    if (wire._tag !== "Objects" || wire.indexSignatures.length > 0 || wire.propertySignatures.length !== names.length) {
      throw new CannotGenerate(`${where}: a model whose wire side is not a plain struct`)
    }
    if (ast.checks !== undefined || wire.checks !== undefined || wire.encodingChecks !== undefined) {
      throw new CannotGenerate(`${where}: a model with filters of its own`)
    }
    checkFields(wire, where)
    if (names.includes("__proto__")) throw new CannotGenerate(`${where}: a model key __proto__`)
    const wireKeys = wire.propertySignatures.map((field) => field.name as string)
    if (wireKeys.length === 0) {
      // Effect's `{}` takes any value but null and undefined as it is: read, the renaming copies
      // none of its keys; written, the renamed copy of the caller's object goes out whole.
      return direction === "decode"
        ? [`  if (input === null || input === undefined) return ${kit("mismatch")}("an object", input)`, "  const out = {}"]
        : [
          `  if (typeof input !== "object" || input === null) return ${kit("mismatch")}("an object", input)`,
          `  const out = ${kit("renameKeys")}(input, {})`
        ]
    }
    if (direction === "decode") {
      // The response's keys read into the model's; a refusal names the response's keys.
      const table = fieldTable(wire.propertySignatures, names, direction, where)
      return [
        `  if (!${kit("isRecord")}(input)) return ${kit("mismatch")}("an object", input)`,
        `  const out = ${kit("readFields")}(input, ${table}, {})`
      ]
    }
    // Encoding, as Effect runs the model's renaming: every own key of the caller's object copied
    // (renamed where the model names it), then the wire struct reads its declared keys from that; a
    // refusal names the caller's keys.
    const table = fieldTable(wire.propertySignatures, names, direction, where)
    // The renaming is the table's: each row's caller key to its wire key.
    const renaming = constant("wireKeys", "Readonly<Record<string, string>>", `/*#__PURE__*/ ${kit("wireKeysOf")}(${table})`)
    return [
      // Effect's renaming takes any object (an array's indexes become keys).
      `  if (typeof input !== "object" || input === null) return ${kit("mismatch")}("an object", input)`,
      `  const out = ${kit("writeFields")}(${kit("renameKeys")}(input, ${renaming}), ${table}, {})`
    ]
  }

  /** A leaf's test of `input`, or undefined for a node that is not a leaf. */
  const leafTest = (ast: SchemaAST.AST, where: string): string | undefined => {
    switch (ast._tag) {
      case "String":
        return `typeof input === "string"`
      case "Number":
        return `typeof input === "number"`
      case "Boolean":
        return `typeof input === "boolean"`
      case "Null":
        return "input === null"
      case "Undefined":
        return "input === undefined"
      case "Literal":
        if (typeof ast.literal === "bigint") throw new CannotGenerate(`${where}: a bigint literal`)
        return `input === ${literalCode(ast.literal)}`
      case "Declaration":
        if (ast.run !== Json.ast.run || ast.typeParameters.length > 0) throw new CannotGenerate(`${where}: a declaration other than Json`)
        return `${kit("isJson")}(input)`
      default:
        return undefined
    }
  }

  /** A node without filters of its own is a leaf: no allocation, nothing below. */
  const isPlainLeaf = (ast: SchemaAST.AST, where: string): boolean =>
    ast.encoding === undefined && ast.checks === undefined && leafTest(ast, where) !== undefined

  /** The lines of a node's function, which leave the read value in `out` (filters aside). */
  const shape = (ast: SchemaAST.AST, direction: Direction, where: string): Array<string> => {
    const test = leafTest(ast, where)
    if (test !== undefined) return [`  if (!(${test})) return ${kit("mismatch")}(${literalCode(describe(ast))}, input)`, "  const out = input"]
    switch (ast._tag) {
      case "Unknown":
      case "Any":
        return ["  const out = input"]
      case "Union": {
        if (ast.options?.mode === "oneOf") throw new CannotGenerate(`${where}: a oneOf union`)
        if (ast.types.every((type) => isPlainLeaf(type, where))) {
          // Literals and the like: one test.
          const tests = ast.types.map((type) => leafTest(type, where)).join(" || ")
          return [`  if (!(${tests})) return ${kit("mismatch")}(${literalCode(describe(ast))}, input)`, "  const out = input"]
        }
        const members = ast.types.map((type, i) => compile(type, direction, `${where}|${i}`))
        const list = constant("members", `ReadonlyArray<${kit("Read")}>`, `[${members.join(", ")}]`)
        return [`  const out = ${kit("readFirst")}(input, ${list}, ${literalCode(describe(ast))})`]
      }
      case "Arrays": {
        const rest = ast.rest[0]
        if (ast.elements.length > 0 && ast.rest.length === 0) {
          // A tuple of required elements: exactly that many items, each with its own reader.
          if (ast.elements.some((element) => element.context?.isOptional === true)) throw new CannotGenerate(`${where}: a tuple with optional elements`)
          const readers = ast.elements.map((element, i) => compile(element, direction, `${where}[${i}]`))
          const list = constant("elements", `ReadonlyArray<${kit("Read")}>`, `[${readers.join(", ")}]`)
          return [`  const out = ${kit("readTuple")}(input, ${list})`]
        }
        if (ast.elements.length !== 0 || ast.rest.length !== 1 || rest === undefined) {
          throw new CannotGenerate(`${where}: a tuple with a rest`)
        }
        return [`  const out = ${kit("readArray")}(input, ${compile(rest, direction, `${where}[]`)})`]
      }
      case "Objects":
        return objects(ast, direction, where)
      default:
        throw new CannotGenerate(`${where}: a ${ast._tag} node`)
    }
  }

  /** The TypeScript type a node's filters see (the node's type, for `value.length` and friends). */
  const valueType = (ast: SchemaAST.AST): string | undefined =>
    ast._tag === "String" ? "string" : ast._tag === "Number" ? "number" : ast._tag === "Arrays" ? "ReadonlyArray<unknown>" : undefined

  function compile(ast: SchemaAST.AST, direction: Direction, where: string): string {
    const known = byNode[direction].get(ast)
    if (known !== undefined) return known
    if ("encodingChecks" in ast && ast.encodingChecks !== undefined) throw new CannotGenerate(`${where}: filters on the encoded side`)
    let lines: Array<string>
    if (ast.encoding !== undefined) lines = model(ast, direction, where)
    else {
      lines = shape(ast, direction, where)
      // Effect runs a composite node's own filters on the decoded side only (flipped for encoding,
      // they are its encoded side's, none here); a leaf's run both ways.
      const composite = ast._tag === "Objects" || ast._tag === "Arrays" || ast._tag === "Union" || ast._tag === "Declaration"
      const checks = composite && direction === "encode" ? undefined : ast.checks
      const type = valueType(ast)
      if (checks !== undefined) {
        if (type === undefined) throw new CannotGenerate(`${where}: filters on a ${ast._tag} node`)
        // Filters run on a value the node read (an array's: after its items).
        if (composite) lines.push(`  if (out instanceof ${kit("Mismatch")}) return out`)
        lines.push(`  const value = out as ${type}`, ...checkLines(checks, where))
      }
    }
    // A leaf without filters: one expression.
    const last = lines.length === 2 ? /^  if \(!\((.*)\)\) return (.*)$/.exec(lines[0] as string) : null
    const body = last !== null && lines[1] === "  const out = input"
      ? [`  return ${last[1]} ? input : ${last[2]}`]
      : lines.at(-1)?.startsWith("  const out = ") === true
      ? [...lines.slice(0, -1), `  return ${(lines.at(-1) as string).slice("  const out = ".length)}`]
      : [...lines, "  return out"]
    const name = define(direction === "decode" ? "read" : "write", body)
    byNode[direction].set(ast, name)
    return name
  }

  const exported: Array<string> = []
  const typeImports = new Map<string, Set<string>>()
  for (const entry of entries) {
    const inner = compile(entry.schema.ast, entry.direction, entry.schemaName)
    const names = typeImports.get(entry.from) ?? new Set<string>()
    names.add(entry.schemaName)
    typeImports.set(entry.from, names)
    const [input, output] = entry.direction === "decode"
      ? ["unknown", `(typeof ${entry.schemaName})["Type"]`]
      : [`(typeof ${entry.schemaName})["Type"]`, `(typeof ${entry.schemaName})["Encoded"]`]
    exported.push(
      `/** ${entry.doc} */\nexport function ${entry.name}(input: ${input}): ${kit("ReadResult")}<${output}> {\n  return ${kit("finish")}(${inner}(input))\n}`
    )
  }

  const kitImports = [...kitNames].sort()
  const typeOnly = new Set(["ReadResult", "Field", "Read"])
  const valueImports = kitImports.filter((name) => !typeOnly.has(name))
  const typeImportsOfKit = kitImports.filter((name) => typeOnly.has(name))
  return [
    "/**",
    " * Response readers and input writers, generated from the schemas of src/wire and src/model by",
    " * scripts/generate-readers.ts (`npm run generate:readers`): do not edit by hand. Each reads a value",
    " * exactly as Effect's parser does (test/unit/readers-equivalence.test.ts), without effect/Schema.",
    " */",
    ...[...typeImports].sort(([a], [b]) => a.localeCompare(b)).map(([from, names]) =>
      `import type { ${[...names].sort().join(", ")} } from ${JSON.stringify(from)}`
    ),
    ...(fieldCheckNames.size > 0 ? [`import { ${[...fieldCheckNames].sort().join(", ")} } from "../../wire/field-checks.ts"`] : []),
    `import { ${[...valueImports, ...typeImportsOfKit.map((name) => `type ${name}`)].join(", ")} } from "./kit.ts"`,
    "",
    ...constants.flatMap((constant) => [constant, ""]),
    ...functions.flatMap((fn) => [fn, ""]),
    ...exported.flatMap((fn, i) => i === exported.length - 1 ? [fn] : [fn, ""]),
    ""
  ].join("\n")
}

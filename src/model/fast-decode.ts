/**
 * Response decoding and input encoding, the quick way through the common case.
 *
 * Effect's parser is general (effects, issues, transformations): for a response it costs more
 * than everything else stackfx does around a request, and encoding a two-key update costs about as
 * much. Most wire schemas are plain JSON shapes, so each schema is compiled once, from its own AST,
 * into small functions that check and copy a value (running the node's filters; a model's keys
 * renamed in the same pass), and return {@link unsure} for anything they cannot vouch for. Then,
 * and for every node they do not cover (declarations other than guards, transformations other
 * than a model's renaming), Effect's parser decides, so a result is always what Effect's parser
 * gives, and a refusal always its message.
 *
 * The pipeline loads this module on its first response (a browser app fetches it as a chunk of its
 * own) and parses with Effect until it is there. It imports nothing at run time (Effect's parsers
 * and the models' renamings are handed in, see {@link CompilerParts}): what a lazily loaded chunk
 * shares with the page, a bundler moves into one more chunk the page loads at start.
 */
import type * as Schema from "effect/Schema"
import type * as SchemaAST from "effect/SchemaAST"

/** What a compiled reader answers when only Effect's parser can tell. */
export const unsure: unique symbol = Symbol("unsure")

/** An optional key the input does not have (left out of the result). */
const absent: unique symbol = Symbol("absent")

/** A compiled reader: the parsed value, or {@link unsure}. */
export type Reader = (input: unknown) => unknown

/** What an outcome of Effect's parser looks like here: a success, or anything else (a refusal). */
type Outcome = { readonly _tag: "Success"; readonly success: unknown } | { readonly _tag: "Failure" }

/** What the compiler needs from outside, handed in by the pipeline (see the module's note). */
export interface CompilerParts {
  /**
   * Which way values go: `decode` reads wire values into models, `encode` writes models (a caller's
   * input) as wire values.
   */
  readonly direction: "decode" | "encode"
  /**
   * Effect's parser of a node in that direction (`Schema.decodeUnknownResult(Schema.make(ast))`, or
   * `encodeUnknownResult`).
   */
  readonly parseNode: (ast: SchemaAST.AST) => (input: unknown) => Outcome
  /** The models that only rename their wire struct's keys (`renamings` of renamings.ts). */
  readonly renamings: WeakMap<object, ReadonlyArray<string>>
  /**
   * Declarations that only test a value and keep it as it is (`Schema.declare(guard)`), by their
   * `run` (which copies of the node, optional or annotated, share).
   */
  readonly guards: WeakMap<object, (input: unknown) => boolean>
}

/**
 * Whether a struct's shape can be read here: some declared keys (Effect passes any object through
 * an empty struct), no index signatures, transformations or field defaults.
 */
const plainShape = (ast: SchemaAST.AST): ast is SchemaAST.Objects =>
  ast._tag === "Objects" && ast.encoding === undefined && ast.encodingChecks === undefined &&
  ast.propertySignatures.length > 0 && ast.indexSignatures.length === 0 &&
  ast.propertySignatures.every((property) =>
    typeof property.name === "string" && property.name !== "__proto__" && property.type.context?.constructorDefault === undefined
  )

/** Effect's parse options when none are given (what its filters see). */
const defaultOptions: SchemaAST.ParseOptions = {}

/**
 * Whether `value` passes every filter of `checks`, as Effect runs them on a decoded value: a filter
 * passes when it reports no issue.
 */
const passes = (checks: SchemaAST.Checks, value: unknown, ast: SchemaAST.AST): boolean => {
  for (const check of checks) {
    if (check._tag === "FilterGroup" ? !passes(check.checks, value, ast) : check.run(value, ast, defaultOptions) !== undefined) {
      return false
    }
  }
  return true
}

/**
 * Assembles result objects with `names` as keys, in order, from values ({@link absent}: the key
 * left out).
 */
const assembler = (names: ReadonlyArray<string>) => {
  const count = names.length
  // An object with every key, in order: a result is a copy of it, filled in. Built key by key, an
  // object of more than a dozen keys turns into a hash table (V8 stops giving it a fixed layout);
  // a copy of this one keeps the layout, and costs one allocation. `fromEntries` defines the keys
  // as own data properties (a key `__proto__` included), and leaves the object in the fast layout.
  const template = Object.fromEntries(names.map((name) => [name, null]))
  // The same for values that leave optional keys out, one template per set of absent keys (a
  // response type shows few), up to a bound past which such a result is built key by key.
  const partialTemplates = new Map<string, Record<string, null>>()
  const partialTemplate = (values: ReadonlyArray<unknown>): Record<string, null> | undefined => {
    let absentKeys = ""
    for (let i = 0; i < count; i++) if (values[i] === absent) absentKeys += `${i},`
    let found = partialTemplates.get(absentKeys)
    if (found === undefined && partialTemplates.size < 16) {
      found = Object.fromEntries(names.flatMap((name, i) => values[i] === absent ? [] : [[name, null]]))
      partialTemplates.set(absentKeys, found)
    }
    return found
  }
  return (values: ReadonlyArray<unknown>, complete: boolean): Record<string, unknown> => {
    const shape = complete ? template : partialTemplate(values)
    const out: Record<string, unknown> = shape === undefined ? {} : { ...shape }
    for (let i = 0; i < count; i++) {
      const value = values[i]
      if (value !== absent) out[names[i] as string] = value
    }
    return out
  }
}

/**
 * A compiler of readers over `parts`: for a schema, a reader whose value is exactly what Effect's
 * parser gives in `parts.direction`, or {@link unsure} where only Effect's parser can tell (then
 * ask it). Each node is compiled once, however many schemas share it.
 */
export const makeCompiler = (parts: CompilerParts): (schema: Schema.Top) => Reader => {
  const readers = new WeakMap<SchemaAST.AST, Reader>()

  /** Effect's parser for one node: its value, or {@link unsure} when it refuses. */
  const delegate = (ast: SchemaAST.AST): Reader => {
    const parse = parts.parseNode(ast)
    return (input) => {
      const result = parse(input)
      return result._tag === "Success" ? result.success : unsure
    }
  }

  /**
   * A plain struct's fields, compiled: from the raw value of each declared key (in order;
   * {@link absent} where the input lacks it), the result under `names`, or {@link unsure} when a
   * required key is missing or a value is refused.
   */
  const fieldsOf = (ast: SchemaAST.Objects, names: ReadonlyArray<string>) => {
    const count = ast.propertySignatures.length
    const optional = ast.propertySignatures.map((property) => property.type.context?.isOptional === true)
    const readers = ast.propertySignatures.map((property) => compile(property.type))
    const assemble = assembler(names)
    return (values: Array<unknown>): unknown => {
      let complete = true
      for (let i = 0; i < count; i++) {
        if (values[i] === absent) {
          if (!optional[i]) return unsure
          complete = false
          continue
        }
        const value = (readers[i] as Reader)(values[i])
        if (value === unsure) return unsure
        values[i] = value
      }
      return assemble(values, complete)
    }
  }

  /**
   * A plain struct read as Effect reads it: the declared keys in order (`in`, as Effect looks them
   * up), each value through its field's reader, under `names`.
   */
  const objects = (ast: SchemaAST.Objects, names: ReadonlyArray<string>): Reader => {
    const keys = ast.propertySignatures.map((property) => property.name as string)
    const count = keys.length
    const read = fieldsOf(ast, names)
    return (input) => {
      if (typeof input !== "object" || input === null || Array.isArray(input)) return unsure
      const record = input as Record<string, unknown>
      const values: Array<unknown> = new Array(count)
      for (let i = 0; i < count; i++) {
        const key = keys[i] as string
        const raw = record[key]
        // One lookup for a present key; `in` only tells an absent key from one holding undefined.
        values[i] = raw === undefined && !(key in record) ? absent : raw
      }
      return read(values)
    }
  }

  /**
   * A model's input written as Effect encodes it: the caller's own keys renamed to the wire's (any
   * other key dropped), then each declared wire key in order through its field's reader.
   */
  const encodeModel = (wire: SchemaAST.Objects, modelNames: ReadonlyArray<string>): Reader => {
    const wireNames = wire.propertySignatures.map((property) => property.name as string)
    const count = wireNames.length
    const indexOf = new Map(modelNames.map((name, i) => [name, i]))
    // A caller's key spelled as a wire key would take that key's place in Effect's renaming: such an
    // input goes to Effect's encoder. (No model name is another field's wire key: `camelize` keeps
    // one field per model name, and a renaming that does not list every wire key is not read here.)
    const wireOnly = new Set(wireNames.filter((name, i) => modelNames[i] !== name))
    const read = fieldsOf(wire, wireNames)
    return (input) => {
      if (typeof input !== "object" || input === null || Array.isArray(input)) return unsure
      const record = input as Record<string, unknown>
      const values: Array<unknown> = new Array(count).fill(absent)
      // Own enumerable keys, as Effect's renaming copies them (each getter read once).
      for (const key of Object.keys(record)) {
        const i = indexOf.get(key)
        if (i !== undefined) values[i] = record[key]
        else if (wireOnly.has(key)) return unsure
      }
      return read(values)
    }
  }

  const build = (ast: SchemaAST.AST): Reader => {
    if (ast.encoding !== undefined) {
      // A model: its wire struct read straight into the model's names, or the model's keys written
      // straight as the wire struct's (one object, not two).
      // `camelize` lists a name for each of the wire struct's keys, in the struct's order.
      const link = ast.encoding.length === 1 && ast.checks === undefined ? ast.encoding[0] : undefined
      const renaming = link === undefined ? undefined : parts.renamings.get(link.transformation)
      return link === undefined || renaming === undefined || !plainShape(link.to) || link.to.checks !== undefined ||
          renaming.length !== link.to.propertySignatures.length
        ? delegate(ast)
        : parts.direction === "encode"
        ? encodeModel(link.to, renaming)
        : objects(link.to, renaming)
    }
    const read = shape(ast)
    const checks = ast.checks
    // The node's filters run on what it read, as Effect runs them (on a node left to Effect's
    // parser they ran there already; running them again on its value gives the same answer).
    return checks === undefined
      ? read
      : (input) => {
        const value = read(input)
        return value !== unsure && passes(checks, value, ast) ? value : unsure
      }
  }

  /** The reader of a node's shape, its checks aside. */
  const shape = (ast: SchemaAST.AST): Reader => {
    switch (ast._tag) {
      // A constant on the right of `typeof ===` compiles to a type check, not a string compare.
      case "String":
        return (input) => typeof input === "string" ? input : unsure
      case "Number":
        return (input) => typeof input === "number" ? input : unsure
      case "Boolean":
        return (input) => typeof input === "boolean" ? input : unsure
      case "Null":
        return (input) => input === null ? input : unsure
      case "Literal": {
        const literal = ast.literal
        return (input) => input === literal ? input : unsure
      }
      case "Unknown":
      case "Any":
        return (input) => input
      case "Declaration": {
        const guard = ast.typeParameters.length === 0 ? parts.guards.get(ast.run) : undefined
        return guard === undefined ? delegate(ast) : (input) => guard(input) ? input : unsure
      }
      case "Union": {
        if (ast.options !== undefined || ast.encodingChecks !== undefined) return delegate(ast)
        // The first member that reads the value, as Effect's union decides.
        const members = ast.types.map(compile)
        return (input) => {
          for (const member of members) {
            const value = member(input)
            if (value !== unsure) return value
          }
          return unsure
        }
      }
      case "Arrays": {
        const rest = ast.rest[0]
        if (ast.elements.length !== 0 || ast.rest.length !== 1 || rest === undefined || ast.encodingChecks !== undefined) {
          return delegate(ast)
        }
        const item = compile(rest)
        return (input) => {
          if (!Array.isArray(input)) return unsure
          const out: Array<unknown> = new Array(input.length)
          for (let i = 0; i < input.length; i++) {
            const value = item(input[i])
            if (value === unsure) return unsure
            out[i] = value
          }
          return out
        }
      }
      case "Objects":
        return plainShape(ast) ? objects(ast, ast.propertySignatures.map((property) => property.name as string)) : delegate(ast)
      default:
        return delegate(ast)
    }
  }

  // A reader is stored before its children are compiled only through delegation (`Schema.suspend`
  // is delegated), so a schema that refers back to itself ends.
  function compile(ast: SchemaAST.AST): Reader {
    let reader = readers.get(ast)
    if (reader === undefined) {
      reader = build(ast)
      readers.set(ast, reader)
    }
    return reader
  }

  return (schema) => compile(schema.ast)
}

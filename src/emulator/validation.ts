/**
 * Strict request validation with the server's SCHEMA_ERROR wording.
 *
 * Bodies, queries and path parameters are decoded with the wire schemas and
 * `onExcessProperty: "error"`; every Schema issue is rendered as the yup message the server sends
 * (`body contains unknown properties: x`, `body.x must be defined`, `query.cursor must be a valid
 * UUID`, ...), and the lines are joined into
 * `Request validation failed on <METHOD> <path>:\n  - <line>\n  - <line>`.
 */
import * as Cause from "effect/Cause"
import * as Exit from "effect/Exit"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import type * as SchemaAST from "effect/SchemaAST"
import type * as SchemaIssue from "effect/SchemaIssue"
import { SchemaError } from "../errors/catalogue.ts"
import * as Create from "../errors/create.ts"

/** A schema a request part is decoded with (any wire request schema). */
export type RequestSchema<A> = Schema.ConstraintDecoder<A>

type Segment = string | number

const renderPath = (root: string, path: ReadonlyArray<Segment>): string =>
  path.reduce<string>((acc, segment) => typeof segment === "number" ? `${acc}[${segment}]` : `${acc}.${segment}`, root)

/** How yup prints a value in a type error. */
/** A scalar as yup prints it inside a value (strings quoted, everything else as text). */
const printScalar = (value: unknown): string | undefined => {
  if (value === null) return "null"
  if (value === undefined) return "undefined"
  if (typeof value === "string") return `"${value}"`
  if (typeof value === "number" || typeof value === "boolean") return String(value)
  return undefined
}

/** A value as yup's `printValue` shows it: arrays and objects as JSON (indent 2) of their printed scalars. */
export const printValue = (value: unknown): string => {
  if (typeof value === "string") return JSON.stringify(value)
  const scalar = printScalar(value)
  if (scalar !== undefined) return scalar
  return JSON.stringify(value, function(this: Record<string, unknown>, key: string, inner: unknown) {
    return key === "" ? inner : printScalar(this[key]) ?? inner
  }, 2)
}

const typeName = (ast: SchemaAST.AST): string => {
  switch (ast._tag) {
    case "String":
    case "TemplateLiteral":
      return "string"
    case "Number":
      return "number"
    case "Boolean":
      return "boolean"
    case "Arrays":
      return "array"
    case "Literal":
      return typeof ast.literal
    case "Union": {
      const nonNull = ast.types.find((member) => member._tag !== "Null" && member._tag !== "Undefined")
      return nonNull === undefined ? "null" : typeName(nonNull)
    }
    default:
      return "object"
  }
}

const typeError = (path: string, ast: SchemaAST.AST, input: unknown): string =>
  `${path} must be a \`${typeName(ast)}\` type, but the final value was: \`${printValue(input)}\`.`

const filterMessage = (path: string, filter: SchemaAST.Filter<unknown>): string => {
  const annotations = filter.annotations
  const representation = annotations?.representation
  const payload = representation?.payload
  const numberIn = (key: string): number | undefined => {
    if (typeof payload !== "object" || payload === null || !(key in payload)) return undefined
    const value: unknown = Reflect.get(payload, key)
    return typeof value === "number" ? value : undefined
  }
  switch (representation?.id) {
    case "effect/schema/isUUID":
      return `${path} must be a valid UUID`
    case "effect/schema/isBase64":
      return `${path} is not valid base64`
    case "effect/schema/isMaxLength":
      return `${path} must be at most ${numberIn("maxLength")} characters`
    case "effect/schema/isMinLength": {
      const min = numberIn("minLength")
      return min === 1 ? `${path} must not be empty` : `${path} must be at least ${min} characters`
    }
    case "effect/schema/isBetweenLength": {
      const min = numberIn("minimum")
      const max = numberIn("maximum")
      return min === max
        ? `${path} must be exactly ${min} characters`
        : `${path} must be between ${min} and ${max} characters`
    }
    case "effect/schema/isGreaterThanOrEqualTo":
      return `${path} must be greater than or equal to ${numberIn("minimum")}`
    case "effect/schema/isLessThanOrEqualTo":
      return `${path} must be less than or equal to ${numberIn("maximum")}`
    case "effect/schema/isInt":
      return `${path} must be an integer`
    case "effect/schema/isFinite":
      return `${path} must be a \`number\` type, but the final value was: \`NaN\`.`
  }
  const expected = annotations?.expected
  if (expected === "a URL") return `${path} is not a valid URL`
  if (expected !== undefined && expected.includes("e-mail")) return `${path} must be a valid email`
  const message = annotations?.message
  // Some of the service's own tests carry a message without the field's path (`withoutPath`).
  if (typeof message === "string" && annotations !== undefined && Reflect.get(annotations, "withoutPath") === true) return message
  if (typeof message === "string") return `${path} ${message}`
  return `${path} must be ${expected ?? "valid"}`
}

const literalValues = (ast: SchemaAST.Union): ReadonlyArray<SchemaAST.LiteralValue> | undefined => {
  const values: Array<SchemaAST.LiteralValue> = []
  for (const member of ast.types) {
    if (member._tag !== "Literal") return undefined
    values.push(member.literal)
  }
  return values
}

interface Collected {
  readonly lines: Array<string>
  /** Unknown keys per rendered parent path, kept in discovery order. */
  readonly unknown: Map<string, Array<string>>
  /** Paths that already have a line (yup reports one failing test per field). */
  readonly seen: Set<string>
}

const collect = (issue: SchemaIssue.Issue, root: string, path: ReadonlyArray<Segment>, out: Collected): void => {
  const rendered = renderPath(root, path)
  const add = (line: string) => {
    if (out.seen.has(rendered)) return
    out.seen.add(rendered)
    out.lines.push(line)
  }
  switch (issue._tag) {
    case "Composite":
      for (const inner of issue.issues) collect(inner, root, path, out)
      return
    case "Pointer":
      collect(issue.issue, root, [...path, ...issue.path.filter((s) => typeof s !== "symbol")], out)
      return
    case "UnexpectedKey": {
      const parent = renderPath(root, path.slice(0, -1))
      const key = path[path.length - 1]
      const keys = out.unknown.get(parent) ?? []
      keys.push(String(key))
      out.unknown.set(parent, keys)
      return
    }
    case "MissingKey":
      add(`${rendered} must be defined`)
      return
    case "InvalidType":
      add(typeError(rendered, issue.ast, issue.input))
      return
    case "AnyOf": {
      if (issue.issues.length > 0) {
        for (const inner of issue.issues) collect(inner, root, path, out)
        return
      }
      const literals = literalValues(issue.ast)
      add(
        literals === undefined
          ? typeError(rendered, issue.ast, issue.input)
          : `${rendered} must be one of the following values: ${literals.map(String).join(", ")}`
      )
      return
    }
    case "Filter": {
      // yup's URL schema reports each failing test: a value with spaces fails two of them.
      const input = issue.input ?? issue.issue.input
      if (issue.filter.annotations?.expected === "a URL" && typeof input === "string" && input.includes(" ")) {
        add(`${rendered} contains spaces`)
        out.lines.push(`${rendered} is not a valid URL`)
        return
      }
      add(filterMessage(rendered, issue.filter))
      return
    }
    case "Encoding":
      collect(issue.issue, root, path, out)
      return
    default:
      add(`${rendered} is invalid`)
  }
}

/** The SCHEMA_ERROR lines for an issue found while decoding `root` (`body`, `query`, `params`). */
export const issueLines = (issue: SchemaIssue.Issue, root: string): ReadonlyArray<string> => {
  const out: Collected = { lines: [], unknown: new Map(), seen: new Set() }
  collect(issue, root, [], out)
  const unknownLines = [...out.unknown].map(([parent, keys]) => `${parent} contains unknown properties: ${keys.join(", ")}`)
  return [...unknownLines, ...out.lines]
}

/**
 * Decodes `input` strictly. On failure returns the SCHEMA_ERROR lines (the request may have more
 * failures elsewhere, so the caller assembles the error).
 */
export const decodeStrict = <A>(
  schema: RequestSchema<A>,
  input: unknown,
  root: string
): Result.Result<A, ReadonlyArray<string>> => {
  if (input === undefined) return Result.fail([`${root} must be defined`])
  const ast = schema.ast
  // An empty Struct accepts any non-nullish value even with `onExcessProperty: "error"`, but the
  // server's `yupObject({})` rejects every key, so check that case by hand.
  if (ast._tag === "Objects" && ast.propertySignatures.length === 0 && ast.indexSignatures.length === 0) {
    if (typeof input !== "object" || input === null || Array.isArray(input)) {
      return Result.fail([typeError(root, ast, input)])
    }
    const keys = Object.keys(input)
    if (keys.length > 0) return Result.fail([`${root} contains unknown properties: ${keys.join(", ")}`])
  }
  const exit = Schema.decodeUnknownExit(schema)(input, { onExcessProperty: "error", errors: "all", reportInput: true })
  if (Exit.isSuccess(exit)) return Result.succeed(exit.value)
  const error = Cause.squash(exit.cause)
  return Result.fail(Schema.isSchemaError(error) ? issueLines(error.issue, root) : [`${root} is invalid`])
}

/** The SCHEMA_ERROR known error for `lines` on a request (`METHOD` and path as requested). */
export const schemaError = (method: string, pathname: string, lines: ReadonlyArray<string>): SchemaError => {
  const message = `Request validation failed on ${method} ${pathname}:\n${lines.map((line) => `  - ${line}`).join("\n")}`
  return Create.SchemaError({ message })
}

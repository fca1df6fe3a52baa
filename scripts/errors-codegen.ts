/**
 * Pure code generation for `src/errors/`: from the rows of `errors.json` to the text of the
 * generated modules. `generate-errors.ts` writes them; `test/unit/errors-generated.test.ts` checks
 * that the committed files are what this produces.
 *
 * Where a row has a `…Now` field (the current server), that value wins over the 2.7-era one.
 */
import * as Schema from "effect/Schema"

// ---------------------------------------------------------------------------------------------
// The table

const Arg = Schema.Struct({
  name: Schema.String,
  type: Schema.String,
  optional: Schema.optionalKey(Schema.Boolean),
  default: Schema.optionalKey(Schema.Unknown)
})

const DetailsTable = Schema.NullOr(Schema.Record(Schema.String, Schema.String))

/** One row of `errors.json` (only the columns the generator reads). */
export const ErrorRow = Schema.Struct({
  code: Schema.String,
  name: Schema.String,
  nameNow: Schema.optionalKey(Schema.String),
  status: Schema.NullOr(Schema.Number),
  statusNow: Schema.optionalKey(Schema.Number),
  message: Schema.NullOr(Schema.String),
  messageNow: Schema.optionalKey(Schema.String),
  details: DetailsTable,
  detailsNow: Schema.optionalKey(DetailsTable),
  detailsSentOnWire: Schema.Boolean,
  detailsSentOnWireNow: Schema.optionalKey(Schema.Boolean),
  ancestors: Schema.Array(Schema.String),
  ancestorsNow: Schema.optionalKey(Schema.Array(Schema.String)),
  constructorArgs: Schema.Array(Arg),
  constructorArgsNow: Schema.optionalKey(Schema.Array(Arg)),
  abstract: Schema.Boolean,
  since: Schema.String
})

/** One row of `errors.json`. */
export type ErrorRow = typeof ErrorRow.Type

/** Decodes the parsed content of `errors.json`. */
export const decodeErrorTable = Schema.decodeUnknownSync(Schema.Array(ErrorRow))

// ---------------------------------------------------------------------------------------------
// Per-code knowledge that the table states only in prose (messageNotes)

/** Placeholders whose value is computed, as expressions over the details `d`. */
const computedPlaceholders: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  ACCESS_TOKEN_EXPIRED: {
    expiredAtSuffix: "expiredAtSuffix(d.expired_at_millis)",
    projectIdSuffix: "labelledSuffix(\"Project ID\", d.project_id)",
    userIdSuffix: "labelledSuffix(\"User ID\", d.user_id)",
    refreshTokenIdSuffix: "labelledSuffix(\"Refresh token ID\", d.refresh_token_id)"
  },
  ADMIN_ACCESS_TOKEN_EXPIRED: { expiredAtSuffix: "expiredAtSuffix(d.expired_at_millis)" },
  INSUFFICIENT_ACCESS_TYPE: { allowedAccessTypesQuoted: "quotedAlternatives(d.allowed_access_types)" },
  ACCESS_TYPE_WITHOUT_PROJECT_ID: { accessType: "d.request_type" },
  USER_EMAIL_ALREADY_EXISTS: { notVerifiedSuffix: "notVerifiedSuffix(d.would_work_if_email_was_verified)" },
  CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE: {
    contactChannelValueQuoted: "contactChannelValueQuoted(d.contact_channel_value)",
    notVerifiedSuffix: "notVerifiedSuffix(d.would_work_if_email_was_verified)"
  },
  WRONG_PERMISSION_SCOPE: { actualScopeJson: "JSON.stringify(d.actual_scope)" },
  ITEM_CUSTOMER_TYPE_DOES_NOT_MATCH: {
    customerTypeExplanation: "customerTypeExplanation(\"item\", d.item_customer_type, d.actual_customer_type)"
  },
  PRODUCT_CUSTOMER_TYPE_DOES_NOT_MATCH: {
    customerTypeExplanation: "customerTypeExplanation(\"product\", d.product_customer_type, d.actual_customer_type)"
  },
  PRODUCT_DOES_NOT_EXIST: { contextText: "productContextText(d.context)" },
  ONE_TIME_PURCHASE_NOT_FOUND: { purchaseId: "d.one_time_purchase_id" },
  ONE_TIME_PURCHASE_ALREADY_REFUNDED: { purchaseId: "d.one_time_purchase_id" }
}

/** Codes whose whole message is built by a helper (the template cannot say it). */
const computedMessages: Readonly<Record<string, string>> = {
  ALL_OVERLOADS_FAILED: "overloadsFailedMessage(d.overload_errors)"
}

/** `"{x}"` in these templates is `JSON.stringify(x)`, not a quoted raw value. */
const jsonQuoted: Readonly<Record<string, ReadonlyArray<string>>> = {
  USER_EMAIL_ALREADY_EXISTS: ["email"],
  INVALID_PROJECT_FOR_ACCESS_TOKEN: ["expectedProjectId", "actualProjectId"],
  WRONG_PERMISSION_SCOPE: ["permissionId", "expectedScope"]
}

/**
 * Detail keys we add to a code. `UNSUPPORTED_ERROR` stands for a code this SDK does not know; it
 * keeps what the server said so nothing is lost.
 */
const extraDetails: Readonly<Record<string, ReadonlyArray<readonly [string, string]>>> = {
  UNSUPPORTED_ERROR: [
    ["originalMessage", "/*#__PURE__*/ Details.optional(Details.string)"],
    ["originalStatus", "/*#__PURE__*/ Details.optional(Details.number)"],
    ["originalDetails", "/*#__PURE__*/ Details.optional(Details.unknown)"]
  ]
}

/** Names of the helpers in `src/errors/known-error.ts` that generated templates may call. */
const templateHelpers = [
  "contactChannelValueQuoted",
  "customerTypeExplanation",
  "expiredAtSuffix",
  "labelledSuffix",
  "notVerifiedSuffix",
  "overloadsFailedMessage",
  "productContextText",
  "quotedAlternatives"
] as const

// ---------------------------------------------------------------------------------------------
// The current view of a row

interface DetailKey {
  readonly key: string
  /** Reader expression (`details-reader.ts`), e.g. `Details.string`. */
  readonly reader: string
  /** Absent from the 2.7-era wire body, so optional when decoding. */
  readonly addedLater: boolean
}

interface Concrete {
  readonly row: ErrorRow
  readonly code: string
  readonly tag: string
  readonly status: number
  readonly statuses: ReadonlyArray<number>
  readonly template: string
  /** `undefined`: the code sends no details. */
  readonly details: ReadonlyArray<DetailKey> | undefined
  readonly args: ReadonlyArray<typeof Arg.Type>
  readonly ancestors: ReadonlyArray<string>
}

const fail = (code: string, what: string): never => {
  throw new Error(`errors.json: ${code}: ${what}`)
}

const pascal = (code: string): string =>
  code.toLowerCase().split("_").map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join("")

const camel = (name: string): string => name.charAt(0).toLowerCase() + name.slice(1)

const snake = (name: string): string => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)

/** Splits `a | b | (c | d)[]` at its top-level `|`. */
const splitUnion = (type: string): ReadonlyArray<string> => {
  const parts: Array<string> = []
  let depth = 0
  let current = ""
  for (const char of type) {
    if (char === "(" || char === "{" || char === "[") depth++
    if (char === ")" || char === "}" || char === "]") depth--
    if (char === "|" && depth === 0) {
      parts.push(current.trim())
      current = ""
    } else {
      current += char
    }
  }
  parts.push(current.trim())
  return parts
}

const pure = (call: string): string => `/*#__PURE__*/ ${call}`

/** Turns a type of the table (`string | null`, `("a" | "b")[]`, `{ type: "x" }`, …) into a reader. */
const readerOf = (code: string, raw: string): string => {
  const type = raw.replace(/^(string|number|boolean|Json\[\]) \(.*\)$/s, "$1").trim()
  const members = splitUnion(type)
  if (members.length > 1) {
    const nonNull = members.filter((member) => member !== "null")
    const literals = nonNull.every((member) => /^"[^"]*"$/.test(member))
    const inner = literals
      ? pure(`Details.literals(${nonNull.join(", ")})`)
      : nonNull.length === 1
      ? readerOf(code, nonNull[0] ?? "")
      : fail(code, `unsupported union ${raw}`)
    return nonNull.length < members.length ? pure(`Details.nullOr(${inner})`) : inner
  }
  if (type === "string") return "Details.string"
  if (type === "number") return "Details.number"
  if (type === "boolean") return "Details.boolean"
  if (type === "Json[]") return pure("Details.array(Details.unknown)")
  if (/^"[^"]*"$/.test(type)) return pure(`Details.literals(${type})`)
  const array = /^\((.*)\)\[\]$/s.exec(type)
  if (array !== null) return pure(`Details.array(${readerOf(code, array[1] ?? "")})`)
  const struct = /^\{(.*)\}$/s.exec(type)
  if (struct !== null) {
    const fields = (struct[1] ?? "").split(";").map((field) => field.trim()).filter((field) => field !== "")
      .map((field) => {
        const colon = field.indexOf(":")
        return `${field.slice(0, colon).trim()}: ${readerOf(code, field.slice(colon + 1))}`
      })
    return pure(`Details.struct({ ${fields.join(", ")} })`)
  }
  return fail(code, `unsupported detail type ${raw}`)
}

const concrete = (row: ErrorRow): Concrete => {
  const status = row.statusNow ?? row.status ?? fail(row.code, "no status")
  const statuses = [...new Set([row.status ?? status, status])].sort((a, b) => a - b)
  const template = row.messageNow ?? row.message ?? fail(row.code, "no message")
  const sent = row.detailsSentOnWireNow ?? row.detailsSentOnWire
  const current = row.detailsNow ?? row.details
  const oldKeys = new Set(row.detailsSentOnWire && row.details !== null ? Object.keys(row.details) : [])
  const olderServersExist = row.since === "2.7"
  const details = sent && current !== null
    ? [
      ...Object.entries(current).map(([key, type]): DetailKey => ({
        key,
        reader: readerOf(row.code, type),
        addedLater: olderServersExist && !oldKeys.has(key)
      })),
      ...(extraDetails[row.code] ?? []).map(([key, reader]): DetailKey => ({ key, reader, addedLater: false }))
    ]
    : undefined
  return {
    row,
    code: row.code,
    tag: row.nameNow ?? row.name,
    status,
    statuses,
    template,
    details,
    args: row.constructorArgsNow ?? row.constructorArgs,
    ancestors: row.ancestorsNow ?? row.ancestors
  }
}

// ---------------------------------------------------------------------------------------------
// Templates → render functions

const escapeTemplateText = (text: string): string =>
  text.replace(/\\/g, "\\\\").replace(/`/g, "\\`").replace(/\$\{/g, "\\${").replace(/\n/g, "\\n")

interface Rendered {
  /** The creating function's parameter list (without parentheses). */
  readonly parameters: string
  /** The message expression (a template literal, a string, or an expression of `d` / `a`). */
  readonly message: string
  readonly helpers: ReadonlyArray<string>
}

const helpersIn = (expression: string): ReadonlyArray<string> =>
  templateHelpers.filter((helper) => expression.includes(`${helper}(`))

/** Renders `template` as a template literal whose placeholders are the expressions `resolve` gives. */
const templateLiteral = (
  item: Concrete,
  resolve: (placeholder: string) => string
): { readonly literal: string; readonly placeholders: number } => {
  const quoted = new Set(jsonQuoted[item.code] ?? [])
  let literal = ""
  let placeholders = 0
  let last = 0
  for (const match of item.template.matchAll(/"?\{([A-Za-z][\w.]*)\}"?/g)) {
    const name = match[1] ?? ""
    const whole = match[0]
    const json = quoted.has(name) && whole.startsWith("\"") && whole.endsWith("\"")
    const leading = !json && whole.startsWith("\"") ? "\"" : ""
    const trailing = !json && whole.endsWith("\"") ? "\"" : ""
    const expression = resolve(name)
    literal += escapeTemplateText(item.template.slice(last, match.index)) + leading +
      (json ? `\${JSON.stringify(${expression})}` : `\${${expression}}`) + trailing
    last = match.index + whole.length
    placeholders++
  }
  literal += escapeTemplateText(item.template.slice(last))
  // A template that is one placeholder (`{message}`) needs no template literal.
  const single = /^\$\{(.*)\}$/s.exec(literal)
  return { literal: single !== null && placeholders === 1 ? single[1] ?? "" : `\`${literal}\``, placeholders }
}

const renderWithDetails = (item: Concrete, details: ReadonlyArray<DetailKey>): Rendered => {
  const parameters = `d: DetailsOf<typeof C.${item.tag}>`
  const whole = computedMessages[item.code]
  if (whole !== undefined) return { parameters, message: whole, helpers: helpersIn(whole) }
  const keys = new Set(details.map((detail) => detail.key))
  const computed = computedPlaceholders[item.code] ?? {}
  const resolve = (placeholder: string): string => {
    const special = computed[placeholder]
    if (special !== undefined) return special
    const [head = "", ...path] = placeholder.split(".")
    const key = keys.has(head) ? head : keys.has(snake(head)) ? snake(head) : fail(item.code, `{${placeholder}}?`)
    return ["d", key, ...path].join(".")
  }
  const { literal, placeholders } = templateLiteral(item, resolve)
  if (placeholders === 0) return { parameters, message: JSON.stringify(item.template), helpers: [] }
  return { parameters, message: literal, helpers: helpersIn(literal) }
}

const renderWithoutDetails = (item: Concrete): Rendered => {
  const used = new Set<string>()
  const args = new Map(item.args.map((arg) => [arg.name, arg]))
  const resolve = (placeholder: string): string => {
    const arg = args.get(placeholder) ?? fail(item.code, `{${placeholder}} is neither a detail nor an argument`)
    if (arg.type !== "string") fail(item.code, `argument ${arg.name}: ${arg.type}`)
    used.add(arg.name)
    return typeof arg.default === "string" ? `(a.${arg.name} ?? ${JSON.stringify(arg.default)})` : `a.${arg.name}`
  }
  const { literal, placeholders } = templateLiteral(item, resolve)
  if (placeholders === 0) return { parameters: "", message: JSON.stringify(item.template), helpers: [] }
  const parameters = [...used].map((name) => args.get(name) ?? fail(item.code, name))
  const allOptional = parameters.every((arg) => arg.optional === true)
  const type = parameters.map((arg) => `readonly ${arg.name}${arg.optional === true ? "?" : ""}: string`).join("; ")
  return { parameters: `a: { ${type} }${allOptional ? " = {}" : ""}`, message: literal, helpers: [] }
}

// ---------------------------------------------------------------------------------------------
// Modules

const header = (what: string): string =>
  [
    "// Generated by scripts/generate-errors.ts from ../shared/protocol/errors.json. Do not edit:",
    "// change the generator (scripts/errors-codegen.ts) and run `npm exec -- node scripts/generate-errors.ts`.",
    `/** ${what} */`
  ].join("\n")

const docText = (text: string): string => {
  const flat = text.replace(/\s*\n\s*/g, " ").replace(/\*\//g, "*\\/")
  return flat.length > 140 ? `${flat.slice(0, 137)}…` : flat
}

/** The code a tag spells in upper snake case, as `defineKnownError` reads a spec without one. */
const codeSpelledBy = (tag: string): string => tag.replace(/(?<=[a-z0-9])(?=[A-Z])/g, "_").toUpperCase()

const statusText = (item: Concrete): string =>
  item.statuses.length > 1 ? `${item.status}; older servers ${item.statuses.filter((s) => s !== item.status).join(", ")}` : `${item.status}`

const catalogueModule = (items: ReadonlyArray<Concrete>): string => {
  let usesWithout = false
  let usesWith = false
  const blocks = items.map((item) => {
    const lines: Array<string> = []
    lines.push(`/** \`${item.code}\` (${statusText(item)}): ${docText(item.template)} */`)
    // A class without details whose code its tag spells names the code as a type argument only
    // (see `Spec.code` in known-error.ts); a class with details has its details' type inferred, so
    // it keeps its code.
    const implied = item.details === undefined && codeSpelledBy(item.tag) === item.code
    const common = [
      `  tag: ${JSON.stringify(item.tag)}`,
      ...(implied ? [] : [`  code: ${JSON.stringify(item.code)}`]),
      `  status: ${item.status}`,
      // Most codes have one status: the class then lists that one (see `Spec.statuses`).
      ...(item.statuses.length === 1 && item.statuses[0] === item.status ? [] : [`  statuses: [${item.statuses.join(", ")}]`])
    ]
    if (item.details === undefined) {
      usesWithout = true
      const typeArguments = implied ? `<${JSON.stringify(item.tag)}, ${JSON.stringify(item.code)}>` : ""
      lines.push(`export const ${item.tag} = /*#__PURE__*/ defineKnownError${typeArguments}({`, withCommas(common).join("\n"), "})")
    } else {
      usesWith = true
      const details = item.details.length === 0
        ? ["  details: /*#__PURE__*/ Details.struct({})"]
        : [
          "  details: /*#__PURE__*/ Details.struct({",
          ...item.details.map((detail, index) => {
            const reader = detail.addedLater ? pure(`Details.optionalKey(${detail.reader})`) : detail.reader
            return `    ${detail.key}: ${reader}${index < (item.details?.length ?? 0) - 1 ? "," : ""}`
          }),
          "  })"
        ]
      lines.push(`export const ${item.tag} = /*#__PURE__*/ defineKnownErrorWithDetails({`, withCommas([...common, details.join("\n")]).join("\n"), "})")
    }
    lines.push(`/** An instance of {@link ${item.tag}}. */`)
    lines.push(`export type ${item.tag} = InstanceType<typeof ${item.tag}>`)
    return lines.join("\n")
  })
  const factories = [
    ...(usesWithout ? ["defineKnownError"] : []),
    ...(usesWith ? ["defineKnownErrorWithDetails"] : [])
  ]
  return [
    header(
      "The catalogue: one tagged error class per known-error code, current server's form. The messages the server sends are in `create.ts`."
    ),
    ...(usesWith ? ["import * as Details from \"./details-reader.ts\""] : []),
    `import {\n${factories.map((name) => `  ${name}`).join(",\n")}\n} from "./known-error.ts"`,
    "",
    blocks.join("\n\n"),
    ""
  ].join("\n")
}

/** Object-literal entries: a comma after every one but the last. */
const withCommas = (entries: ReadonlyArray<string>): ReadonlyArray<string> =>
  entries.map((entry, index) => (index < entries.length - 1 ? `${entry},` : entry))

/**
 * `create.ts`: per code, a function building its error with the message the current server sends,
 * under the class's name (`Create.EmailPasswordMismatch()`), for the emulator, tests and the few
 * errors the SDK raises itself. A bundle carries the message of the functions it calls only.
 */
const createModule = (items: ReadonlyArray<Concrete>): string => {
  const helpers = new Set<string>()
  let usesWithout = false
  let usesWith = false
  const blocks = items.map((item) => {
    const rendered = item.details === undefined ? renderWithoutDetails(item) : renderWithDetails(item, item.details)
    rendered.helpers.forEach((helper) => helpers.add(helper))
    const build = item.details === undefined
      ? `knownError(C.${item.tag}, ${rendered.message})`
      : `knownErrorWithDetails(C.${item.tag}, d, ${rendered.message})`
    if (item.details === undefined) usesWithout = true
    else usesWith = true
    return [
      `/** \`${item.code}\` with the message the current server sends. */`,
      `export const ${item.tag} = (${rendered.parameters}) =>`,
      `  ${build}`
    ].join("\n")
  })
  const imports = [
    ...(usesWith ? ["type DetailsOf"] : []),
    ...(usesWithout ? ["knownError"] : []),
    ...(usesWith ? ["knownErrorWithDetails"] : []),
    ...[...helpers].sort()
  ]
  return [
    header(
      "Every catalogue error with the message the current server sends: `Create.EmailPasswordMismatch()`, `Create.PasswordTooShort({ min_length: 8 })`."
    ),
    "import * as C from \"./catalogue.ts\"",
    `import {\n${imports.map((name) => `  ${name}`).join(",\n")}\n} from "./known-error.ts"`,
    "",
    blocks.join("\n\n"),
    ""
  ].join("\n")
}

const codesModule = (items: ReadonlyArray<Concrete>): string =>
  [
    header("Every concrete catalogue code with the statuses supported servers send for it (no classes)."),
    "",
    "/** Code → statuses (2.7-era and current). */",
    "export const catalogueStatuses: { readonly [code: string]: ReadonlyArray<number> } = {",
    items.map((item) => `  ${item.code}: [${item.statuses.join(", ")}]`).join(",\n"),
    "}",
    "",
    "/** The statuses of a catalogue code, or `undefined` when the catalogue does not know the code. */",
    "export const catalogueStatusesOf = (code: string): ReadonlyArray<number> | undefined =>",
    "  Object.hasOwn(catalogueStatuses, code) ? catalogueStatuses[code] : undefined",
    ""
  ].join("\n")

const familiesModule = (rows: ReadonlyArray<ErrorRow>, items: ReadonlyArray<Concrete>): string => {
  const families = rows.filter((row) => row.abstract).map((row) => {
    const members = items.filter((item) => item.ancestors.includes(row.code))
    if (members.length === 0) fail(row.code, "family without members")
    return { code: row.code, name: pascal(row.code), members }
  })
  const imported = [...new Set(families.flatMap((family) => family.members.map((member) => member.tag)))].sort()
  const blocks = families.map((family) => {
    const variable = camel(family.name)
    const tags = family.members.map((member) => JSON.stringify(member.tag))
    const codes = family.members.map((member) => JSON.stringify(member.code))
    return [
      `/** The \`${family.code}\` family: every code whose ancestors include it (${family.members.length}). */`,
      `export type ${family.name} =\n${family.members.map((member) => `  | ${member.tag}`).join("\n")}`,
      `const ${variable}Tags: ReadonlySet<string> = /*#__PURE__*/ new Set([${tags.join(", ")}])`,
      `const ${variable}Codes: ReadonlySet<string> = /*#__PURE__*/ new Set([${codes.join(", ")}])`,
      `/** Whether \`u\` is a catalogue error of the \`${family.code}\` family. */`,
      `export const is${family.name} = (u: unknown): u is ${family.name} => hasTagIn(${variable}Tags, u)`,
      `/** Whether \`code\` belongs to the \`${family.code}\` family (also for an \`UnexpectedKnownError\`). */`,
      `export const is${family.name}Code = (code: string): boolean => ${variable}Codes.has(code)`
    ].join("\n")
  })
  return [
    header(
      "Error families (abstract codes of the catalogue): union types and small guards that import no class."
    ),
    "import * as Predicate from \"effect/Predicate\"",
    `import type {\n${imported.map((name) => `  ${name}`).join(",\n")}\n} from "./catalogue.ts"`,
    "",
    "const hasTagIn = (tags: ReadonlySet<string>, u: unknown): boolean =>",
    "  Predicate.hasProperty(u, \"_tag\") && typeof u._tag === \"string\" && tags.has(u._tag)",
    "",
    blocks.join("\n\n"),
    ""
  ].join("\n")
}

const allModule = (items: ReadonlyArray<Concrete>): string => {
  const names = items.map((item) => item.tag)
  return [
    header("Every catalogue class at once: for `stackfx/errors` users and the emulator, never for a single call."),
    `import {\n${names.map((name) => `  ${name}`).join(",\n")}\n} from "./catalogue.ts"`,
    "",
    "/** Every catalogue class, in table order. */",
    // Spelled out so that declaration files name each class instead of repeating its type.
    `export const allKnownErrors: readonly [\n${names.map((name) => `  typeof ${name}`).join(",\n")}\n] = [\n${
      names.map((name) => `  ${name}`).join(",\n")
    }\n]`,
    "",
    "/** Any catalogue class. */",
    "export type KnownErrorClass = (typeof allKnownErrors)[number]",
    "/** Any catalogue error. */",
    "export type KnownError = InstanceType<KnownErrorClass>",
    "/** Any catalogue code. */",
    "export type KnownErrorCode = KnownErrorClass[\"code\"]",
    "",
    "let byCode: ReadonlyMap<string, KnownErrorClass> | undefined",
    "",
    "/** The catalogue class of `code`, or `undefined` when the catalogue does not know it. */",
    "export function knownErrorByCode<C extends KnownErrorCode>(code: C): Extract<KnownErrorClass, { readonly code: C }>",
    "export function knownErrorByCode(code: string): KnownErrorClass | undefined",
    "export function knownErrorByCode(code: string): KnownErrorClass | undefined {",
    "  // Built on first use so that importing this module has no effect a bundler must keep.",
    "  byCode ??= new Map(allKnownErrors.map((known) => [known.code, known]))",
    "  return byCode.get(code)",
    "}",
    ""
  ].join("\n")
}

/** The generated files of `src/errors/`, by file name. */
export interface GeneratedErrorModules {
  readonly "catalogue.ts": string
  readonly "create.ts": string
  readonly "codes.ts": string
  readonly "families.ts": string
  readonly "all.ts": string
}

/** Renders every generated module of `src/errors/` from the rows of `errors.json`. */
export const renderErrorModules = (rows: ReadonlyArray<ErrorRow>): GeneratedErrorModules => {
  const items = rows.filter((row) => !row.abstract).map(concrete)
  const tags = new Set(items.map((item) => item.tag))
  if (tags.size !== items.length) throw new Error("errors.json: two codes share a class name")
  const families = rows.filter((row) => row.abstract).map((row) => pascal(row.code))
  families.forEach((family) => tags.has(family) && fail(family, "family name equals a class name"))
  return {
    "catalogue.ts": catalogueModule(items),
    "create.ts": createModule(items),
    "codes.ts": codesModule(items),
    "families.ts": familiesModule(rows, items),
    "all.ts": allModule(items)
  }
}

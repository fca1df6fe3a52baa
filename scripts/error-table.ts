/**
 * Writes docs/errors.md: every operation of stackfx/client, StackServer and StackAdmin with the
 * error union its type declares, read by the TypeScript checker from the code itself (so the table
 * cannot drift from what `Effect.catchTag` sees). Errors every call shares are shown once, as the
 * families they belong to.
 *
 * `node --experimental-strip-types scripts/error-table.ts` rewrites the file; `renderErrorTable()` is
 * what the test compares with it.
 */
import * as Fs from "node:fs"
import * as Path from "node:path"
import ts from "typescript"
import { adminProjectErrors, clientProjectErrors, serverProjectErrors } from "../src/http/project-errors.ts"

const root = Path.resolve(import.meta.dirname, "..")
export const errorTablePath = Path.join(root, "docs/errors.md")

/**
 * Errors shown as one family name instead of their members: a family stands for its members when an
 * operation's union has all of them.
 */
export const families: ReadonlyArray<{ readonly name: string; readonly tags: ReadonlySet<string> }> = [
  { name: "admin project errors", tags: new Set(adminProjectErrors.map((error) => error.identifier)) },
  { name: "server project errors", tags: new Set(serverProjectErrors.map((error) => error.identifier)) },
  { name: "client project errors", tags: new Set(clientProjectErrors.map((error) => error.identifier)) },
  { name: "access-token errors", tags: new Set(["UnparsableAccessToken", "AccessTokenExpired", "InvalidProjectForAccessToken"]) },
  { name: "transport errors", tags: new Set(["StackTransportError", "StackResponseError", "StackRateLimitedError", "UnexpectedKnownError", "UnsupportedError"]) }
]

/** The `_tag` literals of an error type (a union or one class). */
const tagsOf = (checker: ts.TypeChecker, type: ts.Type): ReadonlyArray<string> => {
  const members = type.isUnion() ? type.types : [type]
  return members.flatMap((member) => {
    const tag = member.getProperty("_tag")
    if (tag === undefined) return member.flags & ts.TypeFlags.Never ? [] : [checker.typeToString(member)]
    const tagType = checker.getTypeOfSymbol(tag)
    return tagType.isStringLiteral() ? [tagType.value] : [checker.typeToString(tagType)]
  })
}

/** The `E` of a function returning `Effect<A, E, R>`, or undefined when it returns no Effect. */
const errorTypeOf = (checker: ts.TypeChecker, type: ts.Type): ts.Type | undefined => {
  const signature = type.getCallSignatures()[0]
  if (signature === undefined) return undefined
  const result = signature.getReturnType()
  const effect = result.getProperty("~effect/Effect") ?? result.getProperty("Effect")
  const args = checker.getTypeArguments(result as ts.TypeReference)
  if (args.length >= 3) return args[1]
  if (effect === undefined) return undefined
  return undefined
}

/** One operation's error union: every tag, and the same split into its own errors and families. */
export interface Row {
  readonly operation: string
  readonly tags: ReadonlyArray<string>
  readonly own: ReadonlyArray<string>
  readonly shared: ReadonlyArray<string>
}

const rowFor = (checker: ts.TypeChecker, operation: string, errorType: ts.Type): Row => {
  const tags = [...new Set(tagsOf(checker, errorType))].sort()
  const applied = families.filter((family) => [...family.tags].every((tag) => tags.includes(tag)))
  const shared = applied.map((family) => family.name)
  const own = tags.filter((tag) => !applied.some((family) => family.tags.has(tag)))
  return { operation, tags, own, shared }
}

/** The rows of one group: the exports of a module, or the members of a service type. */
const rowsOf = (checker: ts.TypeChecker, entries: ReadonlyArray<readonly [string, ts.Type]>): ReadonlyArray<Row> =>
  entries.flatMap(([name, type]) => {
    const errorType = errorTypeOf(checker, type)
    return errorType === undefined ? [] : [rowFor(checker, name, errorType)]
  }).sort((a, b) => a.operation.localeCompare(b.operation))

const render = (title: string, intro: string, rows: ReadonlyArray<Row>): string =>
  [
    `## ${title}`,
    "",
    intro,
    "",
    "| operation | its own errors | shared |",
    "|---|---|---|",
    ...rows.map((row) =>
      `| \`${row.operation}\` | ${row.own.length === 0 ? "—" : row.own.map((tag) => `\`${tag}\``).join(", ")} | ${row.shared.join(", ")} |`
    ),
    ""
  ].join("\n")

/** Every operation's union, per surface, read by the TypeScript checker from the sources. */
export interface Unions {
  readonly client: ReadonlyArray<Row>
  readonly server: ReadonlyArray<Row>
  /** StackAdmin's own operations (those it shares with StackServer are in `adminAsServer`). */
  readonly admin: ReadonlyArray<Row>
  /** StackServer's operations as StackAdmin declares them (sent with admin credentials). */
  readonly adminAsServer: ReadonlyArray<Row>
  /** The functions `stackfx/server` exports beside StackServer (token verification, request users). */
  readonly serverFunctions: ReadonlyArray<Row>
  /** The functions `stackfx/admin` exports beside StackAdmin (an owner's projects). */
  readonly adminFunctions: ReadonlyArray<Row>
}

/** Reads every operation's error union from the sources. */
export const readUnions = (): Unions => {
  const configPath = Path.join(root, "tsconfig.json")
  const config = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })
  if (config === undefined) throw new Error("tsconfig.json cannot be read")
  const files = ["src/client/index.ts", "src/server/stack-server.ts", "src/admin/stack-admin.ts", "src/server/index.ts", "src/admin/index.ts"]
    .map((file) => Path.join(root, file))
  const program = ts.createProgram(files, config.options)
  const checker = program.getTypeChecker()
  const moduleExports = (file: string) => {
    const source = program.getSourceFile(file)
    const symbol = source === undefined ? undefined : checker.getSymbolAtLocation(source)
    return symbol === undefined ? [] : checker.getExportsOfModule(symbol)
  }
  const serviceMembers = (file: string, typeName: string): ReadonlyArray<readonly [string, ts.Type]> => {
    const symbol = moduleExports(file).find((each) => each.name === typeName)
    if (symbol === undefined) throw new Error(`${typeName} not found in ${file}`)
    const type = checker.getDeclaredTypeOfSymbol(symbol)
    return type.getProperties().map((property) => [property.name, checker.getTypeOfSymbol(property)] as const)
  }
  const moduleFunctions = (file: string): ReadonlyArray<readonly [string, ts.Type]> =>
    moduleExports(file).flatMap((symbol) => {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol
      return target.flags & (ts.SymbolFlags.Variable | ts.SymbolFlags.Function) ? [[symbol.name, checker.getTypeOfSymbol(target)] as const] : []
    })
  const client = moduleFunctions(files[0] ?? "")
  const server = serviceMembers(files[1] ?? "", "StackServerService")
  const serverNames = new Set(server.map(([name]) => name))
  const adminMembers = serviceMembers(files[2] ?? "", "StackAdminService")
  return {
    client: rowsOf(checker, client),
    server: rowsOf(checker, server),
    admin: rowsOf(checker, adminMembers.filter(([name]) => !serverNames.has(name))),
    adminAsServer: rowsOf(checker, adminMembers.filter(([name]) => serverNames.has(name))),
    serverFunctions: rowsOf(checker, moduleFunctions(files[3] ?? "")),
    adminFunctions: rowsOf(checker, moduleFunctions(files[4] ?? ""))
  }
}

/** The whole docs/errors.md text, computed from the sources. */
export const renderErrorTable = (unions: Unions = readUnions()): string => {
  const familyText = families.map((family) => `- **${family.name}**: ${[...family.tags].map((tag) => `\`${tag}\``).join(", ")}`)
  return [
    "# Operations and their errors",
    "",
    "Generated from the code by `scripts/error-table.ts` (the TypeScript checker reads each operation's",
    "error type); `npm test` fails when this file and the code disagree. Every error below is a tagged",
    "class: `Effect.catchTag(\"EmailPasswordMismatch\", ...)` narrows, and the family guards of",
    "`stackfx/errors` (`isProjectAuthenticationError`, `isInvalidAccessToken`, ...) test a whole family.",
    "",
    "Errors many calls share are shown by family:",
    "",
    ...familyText,
    "",
    "Project errors come with every call that sends project headers, and only those its access level",
    "can meet: a wrong or revoked key of that level, a project id the service does not know, for an",
    "admin app an owner session that expired or is not an owner's. Access-token errors come with every",
    "call made as the signed-in user (the session refreshes once and retries before it fails with one).",
    "",
    render("stackfx/client", "End-user operations (each a function needing `StackClientCore`).", unions.client),
    render("StackServer", "Server operations with the secret server key.", unions.server),
    render(
      "StackAdmin",
      "Every StackServer operation above, sent with admin credentials: the same own errors, with the admin project errors instead of the server ones. Plus:",
      unions.admin
    ),
    render("stackfx/server functions", "What `stackfx/server` exports beside StackServer.", unions.serverFunctions),
    render("stackfx/admin functions", "What `stackfx/admin` exports beside StackAdmin.", unions.adminFunctions)
  ].join("\n")
}

if (import.meta.main) {
  Fs.mkdirSync(Path.dirname(errorTablePath), { recursive: true })
  Fs.writeFileSync(errorTablePath, renderErrorTable())
  process.stdout.write(`wrote ${Path.relative(root, errorTablePath)}\n`)
}

/**
 * A browser bundle keeps none of stackfx's module-level values that nothing uses. A value built by a
 * call the bundler cannot prove pure (a `.check(...)` or a transformation without a `#__PURE__`
 * mark, a list built by `.flatMap`) stays in every bundle that imports its module, used or not: four
 * such values (list-query and session-creation schemas, a Base64 check, a header list) once cost
 * the sign-in bundle about 1 KB gz.
 */
import * as Path from "node:path"
import { describe, expect, it } from "@effect/vitest"
import * as Esbuild from "esbuild"
import ts from "typescript"

const repo = Path.resolve(import.meta.dirname, "../..")

/** The bundle of `entry` as the size bench builds it, with readable names and esbuild's `// path` markers. */
const bundleOf = async (entry: string): Promise<string> => {
  const result = await Esbuild.build({
    entryPoints: [Path.resolve(repo, entry)],
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minifySyntax: true,
    treeShaking: true,
    splitting: true,
    outdir: "bundle",
    legalComments: "none",
    jsx: "automatic",
    alias: { "stackfx/client": Path.join(repo, "src/client/index.ts"), "stackfx/react": Path.join(repo, "react/index.ts") },
    logLevel: "silent"
  })
  const entryName = Path.basename(entry).replace(/\.tsx?$/, ".js")
  const output = result.outputFiles.find((file) => Path.basename(file.path) === entryName)
  if (output === undefined) throw new Error(`no output for ${entry}`)
  return output.text
}

/** The names a declaration binds, destructured ones too (`const [useX, useXState] = ...`, kept whole by a bundler). */
const boundNames = (name: ts.BindingName): ReadonlyArray<string> =>
  ts.isIdentifier(name)
    ? [name.text]
    : name.elements.flatMap((element) => ts.isBindingElement(element) ? boundNames(element.name) : [])

/**
 * The top-level values declared by stackfx's own sources in `code` that no other place names,
 * as `source file: name`.
 */
const unusedOwnValues = (code: string): ReadonlyArray<string> => {
  const file = ts.createSourceFile("bundle.js", code, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS)
  // esbuild heads each module's code with a `// <path>` line.
  const markers = [...code.matchAll(/^\/\/ (\S+)$/gm)].map((match) => ({ at: match.index, path: match[1] ?? "" }))
  const sourceAt = (position: number) => markers.filter((marker) => marker.at <= position).at(-1)?.path ?? ""
  const declared: Array<{ readonly name: string; readonly source: string }> = []
  for (const statement of file.statements) {
    const names = ts.isVariableStatement(statement)
      ? statement.declarationList.declarations.flatMap((declaration) => boundNames(declaration.name))
      : (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name !== undefined
      ? [statement.name.text]
      : []
    for (const name of names) declared.push({ name, source: sourceAt(statement.getStart()) })
  }
  const uses = new Map<string, number>()
  const count = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) uses.set(node.text, (uses.get(node.text) ?? 0) + 1)
    ts.forEachChild(node, count)
  }
  count(file)
  return declared
    .filter(({ name, source }) => /^(?:src|react)\//.test(source) && (uses.get(name) ?? 0) <= 1)
    .map(({ name, source }) => `${source}: ${name}`)
}

describe("bundles keep no unused stackfx value", () => {
  it("finds an unused value", () => {
    const code = "// src/probe.ts\nvar used = 1, unused = [1].flatMap((x) => [x]);\nexport { used };\n"
    expect(unusedOwnValues(code)).toEqual(["src/probe.ts: unused"])
  })

  it("finds an unused value bound by destructuring", () => {
    const code = "// react/probe.ts\nvar [useA, useAState] = define();\nexport { useA };\n"
    expect(unusedOwnValues(code)).toEqual(["react/probe.ts: useAState"])
  })

  it.each(["bench/entries/client-sign-in.ts", "bench/entries/react-minimal.tsx", "bench/entries/react-kit-sign-in.tsx", "examples/react-app/app.tsx"])("%s", async (entry) => {
    // The admin and account-settings hooks are still declared as destructured pairs
    // (`const [useX, useXState] = defineQuery(...)`), which a bundle keeps whole: the example app,
    // which imports them, is checked for single-name declarations only until they are not.
    const unused = unusedOwnValues(await bundleOf(entry))
    expect(entry.startsWith("examples/") ? unused.filter((value) => !/^react\/(admin|account)-hooks\.ts: /.test(value)) : unused).toEqual([])
  }, 60_000)
})

/**
 * The app a framework guide describes, put together from the guide's own code blocks (never copied
 * by hand): each block that names a file on its first line (`// app/page.tsx`, `// tsconfig.json`,
 * `<!-- index.html -->`) is that file. Paths under the guide's example (`examples/next-app/...`) are
 * taken relative to the example, so the files land where a user following the guide puts them.
 */
import * as ChildProcess from "node:child_process"
import * as Fs from "node:fs"
import * as Path from "node:path"

/** One file of the guide's app: its path in the app and its text. */
export interface GuideFile {
  readonly path: string
  readonly text: string
}

const blockPattern = /```(?:ts|tsx|jsonc|html)\n([\s\S]*?)\n```/g
const codeHeader = /^\/\/ (\S+\.(?:ts|tsx|json))$/
const htmlHeader = /^<!-- (\S+\.html) -->$/

/** The files of `guide` (a Markdown file), with `examplePrefix` (`examples/next-app/`) taken off their paths. */
export const guideFiles = (guide: string, examplePrefix: string): ReadonlyArray<GuideFile> =>
  [...Fs.readFileSync(guide, "utf8").matchAll(blockPattern)].flatMap(([, body = ""]): ReadonlyArray<GuideFile> => {
    const [first = "", ...rest] = body.split("\n")
    const relative = (named: string) => named.startsWith(examplePrefix) ? named.slice(examplePrefix.length) : named
    const code = codeHeader.exec(first)
    // A TypeScript or JSONC file keeps its first line (a comment there is part of the file).
    if (code?.[1] !== undefined) return [{ path: relative(code[1]), text: `${body}\n` }]
    const html = htmlHeader.exec(first)
    // An HTML page starts with its doctype: the line naming it is the guide's, not the page's.
    if (html?.[1] !== undefined) return [{ path: relative(html[1]), text: `${rest.join("\n")}\n` }]
    return []
  })

/** Writes `files` under `folder`. */
export const writeGuideApp = (folder: string, files: ReadonlyArray<GuideFile>): void => {
  for (const file of files) {
    const target = Path.join(folder, file.path)
    Fs.mkdirSync(Path.dirname(target), { recursive: true })
    Fs.writeFileSync(target, file.text)
  }
}

const root = Path.resolve(import.meta.dirname, "../..")

/** Each `stackfx/...` subpath the package exports, mapped to this repository's source of it. */
const sourcePaths = (): Readonly<Record<string, ReadonlyArray<string>>> => {
  const manifest: { readonly exports: Readonly<Record<string, unknown>> } = JSON.parse(Fs.readFileSync(Path.join(root, "package.json"), "utf8"))
  const paths: Record<string, ReadonlyArray<string>> = {}
  for (const [subpath, target] of Object.entries(manifest.exports)) {
    const built = typeof target === "object" && target !== null && "import" in target && typeof target.import === "string" ? target.import : undefined
    if (built === undefined || !built.startsWith("./dist/")) continue
    const source = Path.join(root, built.slice("./dist/".length).replace(/\.js$/, ".ts"))
    paths[`stackfx${subpath.slice(1)}`] = [Fs.existsSync(source) ? source : `${source}x`]
  }
  return paths
}

/**
 * Type-checks the guide's app in `folder` with the guide's own `tsconfig.json`, stackfx's subpaths
 * resolved to this repository's sources (what the package is built from) and everything else to
 * this repository's `node_modules`: the errors in the app's own files (the package's sources
 * compiled under the app's options are not what an app gets: it gets their declarations, and
 * `skipLibCheck`), and everything the compiler printed.
 */
export const typeCheckGuideApp = (folder: string): { readonly errors: ReadonlyArray<string>; readonly output: string } => {
  if (!Fs.existsSync(Path.join(folder, "node_modules"))) Fs.symlinkSync(Path.join(root, "node_modules"), Path.join(folder, "node_modules"))
  Fs.writeFileSync(Path.join(folder, "tsconfig.check.json"), JSON.stringify({
    extends: "./tsconfig.json",
    // The sources import each other with their `.ts` extensions; the app's own options stay the guide's.
    compilerOptions: { incremental: false, allowImportingTsExtensions: true, noEmit: true, paths: sourcePaths() }
  }))
  const result = ChildProcess.spawnSync(process.execPath, [Path.join(root, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.check.json"], {
    cwd: folder,
    encoding: "utf8",
    maxBuffer: 64 << 20
  })
  const output = `${result.stdout}${result.stderr}`
  const errors = output.split("\n").filter((line) => / error TS\d+/.test(line) && !line.startsWith("../") && !line.startsWith("/"))
  // A compiler that failed without an error in any file (a bad tsconfig) is an error of the app's too.
  return { errors: result.status !== 0 && !/ error TS\d+/.test(output) ? [output] : errors, output }
}

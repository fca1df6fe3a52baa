/**
 * The Next.js example's first load: the client JavaScript a browser downloads to show each route of
 * `examples/next-app` (`next build` output, as `next build` itself counts "First Load JS": the
 * root main files, the root layout's chunks and the page's), gzipped, beside Next.js and React's own
 * share (the root main files alone, which any App Router page loads).
 *
 * The official Next.js SDK (`@stackframe/stack`) is not measured beside it: it is not a dependency of
 * this repository, and building an app with it means installing it and its dependency tree first.
 */
import * as Fs from "node:fs"
import * as Path from "node:path"
import * as Zlib from "node:zlib"
import * as Effect from "effect/Effect"
import { buildNextApp, nextAppDir } from "../examples/next-app/serve.ts"

/** One route's first load. */
export interface RouteFirstLoad {
  readonly route: string
  readonly files: number
  readonly gzipBytes: number
}

const Manifest = (file: string): unknown => JSON.parse(Fs.readFileSync(file, "utf8"))

const stringsOf = (value: unknown): ReadonlyArray<string> =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : []

const fieldOf = (value: unknown, key: string): unknown =>
  typeof value === "object" && value !== null && key in value ? (value as Readonly<Record<string, unknown>>)[key] : undefined

const recordOf = (value: unknown): Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null ? value as Readonly<Record<string, unknown>> : {}

/** First loads of the built example's routes (build it first if there is no build). */
export const measureNextFirstLoad = async (): Promise<{ readonly framework: RouteFirstLoad; readonly routes: ReadonlyArray<RouteFirstLoad> }> => {
  const dist = Path.join(nextAppDir, ".next")
  if (!Fs.existsSync(Path.join(dist, "app-build-manifest.json"))) await Effect.runPromise(buildNextApp)
  const rootMain = stringsOf(fieldOf(Manifest(Path.join(dist, "build-manifest.json")), "rootMainFiles"))
  const app = recordOf(fieldOf(Manifest(Path.join(dist, "app-build-manifest.json")), "pages"))
  const gzip = (files: ReadonlyArray<string>) =>
    files.reduce((sum, file) => sum + Zlib.gzipSync(Fs.readFileSync(Path.join(dist, file)), { level: 9 }).length, 0)
  const load = (route: string, chunks: ReadonlyArray<string>): RouteFirstLoad => {
    const files = [...new Set([...rootMain, ...chunks])].filter((file) => file.endsWith(".js"))
    return { route, files: files.length, gzipBytes: gzip(files) }
  }
  const layout = stringsOf(app["/layout"])
  const routes = Object.keys(app).filter((key) => key.endsWith("/page") && !key.startsWith("/_")).sort().map((key) =>
    load(key.replace(/\/page$/, "") || "/", [...layout, ...stringsOf(app[key])])
  )
  return { framework: load("(Next.js and React alone)", []), routes }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

/** Prints the figures. */
export const reportNextFirstLoad = async () => {
  const { framework, routes } = await measureNextFirstLoad()
  const lines = [
    "Next.js example (examples/next-app, next build): client JS at first load, gzipped",
    `  ${framework.route.padEnd(28)} ${kb(framework.gzipBytes).padStart(9)}  (${framework.files} files)`,
    ...routes.map((route) =>
      `  ${route.route.padEnd(28)} ${kb(route.gzipBytes).padStart(9)}  (${route.files} files; stackfx, the kit and the page: ${kb(route.gzipBytes - framework.gzipBytes)})`
    ),
    "  official Next.js SDK (@stackframe/stack): not measured (not installed here; building it needs its dependency tree from the registry)"
  ]
  process.stdout.write(`${lines.join("\n")}\n\n`)
  return { framework, routes }
}

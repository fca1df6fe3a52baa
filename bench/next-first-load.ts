/**
 * The Next.js example's first load beside the official Next.js SDK's: the client JavaScript a browser
 * downloads to show each route (`next build` output, counted as `next build` itself counts "First
 * Load JS": the root main files, the root layout's chunks and the page's), gzipped, and Next.js and
 * React's own share (the root main files alone, which any App Router page loads).
 *
 * Both apps are built in the same run with the same Next.js (the repository's): `examples/next-app`
 * (stackfx/next) and `bench/official-next-app`, the same pages on `@stackframe/stack` (its
 * `StackProvider` and `StackTheme` in the root layout, `StackHandler` for the handler pages, a home
 * page reading the user on the server with a client panel of hooks and the user button). The ratios
 * divide the two measured figures.
 */
import * as Fs from "node:fs"
import * as Path from "node:path"
import * as Zlib from "node:zlib"
import * as Effect from "effect/Effect"
import { buildNextApp, buildNextAppAt, builtChunks, nextAppDir, nextAppLocation } from "../examples/next-app/serve.ts"

/** One route's first load. */
export interface RouteFirstLoad {
  readonly route: string
  readonly files: number
  readonly gzipBytes: number
}

/** One app's first loads: Next.js and React alone, and each route. */
export interface AppFirstLoad {
  readonly framework: RouteFirstLoad
  readonly routes: ReadonlyArray<RouteFirstLoad>
}

/** First loads of the app built into `dist` (a `.next` folder). */
export const measureBuiltApp = (dist: string): AppFirstLoad => {
  const { rootMain, entries: app } = builtChunks(dist)
  const gzip = (files: ReadonlyArray<string>) =>
    files.reduce((sum, file) => sum + Zlib.gzipSync(Fs.readFileSync(Path.join(dist, file)), { level: 9 }).length, 0)
  const load = (route: string, chunks: ReadonlyArray<string>): RouteFirstLoad => {
    const files = [...new Set([...rootMain, ...chunks])].filter((file) => file.endsWith(".js"))
    return { route, files: files.length, gzipBytes: gzip(files) }
  }
  const layout = app["/layout"] ?? []
  const routes = Object.keys(app).filter((key) => key.endsWith("/page") && !key.startsWith("/_")).sort().map((key) =>
    load(key.replace(/\/page$/, "") || "/", [...layout, ...(app[key] ?? [])])
  )
  return { framework: load("(Next.js and React alone)", []), routes }
}

/** The example, freshly built. */
export const measureNextFirstLoad = async (): Promise<AppFirstLoad> => {
  await Effect.runPromise(buildNextApp)
  return measureBuiltApp(Path.join(nextAppDir, ".next"))
}

const officialAppDir = Path.join(import.meta.dirname, "official-next-app")

/**
 * The official SDK's app, built in a copy under the repository's `.tmp/` (inside the repository, so
 * `@stackframe/stack` and `next` resolve from its `node_modules`; removed afterwards). Its
 * environment names a project (the SDK reads it when the pages load at build time; nothing is
 * requested).
 */
export const measureOfficialFirstLoad = async (): Promise<AppFirstLoad> => {
  const scratch = Path.join(import.meta.dirname, "..", ".tmp")
  Fs.mkdirSync(scratch, { recursive: true })
  const dir = Fs.mkdtempSync(Path.join(scratch, "official-next-app-"))
  try {
    Fs.cpSync(officialAppDir, dir, { recursive: true })
    Fs.writeFileSync(Path.join(dir, ".env.production"), [
      "NEXT_PUBLIC_STACK_PROJECT_ID=7ac5f2e0-0000-4000-8000-000000000001",
      "NEXT_PUBLIC_STACK_PUBLISHABLE_CLIENT_KEY=pck_first_load_bench",
      "STACK_SECRET_SERVER_KEY=ssk_first_load_bench",
      ""
    ].join("\n"))
    await Effect.runPromise(buildNextAppAt({ dir, bin: nextAppLocation.bin }))
    return measureBuiltApp(Path.join(dir, ".next"))
  } finally {
    Fs.rmSync(dir, { recursive: true, force: true })
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

/** Prints the figures: each app's routes, and the routes both have side by side. */
export const reportNextFirstLoad = async () => {
  const ours = await measureNextFirstLoad()
  const official = await measureOfficialFirstLoad()
  const rows = (app: AppFirstLoad) => [
    `  ${app.framework.route.padEnd(28)} ${kb(app.framework.gzipBytes).padStart(9)}  (${app.framework.files} files)`,
    ...app.routes.map((route) =>
      `  ${route.route.padEnd(28)} ${kb(route.gzipBytes).padStart(9)}  (${route.files} files; the SDK and the page: ${kb(route.gzipBytes - app.framework.gzipBytes)})`
    )
  ]
  const shared = ours.routes.flatMap((route) => {
    const theirs = official.routes.find((candidate) => candidate.route === route.route)
    if (theirs === undefined) return []
    const sdkOurs = route.gzipBytes - ours.framework.gzipBytes
    const sdkTheirs = theirs.gzipBytes - official.framework.gzipBytes
    return [
      `  ${route.route.padEnd(28)} stackfx ${kb(route.gzipBytes)} / official ${kb(theirs.gzipBytes)} = ${(route.gzipBytes / theirs.gzipBytes).toFixed(2)}` +
      `; beyond Next.js and React: ${kb(sdkOurs)} / ${kb(sdkTheirs)} = ${(sdkOurs / sdkTheirs).toFixed(2)}`
    ]
  })
  const lines = [
    "Next.js first load (next build, client JS, gzipped), both apps built in this run with the same Next.js",
    " stackfx/next (examples/next-app):",
    ...rows(ours),
    " official @stackframe/stack (bench/official-next-app):",
    ...rows(official),
    " the same routes, stackfx / official:",
    ...shared
  ]
  process.stdout.write(`${lines.join("\n")}\n\n`)
  return { ours, official }
}

/**
 * Builds the Next.js example (`next build`) and serves it (`next start`) against an emulator, as a
 * user runs it: the test walks it in Chromium, the bench measures its first load.
 */
import * as ChildProcess from "node:child_process"
import * as Fs from "node:fs"
import * as Net from "node:net"
import * as Path from "node:path"
import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"

/** This example's folder. */
export const nextAppDir = import.meta.dirname
const repo = Path.join(nextAppDir, "..", "..")

/** Which app and which Next.js: a folder, and the `next` binary that builds and serves it. */
export interface NextAppLocation {
  readonly dir: string
  readonly bin: string
}

/** The example under the repository's Next.js (15). */
export const nextAppLocation: NextAppLocation = { dir: nextAppDir, bin: Path.join(repo, "node_modules", "next", "dist", "bin", "next") }

/** The project the app signs users into (the emulator's address and keys). */
export interface NextAppConfig {
  readonly baseUrl: string
  readonly projectId: string
  readonly publishableClientKey: string
}

const environment = (config?: NextAppConfig): NodeJS.ProcessEnv => ({
  ...process.env,
  // What `next build` and `next start` expect (a test runner's NODE_ENV=test is not).
  NODE_ENV: "production",
  NEXT_TELEMETRY_DISABLED: "1",
  ...(config === undefined ? {} : {
    STACKFX_BASE_URL: config.baseUrl,
    STACKFX_PROJECT_ID: config.projectId,
    STACKFX_PUBLISHABLE_CLIENT_KEY: config.publishableClientKey
  })
})

/** `next build` of the example (or the app at `location`, into its `.next`); fails with what Next printed. */
export const buildNextApp: Effect.Effect<string, Error> = Effect.suspend(() => buildNextAppAt(nextAppLocation))

/** `next build` of the app at `location`; fails with what Next printed. */
export const buildNextAppAt = (location: NextAppLocation): Effect.Effect<string, Error> => Effect.callback<string, Error>((resume) => {
  const child = ChildProcess.spawn(process.execPath, [location.bin, "build"], { cwd: location.dir, env: environment(), stdio: ["ignore", "pipe", "pipe"] })
  let output = ""
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()))
  child.on("exit", (code) => resume(code === 0 ? Effect.succeed(output) : Effect.fail(new Error(`next build failed (${code}):\n${output}`))))
  return Effect.sync(() => child.kill("SIGTERM"))
})

/** A port free on the loopback interface now. */
export const freePort = Effect.callback<number>((resume) => {
  const server = Net.createServer()
  server.listen(0, "127.0.0.1", () => {
    const address = server.address()
    const port = typeof address === "object" && address !== null ? address.port : 0
    server.close(() => resume(Effect.succeed(port)))
  })
})

/** `next start` of the built example (or the app at `location`) on a free port against `config`, for the scope; the origin it serves. */
export const startNextApp = (config: NextAppConfig, location: NextAppLocation = nextAppLocation): Effect.Effect<{ readonly origin: string; readonly logs: () => string }, Error, Scope.Scope> =>
  Effect.gen(function*() {
    const port = yield* freePort
    const child = yield* Effect.acquireRelease(
      Effect.sync(() => ChildProcess.spawn(process.execPath, [location.bin, "start", "-p", String(port)], { cwd: location.dir, env: environment(config), stdio: ["ignore", "pipe", "pipe"] })),
      (started) =>
        Effect.callback<void>((resume) => {
          if (started.exitCode !== null) return resume(Effect.void)
          started.on("exit", () => resume(Effect.void))
          started.kill("SIGTERM")
        })
    )
    let output = ""
    yield* Effect.callback<void, Error>((resume) => {
      const seen = (chunk: Buffer) => {
        output += chunk.toString()
        if (output.includes("Ready in")) resume(Effect.void)
      }
      child.stdout.on("data", seen)
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()))
      child.on("exit", (code) => resume(Effect.fail(new Error(`next start exited (${code}):\n${output}`))))
    })
    return { origin: `http://localhost:${port}`, logs: () => output }
  })

/**
 * The example as a Next.js 16 app, in a folder of its own under the repository's `.tmp/` (removed
 * with the scope): its files, `middleware.ts` named `proxy.ts` (Next.js 16's name), stackfx's
 * sources copied in, and a `node_modules` of links to the repository's packages but `next`, which is
 * the `next16` dev dependency (`npm:next@^16`).
 *
 * Why copies: Turbopack (Next.js 16's bundler) compiles only files inside the workspace root and
 * resolves each import from the file's real folder, so sources left in the repository would import
 * the repository's `next` (15) from Next.js 16's server. Next.js (with Turbopack or webpack) also
 * finds its own files by the name of its real folder, which must be `next`: the alias's folder is
 * `node_modules/next16`, so `node_modules/next` is a copy of it made of hard links (no bytes copied).
 */
export const next16App: Effect.Effect<NextAppLocation, Error, Scope.Scope> = Effect.acquireRelease(
  Effect.try({
    try: () => {
      const scratch = Path.join(repo, ".tmp")
      Fs.mkdirSync(scratch, { recursive: true })
      const dir = Fs.mkdtempSync(Path.join(scratch, "next16-app-"))
      for (const entry of ["app", "lib"]) Fs.cpSync(Path.join(nextAppDir, entry), Path.join(dir, entry), { recursive: true })
      // The sources are inside the folder (no `externalDir`); Next.js 16 has no `eslint` option (it no longer lints).
      Fs.writeFileSync(Path.join(dir, "next.config.mjs"), "export default { typescript: { ignoreBuildErrors: true } }\n")
      Fs.copyFileSync(Path.join(nextAppDir, "middleware.ts"), Path.join(dir, "proxy.ts"))
      for (const sources of ["src", "react", "next"]) Fs.cpSync(Path.join(repo, sources), Path.join(dir, "stackfx", sources), { recursive: true })
      const tsconfig = Fs.readFileSync(Path.join(nextAppDir, "tsconfig.json"), "utf8").replaceAll("\"../../", "\"./stackfx/")
      Fs.writeFileSync(Path.join(dir, "tsconfig.json"), tsconfig)
      const modules = Path.join(dir, "node_modules")
      Fs.mkdirSync(modules)
      for (const entry of Fs.readdirSync(Path.join(repo, "node_modules"))) {
        if (entry !== "next" && entry !== "next16") Fs.symlinkSync(Path.join(repo, "node_modules", entry), Path.join(modules, entry))
      }
      const linked = ChildProcess.spawnSync("cp", ["-al", Path.join(repo, "node_modules", "next16"), Path.join(modules, "next")], { encoding: "utf8" })
      if (linked.status !== 0) throw new Error(`cp -al node_modules/next16 failed: ${linked.stderr}`)
      return { dir, bin: Path.join(modules, "next", "dist", "bin", "next") }
    },
    catch: (cause) => new Error(`Could not assemble the Next.js 16 app (npm ci installs next16): ${String(cause)}`)
  }),
  (location) => Effect.sync(() => Fs.rmSync(location.dir, { recursive: true, force: true }))
)

const manifestField = (file: string, key: string): unknown => {
  const parsed: unknown = JSON.parse(Fs.readFileSync(file, "utf8"))
  return typeof parsed === "object" && parsed !== null && key in parsed ? (parsed as Readonly<Record<string, unknown>>)[key] : undefined
}

const stringsOf = (value: unknown): ReadonlyArray<string> =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : []

/**
 * The browser chunks of an app built into `dist` (a `.next` folder, Next.js 15 with webpack), as
 * Next.js lists them: the root main files (Next.js and React, on every page) and each layout's and
 * page's own (`"/layout"`, `"/kit/page"`, ...).
 */
export const builtChunks = (dist: string): { readonly rootMain: ReadonlyArray<string>; readonly entries: Readonly<Record<string, ReadonlyArray<string>>> } => {
  const pages = manifestField(Path.join(dist, "app-build-manifest.json"), "pages")
  const entries: Record<string, ReadonlyArray<string>> = {}
  for (const [entry, files] of Object.entries(typeof pages === "object" && pages !== null ? pages : {})) entries[entry] = stringsOf(files)
  return { rootMain: stringsOf(manifestField(Path.join(dist, "build-manifest.json"), "rootMainFiles")), entries }
}

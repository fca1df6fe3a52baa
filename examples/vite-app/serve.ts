/**
 * Builds the Vite example (`vite build`, the project's address and keys in `VITE_STACK_*` as a user
 * sets them) and serves the build (`vite preview`), for the test that walks it in Chromium.
 */
import * as ChildProcess from "node:child_process"
import * as Path from "node:path"
import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"
import { freePort, type NextAppConfig as AppConfig } from "../next-app/serve.ts"

/** This example's folder. */
export const viteAppDir = import.meta.dirname
const viteBin = Path.join(viteAppDir, "..", "..", "node_modules", "vite", "bin", "vite.js")

/** Which app: its folder (default this example) and its Vite configuration file (default Vite's own lookup). */
export interface ViteAppLocation {
  readonly dir?: string | undefined
  readonly configFile?: string | undefined
}

const configArgs = (location: ViteAppLocation) => location.configFile === undefined ? [] : ["--config", location.configFile]

const environment = (config: AppConfig): NodeJS.ProcessEnv => ({
  ...process.env,
  // React's development build: its warnings (a state update during render, say) are console errors the test counts.
  NODE_ENV: "development",
  VITE_STACK_BASE_URL: config.baseUrl,
  VITE_STACK_PROJECT_ID: config.projectId,
  VITE_STACK_PUBLISHABLE_CLIENT_KEY: config.publishableClientKey
})

/** `vite build` of the example (or the app at `location`) for `config`'s project (into its `dist`); fails with what Vite printed. */
export const buildViteApp = (config: AppConfig, location: ViteAppLocation = {}): Effect.Effect<string, Error> =>
  Effect.callback<string, Error>((resume) => {
    const child = ChildProcess.spawn(process.execPath, [viteBin, "build", ...configArgs(location)], { cwd: location.dir ?? viteAppDir, env: environment(config), stdio: ["ignore", "pipe", "pipe"] })
    let output = ""
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()))
    child.on("exit", (code) => resume(code === 0 ? Effect.succeed(output) : Effect.fail(new Error(`vite build failed (${code}):\n${output}`))))
    return Effect.sync(() => child.kill("SIGTERM"))
  })

/** `vite preview` of the build on a free port, for the scope; the origin it serves. */
export const previewViteApp = (config: AppConfig, location: ViteAppLocation = {}): Effect.Effect<{ readonly origin: string }, Error, Scope.Scope> =>
  Effect.gen(function*() {
    const port = yield* freePort
    const child = yield* Effect.acquireRelease(
      Effect.sync(() =>
        ChildProcess.spawn(process.execPath, [viteBin, "preview", ...configArgs(location), "--port", String(port), "--strictPort", "--host", "localhost"], {
          cwd: location.dir ?? viteAppDir,
          env: environment(config),
          stdio: ["ignore", "pipe", "pipe"]
        })
      ),
      (started) =>
        Effect.callback<void>((resume) => {
          if (started.exitCode !== null) return resume(Effect.void)
          started.on("exit", () => resume(Effect.void))
          started.kill("SIGTERM")
        })
    )
    yield* Effect.callback<void, Error>((resume) => {
      let output = ""
      child.stdout.on("data", (chunk: Buffer) => {
        output += chunk.toString()
        // Vite colours its address when it thinks it may (CI=true does that): read it without the codes.
        if (output.replace(/\u001b\[[0-9;]*m/g, "").includes(`:${port}`)) resume(Effect.void)
      })
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()))
      child.on("exit", (code) => resume(Effect.fail(new Error(`vite preview exited (${code}):\n${output}`))))
    })
    return { origin: `http://localhost:${port}` }
  })

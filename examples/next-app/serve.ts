/**
 * Builds the Next.js example (`next build`) and serves it (`next start`) against an emulator, as a
 * user runs it: the test walks it in Chromium, the bench measures its first load.
 */
import * as ChildProcess from "node:child_process"
import * as Net from "node:net"
import * as Path from "node:path"
import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"

/** This example's folder. */
export const nextAppDir = import.meta.dirname
const nextBin = Path.join(nextAppDir, "..", "..", "node_modules", "next", "dist", "bin", "next")

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

/** `next build` of the example (into its `.next`); fails with what Next printed. */
export const buildNextApp: Effect.Effect<string, Error> = Effect.callback<string, Error>((resume) => {
  const child = ChildProcess.spawn(process.execPath, [nextBin, "build"], { cwd: nextAppDir, env: environment(), stdio: ["ignore", "pipe", "pipe"] })
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

/** `next start` of the built example on a free port against `config`, for the scope; the origin it serves. */
export const startNextApp = (config: NextAppConfig): Effect.Effect<{ readonly origin: string; readonly logs: () => string }, Error, Scope.Scope> =>
  Effect.gen(function*() {
    const port = yield* freePort
    const child = yield* Effect.acquireRelease(
      Effect.sync(() => ChildProcess.spawn(process.execPath, [nextBin, "start", "-p", String(port)], { cwd: nextAppDir, env: environment(config), stdio: ["ignore", "pipe", "pipe"] })),
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

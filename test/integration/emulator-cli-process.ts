/**
 * The emulator CLI as a real child process, for tests that need its exits and signals: start it,
 * read its first stdout line, stop it.
 */
import * as ChildProcess from "node:child_process"
import * as Path from "node:path"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type * as Scope from "effect/Scope"

/** The CLI's entry file. */
export const cliPath = Path.resolve(import.meta.dirname, "../../src/emulator/cli.ts")

/** The first stdout line's JSON (`STACKFX_EMULATOR {...}`). */
export const CliInfo = Schema.Struct({
  baseUrl: Schema.String,
  projectId: Schema.String,
  publishableClientKey: Schema.String,
  secretServerKey: Schema.String,
  superSecretAdminKey: Schema.String,
  outboxUrl: Schema.String
})

/** A started CLI. */
export interface RunningCli {
  readonly child: ChildProcess.ChildProcess
  readonly info: typeof CliInfo.Type
  /** Everything it printed on stdout so far. */
  readonly output: () => string
  /** Everything it printed on stderr so far. */
  readonly errors: () => string
}

/** Starts the CLI and resolves with the parsed first line. */
export const startCli = (args: ReadonlyArray<string>): Promise<RunningCli> =>
  new Promise((resolve, reject) => {
    const child = ChildProcess.spawn(process.execPath, [cliPath, ...args], { stdio: ["ignore", "pipe", "pipe"] })
    let out = ""
    let err = ""
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()))
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString()
      const newline = out.indexOf("\n")
      if (newline >= 0 && out.startsWith("STACKFX_EMULATOR ")) {
        const info = Schema.decodeUnknownSync(Schema.fromJsonString(CliInfo))(out.slice("STACKFX_EMULATOR ".length, newline))
        resolve({ child, info, output: () => out, errors: () => err })
      }
    })
    child.on("exit", (code) => reject(new Error(`CLI exited early (${code}): ${err}${out}`)))
  })

/** Sends `signal` (SIGTERM by default) and resolves with the exit code once the process is gone. */
export const stopCli = (child: ChildProcess.ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<number | null> =>
  new Promise((resolve) => {
    child.removeAllListeners("exit")
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode)
    child.on("exit", (code) => resolve(code))
    child.kill(signal)
  })

/** The CLI for the life of the scope: killed when the scope closes, also when a test fails or times out. */
export const scopedCli = (args: ReadonlyArray<string>): Effect.Effect<RunningCli, never, Scope.Scope> =>
  Effect.acquireRelease(Effect.promise(() => startCli(args)), (cli) => Effect.promise(() => stopCli(cli.child, "SIGKILL")))

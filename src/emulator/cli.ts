/**
 * `stackfx emulator`: serves the emulator over HTTP until SIGINT/SIGTERM.
 *
 * ```
 * stackfx emulator [--port 8102] [--host 127.0.0.1] [--project-id ID] [--publishable-client-key K]
 *   [--secret-server-key K] [--super-secret-admin-key K] [--data state.json]
 *   [--access-token-lifetime-seconds N] [--internal-publishable-client-key K]
 *   [--internal-secret-server-key K] [--internal-super-secret-admin-key K] [--inbucket-port N]
 * ```
 *
 * The first line on stdout is machine-readable:
 * `STACKFX_EMULATOR {"baseUrl","projectId","publishableClientKey","secretServerKey","superSecretAdminKey","outboxUrl"}`,
 * then a human-readable banner. With `--data`, the state is loaded at start (if the file exists) and
 * saved when the process is stopped.
 */
import * as Fs from "node:fs"
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type * as HttpServerError from "effect/http/HttpServerError"
import { Emulator, type ServeOptions } from "./emulator.ts"
import { serveInbucket } from "./inbucket.ts"
import { decodeState, encodeState, type StateData } from "./state.ts"

/** A command-line usage error. */
export class CliUsageError extends Schema.TaggedError<CliUsageError>()("CliUsageError", {
  message: Schema.String
}) {}

/** A `--data` file that cannot be read or written. */
export class CliDataError extends Schema.TaggedError<CliDataError>()("CliDataError", {
  message: Schema.String
}) {}

/** Parsed command-line options. */
export interface CliOptions {
  readonly port: number
  readonly host: string | undefined
  readonly projectId: string | undefined
  readonly publishableClientKey: string | undefined
  readonly secretServerKey: string | undefined
  readonly superSecretAdminKey: string | undefined
  readonly dataFile: string | undefined
  readonly accessTokenLifetimeSeconds: number | undefined
  readonly internalPublishableClientKey: string | undefined
  readonly internalSecretServerKey: string | undefined
  readonly internalSuperSecretAdminKey: string | undefined
  /** Also serve the outbox in Inbucket's API form on this port. */
  readonly inbucketPort: number | undefined
}

const usage =
  "Usage: stackfx emulator [--port 8102] [--host 127.0.0.1] [--project-id ID] [--publishable-client-key K] " +
  "[--secret-server-key K] [--super-secret-admin-key K] [--data state.json] [--access-token-lifetime-seconds N] " +
  "[--internal-publishable-client-key K] [--internal-secret-server-key K] [--internal-super-secret-admin-key K] [--inbucket-port N]"

const flags = [
  "--port",
  "--host",
  "--project-id",
  "--publishable-client-key",
  "--secret-server-key",
  "--super-secret-admin-key",
  "--data",
  "--access-token-lifetime-seconds",
  "--internal-publishable-client-key",
  "--internal-secret-server-key",
  "--internal-super-secret-admin-key",
  "--inbucket-port"
] as const
type Flag = typeof flags[number]
const isFlag = (value: string): value is Flag => flags.some((flag) => flag === value)

/** Parses the arguments after `emulator` (`--flag value` or `--flag=value`). */
export const parseCliArgs = (argv: ReadonlyArray<string>): Effect.Effect<CliOptions, CliUsageError> =>
  Effect.gen(function*() {
    const values = new Map<Flag, string>()
    for (let i = 0; i < argv.length; i++) {
      const arg = argv[i] ?? ""
      if (arg === "emulator" && i === 0) continue
      const eq = arg.indexOf("=")
      const name = eq > 0 ? arg.slice(0, eq) : arg
      if (!isFlag(name)) return yield* new CliUsageError({ message: `Unknown argument: ${arg}\n${usage}` })
      const value = eq > 0 ? arg.slice(eq + 1) : argv[++i]
      if (value === undefined) return yield* new CliUsageError({ message: `Missing value for ${name}\n${usage}` })
      values.set(name, value)
    }
    const integer = (flag: Flag, min: number) => {
      const raw = values.get(flag)
      if (raw === undefined) return Effect.succeed(undefined)
      const n = Number(raw)
      return Number.isInteger(n) && n >= min
        ? Effect.succeed(n)
        : Effect.fail(new CliUsageError({ message: `${flag} must be an integer ≥ ${min}, got ${raw}` }))
    }
    return {
      port: (yield* integer("--port", 0)) ?? 8102,
      host: values.get("--host"),
      projectId: values.get("--project-id"),
      publishableClientKey: values.get("--publishable-client-key"),
      secretServerKey: values.get("--secret-server-key"),
      superSecretAdminKey: values.get("--super-secret-admin-key"),
      dataFile: values.get("--data"),
      accessTokenLifetimeSeconds: yield* integer("--access-token-lifetime-seconds", 1),
      internalPublishableClientKey: values.get("--internal-publishable-client-key"),
      internalSecretServerKey: values.get("--internal-secret-server-key"),
      internalSuperSecretAdminKey: values.get("--internal-super-secret-admin-key"),
      inbucketPort: yield* integer("--inbucket-port", 0)
    }
  })

const loadData = (file: string): Effect.Effect<StateData | undefined, CliDataError> =>
  Effect.gen(function*() {
    if (!Fs.existsSync(file)) return undefined
    const text = yield* Effect.try({
      try: () => Fs.readFileSync(file, "utf8"),
      catch: (cause) => new CliDataError({ message: `Cannot read ${file}: ${String(cause)}` })
    })
    return yield* decodeState(text).pipe(
      Effect.mapError((error) => new CliDataError({ message: `${file} is not an emulator state file: ${error.message}` }))
    )
  })

const saveData = (file: string, text: string): Effect.Effect<void> =>
  Effect.try({
    try: () => Fs.writeFileSync(file, text),
    catch: (cause) => new CliDataError({ message: `Cannot write ${file}: ${String(cause)}` })
  }).pipe(Effect.catch((error) => Console.error(error.message)))

/** Runs the emulator until interrupted (SIGINT/SIGTERM through `NodeRuntime.runMain`). */
export const runEmulatorCli = (
  argv: ReadonlyArray<string>
): Effect.Effect<never, CliUsageError | CliDataError | HttpServerError.ServeError> =>
  Effect.scoped(Effect.gen(function*() {
    const options = yield* parseCliArgs(argv)
    const state = options.dataFile === undefined ? undefined : yield* loadData(options.dataFile)
    const serveOptions: ServeOptions = {
      port: options.port,
      host: options.host,
      projectId: options.projectId,
      publishableClientKey: options.publishableClientKey,
      secretServerKey: options.secretServerKey,
      superSecretAdminKey: options.superSecretAdminKey,
      accessTokenLifetimeSeconds: options.accessTokenLifetimeSeconds,
      internalPublishableClientKey: options.internalPublishableClientKey,
      internalSecretServerKey: options.internalSecretServerKey,
      internalSuperSecretAdminKey: options.internalSuperSecretAdminKey,
      state
    }
    const emulator = yield* Emulator.serve(serveOptions)
    const inbucketUrl = options.inbucketPort === undefined
      ? undefined
      : yield* serveInbucket(emulator, { port: options.inbucketPort, host: options.host })
    const dataFile = options.dataFile
    if (dataFile !== undefined) {
      // Runs when the scope closes: on SIGINT/SIGTERM the main fiber is interrupted.
      yield* Effect.addFinalizer(() => Effect.flatMap(emulator.save, (text) => saveData(dataFile, text)))
    }
    const info = emulator.info
    yield* Effect.sync(() => process.stdout.write(`STACKFX_EMULATOR ${JSON.stringify(info)}\n`))
    yield* Console.log(
      [
        "",
        "  stackfx emulator is running",
        "",
        `  API:                     ${info.baseUrl}/api/v1`,
        `  Project id:              ${info.projectId}`,
        `  Publishable client key:  ${info.publishableClientKey}`,
        `  Secret server key:       ${info.secretServerKey}`,
        `  Super secret admin key:  ${info.superSecretAdminKey}`,
        `  Outbox:                  ${info.outboxUrl}?to=<address>`,
        ...(inbucketUrl === undefined ? [] : [`  Inbucket API:            ${inbucketUrl}/api/v1/mailbox/<name>`]),
        dataFile === undefined ? "  State:                   in memory (lost on exit)" : `  State:                   ${dataFile} (saved on exit)`,
        "",
        "  Press Ctrl+C to stop.",
        ""
      ].join("\n")
    )
    return yield* Effect.never
  }))

/** Entry point: `node src/emulator/cli.ts [flags]`. */
export const main = (argv: ReadonlyArray<string> = process.argv.slice(2)): void =>
  NodeRuntime.runMain(
    runEmulatorCli(argv).pipe(
      Effect.catchTag("CliUsageError", (error) => Effect.andThen(Console.error(error.message), Effect.sync(() => process.exit(2)))),
      Effect.catchTag("CliDataError", (error) => Effect.andThen(Console.error(error.message), Effect.sync(() => process.exit(1)))),
      Effect.catchTag("ServeError", (error) =>
        Effect.andThen(Console.error(`Cannot start the emulator: ${String(error.cause)}`), Effect.sync(() => process.exit(1))))
    )
  )

if (import.meta.main) main()

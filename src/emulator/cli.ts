/**
 * `stackfx emulator`: serves the emulator over HTTP until SIGINT/SIGTERM.
 *
 * ```
 * stackfx emulator [--port 8102] [--host 127.0.0.1] [--project-id ID] [--publishable-client-key K]
 *   [--secret-server-key K] [--super-secret-admin-key K] [--random-keys] [--data state.json]
 *   [--access-token-lifetime-seconds N] [--internal-publishable-client-key K]
 *   [--internal-secret-server-key K] [--internal-super-secret-admin-key K]
 *   [--inbucket-port N] [--mock-oauth-port N] [--response-header-names both|stack]
 *   [--hardcoded-passkey-challenge-for-testing] [--block-shared-oauth-access-tokens]
 *   [--svix-port N] [--storage-port N] [--fast-password-hashing] [--help]
 * ```
 *
 * The project id and keys are fixed (`cliDefaults`) unless given or `--random-keys` is passed, so
 * an app's `.env` written once keeps working across restarts.
 *
 * The first line on stdout is machine-readable:
 * `STACKFX_EMULATOR {"baseUrl","projectId","publishableClientKey","secretServerKey","superSecretAdminKey","outboxUrl"}`,
 * then a human-readable banner. With `--data`, the state is loaded at start (if the file exists),
 * saved within a second of each change and when the process is stopped (`data-file.ts`).
 */
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type * as HttpServerError from "effect/http/HttpServerError"
import { type CliDataError, keepSaved, loadData } from "./data-file.ts"
import { Emulator, type ServeOptions } from "./emulator.ts"
import { type Fault, parseFault } from "./faults.ts"
import type { ResponseHeaderNames } from "./header-names.ts"
import type { PasswordHashing } from "./passwords.ts"
import { serveInbucket } from "./inbucket.ts"

/** A command-line usage error. */
export class CliUsageError extends Schema.TaggedError<CliUsageError>()("CliUsageError", {
  message: Schema.String
}) {}

export { CliDataError, saveData } from "./data-file.ts"

/** The project id and keys the CLI starts with unless told otherwise: local development only. */
export const cliDefaults = {
  projectId: "7ac5f2e0-0000-4000-8000-000000000001",
  publishableClientKey: "pck_stackfx_emulator_publishable_client_key_for_local_development_only",
  secretServerKey: "ssk_stackfx_emulator_secret_server_key_for_local_development_only",
  superSecretAdminKey: "sak_stackfx_emulator_super_secret_admin_key_for_local_development_only"
} as const

/** Parsed command-line options. */
export interface CliOptions {
  /** `--help`: print the usage and exit. */
  readonly help: boolean
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
  readonly inbucketSmtpPort: number | undefined
  /** Also serve the mock OAuth provider (Stack Auth's dev interaction protocol) on this port. */
  readonly mockOAuthPort: number | undefined
  /** `stack`: answer `x-stack-*` response headers only, like servers before the Hexclave rename. */
  readonly responseHeaderNames: ResponseHeaderNames | undefined
  /** Passkey challenges are always `MOCK` (the service's testing switch). */
  readonly hardcodedPasskeyChallenge: boolean
  /** Provider access tokens are refused for providers on shared keys (the service without the opt-in). */
  readonly blockSharedOAuthAccessTokens: boolean
  /** Also play a Svix server on this port: webhook events go to each project's app there. */
  readonly svixPort: number | undefined
  /** Also serve the image storage on this port: base64 images are stored there, records keep its URL. */
  readonly storagePort: number | undefined
  /** `fast` with `--fast-password-hashing` (bcrypt cost 4); `service` (bcrypt cost 10) otherwise. */
  readonly passwordHashing: PasswordHashing
  /** Fault mode: what `--fault` asked for (repeatable). */
  readonly faults: ReadonlyArray<Fault>
}

/** How long the CLI's queue holds a `send-email` e-mail before sending it (the service's worker runs about every second). */
const cliEmailQueueDelayMillis = 1000

/**
 * Stack Auth's development stack serves Inbucket's API on <P>05 and its SMTP on <P>29: test setups
 * written against it configure `localhost:<P>29` as a project's custom SMTP server.
 */
const inbucketSmtpPortOffset = 24

/** The full `--help` text. */
export const usage = [
  "Usage: stackfx emulator [options]",
  "",
  "Serves an in-memory Stack Auth (Hexclave) API for local development and tests. No network needed.",
  "",
  "Options:",
  "  --port N                            port to listen on (default 8102; 0 picks a free one)",
  "  --host H                            address to bind (default 127.0.0.1)",
  `  --project-id ID                     the default project's id (default ${cliDefaults.projectId})`,
  "  --publishable-client-key K          the default project's keys (defaults: fixed, printed at start;",
  "  --secret-server-key K                 for local development only)",
  "  --super-secret-admin-key K",
  "  --random-keys                       a random project id and keys instead of the fixed defaults",
  "  --internal-publishable-client-key K the keys of the `internal` (dashboard) project",
  "  --internal-secret-server-key K",
  "  --internal-super-secret-admin-key K",
  "  --inbucket-port N                  also serve the outbox in Inbucket's API form (mailbox list and messages)",
  "  --inbucket-smtp-port N             a project's custom SMTP server on a loopback host at this port is the outbox",
  "                                     (default with --inbucket-port: that port + 24, Stack Auth's dev layout <P>05 -> <P>29)",
  "  --mock-oauth-port N                serve the mock OAuth provider on its own origin (Stack Auth's dev protocol:",
  "                                     /auth, /interaction/{uid}, /token, /me); OAuth sign-ins go through it",
  "  --response-header-names both|stack response headers under both names (default, the current service) or",
  "                                     x-stack-* only, like servers before the Hexclave rename (backend 2.8.86)",
  "  --hardcoded-passkey-challenge-for-testing",
  "                                     every passkey challenge is MOCK, like the service with",
  "                                     STACK_ENABLE_HARDCODED_PASSKEY_CHALLENGE_FOR_TESTING (snapshot tests only)",
  "  --block-shared-oauth-access-tokens  refuse provider access tokens for providers on shared OAuth keys, like",
  "                                     the service without STACK_ALLOW_SHARED_OAUTH_ACCESS_TOKENS=true",
  "                                     (default: handed out, like the dev server)",
  "  --svix-port N                      play a Svix-compatible server there (STACK_SVIX_SERVER_URL): webhook events",
  "                                     go to each project's app; read them with Svix's API and the svix token",
  "  --storage-port N                   store base64 profile images and logos there (records keep its URL, like the service)",
  "  --fault METHOD:PATH=ACTION[,times=N][,retry-after=S]",
  "                                      fault mode, repeatable: ACTION is a status (503, 429), delay-<ms> or",
  "                                      hang; PATH is below /api/v1, a trailing * matches a prefix",
  "                                      (e.g. GET:/users/me=503,retry-after=2,times=1)",
  "  --data FILE                         load the state from FILE at start; saved there (mode 0600) within a",
  "                                      second of each change and on exit, so a crash loses at most a second",
  "  --fast-password-hashing             hash passwords at bcrypt cost 4 instead of the service's 10 (64 times",
  "                                      less work per sign-up: for test suites and load runs, not for fidelity)",
  "  --access-token-lifetime-seconds N   access-token lifetime (default 600)",
  "  --help                              this text",
  "",
  "The first line printed is machine-readable: STACKFX_EMULATOR {json} with the base URL, project id,",
  "keys, emulator token and outbox URL (sent e-mails: GET <outboxUrl>&to=<address>; the token in it is",
  "required: a web page on another origin cannot read sign-in codes).",
  "",
  "The fixed keys are for scripts, tests and servers: requests from a browser page (with an Origin header)",
  "may use the secret server key, the super secret admin key or an admin access token only when that",
  "origin is one of the project's trusted domains (exactly: scheme, host and port; localhost included)."
].join("\n")

const shortUsage = "Usage: stackfx emulator [--port 8102] [--project-id ID] [--data state.json] ... (--help for all options)"

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
  "--inbucket-port",
  "--inbucket-smtp-port",
  "--mock-oauth-port",
  "--response-header-names",
  "--svix-port",
  "--storage-port",
  "--fault"
] as const

/** Flags that take no value. */
const switches = [
  "--help",
  "-h",
  "--random-keys",
  "--hardcoded-passkey-challenge-for-testing",
  "--block-shared-oauth-access-tokens",
  "--fast-password-hashing"
] as const
type Flag = typeof flags[number]
const isFlag = (value: string): value is Flag => flags.some((flag) => flag === value)

/** Parses the arguments after `emulator` (`--flag value` or `--flag=value`). */
export const parseCliArgs = (argv: ReadonlyArray<string>): Effect.Effect<CliOptions, CliUsageError> =>
  Effect.gen(function*() {
    const values = new Map<Flag, string>()
    const faultTexts: Array<string> = []
    const given = new Set<string>()
    for (let i = 0; i < argv.length; i++) {
      const arg = argv[i] ?? ""
      if (arg === "emulator" && i === 0) continue
      if (switches.some((name) => name === arg)) {
        given.add(arg)
        continue
      }
      const eq = arg.indexOf("=")
      const name = eq > 0 ? arg.slice(0, eq) : arg
      if (!isFlag(name)) return yield* new CliUsageError({ message: `Unknown argument: ${arg}\n${shortUsage}` })
      const value = eq > 0 ? arg.slice(eq + 1) : argv[++i]
      if (value === undefined) return yield* new CliUsageError({ message: `Missing value for ${name}\n${shortUsage}` })
      if (name === "--fault") faultTexts.push(value)
      else values.set(name, value)
    }
    const faults: Array<Fault> = []
    for (const text of faultTexts) {
      faults.push(yield* parseFault(text).pipe(Effect.mapError((error) => new CliUsageError({ message: error.message }))))
    }
    const fixed = (flag: Flag, fallback: string) => values.get(flag) ?? (given.has("--random-keys") ? undefined : fallback)
    const integer = (flag: Flag, min: number) => {
      const raw = values.get(flag)
      if (raw === undefined) return Effect.succeed(undefined)
      const n = Number(raw)
      return Number.isInteger(n) && n >= min
        ? Effect.succeed(n)
        : Effect.fail(new CliUsageError({ message: `${flag} must be an integer ≥ ${min}, got ${raw}` }))
    }
    return {
      help: given.has("--help") || given.has("-h"),
      port: (yield* integer("--port", 0)) ?? 8102,
      host: values.get("--host"),
      projectId: fixed("--project-id", cliDefaults.projectId),
      publishableClientKey: fixed("--publishable-client-key", cliDefaults.publishableClientKey),
      secretServerKey: fixed("--secret-server-key", cliDefaults.secretServerKey),
      superSecretAdminKey: fixed("--super-secret-admin-key", cliDefaults.superSecretAdminKey),
      dataFile: values.get("--data"),
      accessTokenLifetimeSeconds: yield* integer("--access-token-lifetime-seconds", 1),
      internalPublishableClientKey: values.get("--internal-publishable-client-key"),
      internalSecretServerKey: values.get("--internal-secret-server-key"),
      internalSuperSecretAdminKey: values.get("--internal-super-secret-admin-key"),
      inbucketPort: yield* integer("--inbucket-port", 0),
      inbucketSmtpPort: yield* integer("--inbucket-smtp-port", 1),
      mockOAuthPort: yield* integer("--mock-oauth-port", 0),
      responseHeaderNames: yield* headerNames(values.get("--response-header-names")),
      hardcodedPasskeyChallenge: given.has("--hardcoded-passkey-challenge-for-testing"),
      blockSharedOAuthAccessTokens: given.has("--block-shared-oauth-access-tokens"),
      svixPort: yield* integer("--svix-port", 0),
      storagePort: yield* integer("--storage-port", 0),
      passwordHashing: given.has("--fast-password-hashing") ? "fast" : "service",
      faults
    }
  })

const headerNames = (raw: string | undefined): Effect.Effect<ResponseHeaderNames | undefined, CliUsageError> =>
  raw === undefined || raw === "both" || raw === "stack"
    ? Effect.succeed(raw)
    : Effect.fail(new CliUsageError({ message: `--response-header-names must be both or stack, got ${raw}` }))

/** Runs the emulator until interrupted (SIGINT/SIGTERM through `NodeRuntime.runMain`). */
export const runEmulatorCli = (
  argv: ReadonlyArray<string>
): Effect.Effect<never, CliUsageError | CliDataError | HttpServerError.ServeError> =>
  Effect.scoped(Effect.gen(function*() {
    const options = yield* parseCliArgs(argv)
    if (options.help) {
      yield* Effect.sync(() => process.stdout.write(`${usage}\n`))
      return yield* Effect.sync(() => process.exit(0))
    }
    const state = options.dataFile === undefined ? undefined : yield* loadData(options.dataFile)
    const serveOptions: ServeOptions = {
      port: options.port,
      host: options.host,
      projectId: options.projectId,
      publishableClientKey: options.publishableClientKey,
      secretServerKey: options.secretServerKey,
      superSecretAdminKey: options.superSecretAdminKey,
      accessTokenLifetimeSeconds: options.accessTokenLifetimeSeconds,
      faults: options.faults,
      mockOAuthPort: options.mockOAuthPort,
      responseHeaderNames: options.responseHeaderNames,
      hardcodedPasskeyChallenge: options.hardcodedPasskeyChallenge,
      allowSharedOAuthAccessTokens: !options.blockSharedOAuthAccessTokens,
      svixPort: options.svixPort,
      storagePort: options.storagePort,
      passwordHashing: options.passwordHashing,
      // Like the service's queue worker, e-mails of send-email go out a moment after they are queued.
      emailQueueDelayMillis: cliEmailQueueDelayMillis,
      smtp: { inbucketSmtpPort: options.inbucketSmtpPort ?? (options.inbucketPort === undefined ? undefined : options.inbucketPort + inbucketSmtpPortOffset) },
      internalKeys: {
        publishableClientKey: options.internalPublishableClientKey,
        secretServerKey: options.internalSecretServerKey,
        superSecretAdminKey: options.internalSuperSecretAdminKey
      },
      state
    }
    const emulator = yield* Emulator.serve(serveOptions)
    const inbucketUrl = options.inbucketPort === undefined
      ? undefined
      : yield* serveInbucket(emulator, { port: options.inbucketPort, host: options.host })
    const dataFile = options.dataFile
    // Saved within a second of each change, and once more when the scope closes (SIGINT/SIGTERM
    // interrupt the main fiber).
    if (dataFile !== undefined) yield* keepSaved(emulator, dataFile)
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
        `  Outbox:                  ${info.outboxUrl}&to=<address>`,
        ...(inbucketUrl === undefined ? [] : [`  Inbucket API:            ${inbucketUrl}/api/v1/mailbox/<name>`]),
        ...(emulator.env.mockOAuth === undefined ? [] : [`  Mock OAuth provider:     ${emulator.env.mockOAuth.baseUrl}`]),
        ...(options.svixPort === undefined ? [] : [`  Svix (webhooks):         http://localhost:${options.svixPort}/api/v1/app/<project id>`]),
        `  Password hashing:        ${options.passwordHashing === "fast" ? "bcrypt cost 4 (--fast-password-hashing)" : "bcrypt cost 10, like the service"}`,
        dataFile === undefined ? "  State:                   in memory (lost on exit)" : `  State:                   ${dataFile} (saved within a second of each change, and on exit)`,
        "",
        "  Press Ctrl+C to stop.",
        ""
      ].join("\n")
    )
    return yield* Effect.never
  }))

/** What to tell the user when the server cannot start; a taken port says how to fix it. */
export const serveFailureMessage = (argv: ReadonlyArray<string>, cause: unknown): string => {
  const text = String(cause)
  if (/EADDRINUSE/.test(text)) {
    const port = /:(\d+)\b/.exec(text)?.[1] ?? argv[argv.indexOf("--port") + 1] ?? "8102"
    return `Cannot start the emulator: port ${port} is already in use (another emulator, or another server).\n` +
      `Stop that process, or pick another port: --port 0 takes a free one and prints it.`
  }
  if (/EACCES/.test(text)) return `Cannot start the emulator: not allowed to listen there (${text}). Try a port above 1024.`
  return `Cannot start the emulator: ${text}`
}

/** Entry point: `node src/emulator/cli.ts [flags]`. */
export const main = (argv: ReadonlyArray<string> = process.argv.slice(2)): void =>
  NodeRuntime.runMain(
    runEmulatorCli(argv).pipe(
      Effect.catchTag("CliUsageError", (error) => Effect.andThen(Console.error(error.message), Effect.sync(() => process.exit(2)))),
      Effect.catchTag("CliDataError", (error) => Effect.andThen(Console.error(error.message), Effect.sync(() => process.exit(1)))),
      Effect.catchTag("ServeError", (error) =>
        Effect.andThen(Console.error(serveFailureMessage(argv, error.cause)), Effect.sync(() => process.exit(1))))
    )
  )

if (import.meta.main) main()

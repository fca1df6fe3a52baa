/**
 * `stackfx config pull|push|diff`: a project's configuration as code, over the super secret admin
 * key.
 *
 * - `pull [--level rendered|branch|environment] [--out file]`: prints (or writes) the configuration
 *   as JSON; default the pushed (branch) config, the one a config file holds.
 * - `push <file>`: replaces the pushed config with the file's (JSON, or a module exporting `config`
 *   or a default: `.ts` on Node 22.18+ / 24, `.js`, `.mjs`), checked before sending.
 * - `diff <file>`: what `push` would change, key by key (`+` added, `-` removed, `~` changed); exit
 *   code 0 when nothing, 1 when something would change.
 *
 * Credentials: `--project-id`, `--admin-key`, `--api-url`, or `STACK_PROJECT_ID`,
 * `STACK_SUPER_SECRET_ADMIN_KEY`, `STACK_API_URL` (default `https://api.stack-auth.com`).
 */
import * as Fs from "node:fs/promises"
import * as Path from "node:path"
import * as Url from "node:url"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import { make as makeAdmin } from "../admin/stack-admin.ts"
import { ConfigJsonObject } from "../wire/config.ts"
import { flattenConfig } from "./override.ts"
import type { ConfigObject, ConfigValue } from "./schema.ts"

/** The usage text. */
export const configUsage = `usage: stackfx config pull [--level branch|environment|rendered] [--out file]
       stackfx config push <config file: .json, .ts, .js, .mjs>
       stackfx config diff <config file>
credentials: --project-id ID --admin-key KEY [--api-url URL]
             or STACK_PROJECT_ID, STACK_SUPER_SECRET_ADMIN_KEY, STACK_API_URL
`

/** What the command prints and its exit code. */
export interface CommandResult {
  readonly stdout: string
  readonly stderr: string
  readonly exitCode: number
}

const fail = (message: string, exitCode = 2): CommandResult => ({ stdout: "", stderr: `${message}\n`, exitCode })

/** `--name value` flags and the positional arguments. */
const parseArgs = (args: ReadonlyArray<string>) => {
  const flags = new Map<string, string>()
  const positional: Array<string> = []
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? ""
    if (arg.startsWith("--")) {
      flags.set(arg.slice(2), args[i + 1] ?? "")
      i++
    } else {
      positional.push(arg)
    }
  }
  return { flags, positional }
}

/** The config object a file holds (JSON, or a module's `config` / default export). */
const readConfigFile = async (file: string): Promise<unknown> => {
  const path = Path.resolve(file)
  if (path.endsWith(".json")) return JSON.parse(await Fs.readFile(path, "utf8"))
  const module: Readonly<Record<string, unknown>> = await import(Url.pathToFileURL(path).href)
  return module["config"] ?? module["default"]
}

const show = (value: ConfigValue | undefined): string => JSON.stringify(value)

/** The key-by-key differences from `current` to `next` (dotted keys down to the leaves). */
export const configDiff = (current: ConfigObject, next: ConfigObject): ReadonlyArray<string> => {
  const before = new Map(flattenConfig(current).map(([key, value]) => [key, show(value)]))
  const after = new Map(flattenConfig(next).map(([key, value]) => [key, show(value)]))
  const keys = [...new Set([...before.keys(), ...after.keys()])].sort()
  return keys.flatMap((key) => {
    const a = before.get(key)
    const b = after.get(key)
    if (a === b) return []
    if (a === undefined) return [`+ ${key}: ${b}`]
    if (b === undefined) return [`- ${key}: ${a}`]
    return [`~ ${key}: ${a} -> ${b}`]
  })
}

/** Runs `stackfx config <args>`; never throws. */
export const runConfigCommand = async (args: ReadonlyArray<string>, env: Readonly<Record<string, string | undefined>> = process.env): Promise<CommandResult> => {
  const { flags, positional } = parseArgs(args)
  const [sub, file] = positional
  if (sub === undefined || sub === "help" || flags.has("help")) return { stdout: configUsage, stderr: "", exitCode: sub === undefined ? 2 : 0 }
  const projectId = flags.get("project-id") ?? env["STACK_PROJECT_ID"]
  const adminKey = flags.get("admin-key") ?? env["STACK_SUPER_SECRET_ADMIN_KEY"]
  if (projectId === undefined || projectId === "" || adminKey === undefined || adminKey === "") {
    return fail(`A project id and a super secret admin key are needed.\n${configUsage}`)
  }
  let fileConfig: ConfigObject | undefined
  if (sub === "push" || sub === "diff") {
    if (file === undefined) return fail(`stackfx config ${sub} needs a config file.\n${configUsage}`)
    let raw: unknown
    try {
      raw = await readConfigFile(file)
    } catch (error) {
      return fail(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`, 1)
    }
    const decoded = Schema.decodeUnknownExit(ConfigJsonObject)(raw)
    if (Exit.isFailure(decoded)) return fail(`${file} does not hold a config object (JSON values only)`, 1)
    fileConfig = decoded.value
  } else if (sub !== "pull") {
    return fail(`Unknown config command ${JSON.stringify(sub)}.\n${configUsage}`)
  }
  const level = flags.get("level") ?? "branch"
  if (level !== "branch" && level !== "environment" && level !== "rendered") return fail(`--level must be branch, environment or rendered`)

  const program = Effect.gen(function*() {
    const admin = yield* makeAdmin({ projectId, superSecretAdminKey: adminKey, baseUrl: flags.get("api-url") ?? env["STACK_API_URL"] })
    if (sub === "pull") {
      const config = level === "rendered" ? yield* admin.getConfig() : yield* admin.getConfigOverride(level)
      return JSON.stringify(config, undefined, 2) + "\n"
    }
    const next = fileConfig ?? {}
    if (sub === "push") {
      yield* admin.replaceConfigOverride("branch", next, { source: { type: "pushed-from-unknown" } })
      return `Pushed ${flattenConfig(next).length} keys to project ${projectId}.\n`
    }
    const lines = configDiff(yield* admin.getConfigOverride("branch"), next)
    return lines.length === 0 ? "" : lines.join("\n") + "\n"
  }).pipe(Effect.provide(FetchHttpClient.layer))

  const exit = await Effect.runPromiseExit(program)
  if (Exit.isFailure(exit)) {
    const error = exit.cause.reasons[0]
    const message = error !== undefined && error._tag === "Fail" && typeof error.error === "object" && error.error !== null && "message" in error.error
      ? String(error.error.message)
      : String(exit.cause)
    return fail(message, 1)
  }
  const out = exit.value
  const outFile = flags.get("out")
  if (sub === "pull" && outFile !== undefined) {
    await Fs.writeFile(outFile, out)
    return { stdout: "", stderr: "", exitCode: 0 }
  }
  return { stdout: out, stderr: "", exitCode: sub === "diff" && out !== "" ? 1 : 0 }
}

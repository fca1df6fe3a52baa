/**
 * Issue 3 and 30 figures: requests per second the emulator serves over HTTP, the emulator CLI in a
 * process of its own and the load from bench/http-load.ts in another (50 keep-alive clients), beside
 * a bare `node:http` server (bench/bare-server.ts, a third process) answering every request with the
 * body the emulator gives `GET /users/me`. Rounds of fixed length alternate between the two and the
 * median of the pairs' ratios is printed: on a shared machine the load of other processes changes
 * from second to second, and a pair close in time sees the same load. Then `POST /users` (server
 * key, no password, a new e-mail each), and the state's memory per user (in this process, 10,000
 * users).
 *
 * Every round starts with a warm-up that is not counted (the server's and the load generator's hot
 * code is compiled in the first second or two). Where `/proc` exists (Linux) the CPU time each
 * server process spent per request is printed too: it hardly moves with the machine's load, where
 * requests per second do. The whole report takes about a minute, whatever the load: rounds are
 * fixed in time and a stuck round ends 10 s after its time. `httpLoad` and `line` are shared with
 * `sign-up-throughput.ts`.
 */
import { execFile, spawn } from "node:child_process"
import * as Fs from "node:fs"
import * as Os from "node:os"
import * as Path from "node:path"
import * as Effect from "effect/Effect"
import { startCli, stopCli } from "../test/integration/emulator-cli-process.ts"
import { createUser } from "../src/emulator/accounts.ts"
import { Emulator } from "../src/emulator/emulator.ts"

/** Throughput and latency of one load run. */
export interface Figures {
  readonly perSecond: number
  readonly p50: number
  readonly p99: number
}

/** One report line. */
export const line = (label: string, f: Figures) =>
  `  ${label.padEnd(42)} ${f.perSecond.toFixed(0).padStart(6)} req/s   p50 ${f.p50.toFixed(1)} ms   p99 ${f.p99.toFixed(1)} ms\n`

const clients = 50
const roundSeconds = 3
const warmupSeconds = 1
const meRounds = 5
const postRounds = 3
/** GET /users/me at least this share of the bare server's rate (issue 30). */
const meGoal = 0.3
/** POST /users at least this many per second (issue 30). */
const postGoal = 1000

/** What bench/http-load.ts prints. */
interface LoadResult {
  readonly requests: number
  readonly seconds: number
  readonly statuses: Record<string, number>
  readonly p50: number
  readonly p99: number
}

/** CPU time (user + system, milliseconds) `pid` has used so far, from `/proc` (Linux); undefined elsewhere. */
const cpuMillis = (pid: number | undefined): number | undefined => {
  if (pid === undefined) return undefined
  try {
    // Fields after the command name: state is the 1st, utime the 12th, stime the 13th (in clock ticks, 100 a second).
    const fields = Fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? []
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return undefined
  }
}

/** How one round of bench/http-load.ts runs. */
export interface LoadOptions {
  readonly seconds: number
  readonly clients: number
  /** Load before the round, not counted. */
  readonly warmupSeconds: number
  /** The JSON body to POST (`{n}` numbers each request); GET without one. */
  readonly post?: string | undefined
  /** The status every answer must have. */
  readonly expected: string
  /** The server's process, whose CPU time per request is read from `/proc`. */
  readonly serverPid?: number | undefined
}

/** One round's figures plus the server's CPU time per request (when `/proc` tells it). */
export interface Round extends Figures {
  readonly cpuMillisPerRequest: number | undefined
}

/**
 * Runs bench/http-load.ts in its own process against `url` (a warm-up, then the round); every
 * answer must have the expected status. Never takes more than the round and 40 s.
 */
export const httpLoad = (url: string, headers: Readonly<Record<string, string>>, options: LoadOptions) =>
  new Promise<Round>((resolve, reject) => {
    const script = Path.join(import.meta.dirname, "http-load.ts")
    const args = [
      "--experimental-strip-types",
      "--no-warnings",
      script,
      url,
      String(options.seconds),
      String(options.clients),
      ...Object.entries(headers).map(([name, value]) => `${name}:${value}`),
      `--warmup=${options.warmupSeconds}`,
      ...(options.post === undefined ? [] : [`--post=${options.post}`])
    ]
    let before: number | undefined
    // The CPU reading starts when the warm-up ends (the load generator's start-up is not the server's).
    const startReading = setTimeout(() => (before = cpuMillis(options.serverPid)), 300 + options.warmupSeconds * 1000)
    execFile(process.execPath, args, { timeout: (options.warmupSeconds + options.seconds + 40) * 1000 }, (error, stdout) => {
      clearTimeout(startReading)
      const after = cpuMillis(options.serverPid)
      if (error !== null) return reject(error)
      const result = JSON.parse(stdout) as LoadResult
      const good = result.statuses[options.expected] ?? 0
      if (good !== result.requests || result.requests === 0 || Object.keys(result.statuses).length !== 1) {
        return reject(new Error(`${url}: ${JSON.stringify(result.statuses)}`))
      }
      resolve({
        perSecond: good / result.seconds,
        p50: result.p50,
        p99: result.p99,
        cpuMillisPerRequest: before === undefined || after === undefined ? undefined : (after - before) / good
      })
    })
  })

const median = (values: ReadonlyArray<number>) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

/** The median CPU time per request of `rounds`, or `n/a` where `/proc` is not there. */
const cpuText = (rounds: ReadonlyArray<Round>) => {
  const readings = rounds.flatMap((round) => round.cpuMillisPerRequest === undefined ? [] : [round.cpuMillisPerRequest])
  return readings.length === 0 ? "n/a" : `${median(readings).toFixed(3)} ms`
}

const loadAverage = () => Os.loadavg()[0]?.toFixed(2) ?? "n/a"

/** Starts bench/bare-server.ts answering `body`; resolves with its URL, pid and a stop function. */
const startBare = (body: string) =>
  new Promise<{ readonly url: string; readonly pid: number | undefined; readonly stop: () => void }>((resolve, reject) => {
    const child = spawn(process.execPath, ["--experimental-strip-types", "--no-warnings", Path.join(import.meta.dirname, "bare-server.ts")], {
      env: { ...process.env, BODY: body },
      stdio: ["ignore", "pipe", "inherit"]
    })
    child.stdout.once("data", (chunk: Buffer) =>
      resolve({ url: `http://127.0.0.1:${chunk.toString().trim()}`, pid: child.pid, stop: () => child.kill("SIGTERM") }))
    child.once("exit", (code) => reject(new Error(`bare server exited (${code})`)))
  })

const verdict = (met: boolean) => (met ? "met" : "NOT MET")

/** Prints the HTTP throughput figures and the state's memory per user. */
export const reportEmulatorThroughput = async (): Promise<void> => {
  process.stdout.write(
    `emulator over HTTP (CLI in its own process, --fast-password-hashing; load: bench/http-load.ts in another, ${clients} keep-alive clients; ` +
      `rounds of ${roundSeconds} s after a ${warmupSeconds} s warm-up; ${Os.cpus().length} CPUs, load average ${loadAverage()} at the start)\n`
  )
  const cli = await startCli(["--port", "0", "--random-keys", "--fast-password-hashing"])
  try {
    const { baseUrl, projectId, publishableClientKey, secretServerKey } = cli.info
    const client = { "x-stack-access-type": "client", "x-stack-project-id": projectId, "x-stack-publishable-client-key": publishableClientKey, "content-type": "application/json" }
    const server = { "x-stack-access-type": "server", "x-stack-project-id": projectId, "x-stack-secret-server-key": secretServerKey, "content-type": "application/json" }
    const signUp = await fetch(`${baseUrl}/api/v1/auth/password/sign-up`, { method: "POST", headers: client, body: JSON.stringify({ email: "bench@example.com", password: "bench-password-123" }) })
    const accessToken = String(Reflect.get(await signUp.json() as object, "access_token"))
    const meHeaders = { ...client, "x-stack-access-token": accessToken }
    const body = await fetch(`${baseUrl}/api/v1/users/me`, { headers: meHeaders }).then((response) => response.text())
    const bare = await startBare(body)
    try {
      const emulatorRounds: Array<Round> = []
      const bareRounds: Array<Round> = []
      const meRound = { seconds: roundSeconds, clients, warmupSeconds, expected: "200" }
      for (let i = 0; i < meRounds; i++) {
        emulatorRounds.push(await httpLoad(`${baseUrl}/api/v1/users/me`, meHeaders, { ...meRound, serverPid: cli.child.pid }))
        bareRounds.push(await httpLoad(`${bare.url}/api/v1/users/me`, meHeaders, { ...meRound, serverPid: bare.pid }))
      }
      const ratio = median(emulatorRounds.map((round, i) => round.perSecond / (bareRounds[i]?.perSecond ?? Number.NaN)))
      const emulatorMedian = median(emulatorRounds.map((round) => round.perSecond))
      const bareMedian = median(bareRounds.map((round) => round.perSecond))
      process.stdout.write(
        `  GET /users/me (${meRounds} alternating pairs of rounds; load average ${loadAverage()} after them)\n` +
          `    emulator:                                   ${emulatorMedian.toFixed(0).padStart(6)} req/s   server CPU ${cpuText(emulatorRounds)} per request\n` +
          `    bare node:http server, the same body:       ${bareMedian.toFixed(0).padStart(6)} req/s   server CPU ${cpuText(bareRounds)} per request\n` +
          `    emulator/bare (median of the pairs' ratios): ${ratio.toFixed(3)}x   goal at least ${meGoal}x: ${verdict(ratio >= meGoal)}\n`
      )
    } finally {
      bare.stop()
    }
    const created: Array<Round> = []
    for (let round = 0; round < postRounds; round++) {
      const post = JSON.stringify({ display_name: "Load {n}", primary_email: `load-${round}-{n}@example.com`, primary_email_auth_enabled: true })
      created.push(await httpLoad(`${baseUrl}/api/v1/users`, server, { seconds: roundSeconds, clients, warmupSeconds, post, expected: "201", serverPid: cli.child.pid }))
    }
    const perSecond = median(created.map((round) => round.perSecond))
    process.stdout.write(
      `  POST /users (server key, no password, a new e-mail each; median of ${postRounds} rounds; load average ${loadAverage()} after them)\n` +
        `    emulator:                                   ${perSecond.toFixed(0).padStart(6)} req/s   server CPU ${cpuText(created)} per request   ` +
        `goal at least ${postGoal.toLocaleString("en-US")}/s: ${verdict(perSecond >= postGoal)}\n`
    )
  } finally {
    await stopCli(cli.child)
  }

  // The emulator stays referenced until both readings are taken; `--expose-gc` (npm run bench) makes them exact.
  const collect = () => (typeof globalThis.gc === "function" ? globalThis.gc() : undefined)
  const users = 10_000
  const { count, grown } = await Effect.runPromise(Effect.gen(function*() {
    const emu = yield* Emulator.make()
    collect()
    const before = process.memoryUsage().heapUsed
    const count = yield* emu.withState((data) =>
      Effect.sync(() => {
        const project = data.projects[emu.info.projectId]
        if (project === undefined) return 0
        for (let i = 0; i < users; i++) {
          createUser(data, project, { displayName: `User ${i}`, primaryEmail: `user-${i}@example.com`, primaryEmailAuthEnabled: true }, 1_700_000_000_000 + i)
        }
        return Object.keys(data.users).length
      })
    )
    collect()
    const after = process.memoryUsage().heapUsed
    const stillThere = yield* emu.withState((data) => Effect.succeed(Object.keys(data.users).length))
    return { count: Math.min(count, stillThere), grown: after - before }
  }))
  process.stdout.write(
    `  state memory: ${count.toLocaleString("en-US")} users (each with a primary e-mail channel) retain ${(grown / 1024 / 1024).toFixed(1)} MB of heap, ` +
      `${(grown / users / 1024).toFixed(2)} KB per user${typeof globalThis.gc === "function" ? "" : " (run with --expose-gc for an exact reading)"}\n\n`
  )
}

if (import.meta.main) await reportEmulatorThroughput()

/**
 * Issue 3 and 30 figures: requests per second the emulator serves over HTTP, the emulator CLI in a
 * process of its own and the load from bench/http-load.ts in another (50 keep-alive clients), beside
 * a bare `node:http` server (bench/bare-server.ts, a third process) answering every request with the
 * body the emulator gives `GET /users/me`. Short rounds alternate between the two and the median of
 * the pairs' ratios is printed: on a shared machine the load of other processes changes from second
 * to second, and a pair close in time sees the same load. Then `POST /users` (server key, no
 * password, a new e-mail each), and the state's memory per user (in this process, 10,000 users).
 * `load` and `line` are shared with `sign-up-throughput.ts`.
 */
import { execFile, spawn } from "node:child_process"
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

/** Sends `total` requests built by `make`, `clients` at a time, by fetch from this process; every answer must be 200. */
export const load = async (total: number, make: () => Request, clients = 32): Promise<Figures> => {
  const latencies: Array<number> = []
  let next = 0
  const started = performance.now()
  const worker = async () => {
    while (next < total) {
      next++
      const t0 = performance.now()
      const response = await fetch(make())
      await response.arrayBuffer()
      if (response.status !== 200) throw new Error(`status ${response.status}`)
      latencies.push(performance.now() - t0)
    }
  }
  await Promise.all(Array.from({ length: clients }, worker))
  const elapsed = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
  return { perSecond: total / elapsed, p50: at(0.5), p99: at(0.99) }
}

/** One report line. */
export const line = (label: string, f: Figures) =>
  `  ${label.padEnd(42)} ${f.perSecond.toFixed(0).padStart(6)} req/s   p50 ${f.p50.toFixed(1)} ms   p99 ${f.p99.toFixed(1)} ms\n`

const clients = 50
const roundSeconds = 2
const rounds = 5

interface LoadResult {
  readonly requests: number
  readonly seconds: number
  readonly statuses: Record<string, number>
}

/** Runs bench/http-load.ts in its own process against `url`; resolves with requests per second of `expected` answers. */
const httpLoad = (url: string, headers: Record<string, string>, post?: string, expected = post === undefined ? "200" : "201") =>
  new Promise<number>((resolve, reject) => {
    const script = Path.join(import.meta.dirname, "http-load.ts")
    const args = [script, url, String(roundSeconds), String(clients), ...Object.entries(headers).map(([name, value]) => `${name}:${value}`)]
    execFile(process.execPath, ["--experimental-strip-types", "--no-warnings", ...args, ...(post === undefined ? [] : [`--post=${post}`])], (error, stdout) => {
      if (error !== null) return reject(error)
      const result = JSON.parse(stdout) as LoadResult
      const good = result.statuses[expected] ?? 0
      if (good !== result.requests) return reject(new Error(`${url}: ${JSON.stringify(result.statuses)}`))
      resolve(good / result.seconds)
    })
  })

const median = (values: ReadonlyArray<number>) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

/** Starts bench/bare-server.ts answering `body`; resolves with its URL and a stop function. */
const startBare = (body: string) =>
  new Promise<{ readonly url: string; readonly stop: () => void }>((resolve, reject) => {
    const child = spawn(process.execPath, ["--experimental-strip-types", "--no-warnings", Path.join(import.meta.dirname, "bare-server.ts")], {
      env: { ...process.env, BODY: body },
      stdio: ["ignore", "pipe", "inherit"]
    })
    child.stdout.once("data", (chunk: Buffer) => resolve({ url: `http://127.0.0.1:${chunk.toString().trim()}`, stop: () => child.kill("SIGTERM") }))
    child.once("exit", (code) => reject(new Error(`bare server exited (${code})`)))
  })

/** Prints the HTTP throughput figures and the state's memory per user. */
export const reportEmulatorThroughput = async (): Promise<void> => {
  process.stdout.write(
    `emulator over HTTP (CLI in its own process, --fast-password-hashing; load: bench/http-load.ts in another, ${clients} keep-alive clients; ` +
      `medians of ${rounds} alternating ${roundSeconds} s rounds)\n`
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
      const emulatorRates: Array<number> = []
      const bareRates: Array<number> = []
      const ratios: Array<number> = []
      for (let round = 0; round < rounds; round++) {
        const emulator = await httpLoad(`${baseUrl}/api/v1/users/me`, meHeaders)
        const floor = await httpLoad(`${bare.url}/api/v1/users/me`, meHeaders)
        emulatorRates.push(emulator)
        bareRates.push(floor)
        ratios.push(emulator / floor)
      }
      const ratio = median(ratios)
      process.stdout.write(`  GET /users/me, emulator:                        ${median(emulatorRates).toFixed(0).padStart(6)} req/s\n`)
      process.stdout.write(`  the same body from a bare node:http server:     ${median(bareRates).toFixed(0).padStart(6)} req/s\n`)
      process.stdout.write(`  emulator/bare (median of the rounds' ratios):   ${ratio.toFixed(3)}x (goal at least 0.3x: ${ratio >= 0.3 ? "met" : "OVER"})\n`)
    } finally {
      bare.stop()
    }
    const created: Array<number> = []
    for (let round = 0; round < 3; round++) {
      created.push(await httpLoad(`${baseUrl}/api/v1/users`, server, JSON.stringify({ display_name: "Load {n}", primary_email: `load-${round}-{n}@example.com`, primary_email_auth_enabled: true })))
    }
    const perSecond = median(created)
    process.stdout.write(
      `  POST /users (server key, no password, a new e-mail each): ${perSecond.toFixed(0).padStart(6)} req/s (median of 3 rounds; goal at least 1,000/s: ${perSecond >= 1000 ? "met" : "OVER"})\n`
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

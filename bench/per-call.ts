/**
 * Per-call cost: stackfx `getUser` against a raw `fetch` of the same `GET /users/me`, and stackfx
 * `updateUser` against a raw `PATCH /users/me` with the same body, over loopback to the CLI
 * emulator running as a child process (so its CPU is not counted as the client's). Interleaved
 * rounds; medians of the per-round ratios of wall time and client CPU.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { createServer } from "node:net"
import * as Path from "node:path"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { StackClient } from "../src/client/index.ts"
import { responseHeaderNames } from "../src/http/transport.ts"
import { layerMemoryTokenStore } from "../src/session/token-store.ts"

const rounds = Number(process.env.PER_CALL_ROUNDS ?? 25)
const callsPerRound = Number(process.env.PER_CALL_CALLS ?? 300)
/** Calls of each side before measuring (compiled code, the connection pool). */
const warmUpCalls = 100
const projectId = "bench-project"
const publishableClientKey = "pck_bench_per_call_key_0001"

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      server.close(() => resolve(port))
    })
    server.on("error", reject)
  })

const startEmulator = async (): Promise<{ readonly child: ChildProcess; readonly baseUrl: string }> => {
  const port = await freePort()
  const cli = Path.resolve(import.meta.dirname, "../src/cli.ts")
  const child = spawn(process.execPath, [
    "--experimental-strip-types",
    "--no-warnings",
    cli,
    "emulator",
    "--port",
    String(port),
    "--project-id",
    projectId,
    "--publishable-client-key",
    publishableClientKey
  ], { stdio: "ignore" })
  const baseUrl = `http://127.0.0.1:${port}`
  for (let i = 0; i < 200; i++) {
    const up = await fetch(`${baseUrl}/api/v1`).then(() => true, () => false)
    if (up) return { child, baseUrl }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  child.kill()
  throw new Error("the emulator did not start")
}

interface Sample {
  readonly wallMillis: number
  readonly cpuMicros: number
}

// Each round starts from a collected heap (with --expose-gc, as `npm run bench` runs), so garbage
// one side left behind is not collected on the other side's time.
const collect = () => (typeof globalThis.gc === "function" ? globalThis.gc() : undefined)

const measure = async (run: () => Promise<void>): Promise<Sample> => {
  collect()
  const cpu = process.cpuUsage()
  const started = performance.now()
  for (let i = 0; i < callsPerRound; i++) await run()
  const used = process.cpuUsage(cpu)
  return { wallMillis: performance.now() - started, cpuMicros: used.user + used.system }
}

/** The value below which `share` of `values` lie (0.5: the median). */
const quantile = (values: ReadonlyArray<number>, share: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN
}

const median = (values: ReadonlyArray<number>) => quantile(values, 0.5)

interface Ratios {
  readonly wall: number
  readonly cpu: number
  readonly stackMicros: number
  readonly rawMicros: number
  /** The middle half of the per-round CPU ratios: how much rounds disagree. */
  readonly cpuQuartiles: readonly [number, number]
}

/** Interleaved rounds of `viaStack` and `raw`: medians of the per-round ratios, mean CPU per call. */
const compare = async (viaStack: () => Promise<void>, raw: () => Promise<void>): Promise<Ratios> => {
  // Warm up both paths (JIT, connection pool) before measuring.
  for (let i = 0; i < warmUpCalls; i++) {
    await raw()
    await viaStack()
  }
  const wall: Array<number> = []
  const cpu: Array<number> = []
  let stackCpu = 0
  let rawCpu = 0
  for (let round = 0; round < rounds; round++) {
    // Alternate which goes first, so drift in the machine's load hits both alike.
    const first = round % 2 === 0
    const a = first ? await measure(viaStack) : undefined
    const r = await measure(raw)
    const s = a ?? await measure(viaStack)
    wall.push(s.wallMillis / r.wallMillis)
    cpu.push(s.cpuMicros / r.cpuMicros)
    stackCpu += s.cpuMicros
    rawCpu += r.cpuMicros
  }
  return {
    wall: median(wall),
    cpu: median(cpu),
    stackMicros: stackCpu / (rounds * callsPerRound),
    rawMicros: rawCpu / (rounds * callsPerRound),
    cpuQuartiles: [quantile(cpu, 0.25), quantile(cpu, 0.75)]
  }
}

/** Prints the per-call ratios (`npm run bench` runs this file in a process of its own). */
export const reportPerCall = async (): Promise<void> => {
  const { child, baseUrl } = await startEmulator()
  const runtime = ManagedRuntime.make(
    StackClient.layerFetch({ projectId, publishableClientKey, baseUrl }).pipe(Layer.provide(layerMemoryTokenStore()))
  )
  try {
    const stack = await runtime.runPromise(Effect.gen(function*() {
      return yield* StackClient
    }))
    await runtime.runPromise(stack.signUpWithPassword({ email: "per-call@example.com", password: "per-call-password-1" }))
    const auth = await runtime.runPromise(stack.getAuthJson())
    const headers = {
      accept: "application/json",
      "x-stack-access-type": "client",
      "x-stack-project-id": projectId,
      "x-stack-publishable-client-key": publishableClientKey,
      "x-stack-access-token": auth.accessToken ?? "",
      "x-stack-refresh-token": auth.refreshToken ?? ""
    }
    // What a hand-written client of the protocol sends besides: the headers every request of the
    // official SDK (and of stackfx) carries, with a fresh random nonce per request.
    const withProtocolHeaders = () => ({
      ...headers,
      "x-stack-override-error-status": "true",
      "x-stack-client-version": "js raw-fetch@0",
      "x-stack-random-nonce": globalThis.crypto.randomUUID()
    })
    const rawGet = (headersOf: () => Record<string, string>) => async () => {
      const response = await fetch(`${baseUrl}/api/v1/users/me`, { headers: headersOf() })
      const body: unknown = await response.json()
      if (response.status !== 200 || typeof body !== "object") throw new Error(`raw fetch: ${response.status}`)
    }
    // A raw fetch doing what the protocol and the design card ask of every request, as stackfx does:
    // the same headers, a signal to abort it at its deadline (a timer per call, as a hand-written
    // client would set it), and the response headers stackfx reads (`responseHeaderNames`). What
    // stackfx costs beyond this is its own machinery (effects, session, typed errors, models).
    const rawGetLikeForLike = async () => {
      const controller = new AbortController()
      const timer = setTimeout(() => controller.abort(), 10_000)
      try {
        const response = await fetch(`${baseUrl}/api/v1/users/me`, { headers: withProtocolHeaders(), signal: controller.signal })
        const read = response.headers
        for (const name of responseHeaderNames) read.get(name)
        const body: unknown = await response.json()
        if (response.status !== 200 || typeof body !== "object") throw new Error(`raw fetch: ${response.status}`)
      } finally {
        clearTimeout(timer)
      }
    }
    const rawPatch = (headersOf: () => Record<string, string>) => async () => {
      const response = await fetch(`${baseUrl}/api/v1/users/me`, {
        method: "PATCH",
        headers: { ...headersOf(), "content-type": "application/json" },
        body: JSON.stringify({ client_metadata: { theme: "dark" } })
      })
      const body: unknown = await response.json()
      if (response.status !== 200 || typeof body !== "object") throw new Error(`raw PATCH: ${response.status}`)
    }
    const viaStack = async () => {
      await runtime.runPromise(stack.getUser())
    }
    const stackPatch = async () => {
      await runtime.runPromise(stack.updateUser({ clientMetadata: { theme: "dark" } }))
    }
    const minimal = () => headers
    const read = await compare(viaStack, rawGet(minimal))
    const readSame = await compare(viaStack, rawGet(withProtocolHeaders))
    const readLikeForLike = await compare(viaStack, rawGetLikeForLike)
    const write = await compare(stackPatch, rawPatch(minimal))
    const writeSame = await compare(stackPatch, rawPatch(withProtocolHeaders))
    const ms = (micros: number) => (micros / 1000).toFixed(3)
    const line = (label: string, ratios: Ratios) =>
      `  ${label.padEnd(54)}: wall ${ratios.wall.toFixed(2)}x, client CPU ${ratios.cpu.toFixed(2)}x (middle half of rounds ${ratios.cpuQuartiles[0].toFixed(2)}-${ratios.cpuQuartiles[1].toFixed(2)}x); CPU per call ${ms(ratios.stackMicros)} ms vs ${ms(ratios.rawMicros)} ms`
    process.stdout.write(
      [
        `per call: stackfx against a raw fetch over loopback to the CLI emulator (${rounds} interleaved rounds of ${callsPerRound}; medians of per-round ratios; goals <= 1.2x wall, <= 1.3x client CPU)`,
        line("getUser    vs GET /users/me, same headers as stackfx  ", readSame),
        line("getUser    vs GET /users/me, only the auth headers    ", read),
        line("getUser    vs GET /users/me, same headers, a deadline", readLikeForLike),
        line("updateUser vs PATCH /users/me, same headers as stackfx", writeSame),
        line("updateUser vs PATCH /users/me, only the auth headers  ", write),
        "  (same headers: the raw fetch also sends x-stack-override-error-status, x-stack-client-version and a fresh",
        "  x-stack-random-nonce, as every request of the protocol's official SDK does; only the auth headers: it does not;",
        "  same headers, a deadline: it is also abortable by a timer and reads the headers stackfx reads, as the",
        "  design card asks of every stackfx request; that line shows stackfx's own machinery, the goals are the others')",
        ""
      ].join("\n")
    )
  } finally {
    await runtime.dispose()
    child.kill()
  }
}

if (import.meta.main) await reportPerCall()

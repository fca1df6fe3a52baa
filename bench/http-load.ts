/**
 * A load generator in a process of its own (so its work does not weigh on the server measured):
 * `node bench/http-load.ts <url> <seconds> <concurrency> [header:value ...] [--post=<body>] [--warmup=<seconds>]`
 * keeps `concurrency` keep-alive requests in flight for `seconds` (GET, or POST of the JSON `body`,
 * where every `{n}` becomes the request's number, so each can create something of its own) and
 * prints `{"requests", "seconds", "statuses", "p50", "p99"}` (latencies in milliseconds).
 *
 * `--warmup` first runs the same load for that long without counting it: both this process and the
 * server compile their hot code in the first second or two, and a short round would measure that.
 * A request still unanswered 10 s after the end is counted as `unanswered` and the run ends anyway,
 * so a stuck server cannot hold the bench.
 */
import * as Http from "node:http"

const [url = "", secondsText = "3", concurrencyText = "16", ...rest] = process.argv.slice(2)
const option = (name: string) => rest.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3)
const post = option("post")
const warmupSeconds = Number(option("warmup") ?? "0")
const headers = Object.fromEntries(rest.filter((arg) => !arg.startsWith("--")).map((arg) => {
  const at = arg.indexOf(":")
  return [arg.slice(0, at), arg.slice(at + 1)]
}))
const concurrency = Number(concurrencyText)
const agent = new Http.Agent({ keepAlive: true, maxSockets: concurrency })
const statuses: Record<string, number> = {}
const latencies: Array<number> = []
let counting = false
let sent = 0

const one = () =>
  new Promise<void>((resolve) => {
    const started = performance.now()
    const counted = counting
    const request = Http.request(url, { agent, headers, method: post === undefined ? "GET" : "POST" }, (response) => {
      response.resume()
      response.on("end", () => {
        if (counted) {
          const key = String(response.statusCode)
          statuses[key] = (statuses[key] ?? 0) + 1
          latencies.push(performance.now() - started)
        }
        resolve()
      })
    })
    request.on("error", () => {
      if (counted) statuses.error = (statuses.error ?? 0) + 1
      resolve()
    })
    request.end(post?.replaceAll("{n}", `${process.pid}-${++sent}`))
  })

/** Keeps `concurrency` requests in flight until `until`. */
const phase = (until: number) =>
  Promise.all(Array.from({ length: concurrency }, async () => {
    while (performance.now() < until) await one()
  }))

if (warmupSeconds > 0) await phase(performance.now() + warmupSeconds * 1000)
counting = true
const started = performance.now()
const deadline = started + Number(secondsText) * 1000
const stuck = new Promise<"stuck">((resolve) => setTimeout(() => resolve("stuck"), Number(secondsText) * 1000 + 10_000).unref())
const ended = await Promise.race([phase(deadline), stuck])
if (ended === "stuck") statuses.unanswered = concurrency
const seconds = (Math.min(performance.now(), deadline + 10_000) - started) / 1000
agent.destroy()
latencies.sort((a, b) => a - b)
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
const requests = latencies.length
process.stdout.write(`${JSON.stringify({ requests, seconds, statuses, p50: at(0.5), p99: at(0.99) })}\n`)
process.exit(0)

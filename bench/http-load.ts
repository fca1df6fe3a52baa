/**
 * A load generator in a process of its own (so its work does not weigh on the server measured):
 * `node bench/http-load.ts <url> <seconds> <concurrency> [header:value ...] [--post=<body>]` keeps
 * `concurrency` keep-alive requests in flight for `seconds` (GET, or POST of the JSON `body`, where
 * every `{n}` becomes the request's number, so each can create something of its own) and prints
 * `{"requests", "seconds", "statuses"}`.
 */
import * as Http from "node:http"

const [url = "", secondsText = "3", concurrencyText = "16", ...headerArgs] = process.argv.slice(2)
const post = headerArgs.find((arg) => arg.startsWith("--post="))?.slice("--post=".length)
const headers = Object.fromEntries(headerArgs.filter((arg) => !arg.startsWith("--post=")).map((arg) => {
  const at = arg.indexOf(":")
  return [arg.slice(0, at), arg.slice(at + 1)]
}))
const agent = new Http.Agent({ keepAlive: true, maxSockets: Number(concurrencyText) })
const deadline = performance.now() + Number(secondsText) * 1000
const statuses: Record<string, number> = {}
let requests = 0
let sent = 0

const one = () =>
  new Promise<void>((resolve) => {
    const request = Http.request(url, { agent, headers, method: post === undefined ? "GET" : "POST" }, (response) => {
      response.resume()
      response.on("end", () => {
        const key = String(response.statusCode)
        statuses[key] = (statuses[key] ?? 0) + 1
        requests++
        resolve()
      })
    })
    request.on("error", () => {
      statuses.error = (statuses.error ?? 0) + 1
      resolve()
    })
    request.end(post?.replaceAll("{n}", `${process.pid}-${++sent}`))
  })

const worker = async () => {
  while (performance.now() < deadline) await one()
}

const started = performance.now()
await Promise.all(Array.from({ length: Number(concurrencyText) }, worker))
const seconds = (performance.now() - started) / 1000
agent.destroy()
process.stdout.write(`${JSON.stringify({ requests, seconds, statuses })}\n`)

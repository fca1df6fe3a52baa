/**
 * A load generator in a process of its own (so its work does not weigh on the server measured):
 * `node bench/http-load.ts <url> <seconds> <concurrency> [header:value ...]` keeps `concurrency`
 * keep-alive GET requests in flight for `seconds` and prints `{"requests", "seconds", "statuses"}`.
 */
import * as Http from "node:http"

const [url = "", secondsText = "3", concurrencyText = "16", ...headerArgs] = process.argv.slice(2)
const headers = Object.fromEntries(headerArgs.map((arg) => {
  const at = arg.indexOf(":")
  return [arg.slice(0, at), arg.slice(at + 1)]
}))
const agent = new Http.Agent({ keepAlive: true, maxSockets: Number(concurrencyText) })
const deadline = performance.now() + Number(secondsText) * 1000
const statuses: Record<string, number> = {}
let requests = 0

const one = () =>
  new Promise<void>((resolve) => {
    const request = Http.get(url, { agent, headers }, (response) => {
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
  })

const worker = async () => {
  while (performance.now() < deadline) await one()
}

const started = performance.now()
await Promise.all(Array.from({ length: Number(concurrencyText) }, worker))
const seconds = (performance.now() - started) / 1000
agent.destroy()
process.stdout.write(`${JSON.stringify({ requests, seconds, statuses })}\n`)

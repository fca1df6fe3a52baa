/**
 * Serves a fetch handler (`Request` → `Response`) with `node:http`, for running the fetch examples
 * (Hono, the Worker) on Node without an adapter package. Bun, Deno and Workers serve them natively.
 */
import * as Http from "node:http"

/** A listening server for `handler` on `port` (0: a free one); its URL and a way to stop it. */
export const serveFetch = (
  handler: (request: Request) => Response | Promise<Response>,
  port = 0
): Promise<{ readonly url: string; readonly close: () => Promise<void> }> =>
  new Promise((resolve) => {
    const server = Http.createServer(async (incoming, outgoing) => {
      const headers = new Headers()
      for (const [name, value] of Object.entries(incoming.headers)) {
        if (typeof value === "string") headers.set(name, value)
        else if (Array.isArray(value)) for (const each of value) headers.append(name, each)
      }
      const method = incoming.method ?? "GET"
      const chunks: Array<Buffer> = []
      for await (const chunk of incoming) chunks.push(Buffer.from(chunk))
      const request = new Request(`http://${incoming.headers.host ?? "localhost"}${incoming.url ?? "/"}`, {
        method,
        headers,
        ...(method === "GET" || method === "HEAD" ? {} : { body: Buffer.concat(chunks) })
      })
      const response = await handler(request)
      outgoing.writeHead(response.status, Object.fromEntries(response.headers))
      outgoing.end(Buffer.from(await response.arrayBuffer()))
    })
    server.listen(port, "127.0.0.1", () => {
      const address = server.address()
      resolve({
        url: `http://127.0.0.1:${typeof address === "object" && address !== null ? address.port : port}`,
        close: () => new Promise<void>((done) => server.close(() => done()))
      })
    })
  })

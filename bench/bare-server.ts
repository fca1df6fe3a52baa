/**
 * The floor of the emulator's HTTP figures: a bare `node:http` server in a process of its own that
 * answers every request with the same JSON body (`BODY` in its environment). Prints its port.
 */
import * as Http from "node:http"

const body = Buffer.from(process.env.BODY ?? "{}")
const server = Http.createServer((_request, response) => {
  response.writeHead(200, { "content-type": "application/json", "content-length": body.byteLength })
  response.end(body)
})
server.listen(0, "127.0.0.1", () => {
  const address = server.address()
  process.stdout.write(`${typeof address === "object" && address !== null ? address.port : 0}\n`)
})
process.on("SIGTERM", () => server.close(() => process.exit(0)))

/**
 * The README's server recipe (examples/node-server.ts) over real HTTP: a browser-side client signs
 * up against the emulator, then calls the app's server with its auth headers.
 */
import * as Http from "node:http"
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { getAuthHeaders, layerCoreFetch, layerMemoryTokenStore, signUpWithPassword } from "stackfx/client"
import { Emulator } from "stackfx/emulator"
import { makeHandler } from "../../examples/node-server.ts"

/** The example server on a free port for the life of the scope; its base URL. */
const exampleServer = (options: { projectId: string; secretServerKey: string; baseUrl: string }) =>
  Effect.acquireRelease(
    Effect.promise(() =>
      new Promise<{ server: Http.Server; dispose: () => Promise<void>; url: string }>((resolve) => {
        const { dispose, handler } = makeHandler(options)
        const server = Http.createServer(handler).listen(0, "127.0.0.1", () => {
          const address = server.address()
          resolve({ server, dispose, url: `http://127.0.0.1:${typeof address === "object" && address !== null ? address.port : 0}` })
        })
      })
    ),
    ({ dispose, server }) => Effect.promise(() => dispose().then(() => new Promise<void>((done) => server.close(() => done()))))
  )

const getJson = (url: string, headers: Record<string, string>) =>
  Effect.promise(() => fetch(url, { headers }).then(async (response) => ({ status: response.status, body: await response.text() })))

describe("recipe: a Node server that knows its caller", () => {
  it.live("answers the signed-in user, and 401 to a stranger or a forged token", () =>
    Effect.gen(function*() {
      const emu = yield* Emulator
      const { info } = emu
      const app = yield* exampleServer({ projectId: info.projectId, secretServerKey: info.secretServerKey, baseUrl: info.baseUrl })
      const headers = yield* Effect.gen(function*() {
        yield* signUpWithPassword({ email: "ada@example.com", password: "correct horse battery" })
        return yield* getAuthHeaders()
      }).pipe(Effect.provide(layerCoreFetch(info).pipe(Layer.provide(layerMemoryTokenStore()))))

      const me = yield* getJson(`${app.url}/api/me`, headers)
      assert.strictEqual(me.status, 200)
      assert.include(me.body, "ada@example.com")
      assert.strictEqual((yield* getJson(`${app.url}/api/me`, {})).status, 401)
      const forged = { "x-stack-auth": JSON.stringify({ accessToken: "eyJhbGciOiJFUzI1NiJ9.e30.c2ln", refreshToken: null }) }
      const refused = yield* getJson(`${app.url}/api/me`, forged)
      assert.strictEqual(refused.status, 401)
      assert.include(refused.body, "AccessToken")
    }).pipe(Effect.provide(Emulator.layerServe({ port: 0 })), Effect.scoped))
})

/**
 * A compression bomb in a real browser: the client, bundled for the page, reads an answer from
 * another origin (so the response is `cors` and hides its content-encoding) that is 64 KB of gzip
 * decoding to 64 MB; it stops at the 10 MB cap with `TooLarge`, in a fraction of a second.
 */
import * as Path from "node:path"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { gzipSync } from "node:zlib"
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { bundleBrowserEntry, servePage } from "../../examples/react-app/serve.ts"
import { launchChromium, step } from "./chromium.ts"

const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20))

/** Answers every request with the bomb, and CORS that lets any page read it. */
const bombServer = Effect.acquireRelease(
  Effect.callback<Server>((resume) => {
    const server = createServer((request, response) => {
      const cors = {
        "access-control-allow-origin": "*",
        "access-control-allow-headers": "*",
        "access-control-allow-methods": "GET, POST, PATCH, DELETE, OPTIONS"
      }
      if (request.method === "OPTIONS") {
        response.writeHead(204, cors).end()
        return
      }
      response.writeHead(200, { ...cors, "content-type": "application/json", "content-encoding": "gzip", "content-length": bomb.length })
      response.end(bomb)
    })
    server.listen(0, "127.0.0.1", () => {
      resume(Effect.succeed(server))
    })
  }),
  (server) =>
    Effect.callback<void>((resume) => {
      server.close(() => resume(Effect.void))
    })
)

describe("compressed bodies in Chromium", () => {
  it.live("a gzip body decoding past the cap is TooLarge, quickly", () =>
    Effect.gen(function*() {
      const server = yield* bombServer
      const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      const script = yield* bundleBrowserEntry(Path.join(import.meta.dirname, "pages", "compressed-body.ts"))
      const page = yield* servePage(script, {
        baseUrl,
        projectId: "7ac5f2e0-0000-4000-8000-000000000001",
        publishableClientKey: "pck_bomb_test_key_0000000000"
      })
      const browser = yield* launchChromium
      const tab = yield* step(() => browser.newPage())
      yield* step(() => tab.goto(page.origin))
      const result = yield* step(() =>
        tab.waitForFunction(() => (globalThis as { stackfxResult?: unknown }).stackfxResult, undefined, { timeout: 30_000 })
          .then((handle) => handle.jsonValue())
      ) as Effect.Effect<{ readonly outcome: string; readonly millis: number }>
      assert.strictEqual(result.outcome, "StackResponseError TooLarge")
      assert.isBelow(result.millis, 3000)
    }).pipe(Effect.scoped), 60_000)
})

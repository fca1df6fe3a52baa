/**
 * The budgeted browser program in a real browser: the sign-in page (stackfx/client over `fetch`,
 * bundled by esbuild as the size benchmark bundles it) runs in headless Chromium, served from one
 * origin, against the emulator on another, so CORS preflights and exposed headers are exercised too.
 */
import * as Http from "node:http"
import * as Path from "node:path"
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Esbuild from "esbuild"
import { chromium } from "playwright-core"
import { Emulator } from "../../src/emulator/emulator.ts"

/** Debian's Chromium (`apt-get install chromium`); `.ci/run` installs it. Never a downloaded browser. */
const chromiumPath = "/usr/bin/chromium"
const chromiumArgs = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]

const bundlePage = Effect.promise(async () => {
  const result = await Esbuild.build({
    entryPoints: [Path.join(import.meta.dirname, "sign-in-page.ts")],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false
  })
  return result.outputFiles[0]?.text ?? ""
})

/** Serves the page and its script from a loopback port for the life of the scope. */
const servePage = (script: string) =>
  Effect.acquireRelease(
    Effect.callback<Http.Server & { readonly origin: string }>((resume) => {
      const server = Http.createServer((request, response) => {
        if (request.url === "/app.js") {
          response.writeHead(200, { "content-type": "text/javascript" }).end(script)
        } else {
          response.writeHead(200, { "content-type": "text/html" })
            .end(`<!doctype html><title>stackfx</title><script type="module" src="/app.js"></script>`)
        }
      })
      server.listen(0, "127.0.0.1", () => {
        const address = server.address()
        const port = typeof address === "object" && address !== null ? address.port : 0
        resume(Effect.succeed(Object.assign(server, { origin: `http://127.0.0.1:${port}` })))
      })
    }),
    (server) =>
      Effect.callback<void>((resume) => {
        server.closeAllConnections()
        server.close(() => resume(Effect.void))
      })
  )

const launchChromium = Effect.acquireRelease(
  Effect.tryPromise({
    try: () => chromium.launch({ executablePath: chromiumPath, args: chromiumArgs }),
    catch: (cause) => new Error(`Chromium did not start from ${chromiumPath} (apt-get install chromium): ${String(cause)}`)
  }).pipe(Effect.orDie),
  (browser) => Effect.promise(() => browser.close())
)

describe("stackfx/client in Chromium", () => {
  it.live("signs up, meets a wrong password as EmailPasswordMismatch, signs in and reads the user, cross-origin", () =>
    Effect.gen(function*() {
      const emu = yield* Emulator.serve({ port: 0 })
      const page = yield* servePage(yield* bundlePage)
      const browser = yield* launchChromium
      const tab = yield* Effect.promise(() => browser.newPage())
      const target = {
        baseUrl: emu.info.baseUrl,
        projectId: emu.info.projectId,
        publishableClientKey: emu.info.publishableClientKey
      }
      yield* Effect.promise(() => tab.goto(`${page.origin}/#${encodeURIComponent(JSON.stringify(target))}`))
      const result = yield* Effect.promise(() =>
        tab.waitForFunction(() => (globalThis as { stackfxResult?: unknown }).stackfxResult, undefined, { timeout: 15_000 })
          .then((handle) => handle.jsonValue())
      )
      assert.deepInclude(result, { ok: true })
      const { outcome } = result as { outcome: Record<string, string> }
      assert.strictEqual(outcome["signedInId"], outcome["signedUpId"])
      assert.strictEqual(outcome["wrongPassword"], "EmailPasswordMismatch 400")
      assert.match(outcome["email"] ?? "", /^browser-.*@example\.com$/)
      // The page's origin is not the emulator's: every call went through a CORS check.
      assert.notStrictEqual(new URL(page.origin).port, new URL(emu.info.baseUrl).port)
    }).pipe(Effect.scoped), 60_000)
})

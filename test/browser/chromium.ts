/**
 * What the Chromium tests share: bundling a page program with esbuild, serving it from a loopback
 * origin of its own, and Debian's Chromium driven by playwright-core (never a downloaded browser).
 */
import * as Http from "node:http"
import * as Path from "node:path"
import * as Effect from "effect/Effect"
import * as Esbuild from "esbuild"
import { type Browser, chromium } from "playwright-core"
import { Emulator } from "../../src/emulator/emulator.ts"

/** Debian's Chromium (`apt-get install chromium`); `.ci/run` installs it. */
export const chromiumPath = "/usr/bin/chromium"
const chromiumArgs = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]

/** Bundles `pages/<name>.ts` for the browser, minified, as the size benchmark does. */
export const bundlePage = (name: string) =>
  Effect.promise(async () => {
    const result = await Esbuild.build({
      entryPoints: [Path.join(import.meta.dirname, "pages", `${name}.ts`)],
      bundle: true,
      minify: true,
      format: "esm",
      platform: "browser",
      target: "es2022",
      write: false
    })
    return result.outputFiles[0]?.text ?? ""
  })

/** A page origin: `/app.js` is `script`; every other path is the HTML shell carrying `config`. */
export interface PageServer {
  readonly origin: string
}

const shell = (config: unknown) =>
  `<!doctype html><meta charset="utf-8"><title>stackfx</title>` +
  `<script type="application/json" id="stackfx-config">${JSON.stringify(config).replace(/</g, "\\u003c")}</script>` +
  `<script type="module" src="/app.js"></script>`

/**
 * Serves the page on `host` (default `localhost`: WebAuthn accepts it as a relying party, an IP
 * address it does not) for the life of the scope.
 */
export const servePage = (script: string, config: unknown, host = "localhost") =>
  Effect.acquireRelease(
    Effect.callback<Http.Server & PageServer>((resume) => {
      const server = Http.createServer((request, response) => {
        if (request.url === "/app.js") {
          response.writeHead(200, { "content-type": "text/javascript" }).end(script)
        } else if (request.url === "/favicon.ico") {
          response.writeHead(404).end()
        } else {
          response.writeHead(200, { "content-type": "text/html" }).end(shell(config))
        }
      })
      server.listen(0, "127.0.0.1", () => {
        const address = server.address()
        const port = typeof address === "object" && address !== null ? address.port : 0
        resume(Effect.succeed(Object.assign(server, { origin: `http://${host}:${port}` })))
      })
    }),
    (server) =>
      Effect.callback<void>((resume) => {
        server.closeAllConnections()
        server.close(() => resume(Effect.void))
      })
  )

/** Headless Chromium for the life of the scope. */
export const launchChromium: Effect.Effect<Browser, never, import("effect/Scope").Scope> = Effect.acquireRelease(
  Effect.tryPromise({
    try: () => chromium.launch({ executablePath: chromiumPath, args: chromiumArgs }),
    catch: (cause) => new Error(`Chromium did not start from ${chromiumPath} (apt-get install chromium): ${String(cause)}`)
  }).pipe(Effect.orDie),
  (browser) => Effect.promise(() => browser.close())
)

/** Runs a promise-returning browser step as an effect (a rejection fails the test as a defect). */
export const step = <A>(run: () => Promise<A>) => Effect.promise(run)

/**
 * The emulator on a loopback port, the page program `pageName` served from another origin (`host`,
 * default `localhost`) with the emulator's address as its config, and Chromium: all for the scope.
 */
export const startApp = (pageName: string, host?: string) =>
  Effect.gen(function*() {
    const emu = yield* Emulator.serve({ port: 0 })
    const target = { baseUrl: emu.info.baseUrl, projectId: emu.info.projectId, publishableClientKey: emu.info.publishableClientKey }
    const page = yield* servePage(yield* bundlePage(pageName), target, host)
    const browser = yield* launchChromium
    return { emu, page, browser }
  })

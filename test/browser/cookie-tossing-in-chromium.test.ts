/**
 * Cookie tossing in a real browser, over https: a page on a sibling subdomain
 * (evil.stackfx.test) sets a structured refresh cookie for the parent domain with a far-future date.
 * The app on app.stackfx.test does not pick that session up while signed out, signs its own user in
 * over it (and removes it), and keeps its own session when the cookie is tossed in again.
 * Both hosts resolve to loopback; the certificate is made for the run.
 */
import * as Path from "node:path"
import * as Fs from "node:fs"
import * as Os from "node:os"
import { execFileSync } from "node:child_process"
import { createServer, type Server } from "node:https"
import type { AddressInfo } from "node:net"
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { chromium, type Page } from "playwright-core"
import { bundleBrowserEntry } from "../../examples/react-app/serve.ts"
import { chromiumArgs, chromiumPath, step } from "./chromium.ts"

const projectId = "7ac5f2e0-0000-4000-8000-000000000001"
const tossed = JSON.stringify({ refresh_token: "attacker-refresh-token", updated_at_millis: 9_999_999_999_999 })

/** A certificate for *.stackfx.test, made by openssl for this run. */
const certificate = () => {
  const dir = Fs.mkdtempSync(Path.join(Os.tmpdir(), "stackfx-tls-"))
  execFileSync("openssl", [
    "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
    "-subj", "/CN=stackfx.test", "-addext", "subjectAltName=DNS:*.stackfx.test",
    "-keyout", Path.join(dir, "key.pem"), "-out", Path.join(dir, "cert.pem")
  ], { stdio: "ignore" })
  return { key: Fs.readFileSync(Path.join(dir, "key.pem")), cert: Fs.readFileSync(Path.join(dir, "cert.pem")) }
}

const appPage = (config: string) =>
  `<!doctype html><html lang="en"><title>app</title><script type="application/json" id="stackfx-config">${config}</script><script type="module" src="/app.js"></script>`

/** The sibling's page: sets the tossed cookie for the parent domain. */
const evilPage = `<!doctype html><html lang="en"><title>evil</title><script>document.cookie = ${
  JSON.stringify(`hexclave-refresh-${projectId}--tossed=${encodeURIComponent(tossed)}; Domain=stackfx.test; Path=/; Secure; SameSite=Lax; Max-Age=3600`)
}; document.title = "tossed"</script>`

const serve = (script: string) =>
  Effect.acquireRelease(
    Effect.callback<Server>((resume) => {
      const config = JSON.stringify({ baseUrl: "https://api.stackfx.test", projectId, publishableClientKey: "pck_unused" })
      const server = createServer(certificate(), (request, response) => {
        const host = request.headers.host ?? ""
        if (request.url === "/app.js") response.writeHead(200, { "content-type": "text/javascript" }).end(script)
        else if (host.startsWith("evil.")) response.writeHead(200, { "content-type": "text/html" }).end(evilPage)
        else response.writeHead(200, { "content-type": "text/html" }).end(appPage(config))
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

const read = (tab: Page) =>
  step(() => tab.evaluate(() => (globalThis as unknown as { stackfxRead: () => Promise<{ refresh: string | null; access: string | null }> }).stackfxRead()))

describe("cookie tossing in Chromium over https", () => {
  it.live("a session tossed in by a sibling subdomain neither wins nor outlives a sign-in", () =>
    Effect.gen(function*() {
      const script = yield* bundleBrowserEntry(Path.join(import.meta.dirname, "pages", "cookie-tossing.ts"))
      const server = yield* serve(script)
      const port = (server.address() as AddressInfo).port
      const browser = yield* Effect.acquireRelease(
        Effect.promise(() =>
          chromium.launch({
            executablePath: chromiumPath,
            args: [...chromiumArgs, "--host-resolver-rules=MAP *.stackfx.test 127.0.0.1", "--ignore-certificate-errors"]
          })
        ),
        (opened) => Effect.promise(() => opened.close())
      )
      const context = yield* step(() => browser.newContext({ ignoreHTTPSErrors: true }))
      const evil = yield* step(() => context.newPage())
      const app = yield* step(() => context.newPage())
      const toss = Effect.gen(function*() {
        yield* step(() => evil.goto(`https://evil.stackfx.test:${port}/`))
        yield* step(() => evil.waitForFunction(() => document.title === "tossed"))
      })
      yield* toss
      yield* step(() => app.goto(`https://app.stackfx.test:${port}/`))
      yield* step(() => app.waitForFunction(() => "stackfxRead" in globalThis))
      // The browser does send the tossed cookie to the app...
      assert.include(yield* step(() => app.evaluate(() => document.cookie)), "--tossed=")
      // ...but signed out stays signed out.
      assert.deepStrictEqual(yield* read(app), { refresh: null, access: null })

      yield* step(() => app.evaluate(() => (globalThis as unknown as { stackfxSignIn: (r: string, a: string) => Promise<void> }).stackfxSignIn("victim-refresh-token", "victim-access-token")))
      const afterSignIn = yield* step(() => app.evaluate(() => document.cookie))
      assert.notInclude(afterSignIn, "--tossed=", "the sign-in removed the tossed cookie (parent-domain deletion)")
      assert.include(afterSignIn, `__Host-hexclave-refresh-${projectId}--default=`)
      assert.deepStrictEqual(yield* read(app), { refresh: "victim-refresh-token", access: "victim-access-token" })

      // Tossed again, dated later than the victim's: still the victim's session.
      yield* toss
      assert.include(yield* step(() => app.evaluate(() => document.cookie)), "--tossed=")
      assert.deepStrictEqual(yield* read(app), { refresh: "victim-refresh-token", access: "victim-access-token" })
    }).pipe(Effect.scoped), 60_000)
})

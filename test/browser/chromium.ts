/**
 * What the Chromium tests share: page programs bundled and served like the React example app
 * (examples/react-app/serve.ts), the emulator, and Debian's Chromium driven by playwright-core
 * (never a downloaded browser).
 */
import * as Path from "node:path"
import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core"
import { Emulator } from "../../src/emulator/emulator.ts"
import { bundleBrowserEntry, servePage } from "../../examples/react-app/serve.ts"

/** Debian's Chromium (`apt-get install chromium`); `.ci/run` installs it. */
export const chromiumPath = "/usr/bin/chromium"
/** The flags every test browser starts with (no network but loopback, no GPU). */
export const chromiumArgs = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]

/** Headless Chromium for the life of the scope. */
export const launchChromium: Effect.Effect<Browser, never, Scope.Scope> = Effect.acquireRelease(
  Effect.tryPromise({
    try: () => chromium.launch({ executablePath: chromiumPath, args: chromiumArgs }),
    catch: (cause) => new Error(`Chromium did not start from ${chromiumPath} (apt-get install chromium): ${String(cause)}`)
  }).pipe(Effect.orDie),
  (browser) => Effect.promise(() => browser.close())
)

/** Runs a promise-returning browser step as an effect (a rejection fails the test as a defect). */
export const step = <A>(run: () => Promise<A>) => Effect.promise(run)

/**
 * The emulator on a loopback port, the page program `pages/<pageName>.ts` (or a named `.tsx`) served from another
 * origin (`host`, default `localhost`) with the emulator's address as its config, and Chromium.
 */
export const startApp = (pageName: string, host?: string) =>
  Effect.gen(function*() {
    const emu = yield* Effect.orDie(Emulator.serve({ port: 0 }))
    const target = { baseUrl: emu.info.baseUrl, projectId: emu.info.projectId, publishableClientKey: emu.info.publishableClientKey }
    const file = pageName.endsWith(".tsx") ? pageName : `${pageName}.ts`
    const script = yield* bundleBrowserEntry(Path.join(import.meta.dirname, "pages", file))
    const page = yield* servePage(script, target, host)
    const browser = yield* launchChromium
    return { emu, page, browser }
  })

/**
 * A new tab of `context` that records what went wrong in it (console errors, page errors) and the
 * requests it sends to the API at `apiBase`. A request the API refuses (an arrival page without its
 * code) is logged by the browser as a failed resource, not by the app: not counted.
 */
export const watchedTab = (context: BrowserContext, apiBase: string) =>
  Effect.gen(function*() {
    const tab = yield* step(() => context.newPage())
    const problems: Array<string> = []
    const apiRequests: Array<string> = []
    tab.on("console", (message) => {
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) problems.push(message.text())
    })
    tab.on("pageerror", (error) => problems.push(String(error)))
    tab.on("request", (request) => {
      if (request.url().startsWith(apiBase)) apiRequests.push(`${request.method()} ${new URL(request.url()).pathname}`)
    })
    return { tab, problems, apiRequests }
  })

/** Signs up through the app's sign-up page as `email` with `password`, and waits for the home page. */
export const signUpThroughPage = (tab: Page, origin: string, email: string, password: string) =>
  Effect.gen(function*() {
    yield* step(() => tab.goto(`${origin}/handler/sign-up`))
    yield* step(() => tab.fill("input[name=email]", email))
    yield* step(() => tab.fill("input[name=password]", password))
    yield* step(() => tab.fill("input[name=password-repeat]", password))
    yield* step(() => tab.click("button[type=submit]"))
    yield* step(() => tab.waitForURL(`${origin}/`, { timeout: 15_000 }))
  })

/**
 * CLI sign-in end to end: a separate Node program calls stackfx's `promptCliLogin` and prints the
 * confirmation URL; the React example app's `/handler/cli-auth-confirm` page, opened in Chromium by
 * a signed-in user, authorizes it on the user's click; the program receives that user's session.
 * A signed-out visitor is first asked to sign in and comes back to the page.
 */
import { assert, describe, it } from "@effect/vitest"
import * as ChildProcess from "node:child_process"
import * as Path from "node:path"
import * as Effect from "effect/Effect"
import type { Page } from "playwright-core"
import { startReactExample } from "../../examples/react-app/serve.ts"
import { launchChromium, signUpThroughPage, step } from "./chromium.ts"

const password = "correct horse battery"
const node24 = Path.join(import.meta.dirname, "../../node_modules/.bin/node")
const program = Path.join(import.meta.dirname, "programs/cli-sign-in.ts")

const shows = (tab: Page, selector: string, text: string) =>
  step(() => tab.locator(selector, { hasText: text }).first().waitFor({ timeout: 15_000 }))

/** Starts the program; resolves its printed URL, then its last line when it exits. */
const startProgram = (args: ReadonlyArray<string>) =>
  Effect.acquireRelease(
    Effect.sync(() => {
      const child = ChildProcess.spawn(node24, [program, ...args], { stdio: ["ignore", "pipe", "pipe"] })
      let output = ""
      const url = new Promise<string>((resolve, reject) => {
        child.stdout.on("data", (chunk: Buffer) => {
          output += chunk.toString("utf8")
          const match = /^OPEN (\S+)$/m.exec(output)
          if (match?.[1] !== undefined) resolve(match[1])
        })
        child.on("exit", () => reject(new Error(`the program exited before printing a URL: ${output}`)))
      })
      const finished = new Promise<{ readonly code: number | null; readonly lastLine: string }>((resolve) => {
        child.on("exit", (code) => resolve({ code, lastLine: output.trim().split("\n").at(-1) ?? "" }))
      })
      return { child, url, finished }
    }),
    ({ child }) => Effect.sync(() => child.kill())
  )

describe("CLI sign-in through the confirmation page in Chromium", () => {
  it.live("the program receives the session of the user who authorizes it, after signing in on the page", () =>
    Effect.gen(function*() {
      const { emu, page } = yield* startReactExample
      const browser = yield* launchChromium
      const tab = yield* step(() => browser.newPage())
      const email = `cli-${Date.now().toString(36)}@example.com`
      yield* signUpThroughPage(tab, page.origin, email, password)
      yield* step(() => tab.goto(`${page.origin}/handler/sign-out`))
      yield* step(() => tab.getByRole("button", { name: "Sign out" }).click())
      yield* step(() => tab.waitForURL(`${page.origin}/`, { timeout: 15_000 }))

      const run = yield* startProgram([emu.info.baseUrl, emu.info.projectId, emu.info.publishableClientKey, page.origin])
      const url = yield* step(() => run.url)
      assert.match(url, new RegExp(`^${page.origin}/handler/cli-auth-confirm\\?login_code=[0-9a-z]{45}$`))

      // Signed out: the page asks to sign in first, and the sign-in comes back here.
      yield* step(() => tab.goto(url))
      yield* shows(tab, "main", "A command line application wants to sign in as you.")
      yield* step(() => tab.getByRole("link", { name: "Sign in to continue" }).click())
      yield* step(() => tab.fill("input[name=email]", email))
      yield* step(() => tab.fill("input[name=password]", password))
      yield* step(() => tab.click("button[type=submit]"))
      yield* step(() => tab.waitForURL(url, { timeout: 15_000 }))

      // Signed in: nothing happens until the user clicks.
      yield* shows(tab, "main", "A command line application is requesting access to your account.")
      yield* step(() => tab.getByRole("button", { name: "Authorize" }).click())
      yield* shows(tab, "main", "The CLI application has been authorized.")

      const finished = yield* step(() => run.finished)
      assert.strictEqual(finished.code, 0, finished.lastLine)
      const [marker, userId, signedInEmail] = finished.lastLine.split(" ")
      assert.strictEqual(marker, "SIGNED_IN")
      assert.strictEqual(signedInEmail, email)
      const user = yield* emu.withState((data) => Effect.sync(() => data.users[userId ?? ""]))
      assert.isDefined(user)

      // The link is used up: opening it again and authorizing fails on the page.
      yield* step(() => tab.goto(url))
      yield* step(() => tab.getByRole("button", { name: "Authorize" }).click())
      yield* shows(tab, ".stackfx-error", "")
    }).pipe(Effect.scoped), 90_000)

  it.live("a link without its login code says so", () =>
    Effect.gen(function*() {
      const { page } = yield* startReactExample
      const browser = yield* launchChromium
      const tab = yield* step(() => browser.newPage())
      yield* step(() => tab.goto(`${page.origin}/handler/cli-auth-confirm`))
      yield* shows(tab, "main", "This link is missing its login code.")
    }).pipe(Effect.scoped), 60_000)
})

/**
 * The React cache's request counts and session binding in Chromium (pages/session-counts.tsx),
 * against the emulator: 50 components reading the user make one request; a fresh page holding only
 * a refresh token makes four (one refresh, three reads); 20 tabs whose access token expired make one
 * refresh between them (Web Locks); a refresh that finds the session revoked turns the page signed
 * out; another tab's sign-in and sign-out arrive through the BroadcastChannel with the cookie poll
 * slowed to a minute.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type { BrowserContext, Page } from "playwright-core"
import { signOut } from "../../src/client/index.ts"
import { startApp, step } from "./chromium.ts"
import { addSessionCookies, expiredCopy, signedUpUser } from "./session-cookies.ts"

let counter = 0
const freshEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}@example.com`

const setup = Effect.gen(function*() {
  const { browser, emu, page } = yield* startApp("session-counts.tsx")
  const config = { baseUrl: emu.info.baseUrl, projectId: emu.info.projectId, publishableClientKey: emu.info.publishableClientKey }
  /** A browser context (one cookie jar) recording every API request its tabs make. */
  const newContext = Effect.gen(function*() {
    const context = yield* step(() => browser.newContext())
    const requests: Array<string> = []
    context.on("request", (request) => {
      if (request.url().startsWith(emu.info.baseUrl)) requests.push(`${request.method()} ${new URL(request.url()).pathname}`)
    })
    return { context, requests }
  })
  const open = (context: BrowserContext, query: string) =>
    Effect.gen(function*() {
      const tab = yield* step(() => context.newPage())
      yield* step(() => tab.goto(`${page.origin}/?${query}`))
      return tab
    })
  return { emu, page, config, newContext, open }
})

/** Waits until every `.name` element of `tab` reads `text` (at least `count` of them). */
const allNamesShow = (tab: Page, text: string, count = 1, timeout = 10_000) =>
  step(() =>
    tab.waitForFunction(
      ([expected, least]) => {
        const names = [...document.querySelectorAll(".name")].map((element) => element.textContent)
        return names.length >= least && names.every((name) => name === expected)
      },
      [text, count] as const,
      { timeout }
    )
  )

const countOf = (requests: ReadonlyArray<string>, request: string) => requests.filter((made) => made === request).length

describe("stackfx/react request counts and session binding in Chromium", () => {
  it.live("50 components reading the user make 1 request; a fresh page with a refresh token makes 4", () =>
    Effect.gen(function*() {
      const { config, emu, newContext, open, page } = yield* setup
      const session = yield* signedUpUser(config, { email: freshEmail("fifty"), displayName: "Grace", team: "Compilers" })

      const signedIn = yield* newContext
      yield* addSessionCookies(signedIn.context, page.origin, emu.info.projectId, session)
      const tab = yield* open(signedIn.context, "components=50")
      yield* allNamesShow(tab, "Grace", 50)
      yield* step(() => tab.waitForTimeout(500))
      assert.deepStrictEqual(signedIn.requests, ["GET /api/v1/users/me"])

      // Only the refresh token: one refresh, then the user, the teams and the contact channels.
      const fresh = yield* newContext
      yield* addSessionCookies(fresh.context, page.origin, emu.info.projectId, { refresh: session.refresh })
      const freshTab = yield* open(fresh.context, "components=5&resources=1")
      yield* allNamesShow(freshTab, "Grace", 5)
      yield* step(() => freshTab.waitForSelector("#teams:has-text('Compilers')"))
      yield* step(() => freshTab.waitForTimeout(500))
      assert.deepStrictEqual([...fresh.requests].sort(), [
        "GET /api/v1/contact-channels",
        "GET /api/v1/teams",
        "GET /api/v1/users/me",
        "POST /api/v1/auth/oauth/token"
      ])
    }), { timeout: 60_000 })

  it.live("20 tabs with an expired access token make one refresh request between them", () =>
    Effect.gen(function*() {
      const { config, emu, newContext, open, page } = yield* setup
      const session = yield* signedUpUser(config, { email: freshEmail("tabs"), displayName: "Lin" })
      const { context, requests } = yield* newContext
      yield* addSessionCookies(context, page.origin, emu.info.projectId, { refresh: session.refresh, access: expiredCopy(session.access) })
      const tabs = yield* Effect.all(Array.from({ length: 20 }, () => open(context, "components=1")), { concurrency: "unbounded" })
      yield* Effect.forEach(tabs, (tab) => allNamesShow(tab, "Lin"), { concurrency: "unbounded" })
      assert.strictEqual(countOf(requests, "POST /api/v1/auth/oauth/token"), 1)
      assert.strictEqual(countOf(requests, "GET /api/v1/users/me"), 20)
    }), { timeout: 90_000 })

  it.live("a refresh that finds the session revoked turns the page signed out", () =>
    Effect.gen(function*() {
      const { config, emu, newContext, open, page } = yield* setup
      const session = yield* signedUpUser(config, { email: freshEmail("revoked"), displayName: "Ada" })
      const { context } = yield* newContext
      yield* addSessionCookies(context, page.origin, emu.info.projectId, session)
      const tab = yield* open(context, "components=3")
      yield* allNamesShow(tab, "Ada", 3)
      // The session ends on the server (signed out elsewhere), and the tab's access token expires.
      const ended = yield* signOut().pipe(Effect.provide(session.core), Effect.orDie)
      assert.strictEqual(ended._tag, "Revoked")
      yield* addSessionCookies(context, page.origin, emu.info.projectId, { refresh: session.refresh, access: expiredCopy(session.access) })
      yield* step(() => tab.click("#stale"))
      yield* allNamesShow(tab, "signed out", 3, 1_000)
      const cookies = yield* step(() => context.cookies())
      assert.isFalse(cookies.some((cookie) => cookie.value.includes(session.refresh)))
    }), { timeout: 60_000 })

  it.live("more than 10 mounted providers log the leak warning (SPEC §9); 10 do not", () =>
    Effect.gen(function*() {
      const { newContext, page } = yield* setup
      const { context } = yield* newContext
      /** The leak warnings a page with the main provider and `extra` more logs. */
      const warningsWith = (extra: number) =>
        Effect.gen(function*() {
          const tab = yield* step(() => context.newPage())
          const warnings: Array<string> = []
          tab.on("console", (message) => {
            if (message.type() === "warning" && message.text().includes("StackProvider runtimes are mounted")) warnings.push(message.text())
          })
          yield* step(() => tab.goto(`${page.origin}/?providers=${extra}`))
          yield* step(() => tab.waitForFunction((count) => document.querySelectorAll(".extra").length === count, extra))
          yield* step(() => tab.waitForTimeout(200))
          yield* step(() => tab.close())
          return warnings
        })
      assert.deepStrictEqual(yield* warningsWith(9), [])
      const warned = yield* warningsWith(10)
      assert.isAtLeast(warned.length, 1)
      assert.include(warned[0] ?? "", "11 StackProvider runtimes are mounted")
    }), { timeout: 60_000 })

  it.live("sign-in and sign-out in one tab reach the other through the BroadcastChannel within 1 s (cookie poll: 1 min)", () =>
    Effect.gen(function*() {
      const { config, newContext, open } = yield* setup
      const email = freshEmail("broadcast")
      yield* signedUpUser(config, { email, displayName: "Katherine" })
      const { context } = yield* newContext
      const query = `components=2&poll=60000&email=${encodeURIComponent(email)}&password=${encodeURIComponent("correct horse battery")}`
      const first = yield* open(context, query)
      const second = yield* open(context, query)
      yield* allNamesShow(first, "signed out", 2)
      yield* allNamesShow(second, "signed out", 2)
      yield* step(() => first.click("#sign-in"))
      yield* allNamesShow(first, "Katherine", 2)
      yield* allNamesShow(second, "Katherine", 2, 1_000)
      yield* step(() => second.click("#sign-out"))
      yield* allNamesShow(second, "signed out", 2)
      yield* allNamesShow(first, "signed out", 2, 1_000)
    }), { timeout: 60_000 })
})

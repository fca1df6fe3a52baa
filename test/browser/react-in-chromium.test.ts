/**
 * stackfx/react in Chromium (React 19, StrictMode): the react-app page against the emulator. Two
 * components reading the user share one request; mutations invalidate and refetch what is shown;
 * a failed mutation exposes its typed error.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type { Page } from "playwright-core"
import { startApp, step } from "./chromium.ts"

const textOf = (tab: Page, id: string) => step(() => tab.locator(`#${id}`).innerText())

/** Waits until element `id` shows `text`. */
const shows = (tab: Page, id: string, text: string | RegExp) =>
  step(() =>
    tab.waitForFunction(
      ([elementId, expected, isPattern]) => {
        const shown = document.getElementById(elementId)?.textContent ?? ""
        return isPattern ? new RegExp(expected).test(shown) : shown === expected
      },
      [id, typeof text === "string" ? text : text.source, typeof text !== "string"] as const,
      { timeout: 10_000 }
    )
  )

describe("stackfx/react in Chromium", () => {
  it.live("useUser, useStackQuery and useStackMutation over the emulator, with shared requests", () =>
    Effect.gen(function*() {
      const { browser, page } = yield* startApp("react-app")
      const tab = yield* step(() => browser.newPage())
      const userReads: Array<string> = []
      tab.on("request", (request) => {
        if (request.method() === "GET" && request.url().endsWith("/api/v1/users/me")) userReads.push(request.url())
      })
      yield* step(() => tab.goto(page.origin))
      yield* shows(tab, "greeting-a", "signed out")
      yield* shows(tab, "greeting-b", "signed out")
      yield* shows(tab, "user-state", "state: signed out")
      const email = yield* textOf(tab, "email")

      // A typed failure from a mutation: the password is too short.
      yield* step(() => tab.click("#sign-up-short"))
      yield* shows(tab, "mutation-error", "PasswordTooShort")

      const readsBeforeSignUp = userReads.length
      yield* step(() => tab.click("#sign-up"))
      yield* shows(tab, "greeting-a", `hello ${email}`)
      yield* shows(tab, "greeting-b", `hello ${email}`)
      yield* shows(tab, "user-state", `state: ${email}`)
      yield* shows(tab, "channels", `channels: ${email}`)
      yield* shows(tab, "mutation-error", "none")
      // Both greetings and the channel list read the user from one cache entry: one request.
      assert.strictEqual(userReads.length - readsBeforeSignUp, 1)

      yield* step(() => tab.click("#add-channel"))
      yield* shows(tab, "channels", new RegExp(`^channels: .*second-${email.replace(/[.]/g, "\\.")}`))
      // Only the channel list was invalidated: the user was not read again.
      assert.strictEqual(userReads.length - readsBeforeSignUp, 1)

      yield* shows(tab, "teams", "teams: ")
      yield* step(() => tab.click("#add-team"))
      yield* shows(tab, "teams", "teams: Rocket")
      // The creator's permissions, through useTeamPermission (recursive): $delete_team is there.
      yield* shows(tab, "can-delete", "yes")

      // A fresh page load while signed in: four components ask for the user at once, one request.
      const readsBeforeReload = userReads.length
      yield* step(() => tab.reload())
      yield* shows(tab, "greeting-a", `hello ${email}`)
      yield* shows(tab, "greeting-b", `hello ${email}`)
      yield* shows(tab, "channels", new RegExp(`second-`))
      assert.strictEqual(userReads.length - readsBeforeReload, 1)

      yield* step(() => tab.click("#sign-out"))
      yield* shows(tab, "greeting-a", "signed out")
      yield* shows(tab, "greeting-b", "signed out")
      yield* shows(tab, "channels", "channels: ")
      assert.strictEqual(yield* step(() => tab.locator("#teams").count()), 0)
    }).pipe(Effect.scoped), 60_000)

  it.live("two tabs: a sign-in and a sign-out in one reach the other tab's hooks within 1 s, with no reload", () =>
    Effect.gen(function*() {
      const { browser, page } = yield* startApp("react-app")
      const context = yield* step(() => browser.newContext())
      const first = yield* step(() => context.newPage())
      const second = yield* step(() => context.newPage())
      yield* step(() => first.goto(page.origin))
      yield* step(() => second.goto(page.origin))
      yield* shows(first, "greeting-a", "signed out")
      yield* shows(second, "greeting-a", "signed out")
      const email = yield* textOf(first, "email")
      yield* step(() => first.click("#sign-up"))
      yield* shows(first, "greeting-a", `hello ${email}`)
      // The other tab: its cookie store sees the new session, its cache refetches what it shows.
      const signedInAt = Date.now()
      yield* step(() => second.waitForFunction((expected) => document.getElementById("greeting-a")?.textContent === expected, `hello ${email}`, { timeout: 1_000 }))
      yield* step(() => second.waitForFunction((expected) => document.getElementById("user-state")?.textContent === expected, `state: ${email}`, { timeout: 1_000 }))
      assert.isBelow(Date.now() - signedInAt, 1_000)
      yield* step(() => first.click("#sign-out"))
      yield* shows(first, "greeting-a", "signed out")
      const signedOutAt = Date.now()
      yield* step(() => second.waitForFunction(() => document.getElementById("greeting-a")?.textContent === "signed out", undefined, { timeout: 1_000 }))
      yield* step(() => second.waitForFunction(() => document.getElementById("greeting-b")?.textContent === "signed out", undefined, { timeout: 1_000 }))
      assert.isBelow(Date.now() - signedOutAt, 1_000)
    }).pipe(Effect.scoped), 60_000)
})

/**
 * Every handler page in every state a person can reach (its form, its error, its success), checked
 * by axe-core strictly (wcag2a, wcag2aa, wcag21a, wcag21aa; any violation fails, whatever its
 * impact), light and dark, at 1280 and 360 px. Also: no card drawn inside a card.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type { Page } from "playwright-core"
import { signUpThroughPage, step } from "./chromium.ts"
import { freshEmail, password, setup, shows, violations } from "./kit-support.ts"

const sizes = [{ width: 1280, height: 800 }, { width: 360, height: 780 }] as const

/** Every violation of the page as it is, at both sizes, light and dark: `state (mode, width): violation`. */
const check = (tab: Page, state: string) =>
  Effect.gen(function*() {
    const found: Array<string> = []
    for (const size of sizes) {
      yield* step(() => tab.setViewportSize(size))
      for (const mode of ["light", "dark"] as const) {
        yield* step(() => tab.emulateMedia({ colorScheme: mode }))
        for (const violation of yield* violations(tab)) found.push(`${state} (${mode}, ${size.width}): ${violation}`)
      }
    }
    const nested = yield* step(() => tab.locator(".stackfx-card .stackfx-card").count())
    if (nested > 0) found.push(`${state}: a card inside a card`)
    yield* step(() => tab.emulateMedia({ colorScheme: "light" }))
    yield* step(() => tab.setViewportSize(sizes[0]))
    return found
  })

/** Waits for a visible alert (an error said); fails naming `state`. */
const alerted = (tab: Page, state: string) =>
  step(() =>
    tab.locator("[role=alert]:visible").filter({ hasText: /./ }).first().waitFor({ timeout: 15_000 }).catch(async () => {
      await tab.screenshot({ path: "/tmp/axe-failed.png" })
      throw new Error(`${state}: no error was said`)
    })
  )

/** Opens `path` and waits for `ready` in a heading, a note or an alert. */
const open = (tab: Page, origin: string, path: string, ready: string | RegExp) =>
  Effect.gen(function*() {
    yield* step(() => tab.goto(`${origin}${path}`))
    yield* shows(tab, "h1, h2, [role=status], [role=alert], .stackfx-note", ready)
  })

describe("every handler page and state, axe-core strict, light and dark, 1280 and 360 px", () => {
  it.live("signed out: sign-in, sign-up, forgot password, password reset, verification, magic link, invitation, CLI, OAuth callback, error, not found", () =>
    Effect.gen(function*() {
      const { browser, page } = yield* setup
      const context = yield* step(() => browser.newContext({ viewport: sizes[0] }))
      const tab = yield* step(() => context.newPage())
      const origin = page.origin
      const found: Array<string> = []

      yield* open(tab, origin, "/handler/sign-in", "Sign in to")
      found.push(...yield* check(tab, "sign-in, password tab"))
      yield* step(() => tab.fill("input[name=email]", freshEmail("nobody")))
      yield* step(() => tab.fill("input[name=password]", "not a password"))
      yield* step(() => tab.click("button[type=submit]"))
      yield* alerted(tab, "sign-in, wrong password")
      found.push(...yield* check(tab, "sign-in, wrong password"))
      yield* step(() => tab.getByRole("tab", { name: "E-mail code" }).click())
      found.push(...yield* check(tab, "sign-in, code tab"))
      const codeUser = freshEmail("code")
      yield* step(() => tab.fill("input[name=magic-email]", codeUser))
      yield* step(() => tab.click("text=E-mail me a sign-in code"))
      yield* shows(tab, ".stackfx-note", "We sent a code")
      found.push(...yield* check(tab, "sign-in, code sent"))
      yield* step(() => tab.fill("input[name=otp]", "000000"))
      yield* step(() => tab.click("text=Sign in with the code"))
      yield* alerted(tab, "sign-in, wrong code")
      found.push(...yield* check(tab, "sign-in, wrong code"))

      yield* open(tab, origin, "/handler/sign-up", "Create your")
      found.push(...yield* check(tab, "sign-up"))
      yield* step(() => tab.fill("input[name=email]", freshEmail("mismatch")))
      yield* step(() => tab.fill("input[name=password]", password))
      yield* step(() => tab.fill("input[name=password-repeat]", `${password}!`))
      yield* step(() => tab.click("button[type=submit]"))
      yield* alerted(tab, "sign-up, passwords differ")
      found.push(...yield* check(tab, "sign-up, passwords differ"))

      yield* open(tab, origin, "/handler/forgot-password", "Reset your password")
      found.push(...yield* check(tab, "forgot-password"))
      yield* step(() => tab.fill("input[name=email]", freshEmail("forgot")))
      yield* step(() => tab.click("button[type=submit]"))
      yield* shows(tab, ".stackfx-note", "on its way")
      found.push(...yield* check(tab, "forgot-password, sent"))

      yield* open(tab, origin, "/handler/password-reset?code=nope", "Choose a new password")
      found.push(...yield* check(tab, "password-reset"))
      yield* step(() => tab.fill("input[name=password]", password))
      yield* step(() => tab.fill("input[name=password-repeat]", password))
      yield* step(() => tab.click("button[type=submit]"))
      yield* alerted(tab, "password-reset, bad code")
      found.push(...yield* check(tab, "password-reset, bad code"))

      for (const [path, title, confirm] of [
        ["/handler/email-verification?code=nope", "E-mail verification", "Verify my e-mail address"],
        ["/handler/magic-link-callback?code=nope", "Sign in", "Sign in"]
      ] as const) {
        yield* open(tab, origin, path, title)
        found.push(...yield* check(tab, `${path}, asking`))
        yield* step(() => tab.getByRole("button", { name: confirm, exact: true }).click())
        yield* alerted(tab, `${path}, bad code`)
        found.push(...yield* check(tab, `${path}, bad code`))
      }

      for (const [path, ready] of [
        ["/handler/team-invitation?code=abc", "You are invited to a team"],
        ["/handler/cli-auth-confirm?login_code=abc", "Authorize CLI Application"],
        ["/handler/cli-auth-confirm", "Invalid CLI Authorization Link"],
        ["/handler/oauth-callback", /./],
        ["/handler/error?message=The%20link%20expired", "Something went wrong"],
        ["/handler/nowhere", "Page not found"]
      ] as const) {
        yield* open(tab, origin, path, ready)
        if (path === "/handler/oauth-callback") yield* alerted(tab, path)
        found.push(...yield* check(tab, path))
      }
      assert.deepStrictEqual(found, [])
    }).pipe(Effect.scoped), 300_000)

  it.live("signed in: sign-out, team invitation and CLI confirmation (asking, bad code), account settings", () =>
    Effect.gen(function*() {
      const { browser, page } = yield* setup
      const context = yield* step(() => browser.newContext({ viewport: sizes[0] }))
      const tab = yield* step(() => context.newPage())
      const origin = page.origin
      yield* signUpThroughPage(tab, origin, freshEmail("axe"), password)
      const found: Array<string> = []

      yield* open(tab, origin, "/handler/sign-out", "Sign out")
      found.push(...yield* check(tab, "sign-out, asking"))
      yield* open(tab, origin, "/handler/team-invitation?code=nope", "Team invitation")
      yield* alerted(tab, "team-invitation, bad code")
      found.push(...yield* check(tab, "team-invitation, bad code"))
      yield* open(tab, origin, "/handler/cli-auth-confirm?login_code=nope", "Authorize CLI Application")
      found.push(...yield* check(tab, "cli-auth-confirm, asking"))
      yield* step(() => tab.getByRole("button", { name: "Authorize", exact: true }).click())
      yield* alerted(tab, "cli-auth-confirm, bad code")
      found.push(...yield* check(tab, "cli-auth-confirm, bad code"))
      yield* open(tab, origin, "/handler/account-settings", "Account settings")
      yield* step(() => tab.locator(".stackfx-settings-panel [aria-busy=true]").waitFor({ state: "detached", timeout: 15_000 }))
      found.push(...yield* check(tab, "account-settings"))
      assert.deepStrictEqual(found, [])
    }).pipe(Effect.scoped), 300_000)
})

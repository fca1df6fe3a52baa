/**
 * Sign-in with the keyboard alone (Tab, Shift+Tab, Enter, Space; typing in fields), in Chromium: the
 * order of every control, both ways; the password tab; the code tab (reached by Tab, chosen with
 * Space); an OAuth button; the passkey; the forgot-password and sign-up links.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type { Page } from "playwright-core"
import { signUpThroughPage, step } from "./chromium.ts"
import { freshEmail, newTab, passkeyTab, password, setup, shows } from "./kit-support.ts"

/** The focused element as a person hears it, roughly: its role (or tag) and its name. */
const focused = (tab: Page) =>
  step(() =>
    tab.evaluate(() => {
      const element = document.activeElement
      if (element === null || element === document.body) return "body"
      const role = element.getAttribute("role") ?? (element.tagName === "A" ? "link" : element.tagName.toLowerCase())
      const name = element instanceof HTMLInputElement
        ? [...(element.labels ?? [])].map((label) => label.innerText.trim()).join(" ")
        : (element.getAttribute("aria-label") ?? (element as HTMLElement).innerText.trim())
      return `${role}: ${name}`
    })
  )

/** Presses `key` until `target` has the focus (at most 15 presses); fails if it never does. */
const moveTo = (tab: Page, target: string, key: "Tab" | "Shift+Tab" = "Tab") =>
  Effect.gen(function*() {
    for (let presses = 0; presses < 15; presses++) {
      yield* step(() => tab.keyboard.press(key))
      if ((yield* focused(tab)) === target) return
    }
    assert.fail(`${key} never reached ${target}`)
  })

/** The sign-in card's controls in the order Tab reaches them. */
const order = [
  "button: Continue with GitHub",
  "button: Continue with Google",
  "button: Sign in with a passkey",
  "tab: Password",
  "tab: E-mail code",
  "input: E-mail",
  "input: Password",
  "button: Sign in",
  "link: Forgot your password?",
  "link: Create an account"
]

const openSignIn = (tab: Page, origin: string) =>
  Effect.gen(function*() {
    yield* step(() => tab.goto(`${origin}/handler/sign-in`))
    yield* step(() => tab.locator("input[name=email]").waitFor({ timeout: 15_000 }))
  })

describe("sign-in by keyboard alone, in Chromium", () => {
  it.live("Tab and Shift+Tab reach every control in order; password, then the code tab, sign in", () =>
    Effect.gen(function*() {
      const { browser, emu, page } = yield* setup
      const setupTab = yield* newTab(browser)
      const email = freshEmail("keys")
      yield* signUpThroughPage(setupTab, page.origin, email, password)

      const tab = yield* newTab(browser, { width: 360 })
      yield* openSignIn(tab, page.origin)
      const forward: Array<string> = []
      for (const _ of order) {
        yield* step(() => tab.keyboard.press("Tab"))
        forward.push(yield* focused(tab))
      }
      assert.deepStrictEqual(forward, order)
      const backward: Array<string> = [yield* focused(tab)]
      for (const _ of order.slice(1)) {
        yield* step(() => tab.keyboard.press("Shift+Tab"))
        backward.push(yield* focused(tab))
      }
      assert.deepStrictEqual(backward, [...order].reverse())

      // The password tab: a wrong password first (the error is said, the form kept), then the right one.
      yield* moveTo(tab, "input: E-mail")
      yield* step(() => tab.keyboard.type(email))
      yield* step(() => tab.keyboard.press("Tab"))
      yield* step(() => tab.keyboard.type("not the password"))
      yield* step(() => tab.keyboard.press("Enter"))
      yield* shows(tab, "[role=alert]", /password/i)
      yield* moveTo(tab, "input: Password", "Shift+Tab")
      yield* step(() => tab.keyboard.press("Control+A"))
      yield* step(() => tab.keyboard.type(password))
      yield* step(() => tab.keyboard.press("Enter"))
      yield* shows(tab, "#home", `hello ${email}`)

      // The code tab: reached by Tab, chosen with Space; the code typed from the e-mail (a new address:
      // the service refuses codes for an account whose address is not verified).
      const codeUser = freshEmail("keys-code")
      yield* step(() => tab.context().clearCookies())
      yield* openSignIn(tab, page.origin)
      yield* moveTo(tab, "tab: E-mail code")
      yield* step(() => tab.keyboard.press("Space"))
      assert.strictEqual(yield* step(() => tab.getByRole("tab", { name: "E-mail code" }).getAttribute("aria-selected")), "true")
      yield* step(() => tab.keyboard.press("Tab"))
      assert.strictEqual(yield* focused(tab), "input: E-mail for a sign-in code")
      yield* step(() => tab.keyboard.type(codeUser))
      yield* step(() => tab.keyboard.press("Enter"))
      yield* shows(tab, ".stackfx-note", `We sent a code and a link to ${codeUser}.`)
      // The code field has the focus.
      assert.strictEqual(yield* focused(tab), "input: Code")
      const code = (yield* emu.outbox(codeUser)).at(-1)?.code ?? ""
      yield* step(() => tab.keyboard.type(code.slice(0, 6)))
      yield* step(() => tab.keyboard.press("Enter"))
      yield* shows(tab, "#home", `hello ${codeUser}`)
    }).pipe(Effect.scoped), 120_000)

  it.live("the forgot-password and sign-up links, and an OAuth button, by Enter", () =>
    Effect.gen(function*() {
      const { browser, emu, page } = yield* setup
      const tab = yield* newTab(browser)
      const email = freshEmail("keys-forgot")
      yield* signUpThroughPage(tab, page.origin, email, password)
      yield* step(() => tab.context().clearCookies())

      // Forgot password: the link, the form, the e-mail sent.
      yield* openSignIn(tab, page.origin)
      yield* moveTo(tab, "link: Forgot your password?")
      yield* step(() => tab.keyboard.press("Enter"))
      yield* step(() => tab.waitForURL((url) => url.pathname === "/handler/forgot-password", { timeout: 15_000 }))
      yield* step(() => tab.locator("input[name=email]").waitFor())
      yield* moveTo(tab, "input: E-mail")
      yield* step(() => tab.keyboard.type(email))
      yield* step(() => tab.keyboard.press("Enter"))
      yield* shows(tab, ".stackfx-note", "a reset link is on its way")
      assert.include((yield* emu.outbox(email)).at(-1)?.link ?? "", "/handler/password-reset?code=")

      // The sign-up link.
      yield* openSignIn(tab, page.origin)
      yield* moveTo(tab, "link: Create an account")
      yield* step(() => tab.keyboard.press("Enter"))
      yield* step(() => tab.waitForURL((url) => url.pathname === "/handler/sign-up", { timeout: 15_000 }))

      // OAuth: Enter on GitHub goes to the provider (the emulator's consent page).
      yield* openSignIn(tab, page.origin)
      yield* moveTo(tab, "button: Continue with GitHub")
      yield* step(() => tab.keyboard.press("Enter"))
      yield* step(() => tab.waitForURL(/\/emulator\/oauth\/github\/consent/, { timeout: 15_000 }))
    }).pipe(Effect.scoped), 120_000)

  it.live("the passkey button, by Enter, signs in", () =>
    Effect.gen(function*() {
      const { browser, page } = yield* setup
      const tab = yield* passkeyTab(browser)
      // Set up (not the walk): a user with a passkey, signed out.
      const email = freshEmail("keys-passkey")
      yield* signUpThroughPage(tab, page.origin, email, password)
      yield* step(() => tab.goto(`${page.origin}/handler/account-settings#auth`))
      yield* step(() => tab.click("button[name=add-passkey]"))
      yield* shows(tab, "[role=status]", "You can sign in with a passkey.")
      yield* step(() => tab.context().clearCookies())

      yield* openSignIn(tab, page.origin)
      yield* moveTo(tab, "button: Sign in with a passkey")
      yield* step(() => tab.keyboard.press("Enter"))
      yield* shows(tab, "#home", `hello ${email}`)
    }).pipe(Effect.scoped), 120_000)
})

/**
 * The component kit in the React example app (examples/react-app), in Chromium against the
 * emulator: OAuth with the MFA step on the callback page (SPEC §8's text for a wrong code),
 * `after_auth_return_to` through OAuth and a magic link, the account-settings actions, a team
 * invitation opened signed out, the user button's menu by keyboard, the admin page; axe-core on every
 * page, light and dark, and a screenshot of each (test-artifacts/screenshots; with
 * UPDATE_SCREENSHOTS=1, docs/screenshots, the README's gallery).
 */
import * as Fs from "node:fs"
import * as Path from "node:path"
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as OTPAuth from "otpauth"
import type { Page } from "playwright-core"
import { signUpThroughPage, step } from "./chromium.ts"
import { channelAction, freshEmail, newTab, password, setup, shows, violations } from "./kit-support.ts"

// Every run keeps its screenshots as artifacts (gitignored); `UPDATE_SCREENSHOTS=1 npm test`
// refreshes the README's gallery in docs/screenshots.
const screenshots = Path.resolve(import.meta.dirname, process.env["UPDATE_SCREENSHOTS"] === "1" ? "../../docs/screenshots" : "../../test-artifacts/screenshots")

/** Selects an account-settings section by the URL's hash and waits for its content. */
const toSection = (tab: Page, id: string) =>
  Effect.gen(function*() {
    yield* step(() => tab.evaluate((hash) => {
      location.hash = hash
    }, id))
    yield* step(() => tab.locator(`.stackfx-settings-panel[data-section="${id}"]`).waitFor({ timeout: 15_000 }))
    yield* step(() => tab.locator(".stackfx-settings-panel [aria-busy=true]").waitFor({ state: "detached", timeout: 15_000 }))
  })

/** Checks the page with axe-core and keeps its screenshot as `docs/screenshots/<name>-<mode>.png`. */
const inspect = (tab: Page, name: string, mode: "light" | "dark") =>
  Effect.gen(function*() {
    const found = yield* violations(tab, true)
    assert.deepStrictEqual(found, [], `accessibility of ${name} (${mode}): ${found.join("; ")}`)
    Fs.mkdirSync(screenshots, { recursive: true })
    yield* step(() => tab.screenshot({ path: Path.join(screenshots, `${name}-${mode}.png`) }))
  })

/** `inspect` in both colour modes (the page's `prefers-color-scheme` switched in place). */
const inspectBoth = (tab: Page, name: string) =>
  Effect.gen(function*() {
    yield* step(() => tab.emulateMedia({ colorScheme: "light" }))
    yield* inspect(tab, name, "light")
    yield* step(() => tab.emulateMedia({ colorScheme: "dark" }))
    yield* inspect(tab, name, "dark")
    yield* step(() => tab.emulateMedia({ colorScheme: "light" }))
  })

/** Signs up through the sign-up page and waits for the home page. */
const signUp = (tab: Page, origin: string, email: string) => signUpThroughPage(tab, origin, email, password)

/** Through the emulator's mock consent page of `provider` as `email`. */
const approve = (tab: Page, email: string, provider = "github") =>
  Effect.gen(function*() {
    yield* step(() => tab.waitForURL(new RegExp(`/emulator/oauth/${provider}/consent`), { timeout: 15_000 }))
    yield* step(() => tab.fill("#email", email))
    yield* step(() => tab.click("#approve"))
  })

describe("the component kit in Chromium", () => {
  it.live("OAuth keeps after_auth_return_to; with authenticator codes on, the callback asks for the code (SPEC §8 text for a wrong one)", () =>
    Effect.gen(function*() {
      const { browser, emu, page } = yield* setup
      const tab = yield* newTab(browser)
      const email = freshEmail("oauth-mfa")
      const target = `${page.origin}/account?x=1`

      // Signed out, asked to sign in from /account?x=1: OAuth brings the user back there.
      yield* step(() => tab.goto(`${page.origin}/handler/sign-in?after_auth_return_to=${encodeURIComponent("/account?x=1")}`))
      yield* step(() => tab.click("button[name=oauth-github]"))
      yield* approve(tab, email)
      yield* step(() => tab.waitForURL(target, { timeout: 15_000 }))
      yield* shows(tab, "h1", "Account settings")
      yield* toSection(tab, "auth")

      // Connected accounts: GitHub is listed; Google is connected from here.
      yield* shows(tab, ".stackfx-connected li", "GitHub")
      yield* step(() => tab.click("button[name=connect-google]"))
      yield* approve(tab, email, "google")
      yield* step(() => tab.waitForURL((url) => !url.pathname.startsWith("/handler/") && !url.pathname.startsWith("/emulator/"), { timeout: 15_000 }))
      yield* step(() => tab.goto(target))
      yield* toSection(tab, "auth")
      yield* shows(tab, ".stackfx-connected li", "Google")
      assert.strictEqual(yield* step(() => tab.locator(".stackfx-connected li").count()), 2)

      // Authenticator codes on, through the settings.
      yield* step(() => tab.click("button[name=totp-on]"))
      yield* step(() => tab.locator(".stackfx-qr svg").waitFor({ timeout: 10_000 }))
      const key = yield* step(() => tab.locator("#totp-secret").innerText())
      const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key), digits: 6, period: 30, algorithm: "SHA1" })
      yield* step(() => tab.fill("input[name=totp-code]", totp.generate()))
      yield* step(() => tab.click("text=Confirm"))
      yield* shows(tab, "[role=status]", "Authenticator codes are on.")

      // An OAuth user has no password: the settings offer to set one.
      yield* step(() => tab.getByRole("button", { name: "Set password" }).click())
      yield* step(() => tab.fill("input[name=new-password]", password))
      yield* step(() => tab.fill("input[name=new-password-repeat]", password))
      yield* step(() => tab.getByRole("dialog", { name: "Set a password" }).getByRole("button", { name: "Set password" }).click())
      yield* shows(tab, "[role=status]", "Your password is set.")

      yield* step(() => tab.goto(`${page.origin}/handler/sign-out`))
      yield* step(() => tab.getByRole("button", { name: "Sign out" }).click())
      yield* step(() => tab.waitForURL(`${page.origin}/`, { timeout: 15_000 }))

      // OAuth again: the callback page asks for the code; a wrong one gets SPEC §8's words.
      yield* step(() => tab.goto(`${page.origin}/handler/sign-in?after_auth_return_to=${encodeURIComponent("/account?x=1")}`))
      yield* step(() => tab.click("button[name=oauth-github]"))
      yield* approve(tab, email)
      yield* shows(tab, "h1", "Enter your authenticator code")
      yield* inspectBoth(tab, "mfa")
      yield* step(() => tab.fill("input[name=totp]", totp.generate() === "000000" ? "111111" : "000000"))
      yield* step(() => tab.click("text=Verify"))
      yield* shows(tab, ".stackfx-error", "Invalid TOTP code. Please try signing in again.")
      yield* step(() => tab.fill("input[name=totp]", totp.generate()))
      yield* step(() => tab.click("text=Verify"))
      yield* step(() => tab.waitForURL(target, { timeout: 15_000 }))

      // A magic link asks for the code too.
      yield* step(() => tab.goto(`${page.origin}/handler/sign-out`))
      yield* step(() => tab.getByRole("button", { name: "Sign out" }).click())
      yield* step(() => tab.waitForURL(`${page.origin}/`, { timeout: 15_000 }))
      yield* step(() => tab.goto(`${page.origin}/handler/sign-in`))
      yield* step(() => tab.getByRole("tab", { name: "E-mail code" }).click())
      yield* step(() => tab.fill("input[name=magic-email]", email))
      yield* step(() => tab.click("text=E-mail me a sign-in code"))
      yield* shows(tab, ".stackfx-note", `We sent a code and a link to ${email}.`)
      const link = (yield* emu.outbox(email)).at(-1)?.link ?? ""
      yield* step(() => tab.goto(link))
      yield* step(() => tab.getByRole("button", { name: "Sign in" }).click())
      yield* shows(tab, "h1", "Enter your authenticator code")
      yield* step(() => tab.fill("input[name=totp]", totp.generate()))
      yield* step(() => tab.click("text=Verify"))
      yield* step(() => tab.waitForURL(`${page.origin}/`, { timeout: 15_000 }))

      // Authenticator codes off again: sign-in no longer asks.
      yield* step(() => tab.goto(`${page.origin}/account`))
      yield* toSection(tab, "auth")
      yield* step(() => tab.click("button[name=totp-off]"))
      yield* step(() => tab.locator("button[name=totp-on]").waitFor({ timeout: 15_000 }))
    }).pipe(Effect.scoped), 120_000)

  it.live("a magic link keeps after_auth_return_to; bad input keeps the form and says why", () =>
    Effect.gen(function*() {
      const { browser, emu, page } = yield* setup
      const tab = yield* newTab(browser)
      const email = freshEmail("magic")
      yield* step(() => tab.goto(`${page.origin}/handler/sign-in?after_auth_return_to=${encodeURIComponent("/account?x=1")}`))
      // A wrong password for an unknown address: the error, and the typed address still there.
      yield* step(() => tab.fill("input[name=email]", email))
      yield* step(() => tab.fill("input[name=password]", "not the password"))
      yield* step(() => tab.click("button[type=submit]"))
      yield* shows(tab, ".stackfx-error", /e-mail or password/i)
      assert.strictEqual(yield* step(() => tab.inputValue("input[name=email]")), email)


      yield* step(() => tab.getByRole("tab", { name: "E-mail code" }).click())
      yield* step(() => tab.fill("input[name=magic-email]", email))
      yield* step(() => tab.click("text=E-mail me a sign-in code"))
      yield* shows(tab, ".stackfx-note", `We sent a code and a link to ${email}.`)
      // A wrong code: an error, and the code form stays.
      yield* step(() => tab.fill("input[name=otp]", "ZZZZZZ"))
      yield* step(() => tab.click("text=Sign in with the code"))
      yield* step(() => tab.locator("[role=tabpanel]:not([hidden]) .stackfx-error[role=alert]:not(:empty)").first().waitFor({ timeout: 15_000 }))
      assert.strictEqual(yield* step(() => tab.locator("input[name=otp]").count()), 1)

      const mail = (yield* emu.outbox(email)).at(-1)
      assert.include(mail?.link ?? "", "after_auth_return_to=")
      yield* step(() => tab.goto(mail?.link ?? ""))
      yield* step(() => tab.getByRole("button", { name: "Sign in" }).click())
      yield* step(() => tab.waitForURL(`${page.origin}/account?x=1`, { timeout: 15_000 }))
      // The same link again: used, and the page says so.
      yield* step(() => tab.goto(mail?.link ?? ""))
      yield* step(() => tab.getByRole("button", { name: "Sign in" }).click())
      yield* step(() => tab.locator(".stackfx-error[role=alert]:not(:empty)").first().waitFor({ timeout: 15_000 }))
    }).pipe(Effect.scoped), 90_000)

  it.live("account settings: profile, e-mail addresses, password, team rename, own profile, invite and remove members, account deletion", () =>
    Effect.gen(function*() {
      const { browser, emu, page } = yield* setup
      const owner = yield* newTab(browser)
      const ownerEmail = freshEmail("owner")
      yield* signUp(owner, page.origin, ownerEmail)
      yield* step(() => owner.goto(`${page.origin}/account`))
      yield* shows(owner, "h1", "Account settings")

      // Profile.
      yield* step(() => owner.fill("input[name=displayName]", "Grace Hopper"))
      yield* step(() => owner.click("form[aria-label='Display name'] button[type=submit]"))
      yield* shows(owner, "[role=status]", "Your name is saved.")
      yield* shows(owner, ".stackfx-user-button", "Grace Hopper")
      // A profile picture, uploaded (client apps send pictures as data URLs), saved after its preview.
      const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64")
      yield* step(() => owner.setInputFiles("input[name=profile-picture]", { name: "me.png", mimeType: "image/png", buffer: png }))
      yield* step(() => owner.click("button[name=save-picture]"))
      yield* step(() => owner.locator(".stackfx-user-button .stackfx-avatar img").waitFor({ timeout: 15_000 }))
      yield* step(() => owner.click("button[name=remove-picture]"))
      yield* step(() => owner.locator(".stackfx-user-button .stackfx-avatar img").waitFor({ state: "detached", timeout: 15_000 }))

      // E-mail addresses: add, make primary, use for sign-in, remove the old one.
      yield* toSection(owner, "auth")
      const second = freshEmail("second")
      yield* step(() => owner.click("button[name=add-channel]"))
      yield* step(() => owner.fill("input[name=new-channel]", second))
      yield* step(() => owner.click("text=Add address"))
      yield* shows(owner, ".stackfx-channels li", second)
      yield* channelAction(owner, second, "toggle-sign-in")
      yield* shows(owner, `.stackfx-channels li[data-value="${second}"] .stackfx-badge`, "Used for sign-in")
      yield* channelAction(owner, second, "make-primary")
      yield* shows(owner, `.stackfx-channels li[data-value="${second}"] .stackfx-badge`, "Primary")
      yield* channelAction(owner, ownerEmail, "remove-channel")
      yield* step(() => owner.getByRole("dialog", { name: "Remove this e-mail address?" }).getByRole("button", { name: "Remove address" }).click())
      yield* step(() => owner.locator(".stackfx-channels li", { hasText: ownerEmail }).waitFor({ state: "detached", timeout: 15_000 }))

      // Password: a wrong current password is refused; the right one changes it.
      yield* step(() => owner.getByRole("button", { name: "Change password" }).click())
      yield* step(() => owner.fill("input[name=old-password]", "wrong password here"))
      yield* step(() => owner.fill("input[name=new-password]", "a brand new password"))
      yield* step(() => owner.fill("input[name=new-password-repeat]", "a brand new password"))
      yield* step(() => owner.click("dialog button[type=submit]"))
      yield* step(() => owner.locator("dialog .stackfx-error:not(:empty)").waitFor({ timeout: 15_000 }))
      yield* step(() => owner.fill("input[name=old-password]", password))
      yield* step(() => owner.click("dialog button[type=submit]"))
      yield* shows(owner, "[role=status]", "Your password is changed.")

      // A team: renamed, a member invited and removed, the owner's own name in it.
      yield* toSection(owner, "team-creation")
      yield* step(() => owner.fill("input[name=team-name]", "Compilers"))
      yield* step(() => owner.click("text=Create team"))
      yield* shows(owner, ".stackfx-settings-panel h2", "Compilers")
      yield* step(() => owner.fill("input[name=team-rename]", "Compiler Club"))
      yield* step(() => owner.click("text=Rename team"))
      yield* shows(owner, ".stackfx-settings-panel h2", "Compiler Club")
      yield* step(() => owner.fill("input[name=team-profile-name]", "Admiral"))
      yield* step(() => owner.click("form[aria-label='Your name in this team'] button[type=submit]"))
      yield* shows(owner, ".stackfx-members li", "Admiral")

      // A visitor opens the invitation signed out, creates an account and joins.
      const inviteeEmail = freshEmail("invitee")
      yield* step(() => owner.click("button[name=invite-member]"))
      yield* step(() => owner.fill("input[name=invite-email]", inviteeEmail))
      yield* step(() => owner.click("text=Send invitation"))
      yield* shows(owner, "[role=status]", `Invitation sent to ${inviteeEmail}.`)
      const invitation = (yield* emu.outbox(inviteeEmail)).map((mail) => mail.link ?? "").find((link) => link.includes("/handler/team-invitation?code="))
      const invitee = yield* newTab(browser)
      yield* step(() => invitee.goto(invitation ?? ""))
      yield* shows(invitee, "h1", "You are invited to a team")
      yield* inspectBoth(invitee, "team-invitation")
      yield* step(() => invitee.getByRole("link", { name: "Create an account" }).click())
      yield* step(() => invitee.fill("input[name=email]", inviteeEmail))
      yield* step(() => invitee.fill("input[name=password]", password))
      yield* step(() => invitee.fill("input[name=password-repeat]", password))
      yield* step(() => invitee.click("button[type=submit]"))
      // Back on the invitation after signing up: joining still takes the click.
      yield* step(() => invitee.getByRole("button", { name: "Join the team" }).click())
      yield* shows(invitee, ".stackfx-note", "You joined the team.")

      yield* step(() => owner.reload())
      yield* step(() => owner.locator(".stackfx-members li").nth(1).waitFor({ timeout: 15_000 }))
      yield* step(() => owner.locator("button[name=remove-member]").click())
      yield* step(() => owner.getByRole("dialog").getByRole("button", { name: "Remove member" }).click())
      yield* step(() => owner.locator("button[name=remove-member]").waitFor({ state: "detached", timeout: 15_000 }))

      // The invitee deletes their account (the example's project allows it).
      yield* step(() => invitee.goto(`${page.origin}/account#settings`))
      yield* step(() => invitee.click("button[name=delete-account]"))
      yield* step(() => invitee.getByRole("dialog", { name: "Delete your account?" }).getByRole("button", { name: "Delete my account" }).click())
      yield* step(() => invitee.waitForURL(`${page.origin}/`, { timeout: 15_000 }))
      yield* shows(invitee, "#home", "signed out")
      const left = yield* emu.withState((data) => Effect.succeed(Object.values(data.contactChannels).some((channel) => channel.value === inviteeEmail)))
      assert.isFalse(left, "the deleted user's address is gone")
    }).pipe(Effect.scoped), 120_000)

  it.live("after_auth_return_to through the e-mail verification and password-reset links (trusted targets only)", () =>
    Effect.gen(function*() {
      const { browser, emu, page } = yield* setup
      const tab = yield* newTab(browser)
      const email = freshEmail("return")
      const returnTo = encodeURIComponent("/account?x=1")
      yield* step(() => tab.goto(`${page.origin}/handler/sign-up?after_auth_return_to=${returnTo}`))
      yield* step(() => tab.fill("input[name=email]", email))
      yield* step(() => tab.fill("input[name=password]", password))
      yield* step(() => tab.fill("input[name=password-repeat]", password))
      yield* step(() => tab.click("button[type=submit]"))
      yield* step(() => tab.waitForURL(`${page.origin}/account?x=1`, { timeout: 15_000 }))
      const verification = (yield* emu.outbox(email)).at(-1)?.link ?? ""
      assert.include(verification, "after_auth_return_to=")
      yield* step(() => tab.goto(verification))
      yield* step(() => tab.getByRole("button", { name: "Verify my e-mail address" }).click())
      yield* shows(tab, ".stackfx-note", "Your e-mail address is verified.")
      assert.strictEqual(yield* step(() => tab.getByRole("link", { name: "Continue" }).getAttribute("href")), `${page.origin}/account?x=1`)
      yield* inspectBoth(tab, "email-verification")

      // Forgot password from a page with a return target: the link keeps it, sign-in lands there.
      yield* step(() => tab.goto(`${page.origin}/handler/sign-out`))
      yield* step(() => tab.getByRole("button", { name: "Sign out" }).click())
      yield* step(() => tab.waitForURL(`${page.origin}/`, { timeout: 15_000 }))
      yield* step(() => tab.goto(`${page.origin}/handler/forgot-password?after_auth_return_to=${returnTo}`))
      yield* step(() => tab.fill("input[name=email]", email))
      yield* step(() => tab.click("text=Send the link"))
      yield* shows(tab, ".stackfx-note", "a reset link is on its way")
      const reset = (yield* emu.outbox(email)).at(-1)?.link ?? ""
      assert.include(reset, "/handler/password-reset?")
      assert.include(reset, "after_auth_return_to=")
      yield* step(() => tab.goto(reset))
      yield* step(() => tab.fill("input[name=password]", "another good password"))
      yield* step(() => tab.fill("input[name=password-repeat]", "a different one"))
      yield* step(() => tab.click("text=Save"))
      yield* shows(tab, ".stackfx-error", /password/i)
      yield* step(() => tab.fill("input[name=password-repeat]", "another good password"))
      yield* step(() => tab.click("text=Save"))
      yield* step(() => tab.getByRole("link", { name: "Sign in with it" }).click())
      yield* step(() => tab.fill("input[name=email]", email))
      yield* step(() => tab.fill("input[name=password]", "another good password"))
      yield* step(() => tab.click("button[type=submit]"))
      yield* step(() => tab.waitForURL(`${page.origin}/account?x=1`, { timeout: 15_000 }))

      // An untrusted target in a verification link: verified, but no way on to it.
      const other = freshEmail("untrusted")
      yield* toSection(tab, "auth")
      yield* step(() => tab.click("button[name=add-channel]"))
      yield* step(() => tab.fill("input[name=new-channel]", other))
      yield* step(() => tab.click("text=Add address"))
      yield* shows(tab, ".stackfx-channels li", other)
      yield* step(() => tab.goto(`${page.origin}/account?after_auth_return_to=${encodeURIComponent("https://evil.example/")}#auth`))
      yield* shows(tab, ".stackfx-channels li", other)
      yield* channelAction(tab, other, "verify-channel")
      yield* shows(tab, "[role=status]", `A verification link is on its way to ${other}.`)
      const evil = (yield* emu.outbox(other)).at(-1)?.link ?? ""
      assert.include(evil, "after_auth_return_to=")
      yield* step(() => tab.goto(evil))
      yield* step(() => tab.getByRole("button", { name: "Verify my e-mail address" }).click())
      yield* shows(tab, ".stackfx-note", "Your e-mail address is verified.")
      assert.strictEqual(yield* step(() => tab.getByRole("link", { name: "Continue" }).count()), 0)
    }).pipe(Effect.scoped), 90_000)

  it.live("offline, a form keeps what was typed and says the device is offline", () =>
    Effect.gen(function*() {
      const { browser, page } = yield* setup
      const context = yield* step(() => browser.newContext())
      const tab = yield* step(() => context.newPage())
      const email = freshEmail("offline")
      yield* step(() => tab.goto(`${page.origin}/handler/sign-in`))
      yield* step(() => tab.fill("input[name=email]", email))
      yield* step(() => tab.fill("input[name=password]", password))
      yield* step(() => context.setOffline(true))
      yield* step(() => tab.click("button[type=submit]"))
      yield* shows(tab, ".stackfx-error", "You appear to be offline.", 40_000)
      assert.strictEqual(yield* step(() => tab.inputValue("input[name=email]")), email)
      assert.strictEqual(yield* step(() => tab.inputValue("input[name=password]")), password)
    }).pipe(Effect.scoped), 90_000)

  it.live("the user button's open menu passes axe-core light and dark (screenshot kept)", () =>
    Effect.gen(function*() {
      const { browser, page } = yield* setup
      const tab = yield* newTab(browser)
      yield* signUp(tab, page.origin, freshEmail("menu"))
      yield* step(() => tab.locator(".stackfx-user-button > button").focus())
      yield* step(() => tab.keyboard.press("ArrowDown"))
      yield* step(() => tab.locator("[role=menu]").waitFor())
      yield* inspectBoth(tab, "user-button")
    }).pipe(Effect.scoped), 90_000)

  it.live("every page passes axe-core light and dark, and its screenshot is kept; the admin page lists the project", () =>
    Effect.gen(function*() {
      const { browser, emu, page } = yield* setup
      for (const mode of ["light", "dark"] as const) {
        const tab = yield* newTab(browser, { dark: mode === "dark" })
        for (const [name, path, ready] of [
          ["sign-in", "/handler/sign-in", "Sign in to"],
          ["sign-up", "/handler/sign-up", "Create your"],
          ["forgot-password", "/handler/forgot-password", "Reset your password"],
          ["password-reset", "/handler/password-reset?code=nope", "Choose a new password"],
          ["error", "/handler/error?message=Something%20failed", "Something went wrong"],
          ["home-signed-out", "/", "signed out"]
        ] as const) {
          yield* step(() => tab.goto(`${page.origin}${path}`))
          yield* shows(tab, "h1, h2, #home", ready)
          yield* inspect(tab, name, mode)
        }
        const email = freshEmail(`pages-${mode}`)
        yield* signUp(tab, page.origin, email)
        yield* shows(tab, "#home", `hello ${email}`)
        yield* inspect(tab, "home", mode)
        yield* step(() => tab.goto(`${page.origin}/account`))
        yield* shows(tab, "h1", "Account settings")
        yield* inspect(tab, "account-settings", mode)
        yield* step(() => tab.goto(`${page.origin}/admin`))
        yield* step(() => tab.locator("#admin-users-table tbody tr").first().waitFor({ timeout: 15_000 }))
        yield* shows(tab, "#admin-definitions li", "$update_team")
        yield* inspect(tab, "admin", mode)
      }
      // The admin page's search and paging over the project's users.
      const tab = yield* newTab(browser)
      yield* step(() => tab.goto(`${page.origin}/admin`))
      yield* step(() => tab.fill("input[name=user-search]", "pages-dark"))
      yield* step(() => tab.click("text=Search"))
      yield* step(() => tab.waitForFunction(() => document.querySelectorAll("#admin-users-table tbody tr").length === 1))
      const users = yield* emu.withState((data) => Effect.succeed(Object.keys(data.users).length))
      assert.isAtLeast(users, 2)
    }).pipe(Effect.scoped), 150_000)
})

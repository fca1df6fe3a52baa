/**
 * The sign-in card as a person meets it in Chromium: the authenticator-code step replaces the card
 * (focus on the code, back to the methods on request), fields that a failure concerns are marked and
 * described, headings at the embedding page's level with ids that never collide, and the OAuth
 * providers' real marks on secondary buttons.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as OTPAuth from "otpauth"
import { signUpThroughPage, startApp, step } from "./chromium.ts"
import { freshEmail, newTab, password, setup, shows } from "./kit-support.ts"

const secretBytes = new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20])
const totp = new OTPAuth.TOTP({ secret: new OTPAuth.Secret({ buffer: secretBytes.buffer }), digits: 6, period: 30, algorithm: "SHA1" })

describe("the sign-in card in Chromium", () => {
  it.live("the authenticator-code step replaces the card's methods, with focus on the code; 'Sign in another way' goes back", () =>
    Effect.gen(function*() {
      const { browser, emu, page } = yield* setup
      const tab = yield* newTab(browser)
      const email = freshEmail("mfa-step")
      yield* signUpThroughPage(tab, page.origin, email, password)
      yield* emu.withState((data) =>
        Effect.sync(() => {
          const channel = Object.values(data.contactChannels).find((record) => record.value === email)
          const user = channel === undefined ? undefined : data.users[channel.userId]
          if (user !== undefined) data.users[user.id] = { ...user, totpSecretBase64: Buffer.from(secretBytes).toString("base64") }
        })
      )
      yield* step(() => tab.context().clearCookies())
      yield* step(() => tab.goto(`${page.origin}/handler/sign-in`))
      yield* step(() => tab.fill("input[name=email]", email))
      yield* step(() => tab.fill("input[name=password]", password))
      yield* step(() => tab.click("button[type=submit]"))
      yield* shows(tab, ".stackfx-auth h1", "Enter your authenticator code")
      // One step: no other method left beside it.
      for (const other of ["input[name=password]", "input[name=magic-email]", "button[name^=oauth-]"]) {
        assert.isFalse(yield* step(() => tab.locator(other).first().isVisible()), `${other} is out of sight during the step`)
      }
      assert.strictEqual(yield* step(() => tab.evaluate(() => document.activeElement?.getAttribute("name") ?? "")), "totp")
      // A wrong code: the field is marked and described by the error.
      yield* step(() => tab.keyboard.type(totp.generate() === "000000" ? "111111" : "000000"))
      yield* step(() => tab.keyboard.press("Enter"))
      yield* step(() => tab.locator("input[name=totp][aria-invalid=true]").waitFor({ timeout: 15_000 }))
      const describedBy = yield* step(() => tab.getAttribute("input[name=totp]", "aria-describedby"))
      const described = yield* step(() => tab.evaluate((ids) => ids.split(" ").map((id) => document.getElementById(id)?.textContent ?? "").join(" "), describedBy ?? ""))
      assert.match(described, /code/i)
      // Back to the methods, focus on the card's heading.
      yield* step(() => tab.getByRole("button", { name: "Sign in another way" }).click())
      yield* shows(tab, ".stackfx-auth h1", "Sign in to")
      assert.strictEqual(yield* step(() => tab.evaluate(() => document.activeElement?.tagName ?? "")), "H1")
      // What was typed is still there.
      assert.strictEqual(yield* step(() => tab.inputValue("input[name=email]")), email)
      yield* step(() => tab.click("button[type=submit]"))
      yield* step(() => tab.locator("input[name=totp]").waitFor({ timeout: 15_000 }))
      yield* step(() => tab.fill("input[name=totp]", totp.generate()))
      yield* step(() => tab.click("text=Verify"))
      yield* step(() => tab.waitForURL(`${page.origin}/`, { timeout: 15_000 }))
      yield* shows(tab, "#home", `hello ${email}`)
    }).pipe(Effect.scoped), 90_000)

  it.live("a wrong password marks both fields invalid, described by the error line", () =>
    Effect.gen(function*() {
      const { browser, page } = yield* setup
      const tab = yield* newTab(browser)
      yield* step(() => tab.goto(`${page.origin}/handler/sign-in`))
      assert.strictEqual(yield* step(() => tab.locator("input[aria-invalid]").count()), 0)
      yield* step(() => tab.fill("input[name=email]", freshEmail("nobody")))
      yield* step(() => tab.fill("input[name=password]", "not the password"))
      yield* step(() => tab.click("button[type=submit]"))
      yield* step(() => tab.locator("input[name=password][aria-invalid=true]").waitFor({ timeout: 15_000 }))
      for (const name of ["email", "password"]) {
        const id = yield* step(() => tab.getAttribute(`input[name=${name}]`, "aria-describedby"))
        const text = yield* step(() => tab.evaluate((ref) => document.getElementById(ref)?.textContent ?? "", id ?? ""))
        assert.match(text, /e-mail or password/i, `${name} is described by the error`)
      }
    }).pipe(Effect.scoped), 60_000)

  it.live("embedded under an app's h1: the cards' headings at level 2, every id unique", () =>
    Effect.gen(function*() {
      const { browser, page } = yield* startApp("kit-embedded.tsx")
      const tab = yield* newTab(browser)
      yield* step(() => tab.goto(page.origin))
      yield* shows(tab, "h2", "Create your")
      yield* shows(tab, "h2", "Sign in to")
      assert.strictEqual(yield* step(() => tab.locator("h1").count()), 1)
      const duplicates = yield* step(() =>
        tab.evaluate(() => {
          const ids = [...document.querySelectorAll("[id]")].map((element) => element.id)
          return ids.filter((id, index) => ids.indexOf(id) !== index)
        })
      )
      assert.deepStrictEqual(duplicates, [])
      // Every label names its own input.
      const unlabelled = yield* step(() => tab.evaluate(() => [...document.querySelectorAll("input")].filter((input) => input.labels?.length !== 1).map((input) => input.name)))
      assert.deepStrictEqual(unlabelled, [])
    }).pipe(Effect.scoped), 60_000)

  it.live("OAuth buttons: each provider's own mark in its colours, secondary to the primary action", () =>
    Effect.gen(function*() {
      const { browser, page } = yield* setup
      for (const dark of [false, true]) {
        const tab = yield* newTab(browser, { dark })
        yield* step(() => tab.goto(`${page.origin}/handler/sign-in`))
        yield* step(() => tab.locator("button[name=oauth-github] svg path").waitFor({ timeout: 15_000 }))
        const marks = yield* step(() =>
          tab.evaluate(() =>
            [...document.querySelectorAll<HTMLButtonElement>("button[name^=oauth-]")].map((button) => ({
              name: button.name,
              drawing: button.querySelector("svg")?.innerHTML ?? "",
              texts: button.querySelectorAll("svg text").length,
              background: getComputedStyle(button).backgroundColor
            }))
          )
        )
        // The example's project enables GitHub and Google.
        assert.sameMembers(marks.map((mark) => mark.name), ["oauth-github", "oauth-google"])
        assert.strictEqual(new Set(marks.map((mark) => mark.drawing)).size, marks.length, "every mark differs")
        for (const mark of marks) assert.strictEqual(mark.texts, 0, `${mark.name} is a drawing, not a letter`)
        const google = marks.find((mark) => mark.name === "oauth-google")?.drawing ?? ""
        for (const colour of ["#4285F4", "#34A853", "#FBBC05", "#EA4335"]) assert.include(google, colour)
        const primary = yield* step(() => tab.evaluate(() => getComputedStyle(document.querySelector(".stackfx-credential-sign-in button[type=submit]") ?? document.body).backgroundColor))
        for (const mark of marks) assert.notStrictEqual(mark.background, primary, `${mark.name} is not styled like the primary action`)
      }
    }).pipe(Effect.scoped), 60_000)
})

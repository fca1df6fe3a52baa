/**
 * What a person sees while a kit page works and when it fails, in Chromium against the emulator:
 * arrival pages never claim success before (or without) it, a wrong current password says so, and
 * malformed links or codes get a sentence, never the validator's words.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { signUpThroughPage, step } from "./chromium.ts"
import { freshEmail, newTab, password, recordedTexts, recordTexts, setup, shows } from "./kit-support.ts"
import { openSection } from "./settings-helpers.ts"

const rawValidation = /Expected|\[".*"\]|length of/

describe("kit states in Chromium", () => {
  it.live("arrival pages with a bad or malformed code: never a success text, a readable error", () =>
    Effect.gen(function*() {
      const { browser, page } = yield* setup
      const cases = [
        { path: "/handler/email-verification?code=short", button: "Verify my e-mail address", success: "verified" },
        { path: `/handler/email-verification?code=${"a".repeat(45)}`, button: "Verify my e-mail address", success: "verified" },
        { path: "/handler/magic-link-callback?code=short", button: "Sign in", success: "Signed in." },
        { path: "/handler/magic-link-callback", button: "Sign in", success: "Signed in." }
      ]
      for (const { path, button, success } of cases) {
        const tab = yield* newTab(browser)
        yield* recordTexts(tab)
        yield* step(() => tab.goto(`${page.origin}${path}`))
        yield* step(() => tab.getByRole("button", { name: button }).click())
        yield* step(() => tab.locator(".stackfx-error:not(:empty)").first().waitFor({ timeout: 15_000 }))
        const error = yield* step(() => tab.locator(".stackfx-error:not(:empty)").first().innerText())
        assert.notMatch(error, rawValidation, `${path}: the error is for people`)
        const texts = yield* recordedTexts(tab)
        assert.isAbove(texts.length, 0)
        for (const text of texts) assert.notInclude(text, success, `${path} never claims success: ${text}`)
      }
    }).pipe(Effect.scoped), 90_000)

  it.live("a malformed link names the problem: the link is incomplete, ask for a new one", () =>
    Effect.gen(function*() {
      const { browser, page } = yield* setup
      const tab = yield* newTab(browser)
      yield* step(() => tab.goto(`${page.origin}/handler/email-verification?code=short`))
      yield* step(() => tab.getByRole("button", { name: "Verify my e-mail address" }).click())
      yield* shows(tab, ".stackfx-error", "This link is incomplete or damaged.")
      yield* step(() => tab.goto(`${page.origin}/handler/password-reset?code=nope`))
      yield* step(() => tab.fill("input[name=password]", "another good password"))
      yield* step(() => tab.fill("input[name=password-repeat]", "another good password"))
      yield* step(() => tab.click("button[type=submit]"))
      yield* shows(tab, ".stackfx-error", "This link is incomplete or damaged.")
    }).pipe(Effect.scoped), 60_000)

  it.live("a wrong current password says so, not 'Passwords do not match.'", () =>
    Effect.gen(function*() {
      const { browser, page } = yield* setup
      const tab = yield* newTab(browser)
      yield* signUpThroughPage(tab, page.origin, freshEmail("current"), password)
      yield* openSection(tab, page.origin, "auth")
      yield* step(() => tab.getByRole("button", { name: "Change password" }).click())
      const dialog = tab.getByRole("dialog", { name: "Change your password" })
      yield* step(() => dialog.locator("input[name=old-password]").fill("wrong password here"))
      yield* step(() => dialog.locator("input[name=new-password]").fill("a brand new password"))
      yield* step(() => dialog.locator("input[name=new-password-repeat]").fill("a brand new password"))
      yield* step(() => dialog.getByRole("button", { name: "Change password" }).click())
      yield* shows(tab, "dialog .stackfx-error", "Your current password is not correct.")
      // A real mismatch of the two new ones keeps its own words.
      yield* step(() => dialog.locator("input[name=old-password]").fill(password))
      yield* step(() => dialog.locator("input[name=new-password-repeat]").fill("something else entirely"))
      yield* step(() => dialog.getByRole("button", { name: "Change password" }).click())
      yield* shows(tab, "dialog .stackfx-error", "The new passwords do not match.")
    }).pipe(Effect.scoped), 60_000)
})

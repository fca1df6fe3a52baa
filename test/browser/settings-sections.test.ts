/**
 * Every account-settings section works in Chromium against the emulator: the profile (name, a
 * picture resized before it is sent), e-mail addresses (added in a dialog, shown with badges, made
 * primary, removed after a confirmation), the password changed in a dialog, a notification category
 * off, another session revoked, an API key created (shown once) and revoked, a team created, renamed,
 * an invitation sent and revoked, then left after a confirmation.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { step } from "./chromium.ts"
import { channelAction } from "./kit-support.ts"
import { freshEmail, openSection, password, saved, settingsTab, setupSettings, shows, signedUp } from "./settings-helpers.ts"

describe("account settings in Chromium", () => {
  it.live("profile, e-mails, password, notifications, sessions, API keys, teams", () =>
    Effect.gen(function*() {
      const { browser, emu, page } = yield* setupSettings
      const tab = yield* settingsTab(browser)
      const email = yield* signedUp(tab, page.origin, "sections")

      // My profile: a name, then a picture that is previewed, shrunk to at most 256 px, and saved.
      yield* openSection(tab, page.origin, "profile")
      yield* step(() => tab.fill("input[name=displayName]", "Grace Hopper"))
      yield* step(() => tab.getByRole("button", { name: "Save name" }).click())
      yield* saved(tab, "Your name is saved.")
      const big = yield* step(() => tab.evaluate(async () => {
        const canvas = new OffscreenCanvas(1200, 800)
        const context = canvas.getContext("2d")
        if (context !== null) {
          context.fillStyle = "#0f766e"
          context.fillRect(0, 0, 1200, 800)
        }
        const blob = await canvas.convertToBlob({ type: "image/png" })
        return Array.from(new Uint8Array(await blob.arrayBuffer()))
      }))
      yield* step(() => tab.setInputFiles("input[name=profile-picture]", { name: "big.png", mimeType: "image/png", buffer: Buffer.from(big) }))
      yield* step(() => tab.getByRole("button", { name: "Save picture" }).click())
      yield* saved(tab, "Your picture is saved.")
      const stored = yield* emu.withState((data) => Effect.succeed(Object.values(data.users).find((user) => user.displayName === "Grace Hopper")?.profileImageUrl ?? ""))
      assert.match(stored, /^data:image\/(webp|jpeg);base64,/)
      const side = yield* step(() => tab.evaluate(async (url) => {
        const image = new Image()
        image.src = url
        await image.decode()
        return Math.max(image.naturalWidth, image.naturalHeight)
      }, stored))
      assert.strictEqual(side, 256)
      // A file that is not an image is refused, in words.
      yield* step(() => tab.setInputFiles("input[name=profile-picture]", { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") }))
      yield* shows(tab, "[role=alert].stackfx-notice", "Choose an image file")

      // E-mails & sign-in: an address added in the dialog, with its status as badges.
      yield* openSection(tab, page.origin, "auth")
      // The only address that signs in cannot stop doing so, nor be removed: no lock-out.
      const only = tab.locator(`.stackfx-channels li[data-value="${email}"]`)
      yield* step(() => only.getByRole("button", { name: `Actions for ${email}` }).click())
      assert.deepStrictEqual(yield* step(() => only.getByRole("menuitem").allInnerTexts()), ["Send a verification link"])
      yield* step(() => tab.keyboard.press("Escape"))
      const second = freshEmail("second")
      yield* step(() => tab.getByRole("button", { name: "Add an e-mail address" }).click())
      yield* step(() => tab.getByRole("dialog", { name: "Add an e-mail address" }).waitFor())
      yield* step(() => tab.fill("input[name=new-channel]", second))
      yield* step(() => tab.getByRole("checkbox", { name: "Use it to sign in" }).check())
      yield* step(() => tab.getByRole("button", { name: "Add address" }).click())
      yield* saved(tab, `${second} is added.`)
      const row = tab.locator(`.stackfx-channels li[data-value="${second}"]`)
      assert.deepStrictEqual(yield* step(() => row.locator(".stackfx-badge").allInnerTexts()), ["Not verified", "Used for sign-in"])
      assert.deepStrictEqual(yield* step(() => tab.locator(`.stackfx-channels li[data-value="${email}"] .stackfx-badge`).allInnerTexts()), ["Primary", "Not verified", "Used for sign-in"])
      yield* channelAction(tab, second, "make-primary")
      yield* saved(tab, `${second} is now your primary address.`)
      yield* step(() => row.locator(".stackfx-badge", { hasText: "Primary" }).waitFor())
      // Removing the old address asks first; Cancel keeps it.
      const old = tab.locator(`.stackfx-channels li[data-value="${email}"]`)
      yield* channelAction(tab, email, "remove-channel")
      yield* step(() => tab.getByRole("dialog", { name: "Remove this e-mail address?" }).getByRole("button", { name: "Remove address" }).click())
      yield* step(() => old.waitFor({ state: "detached", timeout: 15_000 }))

      // Password: a wrong current password gets its own words; the right one changes it.
      yield* step(() => tab.getByRole("button", { name: "Change password" }).click())
      const dialog = tab.getByRole("dialog", { name: "Change your password" })
      yield* step(() => dialog.locator("input[name=old-password]").fill("not my password"))
      yield* step(() => dialog.locator("input[name=new-password]").fill("a brand new password"))
      yield* step(() => dialog.locator("input[name=new-password-repeat]").fill("a brand new password"))
      yield* step(() => dialog.getByRole("button", { name: "Change password" }).click())
      yield* shows(tab, "dialog .stackfx-error", /./)
      assert.notInclude(yield* step(() => dialog.locator(".stackfx-error").innerText()), "Passwords do not match")
      yield* step(() => dialog.locator("input[name=old-password]").fill(password))
      yield* step(() => dialog.getByRole("button", { name: "Change password" }).click())
      yield* saved(tab, "Your password is changed.")

      // Notifications: Marketing off; Transactional cannot be turned off.
      yield* openSection(tab, page.origin, "notifications")
      const marketing = tab.getByRole("switch", { name: "Marketing" })
      assert.strictEqual(yield* step(() => marketing.getAttribute("aria-checked")), "true")
      yield* step(() => marketing.click())
      yield* saved(tab, "Marketing e-mails are off.")
      assert.strictEqual(yield* step(() => marketing.getAttribute("aria-checked")), "false")
      assert.isTrue(yield* step(() => tab.getByRole("switch", { name: "Transactional" }).isDisabled()))

      // Active sessions: a second sign-in elsewhere is listed and revoked; this device is marked.
      const other = yield* settingsTab(browser)
      yield* step(() => other.goto(`${page.origin}/handler/sign-in`))
      yield* step(() => other.fill("input[name=email]", second))
      yield* step(() => other.fill("input[name=password]", "a brand new password"))
      yield* step(() => other.click("button[type=submit]"))
      yield* step(() => other.waitForURL(`${page.origin}/`, { timeout: 15_000 }))
      yield* openSection(tab, page.origin, "sessions")
      yield* step(() => tab.reload())
      yield* step(() => tab.locator(".stackfx-sessions li").nth(1).waitFor({ timeout: 15_000 }))
      assert.strictEqual(yield* step(() => tab.locator(".stackfx-sessions li[data-current=true] .stackfx-badge", { hasText: "This device" }).count()), 1)
      yield* step(() => tab.locator(".stackfx-sessions li[data-current=false] button[name=revoke-session]").click())
      yield* step(() => tab.getByRole("dialog", { name: "Revoke this session?" }).getByRole("button", { name: "Revoke session" }).click())
      yield* saved(tab, "The session is revoked.")
      assert.strictEqual(yield* step(() => tab.locator(".stackfx-sessions li").count()), 1)

      // API keys: created in a dialog that shows the key once, then revoked after a confirmation.
      yield* openSection(tab, page.origin, "api-keys")
      yield* shows(tab, ".stackfx-empty", "No API keys yet.")
      yield* step(() => tab.getByRole("button", { name: "Create an API key" }).click())
      yield* step(() => tab.fill("input[name=api-key-description]", "Build server"))
      yield* step(() => tab.getByRole("button", { name: "Create key" }).click())
      yield* step(() => tab.getByRole("dialog", { name: "Copy your new API key" }).waitFor())
      const key = yield* step(() => tab.locator("#new-api-key").innerText())
      assert.match(key, /^sk_/)
      yield* step(() => tab.getByRole("button", { name: "Done" }).click())
      yield* shows(tab, ".stackfx-api-keys li", `…${key.slice(-4)}`)
      assert.strictEqual(yield* step(() => tab.locator("#new-api-key").count()), 0, "the full key is never shown again")
      yield* step(() => tab.getByRole("button", { name: "Revoke Build server" }).click())
      yield* step(() => tab.getByRole("dialog", { name: "Revoke this API key?" }).getByRole("button", { name: "Revoke key" }).click())
      yield* saved(tab, "The key “Build server” is revoked.")
      yield* shows(tab, ".stackfx-api-keys li[data-state=manually-revoked] .stackfx-badge", "Revoked")

      // Teams: created, renamed, an invitation sent and revoked, a team API key, then left.
      yield* openSection(tab, page.origin, "team-creation")
      yield* step(() => tab.fill("input[name=team-name]", "Compilers"))
      yield* step(() => tab.getByRole("button", { name: "Create team" }).click())
      yield* step(() => tab.waitForURL(/#team-(?!creation)/, { timeout: 15_000 }))
      const teamHash = new URL(tab.url()).hash.slice(1)
      yield* openSection(tab, page.origin, teamHash)
      yield* step(() => tab.fill("input[name=team-rename]", "Compiler Club"))
      yield* step(() => tab.getByRole("button", { name: "Rename team" }).click())
      yield* saved(tab, "The team is now called Compiler Club.")
      yield* shows(tab, ".stackfx-settings-nav a", "Compiler Club")
      yield* shows(tab, ".stackfx-members li", "Grace Hopper")
      const invitee = freshEmail("invitee")
      yield* step(() => tab.getByRole("button", { name: "Invite a member" }).click())
      yield* step(() => tab.fill("input[name=invite-email]", invitee))
      yield* step(() => tab.getByRole("button", { name: "Send invitation" }).click())
      yield* saved(tab, `Invitation sent to ${invitee}.`)
      yield* shows(tab, ".stackfx-invitations li", invitee)
      yield* step(() => tab.getByRole("button", { name: `Revoke the invitation of ${invitee}` }).click())
      yield* step(() => tab.getByRole("dialog", { name: "Revoke this invitation?" }).getByRole("button", { name: "Revoke invitation" }).click())
      yield* shows(tab, ".stackfx-empty", "No pending invitations.")
      yield* step(() => tab.getByRole("button", { name: "Create an API key" }).click())
      yield* step(() => tab.fill("input[name=api-key-description]", "Team deploys"))
      yield* step(() => tab.getByRole("button", { name: "Create key" }).click())
      yield* step(() => tab.getByRole("button", { name: "Done" }).click())
      yield* shows(tab, ".stackfx-api-keys li", "Team deploys")
      yield* step(() => tab.getByRole("button", { name: "Leave Compiler Club…" }).click())
      yield* step(() => tab.getByRole("dialog", { name: "Leave Compiler Club?" }).getByRole("button", { name: "Leave team" }).click())
      yield* step(() => tab.waitForURL(/#profile$/, { timeout: 15_000 }))
      yield* step(() => tab.locator(".stackfx-settings-panel[data-section=profile]").waitFor({ timeout: 15_000 }))
      assert.strictEqual(yield* step(() => tab.locator(".stackfx-settings-nav a", { hasText: "Compiler Club" }).count()), 0)

      // Settings: deleting the account asks first, then goes to the after-sign-out page.
      yield* openSection(tab, page.origin, "settings")
      yield* step(() => tab.getByRole("button", { name: "Delete account…" }).click())
      yield* step(() => tab.getByRole("dialog", { name: "Delete your account?" }).getByRole("button", { name: "Delete my account" }).click())
      yield* step(() => tab.waitForURL(`${page.origin}/`, { timeout: 15_000 }))
      const left = yield* emu.withState((data) => Effect.succeed(Object.values(data.users).some((user) => user.displayName === "Grace Hopper")))
      assert.isFalse(left)
    }).pipe(Effect.scoped), 180_000)
})

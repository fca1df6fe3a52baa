/**
 * The owner's e-mail operations against the emulator, rendered for real (esbuild + React Email):
 * themes, previews, drafts, sending to users with categories and unsubscribe links, the outbox,
 * delivery statistics. In-process, and sending over real HTTP.
 */
import { assert, describe, it, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import { TestClock } from "effect/testing"
import { StackAdmin } from "../../src/admin/index.ts"
import { Emulator } from "../../src/emulator/emulator.ts"

const adminFor = Layer.unwrap(Effect.gen(function*() {
  const emu = yield* Emulator
  return StackAdmin.layer({ projectId: emu.info.projectId, superSecretAdminKey: emu.info.superSecretAdminKey, baseUrl: emu.info.baseUrl })
}))
const inProcess = Layer.provideMerge(adminFor, Emulator.layer())

const smtp = { type: "standard", host: "smtp.example.com", port: 587, username: "u", password: "p", senderName: "Team", senderEmail: "team@example.com" } as const

/** A project with its own e-mail server and a user with a primary e-mail. */
const arrange = Effect.gen(function*() {
  const admin = yield* StackAdmin
  yield* admin.updateProject({ config: { emailConfig: smtp } })
  const email = `reader-${Math.random().toString(36).slice(2)}@example.com`
  const user = yield* admin.createUser({ primaryEmail: email, primaryEmailVerified: true, displayName: "Ada" })
  return { admin, user, email }
})

/** A template that renders one line, in the selected (Default Light) theme. */
const oneLineTemplate = `import { Subject, NotificationCategory } from "@stackframe/emails"
export const variablesSchema = (v) => v
export function EmailTemplate() {
  return <><Subject value="Test Subject" /><NotificationCategory value="Transactional" /><div>Mock email template</div></>
}`

/**
 * What the service renders for it: React 19.1.1, React Email 1.0.6 and tailwindcss 4.2 (the
 * emulator's pinned renderer packages) give these bytes; React 19.2+ adds `<!--html-->` markers, a
 * newer @react-email/body `padding:0`, tailwindcss 4.3 `0px` for `0rem`.
 */
const lightThemeHtml = "<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Transitional//EN\" \"http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd\"><html dir=\"ltr\" lang=\"en\"><head><meta content=\"text/html; charset=UTF-8\" http-equiv=\"Content-Type\"/><meta name=\"x-apple-disable-message-reformatting\"/></head><body style=\"background-color:rgb(250,251,251);margin:0\"><!--$--><table border=\"0\" width=\"100%\" cellPadding=\"0\" cellSpacing=\"0\" role=\"presentation\" align=\"center\"><tbody><tr><td style=\"background-color:rgb(250,251,251);font-family:ui-sans-serif,system-ui,sans-serif,&quot;Apple Color Emoji&quot;,&quot;Segoe UI Emoji&quot;,&quot;Segoe UI Symbol&quot;,&quot;Noto Color Emoji&quot;;font-size:1rem;line-height:1.5;margin:0rem;padding:0rem;overflow-x:hidden\"><div style=\"padding-bottom:2rem;padding-top:2rem;padding-right:1rem;padding-left:1rem;display:flex;justify-content:center\"><table align=\"center\" width=\"100%\" border=\"0\" cellPadding=\"0\" cellSpacing=\"0\" role=\"presentation\" style=\"max-width:600px;background-color:rgb(255,255,255);padding:45px;border-radius:0.5rem;box-shadow:0 0 rgb(0,0,0,0),0 0 rgb(0,0,0,0),0 0 rgb(0,0,0,0),0 0 rgb(0,0,0,0),0 1px 3px 0 var(--tw-shadow-color, rgb(0 0 0 / 0.1)),0 1px 2px -1px var(--tw-shadow-color, rgb(0 0 0 / 0.1));margin-right:auto;margin-left:auto;width:100%\"><tbody><tr style=\"width:100%\"><td><div>Mock email template</div></td></tr></tbody></table></div><table align=\"center\" width=\"100%\" border=\"0\" cellPadding=\"0\" cellSpacing=\"0\" role=\"presentation\" style=\"padding:1rem;opacity:60%;text-align:center\"><tbody><tr><td><a href=\"https://example.com\" target=\"_blank\" rel=\"noopener noreferrer\" style=\"color:rgb(21,93,252)\">Click here</a> to unsubscribe from these emails</td></tr></tbody></table></td></tr></tbody></table><!--7--><!--/$--></body></html>"

/** Renders the one-line template in the selected theme, as a preview. */
const renderOneLine = Effect.gen(function*() {
  const admin = yield* StackAdmin
  const themes = yield* admin.listEmailThemes()
  const light = themes.find((t) => t.displayName === "Default Light")
  return yield* admin.renderEmailPreview({ themeId: light?.id ?? "", templateTsxSource: oneLineTemplate })
})

describe("StackAdmin: e-mail", () => {
  it.effect("the Default Light theme renders the service's HTML byte for byte", () =>
    Effect.gen(function*() {
      const preview = yield* renderOneLine
      assert.strictEqual(preview.html, lightThemeHtml)
      assert.strictEqual(preview.subject, "Test Subject")
    }).pipe(Effect.provide(inProcess)), 60_000)

  it.effect("themes: built-ins, create, a preview render, and a theme that throws is refused with its message", () =>
    Effect.gen(function*() {
      const admin = yield* StackAdmin
      const themes = yield* admin.listEmailThemes()
      assert.deepStrictEqual(themes.map((t) => t.displayName), ["Default Light", "Default Dark", "Default Colorful"])
      const id = yield* admin.createEmailTheme("Brand")
      const source = `import { Html, Body } from "@react-email/components"
export function EmailTheme({ children }) { return <Html><Body><main className="brand">{children}</main></Body></Html> }`
      yield* admin.updateEmailTheme(id, source)
      assert.strictEqual((yield* admin.getEmailTheme(id)).tsxSource, source)
      const preview = yield* admin.renderEmailPreview({
        themeId: id,
        templateTsxSource: `import { Subject } from "@stackframe/emails"
export const variablesSchema = (v) => v
export function EmailTemplate({ user, project }) { return <><Subject value={"Hi " + user.displayName} /><p>{project.displayName}</p></> }`
      })
      assert.include(preview.html, "<main class=\"brand\"><p>Emulator Project</p></main>")
      assert.strictEqual(preview.subject, "Hi John Doe")
      const failure = yield* Effect.flip(admin.updateEmailTheme(id, "export function EmailTheme() { throw new Error(\"Intentional error from theme\") }"))
      assert.strictEqual(failure._tag, "EmailRenderingError")
      assert.include(failure.message, "Intentional error from theme")
      const syntax = yield* Effect.flip(admin.updateEmailTheme(id, "export function EmailTheme({ children }) {\n  return <div><span>\n}\n"))
      assert.include(syntax.message, "Build failed with 2 errors:\nvirtual:/theme.tsx:3:0: ERROR: The character \"}\" is not valid inside a JSX element")
      assert.strictEqual((yield* admin.getEmailTheme(id)).tsxSource, source)
    }).pipe(Effect.provide(inProcess)), 60_000)

  it.effect("sendEmail renders in the theme, delivers to the inbox, and a Marketing e-mail carries a working unsubscribe link", () =>
    Effect.gen(function*() {
      const { admin, user, email } = yield* arrange
      const emu = yield* Emulator
      const results = yield* admin.sendEmail({ userIds: [user.id], html: "<p>Sale!</p>", subject: "Big sale", notificationCategoryName: "Marketing" })
      assert.deepStrictEqual(results, [{ userId: user.id }])
      const [message] = yield* emu.outbox(email)
      assert.strictEqual(message?.subject, "Big sale")
      assert.include(message?.html ?? "", "<p>Sale!</p>")
      const link = /href="([^"]*unsubscribe-link[^"]*)"/.exec(message?.html ?? "")?.[1]?.replace(/&amp;/g, "&")
      assert.isDefined(link)
      const unsubscribed = yield* emu.handle(new Request(link ?? ""))
      assert.strictEqual(yield* Effect.promise(() => unsubscribed.text()), "<p>Successfully unsubscribed from notification group</p>")
      const preferences = yield* admin.listNotificationPreferences(user.id)
      assert.deepStrictEqual(preferences.map((p) => [p.notificationCategoryName, p.enabled]), [["Transactional", true], ["Marketing", false]])
      // The next marketing e-mail is skipped, a transactional one still goes out without a link.
      // A millisecond apart: the outbox lists newest first, then by id (the service's order).
      yield* TestClock.adjust("1 millis")
      yield* admin.sendEmail({ userIds: [user.id], html: "<p>Sale again</p>", subject: "Sale 2", notificationCategoryName: "Marketing" })
      yield* TestClock.adjust("1 millis")
      yield* admin.sendEmail({ userIds: [user.id], html: "<p>Receipt</p>", subject: "Receipt" })
      const inbox = yield* emu.outbox(email)
      assert.deepStrictEqual(inbox.map((m) => m.subject), ["Big sale", "Receipt"])
      assert.notInclude(inbox[1]?.html ?? "", "unsubscribe-link")
      const outbox = yield* admin.listOutboxEmails()
      assert.deepStrictEqual(outbox.map((e) => [e.subject, e.status]), [["Receipt", "sent"], ["Sale 2", "skipped"], ["Big sale", "sent"]])
      assert.strictEqual(outbox[1]?.skippedReason, "USER_UNSUBSCRIBED")
      assert.strictEqual((yield* admin.listOutboxEmails({ status: "skipped" })).length, 1)
      const sentLog = yield* admin.listSentEmails()
      assert.deepStrictEqual(sentLog.filter((e) => e.to[0] === email).map((e) => e.subject), ["Receipt", "Big sale"])
      const stats = yield* admin.getEmailDeliveryInfo()
      assert.deepStrictEqual(stats.stats.day, { sent: 2, bounced: 0, markedAsSpam: 0 })
    }).pipe(Effect.provide(inProcess)), 60_000)

  it.effect("refusals: shared e-mail server, unknown user, bad input before sending; a sent e-mail cannot be edited", () =>
    Effect.gen(function*() {
      const admin = yield* StackAdmin
      const user = yield* admin.createUser({ primaryEmail: `x-${Math.random().toString(36).slice(2)}@example.com` })
      const shared = yield* Effect.flip(admin.sendEmail({ userIds: [user.id], html: "<p>x</p>" }))
      assert.strictEqual(shared._tag, "RequiresCustomEmailServer")
      yield* admin.updateProject({ config: { emailConfig: smtp } })
      const unknown = yield* Effect.flip(admin.sendEmail({ userIds: ["6c1b6d2e-3c1a-4b7e-9a53-0c6f4f6e2b11"], html: "<p>x</p>" }))
      assert.strictEqual(unknown._tag, "UserIdDoesNotExist")
      const both = yield* Effect.flip(admin.sendEmail({ userIds: [user.id], allUsers: true, html: "<p>x</p>" }))
      assert.strictEqual(both._tag, "InvalidSendEmail")
      yield* admin.sendEmail({ userIds: [user.id], html: "<p>x</p>", subject: "Once" })
      const [sent] = yield* admin.listOutboxEmails()
      const edit = yield* Effect.flip(admin.updateOutboxEmail(sent?.id ?? "", { isPaused: true }))
      assert.strictEqual(edit._tag, "EmailNotEditable")
    }).pipe(Effect.provide(inProcess)), 60_000)

  it.effect("drafts: create, send (marked sent, in its theme), scheduled e-mails wait for the Clock and can be paused or cancelled", () =>
    Effect.gen(function*() {
      const { admin, user, email } = yield* arrange
      const emu = yield* Emulator
      const draftId = yield* admin.createEmailDraft({
        displayName: "Welcome",
        themeId: false,
        tsxSource: `import { Subject, NotificationCategory } from "@stackframe/emails"
export function EmailTemplate({ user }) { return <><Subject value="Welcome aboard" /><NotificationCategory value="Transactional" /><p>Hello {user.displayName}</p></> }`
      })
      yield* admin.sendEmail({ userIds: [user.id], draftId })
      assert.isNumber((yield* admin.getEmailDraft(draftId)).sentAtMillis)
      const [welcome] = yield* emu.outbox(email)
      assert.strictEqual(welcome?.subject, "Welcome aboard")
      assert.include(welcome?.html ?? "", "<p>Hello <!-- -->Ada</p>")
      yield* admin.updateEmailDraft(draftId, { displayName: "Welcome v2" })
      assert.deepStrictEqual((yield* admin.listEmailDrafts()).map((d) => d.displayName), ["Welcome v2"])

      const later = Date.now() + 3_600_000
      yield* admin.sendEmail({ userIds: [user.id], html: "<p>Later</p>", subject: "Later", scheduledAtMillis: later })
      const [scheduled] = yield* admin.listOutboxEmails({ status: "scheduled" })
      assert.strictEqual(scheduled?.subject, undefined)
      const paused = yield* admin.updateOutboxEmail(scheduled?.id ?? "", { isPaused: true })
      assert.strictEqual(paused.status, "paused")
      const cancelled = yield* admin.updateOutboxEmail(scheduled?.id ?? "", { cancel: true })
      assert.deepStrictEqual([cancelled.status, cancelled.skippedReason], ["skipped", "MANUALLY_CANCELLED"])
      yield* admin.deleteEmailDraft(draftId)
      assert.deepStrictEqual(yield* admin.listEmailDrafts(), [])
    }).pipe(Effect.provide(inProcess)), 60_000)
})

layer(Layer.provideMerge(adminFor, Layer.merge(Emulator.layerServe({ port: 0 }), FetchHttpClient.layer)))("StackAdmin e-mail over real HTTP", (it) => {
  it.effect("renders the Default Light theme as the service does", () =>
    Effect.gen(function*() {
      assert.strictEqual((yield* renderOneLine).html, lightThemeHtml)
    }), 60_000)

  it.effect("sends to every user and reads the outbox", () =>
    Effect.gen(function*() {
      const { admin, user } = yield* arrange
      const results = yield* admin.sendEmail({ allUsers: true, html: "<p>Hello all</p>", subject: "All hands" })
      assert.isTrue(results.some((r) => r.userId === user.id))
      const outbox = yield* admin.listOutboxEmails({ simpleStatus: "ok" })
      const mine = outbox.find((e) => e.to.type === "user-primary-email" && e.to.user_id === user.id)
      assert.deepStrictEqual([mine?.status, mine?.subject, mine?.isTransactional], ["sent", "All hands", true])
      assert.strictEqual((yield* admin.getOutboxEmail(mine?.id ?? "")).id, mine?.id)
    }), 60_000)
})

/**
 * The React example's owner dashboard (`/dashboard`, examples/react-app/dashboard-page.tsx) in
 * headless Chromium against the emulator: a signed-in user sees the project's metrics, the outbox
 * (and pauses an e-mail scheduled for later) and the e-mail themes, over the project owner's session
 * (the owner's access token as the admin access token, never the admin key); signed out, the page
 * sends the visitor to sign in.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import { startReactExample } from "../../examples/react-app/serve.ts"
import { StackAdmin } from "../../src/admin/index.ts"
import { launchChromium, signUpThroughPage, step } from "./chromium.ts"

const smtp = { type: "standard", host: "smtp.example.com", port: 587, username: "u", password: "p", senderName: "Team", senderEmail: "team@example.com" } as const

describe("the owner dashboard in Chromium", () => {
  it.live("a signed-in owner sees metrics, the outbox and themes, and pauses a scheduled e-mail", () =>
    Effect.scoped(Effect.gen(function*() {
      const { emu, page } = yield* startReactExample
      const browser = yield* launchChromium
      const tab = yield* step(() => browser.newContext().then((context) => context.newPage()))

      // Signed out, the dashboard sends the visitor to the sign-in page.
      yield* step(() => tab.goto(`${page.origin}/dashboard`))
      yield* step(() => tab.waitForURL(/\/handler\/sign-in/, { timeout: 15_000 }))

      const email = `owner-${Date.now().toString(36)}@example.com`
      yield* signUpThroughPage(tab, page.origin, email, "correct horse battery")
      // Two e-mails from the server: one sent now, one scheduled for tomorrow.
      yield* Effect.gen(function*() {
        const admin = yield* StackAdmin
        yield* admin.updateProject({ config: { emailConfig: smtp } })
        const [user] = (yield* admin.listUsers({ query: email })).items
        assert.isDefined(user)
        yield* admin.sendEmail({ userIds: [user?.id ?? ""], html: "<p>Welcome</p>", subject: "Welcome aboard" })
        yield* admin.sendEmail({ userIds: [user?.id ?? ""], html: "<p>Later</p>", subject: "See you tomorrow", scheduledAtMillis: Date.now() + 86_400_000 })
      }).pipe(
        Effect.provide(StackAdmin.layer({ projectId: emu.info.projectId, superSecretAdminKey: emu.info.superSecretAdminKey, baseUrl: emu.info.baseUrl })),
        Effect.provide(FetchHttpClient.layer),
        Effect.orDie
      )

      // The dashboard runs on the owner's session: its admin requests carry the owner's access token,
      // never the admin key.
      const adminHeaders: Array<Record<string, string>> = []
      tab.on("request", (request) => {
        const headers = request.headers()
        if (headers["x-stack-access-type"] === "admin") adminHeaders.push(headers)
      })
      yield* step(() => tab.goto(`${page.origin}/dashboard`))
      yield* step(() => tab.locator("#dashboard h1").waitFor({ timeout: 15_000 }))
      const metric = (name: string) => step(() => tab.locator(`[data-metric=${name}]`).innerText())
      assert.strictEqual(yield* metric("total-users"), "1")
      assert.strictEqual(yield* metric("active-today"), "1")
      assert.strictEqual(yield* metric("emails"), "3") // the sign-up's verification e-mail and the two above
      const rows = yield* step(() => tab.locator("#dashboard-outbox tbody tr").allInnerTexts())
      assert.deepStrictEqual(rows.map((row) => row.split("\t").slice(0, 2)), [["(not rendered yet)", "scheduled"], ["Welcome aboard", "sent"]], JSON.stringify(rows))
      assert.isAbove(adminHeaders.length, 0)
      // The keys' headers go empty, as Stack Auth's dashboard sends them with an owner's token.
      const keyed = adminHeaders.filter((h) => (h["x-stack-admin-access-token"] ?? "") === "" || (h["x-stack-super-secret-admin-key"] ?? "") !== "" || (h["x-stack-secret-server-key"] ?? "") !== "")
      assert.deepStrictEqual(keyed.length, 0, JSON.stringify(keyed))
      assert.notInclude(JSON.stringify(adminHeaders), emu.info.superSecretAdminKey)
      const themes = yield* step(() => tab.locator("#dashboard-themes li").allInnerTexts())
      assert.deepStrictEqual(themes, ["Default Light", "Default Dark", "Default Colorful"])

      yield* step(() => tab.click("#dashboard-outbox >> text=Pause"))
      yield* step(() => tab.locator("#dashboard-outbox tbody tr", { hasText: "paused" }).waitFor({ timeout: 15_000 }))
      yield* step(() => tab.locator("#dashboard-outbox >> text=Resume").waitFor({ timeout: 15_000 }))
    })), 120_000)
})

/**
 * `StackAdmin.getMetrics` against the emulator: figures computed from what users did (sign-ups,
 * tokens handed out with the request's country, deletions, e-mails), on the TestClock, in-process
 * and over real HTTP.
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

/** `sendEmail` needs the project's own e-mail server. */
const smtp = { type: "standard", host: "smtp.example.com", port: 587, username: "u", password: "p", senderName: "Team", senderEmail: "team@example.com" } as const

/** A session for a user, asked from the given country and region (the service's hosting headers). */
const sessionFrom = (userId: string, country: string, region: string) =>
  Effect.gen(function*() {
    const emu = yield* Emulator
    const response = yield* emu.handle(new Request(`${emu.info.baseUrl}/api/v1/auth/sessions`, {
      method: "POST",
      body: JSON.stringify({ user_id: userId }),
      headers: {
        "content-type": "application/json",
        "x-stack-access-type": "server",
        "x-stack-project-id": emu.info.projectId,
        "x-stack-secret-server-key": emu.info.secretServerKey,
        "x-vercel-ip-country": country,
        "x-vercel-ip-country-region": region
      }
    }))
    assert.strictEqual(response.status, 200)
  })

const last = <A>(items: ReadonlyArray<A>): A | undefined => items[items.length - 1]

describe("StackAdmin.getMetrics", () => {
  it.effect("an empty project: 31 days of zeros, no countries, no top region", () =>
    Effect.gen(function*() {
      const metrics = yield* (yield* StackAdmin).getMetrics()
      assert.strictEqual(metrics.totalUsers, 0)
      assert.strictEqual(metrics.dailyUsers.length, 31)
      assert.strictEqual(metrics.dailyUsers[30]?.date, "1970-01-01")
      assert.isTrue(metrics.dailyActiveUsers.every((p) => p.activity === 0))
      assert.deepStrictEqual(metrics.usersByCountry, {})
      assert.strictEqual(metrics.analyticsOverview.topRegion, null)
      assert.strictEqual(metrics.emailOverview.totalEmails, 0)
      assert.deepStrictEqual(metrics.loginMethods, [])
    }).pipe(Effect.provide(inProcess)))

  it.effect("counts users, activity by day, countries, sign-in methods and e-mails; anonymous users only when asked", () =>
    Effect.gen(function*() {
      const admin = yield* StackAdmin
      yield* admin.updateProject({ config: { emailConfig: smtp } })
      yield* TestClock.adjust("10 days")
      const ada = yield* admin.createUser({ primaryEmail: "ada@example.com", primaryEmailVerified: true, password: "a-long-password" })
      const bob = yield* admin.createUser({ primaryEmail: "bob@example.com" })
      const anon = yield* admin.createUser({ isAnonymous: true })
      yield* admin.createSession(ada.id)
      yield* admin.createSession(anon.id)
      yield* TestClock.adjust("2 days")
      yield* sessionFrom(bob.id, "CH", "ZH")
      yield* sessionFrom(ada.id, "AQ", "NQ")
      yield* admin.sendEmail({ userIds: [ada.id], html: "<p>Hello</p>", subject: "Welcome" })

      const metrics = yield* admin.getMetrics()
      assert.strictEqual(metrics.totalUsers, 2)
      assert.deepStrictEqual(
        [metrics.authOverview.verifiedUsers, metrics.authOverview.unverifiedUsers, metrics.authOverview.anonymousUsers],
        [1, 1, 1]
      )
      // Both signed up two days ago (index 28 of 31); Ada was active then and today, Bob today only.
      assert.strictEqual(metrics.dailyUsers[28]?.activity, 2)
      assert.deepStrictEqual([metrics.dailyActiveUsers[28]?.activity, last(metrics.dailyActiveUsers)?.activity], [1, 2])
      const split = metrics.authOverview.dailyActiveUsersSplit
      assert.deepStrictEqual([last(split.new)?.activity, last(split.reactivated)?.activity, last(split.retained)?.activity], [1, 1, 0])
      assert.strictEqual(metrics.authOverview.mau, 2)
      assert.strictEqual(metrics.analyticsOverview.onlineLive, 2)
      assert.deepStrictEqual(metrics.usersByCountry, { CH: 1, AQ: 1 })
      assert.deepStrictEqual(metrics.recentlyActive.map((u) => u.id), [ada.id, bob.id])
      assert.deepStrictEqual(metrics.loginMethods, [{ method: "password", count: 1 }])
      assert.deepStrictEqual(metrics.emailOverview.recentEmails.map((e) => [e.subject, e.status]), [["Welcome", "SENT"]])
      assert.deepStrictEqual(metrics.emailOverview.emailsByStatus, { ok: 1 })
      assert.strictEqual(last(metrics.emailOverview.dailyEmails)?.activity, 1)

      const withAnonymous = yield* admin.getMetrics({ includeAnonymous: true })
      assert.strictEqual(withAnonymous.totalUsers, 3)
      assert.strictEqual(withAnonymous.dailyActiveUsers[28]?.activity, 2)
      assert.strictEqual(withAnonymous.recentlyRegistered.length, 3)

      // A deleted user leaves the user counts, but their activity that day stays counted.
      yield* admin.deleteUser(bob.id)
      const afterDelete = yield* admin.getMetrics()
      assert.strictEqual(afterDelete.totalUsers, 1)
      assert.strictEqual(last(afterDelete.dailyActiveUsers)?.activity, 2)
      assert.deepStrictEqual(afterDelete.recentlyRegistered.map((u) => u.id), [ada.id])

      // Thirty-one days later the window has moved past all of it; "online" needs the last 5 minutes.
      yield* TestClock.adjust("31 days")
      const later = yield* admin.getMetrics()
      assert.isTrue(later.dailyActiveUsers.every((p) => p.activity === 0))
      assert.deepStrictEqual([later.authOverview.mau, later.analyticsOverview.onlineLive, later.analyticsOverview.topRegion], [0, 0, null])
      assert.deepStrictEqual(later.usersByCountry, { AQ: 1, CH: 1 })
    }).pipe(Effect.provide(inProcess)))
})

layer(Layer.provideMerge(adminFor, Layer.merge(Emulator.layerServe({ port: 0 }), FetchHttpClient.layer)))("StackAdmin.getMetrics over real HTTP", (it) => {
  it.effect("a new user and their session show in the figures", () =>
    Effect.gen(function*() {
      const admin = yield* StackAdmin
      const before = yield* admin.getMetrics()
      const user = yield* admin.createUser({ primaryEmail: `m-${Math.random().toString(36).slice(2)}@example.com` })
      yield* admin.createSession(user.id)
      const after = yield* admin.getMetrics()
      assert.strictEqual(after.totalUsers, before.totalUsers + 1)
      assert.strictEqual(after.recentlyActive[0]?.id, user.id)
      assert.strictEqual(last(after.dailyActiveUsers)?.activity, (last(before.dailyActiveUsers)?.activity ?? 0) + 1)
    }))
})

/**
 * The e-mail queue with a delay (`emailQueueDelayMillis`, the CLI's one second): a queued e-mail
 * waits, can be paused and resumed, and a recipient deleted meanwhile is skipped when the queue
 * reaches it. On the TestClock, in-process.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import { StackAdmin } from "../../src/admin/index.ts"
import { Emulator } from "../../src/emulator/emulator.ts"

const adminFor = Layer.unwrap(Effect.gen(function*() {
  const emu = yield* Emulator
  return StackAdmin.layer({ projectId: emu.info.projectId, superSecretAdminKey: emu.info.superSecretAdminKey, baseUrl: emu.info.baseUrl })
}))
const smtp = { type: "standard", host: "smtp.example.com", port: 587, username: "u", password: "p", senderName: "Team", senderEmail: "team@example.com" } as const

describe("the e-mail queue with a delay", () => {
  it.effect("waits, pauses and resumes; a recipient deleted while queued is skipped", () =>
    Effect.gen(function*() {
      const admin = yield* StackAdmin
      yield* admin.updateProject({ config: { emailConfig: smtp } })
      const ada = yield* admin.createUser({ primaryEmail: "ada@example.com", primaryEmailVerified: true })
      const bob = yield* admin.createUser({ primaryEmail: "bob@example.com", primaryEmailVerified: true })
      yield* admin.sendEmail({ userIds: [ada.id], html: "<p>Hi</p>", subject: "Queued" })
      const [queued] = yield* admin.listOutboxEmails()
      assert.deepStrictEqual([queued?.status, queued?.subject], ["scheduled", undefined])
      const paused = yield* admin.updateOutboxEmail(queued?.id ?? "", { isPaused: true })
      assert.strictEqual(paused.status, "paused")
      yield* TestClock.adjust("2 seconds")
      assert.strictEqual((yield* admin.getOutboxEmail(queued?.id ?? "")).status, "paused")
      const resumed = yield* admin.updateOutboxEmail(queued?.id ?? "", { isPaused: false })
      assert.strictEqual(resumed.status, "sent")

      yield* admin.sendEmail({ userIds: [bob.id], html: "<p>Bye</p>", subject: "Too late" })
      yield* admin.deleteUser(bob.id)
      yield* TestClock.adjust("999 millis")
      const waiting = (yield* admin.listOutboxEmails()).find((e) => e.to.type === "user-primary-email" && e.to.user_id === bob.id)
      assert.strictEqual(waiting?.status, "scheduled")
      yield* TestClock.adjust("1 millis")
      const skipped = yield* admin.getOutboxEmail(waiting?.id ?? "")
      // Rendered before the recipient is looked up, as the service does: the subject is known.
      assert.deepStrictEqual([skipped.status, skipped.skippedReason, skipped.subject], ["skipped", "USER_ACCOUNT_DELETED", "Too late"])
    }).pipe(Effect.provide(Layer.provideMerge(adminFor, Emulator.layer({ emailQueueDelayMillis: 1000 })))), 60_000)
})

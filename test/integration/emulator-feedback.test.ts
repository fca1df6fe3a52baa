/** `POST /internal/feedback` over the in-process emulator: the team's inbox gets the message, the outbox shows it. */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { json, makeHarness, text } from "./emulator-harness.ts"

describe("emulator: feedback", () => {
  it.effect("an anonymous bug report reaches the team's inbox through the internal project's outbox", () =>
    Effect.gen(function*() {
      const h = yield* makeHarness()
      const response = yield* h.call("POST", "/internal/feedback", { accessType: null, json: { email: "reporter@example.com", message: "Something is broken.\nTwice.", feedback_type: "bug", name: "Rae" } })
      assert.deepStrictEqual(yield* json(response), { success: true })
      const [message] = yield* h.emu.outbox("team@stack-auth.com")
      assert.strictEqual(message?.subject, "[Bug Report] reporter@example.com")
      assert.include(message?.text ?? "", "Something is broken.")
      assert.include(message?.text ?? "", "Rae")
      const empty = yield* h.call("POST", "/internal/feedback", { accessType: null, json: { email: "reporter@example.com", message: "" } })
      assert.include(yield* text(empty), "body.message must not be empty")
      const outbox = yield* h.emu.withState((data) => Effect.succeed(Object.values(data.owner.emails)))
      assert.deepStrictEqual(outbox.map((e) => [e.projectId, e.status, e.customEmails]), [["internal", "sent", ["team@stack-auth.com"]]])
    }), 60_000)
})

/**
 * A crash loses at most the last second: the CLI with `--data` is killed with SIGKILL in the middle
 * of a load, a second after the last acknowledged sign-up of the first wave, then restarted from
 * its file; every sign-up acknowledged more than a second before the kill is there.
 */
import * as Fs from "node:fs"
import * as Os from "node:os"
import * as Path from "node:path"
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { type RunningCli, scopedCli, stopCli } from "./emulator-cli-process.ts"

const UserEmails = Schema.Struct({ items: Schema.Array(Schema.Struct({ primary_email: Schema.NullOr(Schema.String) })) })

const pause = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis))

/** One password sign-up over HTTP; whether it was acknowledged (200). */
const signUp = (cli: RunningCli, email: string): Promise<boolean> =>
  fetch(`${cli.info.baseUrl}/api/v1/auth/password/sign-up`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-stack-access-type": "client",
      "x-stack-project-id": cli.info.projectId,
      "x-stack-publishable-client-key": cli.info.publishableClientKey
    },
    body: JSON.stringify({ email, password: "crash-test-password-1" })
  }).then((response) => response.ok, () => false)

/** The primary e-mails of every user of the default project, read with the server key. */
const emailsOf = (cli: RunningCli): Promise<ReadonlySet<string>> =>
  fetch(`${cli.info.baseUrl}/api/v1/users`, {
    headers: { "x-stack-access-type": "server", "x-stack-project-id": cli.info.projectId, "x-stack-secret-server-key": cli.info.secretServerKey }
  })
    .then((response) => response.json())
    .then((body) => new Set(Schema.decodeUnknownSync(UserEmails)(body).items.flatMap((user) => user.primary_email ?? [])))

describe("--data after a crash", () => {
  it.live("SIGKILL mid-load, a second after the last acknowledged sign-up: every one of them is in the file", () =>
    Effect.gen(function*() {
      const dir = Fs.mkdtempSync(Path.join(Os.tmpdir(), "stackfx-crash-"))
      yield* Effect.addFinalizer(() => Effect.sync(() => Fs.rmSync(dir, { recursive: true, force: true })))
      const dataFile = Path.join(dir, "state.json")
      // Fast hashing: the hashing cost is not what is tested.
      const flags = ["--port", "0", "--data", dataFile, "--fast-password-hashing"]
      const first = yield* scopedCli(flags)
      const acknowledged: Array<{ readonly email: string; readonly at: number }> = []
      const record = (email: string) => (ok: boolean) => {
        if (ok) acknowledged.push({ email, at: Date.now() })
      }
      // The first wave: 100 sign-ups, 10 at a time.
      for (let wave = 0; wave < 10; wave++) {
        yield* Effect.promise(() =>
          Promise.all(Array.from({ length: 10 }, (_, i) => {
            const email = `crash-${wave}-${i}@example.com`
            return signUp(first, email).then(record(email))
          }))
        )
      }
      assert.strictEqual(acknowledged.length, 100, "the first wave was acknowledged")
      yield* Effect.promise(() => pause(1_100))
      // The second wave is under way when the process is killed.
      const late = Array.from({ length: 40 }, (_, i) => {
        const email = `late-${i}@example.com`
        return signUp(first, email).then(record(email))
      })
      yield* Effect.promise(() => pause(150))
      const killedAt = Date.now()
      yield* Effect.promise(() => stopCli(first.child, "SIGKILL"))
      yield* Effect.promise(() => Promise.all(late))

      const second = yield* scopedCli(flags)
      const restored = yield* Effect.promise(() => emailsOf(second))

      const due = acknowledged.filter((ack) => ack.at <= killedAt - 1_000)
      const missing = due.filter((ack) => !restored.has(ack.email)).map((ack) => ack.email)
      assert.isAtLeast(due.length, 100)
      assert.deepStrictEqual(missing, [], `${missing.length} of ${due.length} acknowledged sign-ups lost`)
      // Reported by the run: how much of the second wave was acknowledged, and how much of it survived.
      const lateAcknowledged = acknowledged.length - 100
      const lateRestored = acknowledged.slice(100).filter((ack) => restored.has(ack.email)).length
      process.stdout.write(`crash: ${due.length}/${due.length} due sign-ups restored; second wave ${lateRestored}/${lateAcknowledged} acknowledged ones restored\n`)
    }).pipe(Effect.scoped), 120_000)
})

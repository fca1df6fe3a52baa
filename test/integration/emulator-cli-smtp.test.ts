/**
 * The CLI's Inbucket SMTP port over real HTTP: with `--inbucket-port P`, a project whose custom SMTP
 * server is `localhost:P+24` (Stack Auth's development layout, `<P>05` -> `<P>29`) delivers to the
 * emulator's mailbox, served on the Inbucket API; another local port with nothing listening fails as
 * the service fails it (`server-error`).
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as Net from "node:net"
import { StackAdmin } from "../../src/admin/index.ts"
import { scopedCli } from "./emulator-cli-process.ts"

/** A free port pair: P and P + 24 both unused (bound, then released). */
const freePort = Effect.callback<number>((resume) => {
  const probe = Net.createServer()
  probe.listen(0, "127.0.0.1", () => {
    const address = probe.address()
    const port = typeof address === "object" && address !== null ? address.port : 0
    probe.close(() => resume(Effect.succeed(port)))
  })
})

describe("the CLI's Inbucket SMTP port", () => {
  it.live("localhost at --inbucket-port + 24 is the mailbox; a closed local port is server-error", () =>
    Effect.scoped(Effect.gen(function*() {
      const inbucketPort = yield* freePort
      const cli = yield* scopedCli(["--port", "0", "--inbucket-port", String(inbucketPort), "--fast-password-hashing"])
      const closed = yield* freePort
      const send = (port: number, subject: string) =>
        Effect.gen(function*() {
          const admin = yield* StackAdmin
          yield* admin.updateProject({ config: { emailConfig: { type: "standard", host: "localhost", port, username: "u", password: "p", senderName: "Team", senderEmail: "team@example.com" } } })
          const local = `smtp-${subject.toLowerCase()}-${Date.now().toString(36)}`
          const user = yield* admin.createUser({ primaryEmail: `${local}@example.com`, primaryEmailVerified: true })
          yield* admin.sendEmail({ userIds: [user.id], html: "<p>x</p>", subject })
          // The CLI's queue holds an e-mail a second, like the service's worker.
          yield* Effect.sleep("1500 millis")
          const entry = (yield* admin.listOutboxEmails()).find((e) => e.subject === subject)
          return { entry, local }
        }).pipe(
          Effect.provide(StackAdmin.layer({ projectId: cli.info.projectId, superSecretAdminKey: cli.info.superSecretAdminKey, baseUrl: cli.info.baseUrl })),
          Effect.provide(FetchHttpClient.layer),
          Effect.orDie
        )
      const inbucket = yield* send(inbucketPort + 24, "Inbucket")
      assert.strictEqual(inbucket.entry?.status, "sent")
      const mailbox = yield* Effect.promise(() => fetch(`http://127.0.0.1:${inbucketPort}/api/v1/mailbox/${inbucket.local}`).then((r) => r.text()))
      assert.include(mailbox, "\"subject\":\"Inbucket\"")
      const refused = yield* send(closed, "Refused")
      assert.deepStrictEqual([refused.entry?.status, refused.entry?.serverError], ["server-error", "An unknown error occurred while sending the email."])
    })), 60_000)
})

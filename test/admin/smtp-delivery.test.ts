/**
 * E-mail of a project whose custom SMTP server is on this machine goes out over SMTP for real: a
 * local SMTP server (node:net) receives it; a 4xx answer is retried after the service's backoff
 * (TestClock), a 5xx one and a host that cannot resolve end as `server-error`. The emulator's own
 * Inbucket SMTP port and hosts beyond this machine stay the emulator's mailbox. In-process, and
 * over real HTTP.
 */
import { assert, describe, it, layer } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import { TestClock } from "effect/testing"
import * as Net from "node:net"
import { StackAdmin } from "../../src/admin/index.ts"
import { Emulator } from "../../src/emulator/emulator.ts"
import { formatMessage, sendOverSmtp } from "../../src/emulator/smtp-client.ts"

/** What the local server answers to MAIL FROM (and whether it offers AUTH PLAIN). */
interface ServerMode {
  mailFrom: string
  offersAuth: boolean
}

/** A received message: the envelope, the login, and the DATA section as sent. */
interface Received {
  readonly from: string
  readonly to: ReadonlyArray<string>
  readonly auth: string | undefined
  readonly data: string
}

/** A local SMTP server on a free port; `mode` can change between sends. */
const smtpServer = Effect.acquireRelease(
  Effect.callback<{ readonly port: number; readonly mode: ServerMode; readonly received: Array<Received>; readonly server: Net.Server }>((resume) => {
    const mode: ServerMode = { mailFrom: "250 OK", offersAuth: false }
    const received: Array<Received> = []
    const server = Net.createServer((socket) => {
      let from = ""
      let to: Array<string> = []
      let auth: string | undefined
      let data: string | undefined
      let buffer = ""
      socket.write("220 localhost test SMTP\r\n")
      socket.on("data", (chunk) => {
        buffer += chunk.toString("utf8")
        for (;;) {
          if (data !== undefined) {
            const end = buffer.indexOf("\r\n.\r\n")
            if (end < 0) return
            data += buffer.slice(0, end)
            buffer = buffer.slice(end + 5)
            received.push({ from, to, auth, data })
            data = undefined
            socket.write("250 2.0.0 queued\r\n")
            continue
          }
          const end = buffer.indexOf("\r\n")
          if (end < 0) return
          const line = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const command = line.toUpperCase()
          if (command.startsWith("EHLO")) socket.write(mode.offersAuth ? "250-localhost\r\n250-AUTH PLAIN LOGIN\r\n250 SIZE 1000000\r\n" : "250 localhost\r\n")
          else if (command.startsWith("AUTH PLAIN ")) {
            auth = Buffer.from(line.slice(11), "base64").toString("utf8")
            socket.write("235 2.7.0 Authentication successful\r\n")
          } else if (command.startsWith("MAIL FROM:")) {
            from = line.slice(10)
            to = []
            socket.write(`${mode.mailFrom}\r\n`)
          } else if (command.startsWith("RCPT TO:")) {
            to.push(line.slice(8))
            socket.write("250 OK\r\n")
          } else if (command === "DATA") {
            data = ""
            socket.write("354 go ahead\r\n")
          } else if (command === "QUIT") {
            socket.end("221 bye\r\n")
          } else socket.write("500 unknown\r\n")
        }
      })
      socket.on("error", () => undefined)
    })
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      resume(Effect.succeed({ port: typeof address === "object" && address !== null ? address.port : 0, mode, received, server }))
    })
  }),
  ({ server }) => Effect.callback<void, never>((resume) => { server.close(() => resume(Effect.void)) })
)

/** A port nothing listens on (bound, then released). */
const closedPort = Effect.callback<number>((resume) => {
  const probe = Net.createServer()
  probe.listen(0, "127.0.0.1", () => {
    const address = probe.address()
    const port = typeof address === "object" && address !== null ? address.port : 0
    probe.close(() => resume(Effect.succeed(port)))
  })
})

const adminFor = Layer.unwrap(Effect.gen(function*() {
  const emu = yield* Emulator
  return StackAdmin.layer({ projectId: emu.info.projectId, superSecretAdminKey: emu.info.superSecretAdminKey, baseUrl: emu.info.baseUrl })
}))
const inProcess = (options: Parameters<typeof Emulator.layer>[0] = {}) => Layer.provideMerge(adminFor, Emulator.layer(options))

/** The project sends through `host:port`; returns a user to send to. */
const useServer = (host: string, port: number) =>
  Effect.gen(function*() {
    const admin = yield* StackAdmin
    yield* admin.updateProject({ config: { emailConfig: { type: "standard", host, port, username: "mailer", password: "s3cret", senderName: "Team", senderEmail: "team@example.com" } } })
    const email = `reader-${Math.random().toString(36).slice(2)}@example.com`
    const user = yield* admin.createUser({ primaryEmail: email, primaryEmailVerified: true })
    return { admin, user, email }
  })

/** The DATA section's HTML part, decoded. */
const htmlOf = (data: string): string => {
  const part = data.split("Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n")[1] ?? ""
  return Buffer.from(part.split("\r\n--")[0]?.replace(/\r\n/g, "") ?? "", "base64").toString("utf8")
}

describe("e-mail over SMTP", () => {
  it.effect("a local SMTP server receives the e-mail (logged in when it offers AUTH); the emulator's mailbox does not", () =>
    Effect.gen(function*() {
      const smtp = yield* smtpServer
      smtp.mode.offersAuth = true
      const { admin, user, email } = yield* useServer("127.0.0.1", smtp.port)
      const emu = yield* Emulator
      yield* admin.sendEmail({ userIds: [user.id], html: "<p>Over the wire</p>", subject: "Wire test" })
      const [entry] = yield* admin.listOutboxEmails()
      assert.deepStrictEqual([entry?.status, entry?.sendRetries, entry?.sendAttemptErrors], ["sent", 0, null])
      assert.strictEqual(smtp.received.length, 1)
      const message = smtp.received[0]
      assert.deepStrictEqual([message?.from, message?.to, message?.auth], ["<team@example.com>", [`<${email}>`], "\u0000mailer\u0000s3cret"])
      assert.include(message?.data ?? "", "Subject: Wire test\r\n")
      assert.include(message?.data ?? "", "From: \"Team\" <team@example.com>\r\n")
      assert.include(htmlOf(message?.data ?? ""), "<p>Over the wire</p>")
      assert.deepStrictEqual(yield* emu.outbox(email), [])
    }).pipe(Effect.scoped, Effect.provide(inProcess())), 60_000)

  it.effect("450 is retried after the service's backoff (20-60 s for the first), then sent", () =>
    Effect.gen(function*() {
      const smtp = yield* smtpServer
      smtp.mode.mailFrom = "450 Requested mail action not taken: mailbox unavailable (test)"
      const { admin, user } = yield* useServer("127.0.0.1", smtp.port)
      yield* admin.sendEmail({ userIds: [user.id], html: "<p>Later</p>", subject: "Retry me" })
      const [first] = yield* admin.listOutboxEmails()
      const now = yield* Clock.currentTimeMillis
      assert.deepStrictEqual([first?.status, first?.simpleStatus, first?.sendRetries, first?.subject], ["scheduled", "in-progress", 1, "Retry me"])
      const retryAt = first?.nextSendRetryAtMillis ?? 0
      assert.isAtLeast(retryAt, now + 20_000)
      assert.isBelow(retryAt, now + 60_000)
      const [error] = first?.sendAttemptErrors ?? []
      assert.deepInclude(error, { attempt_number: 1, external_details: { errorType: "TEMPORARY" } })
      assert.include(JSON.stringify(error), "450 Requested mail action not taken")
      // Not before its time: reading the outbox a second early does not send it.
      smtp.mode.mailFrom = "250 OK"
      yield* TestClock.adjust(retryAt - now - 1000)
      assert.strictEqual((yield* admin.getOutboxEmail(first?.id ?? "")).status, "scheduled")
      assert.strictEqual(smtp.received.length, 0)
      yield* TestClock.adjust(1000)
      const sent = yield* admin.getOutboxEmail(first?.id ?? "")
      assert.deepStrictEqual([sent.status, sent.sendRetries, sent.sendAttemptErrors?.length], ["sent", 1, 1])
      assert.strictEqual(smtp.received.length, 1)
    }).pipe(Effect.scoped, Effect.provide(inProcess())), 60_000)

  it.effect("a 5xx answer, an unknown host and a closed port end as server-error without retrying", () =>
    Effect.gen(function*() {
      const smtp = yield* smtpServer
      smtp.mode.mailFrom = "554 5.7.1 Rejected by policy"
      const rejected = yield* useServer("127.0.0.1", smtp.port)
      yield* rejected.admin.sendEmail({ userIds: [rejected.user.id], html: "<p>x</p>", subject: "Rejected" })
      const [entry] = yield* rejected.admin.listOutboxEmails()
      assert.deepStrictEqual([entry?.status, entry?.simpleStatus, entry?.sendRetries, entry?.nextSendRetryAtMillis], ["server-error", "error", 1, null])
      assert.strictEqual(entry?.serverError, "The email server rejected the email. Please check your email configuration and try again later.\n\nError:\nResponse from the email server:\n554 5.7.1 Rejected by policy")

      const unknown = yield* useServer("this-host-does-not-exist.invalid", 25)
      yield* unknown.admin.sendEmail({ userIds: [unknown.user.id], html: "<p>x</p>", subject: "Nowhere" })
      const nowhere = (yield* unknown.admin.listOutboxEmails()).find((e) => e.subject === "Nowhere")
      assert.deepStrictEqual([nowhere?.status, nowhere?.sendRetries], ["server-error", 1])
      assert.strictEqual(nowhere?.serverError, "Failed to connect to the email host. Please make sure the email host configuration is correct.")
      assert.deepInclude(nowhere?.sendAttemptErrors?.[0], { external_details: { errorType: "HOST_NOT_FOUND" } })

      const port = yield* closedPort
      const closed = yield* useServer("127.0.0.1", port)
      yield* closed.admin.sendEmail({ userIds: [closed.user.id], html: "<p>x</p>", subject: "Refused" })
      const refused = (yield* closed.admin.listOutboxEmails()).find((e) => e.subject === "Refused")
      assert.deepStrictEqual([refused?.status, refused?.serverError], ["server-error", "An unknown error occurred while sending the email."])
      // Final: later reads do not try again.
      yield* TestClock.adjust("1 hour")
      assert.strictEqual((yield* closed.admin.getOutboxEmail(refused?.id ?? "")).sendRetries, 1)
    }).pipe(Effect.scoped, Effect.provide(inProcess())), 60_000)

  it.effect("five 450s in a row end as server-error (attempts exhausted)", () =>
    Effect.gen(function*() {
      const smtp = yield* smtpServer
      smtp.mode.mailFrom = "451 4.3.0 try later"
      const { admin, user } = yield* useServer("127.0.0.1", smtp.port)
      yield* admin.sendEmail({ userIds: [user.id], html: "<p>x</p>", subject: "Never" })
      const [entry] = yield* admin.listOutboxEmails()
      for (let attempt = 1; attempt < 5; attempt++) {
        const current = yield* admin.getOutboxEmail(entry?.id ?? "")
        assert.deepStrictEqual([current.status, current.sendRetries], ["scheduled", attempt])
        yield* TestClock.adjust(2 ** attempt * 30_000)
      }
      const last = yield* admin.getOutboxEmail(entry?.id ?? "")
      assert.deepStrictEqual([last.status, last.sendRetries, last.sendAttemptErrors?.length], ["server-error", 5, 5])
      assert.deepInclude(last.sendAttemptErrors?.[4], { external_details: { errorType: "TRANSIENT_NEGATIVE_COMPLETION_REPLY" } })
    }).pipe(Effect.scoped, Effect.provide(inProcess())), 60_000)

  it.effect("the emulator's Inbucket SMTP port and remote hosts are its mailbox", () =>
    Effect.gen(function*() {
      const emu = yield* Emulator
      const local = yield* useServer("localhost", 2529)
      yield* local.admin.sendEmail({ userIds: [local.user.id], html: "<p>Inbucket</p>", subject: "To Inbucket" })
      assert.deepStrictEqual((yield* emu.outbox(local.email)).map((m) => m.subject), ["To Inbucket"])
      const remote = yield* useServer("smtp.example.com", 587)
      yield* remote.admin.sendEmail({ userIds: [remote.user.id], html: "<p>Remote</p>", subject: "Captured" })
      assert.deepStrictEqual((yield* emu.outbox(remote.email)).map((m) => m.subject), ["Captured"])
    }).pipe(Effect.provide(inProcess({ smtp: { inbucketSmtpPort: 2529 } }))), 60_000)

  it.effect("a server that never answers times out as TIMEOUT (retryable)", () =>
    Effect.gen(function*() {
      const silent = yield* Effect.acquireRelease(
        Effect.callback<Net.Server>((resume) => {
          const server = Net.createServer(() => undefined)
          server.listen(0, "127.0.0.1", () => resume(Effect.succeed(server)))
        }),
        (server) => Effect.callback<void, never>((resume) => { server.close(() => resume(Effect.void)) })
      )
      const address = silent.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      const message = { senderName: "T", senderEmail: "t@example.com", to: ["a@example.com"], subject: "s", html: "<p/>", text: "" }
      const failure = yield* Effect.flip(sendOverSmtp({ host: "127.0.0.1", port, username: "", password: "" }, message, 200))
      assert.deepStrictEqual([failure.errorType, failure.canRetry], ["TIMEOUT", true])
      // Server sockets of a closed listener linger until their clients go: the client destroyed its own.
      silent.unref()
    }).pipe(Effect.scoped), 30_000)

  it("formats a multipart message with encoded non-ASCII subjects", () => {
    const text = formatMessage({ senderName: "Team", senderEmail: "t@example.com", to: ["a@example.com"], subject: "Grüße", html: "<p>.</p>", text: ".hi" }, "b", new Date(0))
    assert.include(text, "Subject: =?UTF-8?B?R3LDvMOfZQ==?=\r\n")
    assert.include(text, "Content-Type: multipart/alternative; boundary=\"b\"\r\n")
    assert.include(text, "\r\n--b--\r\n")
  })
})

layer(Layer.provideMerge(adminFor, Layer.merge(Emulator.layerServe({ port: 0 }), FetchHttpClient.layer)))("e-mail over SMTP, the emulator over real HTTP", (it) => {
  it.effect("a 450 shows as a scheduled retry in the outbox; a 5xx as server-error", () =>
    Effect.gen(function*() {
      const smtp = yield* smtpServer
      smtp.mode.mailFrom = "450 busy"
      const { admin, user } = yield* useServer("127.0.0.1", smtp.port)
      yield* admin.sendEmail({ userIds: [user.id], html: "<p>x</p>", subject: "Busy" })
      const busy = (yield* admin.listOutboxEmails()).find((e) => e.subject === "Busy")
      assert.deepStrictEqual([busy?.status, busy?.sendRetries, busy?.sendAttemptErrors?.length], ["scheduled", 1, 1])
      smtp.mode.mailFrom = "550 no such user"
      yield* admin.sendEmail({ userIds: [user.id], html: "<p>x</p>", subject: "Refused" })
      const refused = (yield* admin.listOutboxEmails()).find((e) => e.subject === "Refused")
      assert.deepStrictEqual([refused?.status, refused?.serverError], ["server-error", "An unknown error occurred while sending the email."])
    }).pipe(Effect.scoped), 60_000)
})

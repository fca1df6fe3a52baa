/**
 * A small SMTP client on `node:net` for the e-mail queue: one message per connection (EHLO, AUTH
 * PLAIN when the server offers it, MAIL FROM, RCPT TO, DATA, QUIT), with a timeout over the whole
 * exchange. Failures are classified as the service classifies nodemailer's: the error type, whether
 * the queue retries, and the service's message (the outbox shows it as `server_error` and in
 * `send_attempt_errors`). Plain SMTP only: no STARTTLS or implicit TLS.
 */
import * as Net from "node:net"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"

/** Where to send: the project's custom e-mail server. */
export interface SmtpServer {
  readonly host: string
  readonly port: number
  readonly username: string
  readonly password: string
}

/** What to send. */
export interface SmtpMessage {
  readonly senderName: string
  readonly senderEmail: string
  readonly to: ReadonlyArray<string>
  readonly subject: string
  readonly html: string
  readonly text: string
}

/** The service's error types for a failed send. */
export const SmtpErrorType = Schema.Literals([
  "HOST_NOT_FOUND",
  "AUTH_FAILED",
  "TEMPORARY",
  "INVALID_EMAIL_ADDRESS",
  "REJECTED",
  "TIMEOUT",
  "SOCKET_CLOSED",
  "TRANSIENT_NEGATIVE_COMPLETION_REPLY",
  "UNKNOWN"
])
export type SmtpErrorType = typeof SmtpErrorType.Type

/** A send that failed: its type, whether the queue tries again, the service's message, the raw cause. */
export class SmtpSendFailure extends Schema.TaggedError<SmtpSendFailure>()("SmtpSendFailure", {
  errorType: SmtpErrorType,
  canRetry: Schema.Boolean,
  message: Schema.String,
  rawError: Schema.String
}) {}

const serverResponse = (reply: string): string => `\nResponse from the email server:\n${reply}`

/** What the service says of a reply code it knows (its text followed by the server's reply, or not). */
interface ReplyClass {
  readonly errorType: SmtpErrorType
  readonly canRetry: boolean
  readonly message: string
  readonly withReply: boolean
}

// The service's texts, kept as it writes them (one "Error: " has a space, two do not).
const knownReplies: ReadonlyMap<number, ReplyClass> = new Map([
  [535, { errorType: "AUTH_FAILED", canRetry: false, withReply: false, message: "Failed to authenticate with the email server. Please check your email credentials configuration." }],
  [450, {
    errorType: "TEMPORARY",
    canRetry: true,
    withReply: true,
    message:
      "The email server returned a temporary error. This could be due to a temporary network issue or a temporary block on the email server. Please try again later.\n\nError: "
  }],
  [553, {
    errorType: "INVALID_EMAIL_ADDRESS",
    canRetry: false,
    withReply: true,
    message: "The email address provided is invalid. Please verify both the recipient and sender email addresses configuration are correct.\n\nError:"
  }],
  [554, { errorType: "REJECTED", canRetry: false, withReply: true, message: "The email server rejected the email. Please check your email configuration and try again later.\n\nError:" }]
])

/** Any other 4xx: retried. */
const transientReply: ReplyClass = {
  errorType: "TRANSIENT_NEGATIVE_COMPLETION_REPLY",
  canRetry: true,
  withReply: true,
  message: "The email server returned a temporary error. Please try again later."
}

/** A reply the exchange did not expect, classified by its code as the service does. */
const replyFailure = (reply: SmtpReply): SmtpSendFailure => {
  const raw = reply.text
  const known = knownReplies.get(reply.code) ?? (reply.code >= 400 && reply.code < 500 ? transientReply : undefined)
  if (known === undefined) return unknownFailure(raw)
  return new SmtpSendFailure({
    errorType: known.errorType,
    canRetry: known.canRetry,
    rawError: raw,
    message: known.withReply ? known.message + serverResponse(raw) : known.message
  })
}

const unknownFailure = (raw: string): SmtpSendFailure =>
  new SmtpSendFailure({ errorType: "UNKNOWN", canRetry: false, rawError: raw, message: "An unknown error occurred while sending the email." })

/** A socket error, classified as the service classifies nodemailer's. */
const socketFailure = (error: NodeJS.ErrnoException): SmtpSendFailure => {
  const raw = `${error.code ?? "Error"}: ${error.message}`
  if (error.code === "ENOTFOUND" || error.code === "EAI_AGAIN" || error.code === "EAI_NONAME") {
    return new SmtpSendFailure({ errorType: "HOST_NOT_FOUND", canRetry: false, rawError: raw, message: "Failed to connect to the email host. Please make sure the email host configuration is correct." })
  }
  if (error.code === "ETIMEDOUT") return timeoutFailure(raw)
  return unknownFailure(raw)
}

const timeoutFailure = (raw: string): SmtpSendFailure =>
  new SmtpSendFailure({
    errorType: "TIMEOUT",
    canRetry: true,
    rawError: raw,
    message: "The email server timed out while sending the email. This could be due to a temporary network issue or a temporary block on the email server. Please try again later."
  })

const closedFailure = (): SmtpSendFailure =>
  new SmtpSendFailure({
    errorType: "SOCKET_CLOSED",
    canRetry: false,
    rawError: "Unexpected socket close",
    message: "Connection to email server was lost unexpectedly. This could be due to incorrect email server port configuration or a temporary network issue. Please verify your configuration and try again."
  })

/** One SMTP reply: its code and its lines joined. */
interface SmtpReply {
  readonly code: number
  readonly text: string
}

/** `text` as the lines of a DATA section: CRLF endings, a leading dot doubled. */
const dotStuffed = (text: string): string =>
  text.replace(/\r?\n/g, "\r\n").split("\r\n").map((line) => (line.startsWith(".") ? `.${line}` : line)).join("\r\n")

/** A header value outside ASCII as an RFC 2047 encoded word. */
const headerText = (value: string): string =>
  /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, "utf8").toString("base64")}?=`

/** The message in RFC 5322 form: a multipart/alternative with the text and the HTML, each base64. */
export const formatMessage = (message: SmtpMessage, boundary: string, date: Date): string => {
  const base64Lines = (text: string) => (Buffer.from(text, "utf8").toString("base64").match(/.{1,76}/g) ?? []).join("\r\n")
  return [
    `From: "${headerText(message.senderName).replace(/"/g, "'")}" <${message.senderEmail}>`,
    `To: ${message.to.join(", ")}`,
    `Subject: ${headerText(message.subject)}`,
    `Date: ${date.toUTCString()}`,
    "MIME-Version: 1.0",
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: base64",
    "",
    base64Lines(message.text),
    `--${boundary}`,
    "Content-Type: text/html; charset=utf-8",
    "Content-Transfer-Encoding: base64",
    "",
    base64Lines(message.html),
    `--${boundary}--`,
    ""
  ].join("\r\n")
}

/** The exchange, on a connected socket: resolves when the server accepted the message. */
const converse = (socket: Net.Socket, server: SmtpServer, message: SmtpMessage, body: string): Promise<void> =>
  new Promise((resolve, reject) => {
    let buffer = ""
    let lines: Array<string> = []
    let waiting: ((reply: SmtpReply) => void) | undefined
    const queued: Array<SmtpReply> = []
    socket.setEncoding("utf8")
    socket.on("data", (chunk: string) => {
      buffer += chunk
      let end = buffer.indexOf("\n")
      while (end >= 0) {
        const line = buffer.slice(0, end).replace(/\r$/, "")
        buffer = buffer.slice(end + 1)
        lines.push(line)
        // A reply ends at the line whose code is followed by a space (or nothing).
        if (/^\d{3}(?: |$)/.test(line)) {
          const reply = { code: Number(line.slice(0, 3)), text: lines.join("\n") }
          lines = []
          if (waiting === undefined) queued.push(reply)
          else {
            const next = waiting
            waiting = undefined
            next(reply)
          }
        }
        end = buffer.indexOf("\n")
      }
    })
    socket.on("close", () => reject(closedFailure()))
    const read = (): Promise<SmtpReply> => {
      const ready = queued.shift()
      return ready === undefined ? new Promise((next) => { waiting = next }) : Promise.resolve(ready)
    }
    /** Sends a command (or none: the greeting) and expects one of `codes`. */
    const step = async (command: string | undefined, codes: ReadonlyArray<number>): Promise<SmtpReply> => {
      if (command !== undefined) socket.write(`${command}\r\n`)
      const reply = await read()
      if (!codes.includes(reply.code)) throw replyFailure(reply)
      return reply
    }
    const run = async () => {
      await step(undefined, [220])
      const hello = await step("EHLO stackfx-emulator", [250])
      // Like nodemailer: log in only when the server offers it.
      if (server.username !== "" && /^250[ -]AUTH\b.*\bPLAIN\b/im.test(hello.text)) {
        await step(`AUTH PLAIN ${Buffer.from(`\u0000${server.username}\u0000${server.password}`, "utf8").toString("base64")}`, [235])
      }
      await step(`MAIL FROM:<${message.senderEmail}>`, [250])
      for (const to of message.to) await step(`RCPT TO:<${to}>`, [250, 251])
      await step("DATA", [354])
      await step(`${dotStuffed(body)}\r\n.`, [250])
      socket.write("QUIT\r\n")
      socket.end()
    }
    run().then(resolve, reject)
  })

/** Sends `message` through `server`, failing with the service's classification within `timeoutMillis`. */
export const sendOverSmtp = (server: SmtpServer, message: SmtpMessage, timeoutMillis: number): Effect.Effect<void, SmtpSendFailure> =>
  Effect.callback<void, SmtpSendFailure>((resume) => {
    const boundary = `stackfx-${Math.random().toString(36).slice(2)}`
    const body = formatMessage(message, boundary, new Date())
    const socket = Net.connect({ host: server.host, port: server.port })
    let settled = false
    const settle = (outcome: Effect.Effect<void, SmtpSendFailure>) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      socket.destroy()
      resume(outcome)
    }
    const timer = setTimeout(() => settle(Effect.fail(timeoutFailure(`No answer within ${timeoutMillis} ms`))), timeoutMillis)
    socket.on("error", (error: NodeJS.ErrnoException) => settle(Effect.fail(socketFailure(error))))
    socket.once("connect", () => {
      converse(socket, server, message, body).then(
        () => settle(Effect.void),
        (error: unknown) => settle(Effect.fail(error instanceof SmtpSendFailure ? error : unknownFailure(String(error))))
      )
    })
    return Effect.sync(() => settle(Effect.fail(timeoutFailure("Interrupted"))))
  })

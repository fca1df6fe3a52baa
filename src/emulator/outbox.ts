/**
 * The outbox: every e-mail the emulator sends lands here instead of an SMTP server. Tests read it
 * in-process (`Emulator.outbox`), scripts at `GET {baseUrl}/emulator/outbox?token=<emulatorToken>&to=<address>`.
 */
import * as Ids from "./ids.ts"
import { normalizeEmail, type OutboxEmailRecord, type StateData } from "./state.ts"

/** An e-mail to send: the code and link it carries are recorded separately for easy reading. */
export interface OutgoingEmail {
  readonly projectId: string
  readonly to: string
  readonly subject: string
  readonly text: string
  readonly html?: string | undefined
  readonly code?: string | null | undefined
  readonly link?: string | null | undefined
}

/** `text` safe inside HTML text and attribute values. */
export const escapeHtml = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")

/** Stores an e-mail in the outbox and returns it. */
export const sendEmail = (data: StateData, email: OutgoingEmail, nowMillis: number): OutboxEmailRecord => {
  const record: OutboxEmailRecord = {
    id: Ids.uuid(),
    projectId: email.projectId,
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html ?? `<p>${escapeHtml(email.text).replace(/\n/g, "<br>")}</p>`,
    code: email.code ?? null,
    link: email.link ?? null,
    sentAtMillis: nowMillis
  }
  data.outbox.push(record)
  return record
}

/** The e-mails sent so far, oldest first; only those to `to` (case-insensitive) when given. */
export const readOutbox = (data: StateData, to?: string | undefined): ReadonlyArray<OutboxEmailRecord> =>
  to === undefined ? [...data.outbox] : data.outbox.filter((email) => normalizeEmail(email.to) === normalizeEmail(to))

/** `url` with the query parameter `code` set (how e-mailed links carry codes). */
export const linkWithCode = (url: string, code: string): string => {
  const link = new URL(url)
  link.searchParams.set("code", code)
  return link.toString()
}

/**
 * Where a project's e-mail goes. The shared server is the emulator's own mailbox (its Inbucket).
 * A custom SMTP server on this machine (a loopback host) is spoken to over SMTP for real, except the
 * emulator's own Inbucket SMTP port, which is its mailbox; a host that can never resolve (`.invalid`,
 * RFC 6761) fails as the service fails it. Other hosts are captured in the mailbox unless
 * `remoteHosts: "send"`: an emulator does not mail real people by accident.
 */
import * as Net from "node:net"
import type { SmtpServer } from "./smtp-client.ts"
import type { EmailConfigRecord } from "./state.ts"

/** How the emulator delivers e-mail of projects with a custom SMTP server. */
export interface SmtpDelivery {
  /** The port of the emulator's own Inbucket SMTP (a loopback server on it is the mailbox). */
  readonly inbucketSmtpPort: number | undefined
  /** `capture` (default): servers beyond this machine are the mailbox; `send`: spoken to for real. */
  readonly remoteHosts: "capture" | "send"
  /** The longest one SMTP exchange may take (default 10 s); then it fails as TIMEOUT and is retried. */
  readonly timeoutMillis: number
}

/** The defaults: no Inbucket SMTP port, remote servers captured, 10 s per exchange. */
export const defaultSmtpDelivery: SmtpDelivery = { inbucketSmtpPort: undefined, remoteHosts: "capture", timeoutMillis: 10_000 }

/** Where an e-mail goes: the emulator's mailbox, or an SMTP server. */
export type DeliveryRoute =
  | { readonly _tag: "mailbox" }
  | { readonly _tag: "smtp"; readonly server: SmtpServer; readonly senderName: string; readonly senderEmail: string }

const isLoopback = (host: string): boolean => {
  const name = host.toLowerCase().replace(/^\[|\]$/g, "")
  if (name === "localhost" || name.endsWith(".localhost")) return true
  if (Net.isIPv4(name)) return name.startsWith("127.")
  return name === "::1"
}

/** Names under `.invalid` never resolve (RFC 6761): the service fails them as HOST_NOT_FOUND. */
const neverResolves = (host: string): boolean => /(^|\.)invalid\.?$/i.test(host)

/** The route of a project's e-mail under `delivery`. */
export const deliveryRoute = (config: EmailConfigRecord, delivery: SmtpDelivery): DeliveryRoute => {
  if (config.type === "shared") return { _tag: "mailbox" }
  const local = isLoopback(config.host)
  if (local && config.port === delivery.inbucketSmtpPort) return { _tag: "mailbox" }
  if (!local && !neverResolves(config.host) && delivery.remoteHosts === "capture") return { _tag: "mailbox" }
  return {
    _tag: "smtp",
    server: { host: config.host, port: config.port, username: config.username, password: config.password },
    senderName: config.senderName,
    senderEmail: config.senderEmail
  }
}

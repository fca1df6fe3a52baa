/**
 * The outbox in Inbucket's REST form, for test setups written against Stack Auth's development
 * stack (which catches mail with Inbucket): `GET /api/v1/mailbox/{name}` lists the messages of a
 * mailbox (the local part of the address), `GET /api/v1/mailbox/{name}/{id}` returns one with its body.
 */
import * as Http from "node:http"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { processDueEmails } from "./email-outbox.ts"
import type * as Scope from "effect/Scope"
import type * as HttpServerError from "effect/http/HttpServerError"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import * as NetAddress from "effect/net/NetAddress"
import type { EmulatorService } from "./emulator.ts"
import type { OutboxEmailRecord, StateData } from "./state.ts"

const mailboxOf = (address: string): string => (address.split("@")[0] ?? "").toLowerCase()

/** The sender: the project's own e-mail server's name and address, or the shared server's. */
const senderOf = (data: StateData, projectId: string): string => {
  const project = data.projects[projectId]
  const server = project?.config.emailConfig
  return server?.type === "standard"
    ? `${server.senderName} <${server.senderEmail}>`
    : `${project?.displayName ?? "Stack Auth"} <noreply@example.com>`
}

/** Inbucket's message header fields (what its list endpoint returns). */
const summary = (data: StateData, email: OutboxEmailRecord) => ({
  mailbox: mailboxOf(email.to),
  id: email.id,
  from: senderOf(data, email.projectId),
  to: [`<${email.to}>`],
  subject: email.subject,
  date: new Date(email.sentAtMillis).toISOString(),
  "posix-millis": email.sentAtMillis,
  size: email.text.length + email.html.length,
  seen: false
})

const jsonResponse = (status: number, value: unknown): Response =>
  new Response(JSON.stringify(value), { status, headers: { "content-type": "application/json; charset=utf-8" } })

/** Answers one Inbucket API request from the emulator's state. */
export const inbucketAnswer = (data: StateData, method: string, pathname: string): Response => {
  const match = /^\/api\/v1\/mailbox\/([^/]+)(?:\/([^/]+))?\/?$/.exec(pathname)
  if (method !== "GET" || match === null) return new Response("Not found", { status: 404 })
  const name = decodeURIComponent(match[1] ?? "").toLowerCase()
  const messages = data.outbox.filter((email) => mailboxOf(email.to) === name)
  const id = match[2]
  if (id === undefined) return jsonResponse(200, messages.map((email) => summary(data, email)))
  const email = messages.find((candidate) => candidate.id === decodeURIComponent(id))
  if (email === undefined) return new Response("Message not found", { status: 404 })
  return jsonResponse(200, {
    ...summary(data, email),
    header: {},
    body: { text: email.text, html: email.html },
    attachments: []
  })
}

/** Serves the Inbucket API of `emulator`'s outbox on `port` for the life of the scope; returns its URL. */
export const serveInbucket = (
  emulator: EmulatorService,
  options: { readonly port: number; readonly host?: string | undefined }
): Effect.Effect<string, HttpServerError.ServeError, Scope.Scope> =>
  Effect.gen(function*() {
    const host = options.host ?? "127.0.0.1"
    const server = yield* NodeHttpServer.make(() => Http.createServer(), {
      port: options.port,
      host,
      gracefulShutdownTimeout: "1 second"
    })
    yield* server.serve(
      Effect.gen(function*() {
        const request = yield* HttpServerRequest.HttpServerRequest
        const pathname = new URL(request.url, "http://inbucket.invalid").pathname
        // E-mails whose time has come are sent first, as the service's queue would have by now.
        const response = yield* emulator.withState((data) =>
          Effect.flatMap(Clock.currentTimeMillis, (now) => processDueEmails(data, emulator.env, now)).pipe(
            Effect.map(() => inbucketAnswer(data, request.method, pathname))
          )
        )
        return HttpServerResponse.fromWeb(response)
      }).pipe(Effect.catch(() => Effect.succeed(HttpServerResponse.text("Bad request", { status: 400 }))))
    )
    const address = server.address
    const port = NetAddress.isUnixPathAddress(address) ? 0 : address.port
    return `http://${host === "127.0.0.1" ? "localhost" : host}:${port}`
  })

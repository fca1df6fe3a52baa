/**
 * Webhooks through a Svix-compatible server (`--svix-port`, `Emulator.layer({ svixBaseUrl })`): the
 * service hands every user, team, membership and team-permission event to Svix, one Svix app per
 * project (app id = project id); apps create endpoints and read what was sent. The emulator plays
 * that Svix server itself, so test setups written against Stack Auth's dev stack
 * (`STACK_SVIX_SERVER_URL`) read their webhook messages unchanged.
 *
 * The part of Svix's API served: `POST /api/v1/app/{app}/endpoint` (create an endpoint),
 * `GET /api/v1/app/{app}/endpoint`, `GET /api/v1/app/{app}/msg` (messages),
 * `GET /api/v1/app/{app}/msg/{msg}` and `GET /api/v1/app/{app}/attempt/endpoint/{endpoint}` (one
 * attempt per message sent while the endpoint existed). Calls carry the app's token from
 * `POST /webhooks/svix-token` as `Authorization: Bearer`. Messages are recorded, not POSTed on to the
 * endpoints' URLs.
 *
 * Events reach it through `emitWebhook(data, ...)`: the state object is registered with its sink when
 * the emulator starts, so the functions that change users and teams need no extra parameter.
 */
import * as Clock from "effect/Clock"
import * as Crypto from "node:crypto"
import * as Effect from "effect/Effect"
import type { StateData } from "./state.ts"

/** One webhook message as Svix returns it with `with_content=true`. */
export interface SvixMessage {
  readonly id: string
  readonly eventType: string
  readonly eventId: null
  readonly channels: null
  /** `data` is the wire view of what changed (encoded already). */
  readonly payload: { readonly type: string; readonly data: unknown }
  readonly timestamp: string
}

interface Endpoint {
  readonly id: string
  readonly url: string
  readonly createdAt: string
  /** Messages sent while the endpoint existed, oldest first. */
  readonly messageIds: Array<string>
}

interface App {
  readonly messages: Map<string, SvixMessage>
  readonly endpoints: Map<string, Endpoint>
}

/** The Svix server's state and behaviour; one per emulator. */
export interface SvixServer {
  readonly baseUrl: string
  /** Records an event of `projectId`'s app (an attempt for each of its endpoints). */
  readonly send: (projectId: string, eventType: string, data: unknown, nowMillis: number) => void
  readonly answer: (request: Request, nowMillis: number) => Promise<Response>
}

/** The token `POST /webhooks/svix-token` hands out for an app (its project). */
export const svixTokenPrefix = (projectId: string): string => `emulator_svix_${projectId}_`

const base62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

/** A Svix-style id: `prefix_` and 27 base62 characters (the length of a KSUID). */
const svixId = (prefix: string): string => {
  let out = `${prefix}_`
  for (const byte of Crypto.randomBytes(27)) out += base62[byte % base62.length]
  return out
}

const json = (status: number, value: unknown) =>
  new Response(JSON.stringify(value), { status, headers: { "content-type": "application/json" } })

const unauthorized = () => json(401, { code: "authentication_failed", detail: "Invalid token" })

/** A list page as Svix answers it (everything on one page). */
const page = <A>(data: ReadonlyArray<A>) => ({ data, iterator: null, prevIterator: null, done: true })

/** Creates an empty Svix server at `baseUrl`. */
export const makeSvixServer = (baseUrl: string): SvixServer => {
  const apps = new Map<string, App>()
  const appOf = (id: string): App => {
    const existing = apps.get(id)
    if (existing !== undefined) return existing
    const created: App = { messages: new Map(), endpoints: new Map() }
    apps.set(id, created)
    return created
  }

  const send: SvixServer["send"] = (projectId, eventType, data, nowMillis) => {
    const app = apps.get(projectId)
    // Like Svix for an app nobody created an endpoint for: nothing to deliver, nothing kept.
    if (app === undefined) return
    const message: SvixMessage = {
      id: svixId("msg"),
      eventType,
      eventId: null,
      channels: null,
      payload: { type: eventType, data },
      timestamp: new Date(nowMillis).toISOString()
    }
    app.messages.set(message.id, message)
    for (const endpoint of app.endpoints.values()) endpoint.messageIds.push(message.id)
  }

  const answer: SvixServer["answer"] = async (request, nowMillis) => {
    const url = new URL(request.url)
    const match = /^\/api\/v1\/app\/([^/]+)(\/.*)?$/.exec(url.pathname.replace(/\/+$/, ""))
    if (match === null) return json(404, { code: "not_found", detail: "Entity not found" })
    const appId = decodeURIComponent(match[1] ?? "")
    const rest = match[2] ?? ""
    const token = (request.headers.get("authorization") ?? "").replace(/^Bearer\s+/i, "")
    if (!token.startsWith(svixTokenPrefix(appId))) return unauthorized()
    const app = appOf(appId)
    if (request.method === "POST" && rest === "/endpoint") {
      let body: unknown
      try {
        body = await request.json()
      } catch {
        body = undefined
      }
      const target = typeof body === "object" && body !== null ? Reflect.get(body, "url") : undefined
      if (typeof target !== "string" || target === "") {
        return json(422, { detail: [{ loc: ["body", "url"], msg: "field required", type: "value_error.missing" }] })
      }
      const endpoint: Endpoint = { id: svixId("ep"), url: target, createdAt: new Date(nowMillis).toISOString(), messageIds: [] }
      app.endpoints.set(endpoint.id, endpoint)
      return json(201, endpointView(endpoint))
    }
    if (request.method !== "GET") return json(405, { code: "method_not_allowed", detail: "Method not allowed" })
    if (rest === "/endpoint") return json(200, page([...app.endpoints.values()].map(endpointView)))
    if (rest === "/msg") return json(200, page([...app.messages.values()].reverse()))
    const message = /^\/msg\/([^/]+)$/.exec(rest)
    if (message !== null) {
      const found = app.messages.get(decodeURIComponent(message[1] ?? ""))
      return found === undefined ? json(404, { code: "not_found", detail: "Entity not found" }) : json(200, found)
    }
    const attempts = /^\/attempt\/endpoint\/([^/]+)$/.exec(rest)
    if (attempts !== null) {
      const endpoint = app.endpoints.get(decodeURIComponent(attempts[1] ?? ""))
      if (endpoint === undefined) return json(404, { code: "not_found", detail: "Entity not found" })
      const data = [...endpoint.messageIds].reverse().flatMap((msgId) => {
        const sent = app.messages.get(msgId)
        return sent === undefined ? [] : [{
          id: svixId("atmpt"),
          msgId,
          endpointId: endpoint.id,
          url: endpoint.url,
          // Not POSTed on: the attempt is recorded as sent.
          response: "",
          responseStatusCode: 200,
          status: 0,
          triggerType: 0,
          timestamp: sent.timestamp
        }]
      })
      return json(200, page(data))
    }
    return json(404, { code: "not_found", detail: "Entity not found" })
  }

  return { baseUrl: baseUrl.replace(/\/+$/, ""), send, answer }
}

const endpointView = (endpoint: Endpoint) => ({
  id: endpoint.id,
  url: endpoint.url,
  description: "",
  version: 1,
  disabled: false,
  filterTypes: null,
  channels: null,
  rateLimit: null,
  uid: null,
  metadata: {},
  createdAt: endpoint.createdAt,
  updatedAt: endpoint.createdAt
})

/** Answers one Svix request at the `Clock`'s time. */
export const answerSvix = (server: SvixServer, request: Request): Effect.Effect<Response> =>
  Effect.flatMap(Clock.currentTimeMillis, (now) => Effect.promise(() => server.answer(request, now)))

// =============================================================================
// Emitting events
// =============================================================================

/** The sink of each running emulator's state (registered at start). */
const sinks = new WeakMap<StateData, SvixServer>()

/** Sends the events of `data`'s changes to `server`. */
export const registerWebhookSink = (data: StateData, server: SvixServer): void => {
  sinks.set(data, server)
}

/** Whether `data`'s events go anywhere (a Svix server is configured): without one, nobody builds their payloads. */
export const hasWebhookSink = (data: StateData): boolean => sinks.has(data)

/** Sends an event of `projectId` to its Svix app, when a Svix server is configured. */
export const emitWebhook = (data: StateData, projectId: string, eventType: string, payload: unknown, nowMillis: number): void => {
  sinks.get(data)?.send(projectId, eventType, payload, nowMillis)
}

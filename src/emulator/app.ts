/**
 * The emulator as one function from a request to an answer: everything between the transport
 * (in-process `HttpClient`, Node HTTP server) and the route handlers. The transports build the
 * request (`EmulatorRequest`) and write the answer (`ApiAnswer`) their own way: over Node no web
 * `Request` or `Response` is made, in-process the answer becomes a web `Response`.
 *
 * Pipeline, in the server's order: outbox/health (outside the API) → CORS preflight → body size
 * limit → route lookup (catch-all 404 text, framework 405) → body parsing (BODY_PARSING_ERROR) →
 * authentication (`auth.ts`) → route checks and handler (`router.ts`), under the state lock →
 * rendering (known-error bodies, text errors, override status, request id, cache-control, CORS).
 * Unexpected failures become a 500 text answer; the emulator never crashes on a request.
 */
import * as Cause from "effect/Cause"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { BodyParsingError } from "../errors/catalogue.ts"
import { type AnyKnownError, toWireBody } from "../errors/known-error.ts"
import { OAuthErrorBody } from "../wire/auth.ts"
import { authenticate } from "./auth.ts"
import type { EmulatorEnv } from "./env.ts"
import * as Ids from "./ids.ts"
import { readOutbox } from "./outbox.ts"
import { answerMockProvider } from "./oauth.ts"
import { CurrentPasswordHashing } from "./passwords.ts"
import { CurrentRequestGeo, type RequestGeo, requestGeo } from "./activity.ts"
import { type HandlerError, OAuthError, type Reply, TextError } from "./reply.ts"
import { type IncomingRequest, matchRoute, type Route } from "./router.ts"
import { OutboxEmailRecord } from "./state.ts"
import { faultResponse, takeFault, waitForFault } from "./faults.ts"
import { canonicalRequestHeaders, hexclaveTwin, pairsWithoutHexclaveNames, withHexclaveTwins, withoutHexclaveNames } from "./header-names.ts"
import * as Create from "../errors/create.ts"

// =============================================================================
// Constants
// =============================================================================

/** The API root every route is relative to. */
export const apiRoot = "/api/v1"

/** `access-control-allow-headers` (and `vary`) of the current server. */
export const corsAllowHeaders = withHexclaveTwins([
  "content-type",
  "authorization",
  "x-stack-project-id",
  "x-stack-branch-id",
  "x-stack-override-error-status",
  "x-stack-random-nonce",
  "x-stack-client-version",
  "x-stack-disable-artificial-development-delay",
  "x-stack-access-type",
  "x-stack-publishable-client-key",
  "x-stack-secret-server-key",
  "x-stack-super-secret-admin-key",
  "x-stack-admin-access-token",
  "x-stack-refresh-token",
  "x-stack-access-token",
  "x-stack-allow-anonymous-user",
  "x-stack-allow-restricted-user",
  "baggage",
  "sentry-trace",
  "x-vercel-protection-bypass",
  "ngrok-skip-browser-warning"
]).join(", ")

/** The CORS headers of every `/api/*` response. */
export const corsHeaders: Readonly<Record<string, string>> = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, POST, PUT, PATCH, DELETE, OPTIONS",
  "access-control-allow-headers": corsAllowHeaders,
  "access-control-expose-headers": withHexclaveTwins(["content-type", "x-stack-actual-status", "x-stack-known-error", "x-stack-request-id"]).join(", "),
  "access-control-max-age": "86400",
  vary: corsAllowHeaders
}

const jsonContentType = "application/json; charset=utf-8"
const textContentType = "text/plain; charset=utf-8"

/** The catch-all 404 text of unknown API paths. */
export const notFoundText = (url: string): string =>
  `404 — this page does not exist in Stack Auth's API.\n\nPlease see the API documentation at https://docs.stack-auth.com, or visit the Stack Auth dashboard at https://app.stack-auth.com.\n\nURL: ${url}`

// =============================================================================
// Rendering
// =============================================================================

/** A response before the generic headers are added. */
interface Rendered {
  readonly status: number
  readonly headers: Record<string, string>
  readonly body: string | null
}

const renderReply = (reply: Reply, pretty: boolean): Rendered => {
  switch (reply._tag) {
    case "Json":
      return {
        status: reply.status,
        headers: { "content-type": jsonContentType, ...reply.headers },
        body: pretty ? JSON.stringify(reply.body, undefined, 2) : JSON.stringify(reply.body)
      }
    case "Text":
      return { status: reply.status, headers: { "content-type": textContentType, ...reply.headers }, body: reply.text }
    case "Empty":
      return { status: reply.status, headers: { ...reply.headers }, body: null }
  }
}

/** A known error: pretty-printed `{code, details?, error}` plus `x-stack-known-error`. */
export const renderKnownError = (error: AnyKnownError): Rendered => ({
  status: error.status,
  headers: { "content-type": jsonContentType, "x-stack-known-error": error.code },
  body: JSON.stringify(toWireBody(error), undefined, 2)
})

const renderError = (error: HandlerError): Rendered => {
  if (error instanceof TextError) {
    return { status: error.status, headers: { "content-type": textContentType }, body: error.message }
  }
  if (error instanceof OAuthError) {
    return {
      status: error.status,
      headers: { "content-type": jsonContentType },
      body: JSON.stringify(Schema.encodeSync(OAuthErrorBody)({ error: error.error, error_description: error.errorDescription }))
    }
  }
  return renderKnownError(error)
}

/**
 * An API answer as the transport writes it: the status, the headers in the order they go out (by
 * name, as a web `Headers` lists them) and the body. Over Node it is written as is; in-process it
 * becomes a web `Response` (`toWebResponse`).
 */
export interface ApiAnswer {
  readonly status: number
  readonly headers: ReadonlyArray<readonly [string, string]>
  readonly body: string | null
}

/** What the pipeline answers: an API answer, or a web `Response` (outbox, health, mock provider pages, faults, 405). */
export type Answer = ApiAnswer | Response

/** What a header value may hold (Node's own check): a handler's bad value is a 500, never a crash of the server. */
const invalidHeaderValue = /[^\t\x20-\x7e\x80-\xff]/

/** The first of a reply's headers whose value Node would refuse to write, if any. */
const refusedHeader = (headers: Readonly<Record<string, string>>): string | undefined =>
  Object.entries(headers).find(([, value]) => invalidHeaderValue.test(normalizeHeaderValue(value)))?.[0]

/** Trims what a web `Headers` trims from a value (HTTP whitespace at either end). */
const normalizeHeaderValue = (value: string): string => {
  const first = value.charCodeAt(0)
  const last = value.charCodeAt(value.length - 1)
  const blank = (code: number) => code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d
  return value.length > 0 && (blank(first) || blank(last)) ? value.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, "") : value
}

const byName = (a: readonly [string, string], b: readonly [string, string]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)

/** The headers every API answer has whatever it is (CORS, cache-control), sorted by name once. */
const commonHeaders: ReadonlyArray<readonly [string, string]> = [
  ...Object.entries(corsHeaders),
  ["cache-control", "no-store, max-age=0"] as const
].sort(byName)

/**
 * A rendered answer with the headers of every API answer (CORS, cache-control, the request id under
 * both names) and the handler's, which win, in a web `Headers`' order (by name); set-cookie last,
 * as it is written.
 */
const answerHeaders = (rendered: Rendered, requestHeaders: Headers, requestId: string): ApiAnswer => {
  const own = new Map<string, string>()
  own.set("x-stack-request-id", requestId)
  own.set(hexclaveTwin("x-stack-request-id"), requestId)
  for (const [rawName, rawValue] of Object.entries(rendered.headers)) {
    const name = rawName.toLowerCase()
    const value = normalizeHeaderValue(rawValue)
    if (name === "x-stack-known-error") own.set(hexclaveTwin(name), value)
    own.set(name, value)
  }
  let status = rendered.status
  // Only 4xx are rewritten: 5xx keep their status.
  if (requestHeaders.has("x-stack-override-error-status") && status >= 400 && status < 500) {
    own.set("x-stack-actual-status", String(status))
    own.set(hexclaveTwin("x-stack-actual-status"), String(status))
    status = 200
  }
  const cookie = own.get("set-cookie")
  own.delete("set-cookie")
  const headers: Array<readonly [string, string]> = []
  for (const pair of commonHeaders) if (!own.has(pair[0])) headers.push(pair)
  for (const pair of own) headers.push(pair)
  headers.sort(byName)
  if (cookie !== undefined) headers.push(["set-cookie", cookie])
  return { status, headers, body: rendered.body }
}

/** An API answer as a web `Response` (the in-process transport). */
export const toWebResponse = (answer: Answer): Response =>
  answer instanceof Response ? answer : new Response(answer.body, { status: answer.status, headers: answer.headers.map(([name, value]): [string, string] => [name, value]) })

// =============================================================================
// Body
// =============================================================================

/** A request body as read by the transport: its bytes, or too large (more than `maxBodyBytes`). */
export type BodyRead = { readonly _tag: "Ok"; readonly bytes: Uint8Array } | { readonly _tag: "TooLarge" }

/** No body (GET and HEAD, whose bodies are ignored). */
export const noBody: BodyRead = { _tag: "Ok", bytes: new Uint8Array() }

/**
 * A request as the pipeline reads it. The transport builds it: from a web `Request` in-process,
 * straight from Node's request over HTTP (no web `Request` in between).
 */
export interface EmulatorRequest {
  readonly method: string
  readonly url: URL
  /** The headers as sent (both name families). */
  readonly headers: Headers
  /** The body, read when the pipeline needs it (size-capped by the transport). */
  readonly body: Effect.Effect<BodyRead>
}

/** Reads a web request's body, stopping as soon as it exceeds `limit` bytes. */
export const readBody = (request: Request, limit: number): Effect.Effect<BodyRead> =>
  Effect.promise(async (): Promise<BodyRead> => {
    const declared = Number(request.headers.get("content-length") ?? "0")
    if (declared > limit) return { _tag: "TooLarge" }
    if (request.body === null) return { _tag: "Ok", bytes: new Uint8Array() }
    const reader = request.body.getReader()
    const chunks: Array<Uint8Array> = []
    let total = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      total += value.byteLength
      if (total > limit) {
        await reader.cancel()
        return { _tag: "TooLarge" }
      }
      chunks.push(value)
    }
    const bytes = new Uint8Array(total)
    let offset = 0
    for (const chunk of chunks) {
      bytes.set(chunk, offset)
      offset += chunk.byteLength
    }
    return { _tag: "Ok", bytes }
  })

/** How deeply a JSON body may nest (metadata included). */
export const maxJsonDepth = 64

/** The nesting depth of a parsed JSON value, counted without recursion (so no stack overflow). */
const jsonDepth = (value: unknown): number => {
  let deepest = 0
  const stack: Array<readonly [unknown, number]> = [[value, 0]]
  while (stack.length > 0) {
    const [current, depth] = stack.pop() ?? [undefined, 0]
    if (typeof current !== "object" || current === null) continue
    const level = depth + 1
    if (level > deepest) deepest = level
    if (deepest > maxJsonDepth) return deepest
    for (const child of Array.isArray(current) ? current : Object.values(current)) stack.push([child, level])
  }
  return deepest
}

const noParsedBody: Effect.Effect<unknown> = Effect.succeed(undefined)

/** One strict UTF-8 decoder for every body (a whole-buffer `decode` keeps no state between calls). */
const utf8 = new TextDecoder("utf-8", { fatal: true })

/** Parses the body by content type like the server's `parseBody` (GET bodies are ignored). */
const parseBody = (method: string, contentTypeHeader: string | null, bytes: Uint8Array): Effect.Effect<unknown, BodyParsingError> =>
  method === "GET" ? noParsedBody : Effect.gen(function*() {
    const contentType = method === "GET" ? undefined : contentTypeHeader?.split(";")[0]?.trim().toLowerCase()
    const text = () =>
      Effect.try({
        try: () => utf8.decode(bytes),
        catch: () => Create.BodyParsingError({ message: "Request body cannot be parsed as UTF-8" })
      })
    switch (contentType) {
      case undefined:
      case "":
        return undefined
      case "application/json": {
        const body = yield* text()
        const parsed = yield* Effect.try({
          try: (): unknown => JSON.parse(body),
          catch: () => Create.BodyParsingError({ message: "Invalid JSON in request body" })
        })
        // Nothing deeper than this is stored: a value the emulator could not encode back would
        // poison every later read of the record.
        if (jsonDepth(parsed) > maxJsonDepth) {
          return yield* Create.BodyParsingError({ message: `Request body is nested more than ${maxJsonDepth} levels deep` })
        }
        return parsed
      }
      case "application/octet-stream":
        return bytes
      case "text/plain":
        return yield* text()
      case "application/x-www-form-urlencoded":
        return Object.fromEntries(new URLSearchParams(yield* text()).entries())
      default:
        return yield* Create.BodyParsingError({ message: `Unknown content type in request body: ${contentType}` })
    }
  })

// =============================================================================
// The handler
// =============================================================================

const OutboxList = Schema.Array(OutboxEmailRecord)

/** Whether a request may read `/emulator/*`: the emulator's token, or the default project's admin key. */
const mayReadEmulator = (env: EmulatorEnv, request: EmulatorRequest, url: URL): boolean => {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "")?.[1]
  const given = [url.searchParams.get("token"), request.headers.get("x-stackfx-emulator-token"), bearer]
  const adminKeys = Object.values(env.store.data.apiKeySets)
    .filter((set) => set.projectId === env.store.data.defaultProjectId && set.manuallyRevokedAtMillis === null)
    .flatMap((set) => set.superSecretAdminKey === null ? [] : [set.superSecretAdminKey])
  return given.some((value) => value !== null && value !== undefined && (value === env.emulatorToken || adminKeys.includes(value)))
}

const answerOutsideApi = (env: EmulatorEnv, request: EmulatorRequest, url: URL): Response => {
  if (url.pathname === "/emulator/outbox" && request.method === "GET") {
    // Sign-in codes and links: only for whoever started the emulator, and no CORS, so a web page
    // open in the developer's browser cannot read them.
    if (!mayReadEmulator(env, request, url)) {
      return new Response("The outbox needs the emulator's token: ?token=<emulatorToken> (printed at start) or the admin key.", {
        status: 401,
        headers: { "content-type": textContentType, "cache-control": "no-store" }
      })
    }
    const emails = Schema.encodeSync(OutboxList)(readOutbox(env.store.data, url.searchParams.get("to") ?? undefined))
    return new Response(JSON.stringify(emails), {
      status: 200,
      headers: { "content-type": jsonContentType, "cache-control": "no-store" }
    })
  }
  if (url.pathname === "/health" && request.method === "GET") {
    return new Response("OK", { status: 200, headers: { "content-type": textContentType } })
  }
  return new Response("Not found", { status: 404, headers: { "content-type": textContentType } })
}

/** Provides the request's geography; an unknown one is the reference's default already (nothing to provide). */
const withGeo = (geo: RequestGeo) => <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  geo.countryCode === null && geo.regionCode === null ? effect : Effect.provideService(effect, CurrentRequestGeo, geo)

/** Answers one request. Never fails: every problem becomes an HTTP answer. */
export const handle = (
  env: EmulatorEnv,
  routes: ReadonlyArray<Route>,
  request: EmulatorRequest
): Effect.Effect<Answer> => {
  const requestId = Ids.requestId()
  const url = request.url
  // Read once, in the one spelling every handler uses (x-hexclave-* folded into x-stack-*).
  const requestHeaders = canonicalRequestHeaders(request.headers)
  const respond = (rendered: Rendered) => answerHeaders(rendered, requestHeaders, requestId)

  const pipeline = Effect.gen(function*() {
    if (url.pathname.startsWith("/emulator/oauth/") && request.method === "GET") return yield* answerMockProvider(env, url)
    if (url.pathname !== "/api" && !url.pathname.startsWith("/api/")) return answerOutsideApi(env, request, url)
    if (request.method === "OPTIONS") return new Response(null, { status: 200, headers: corsHeaders })

    const bodyRead = yield* request.body
    if (bodyRead._tag === "TooLarge") {
      return respond({
        status: 413,
        headers: { "content-type": textContentType },
        body: `Request body too large: the emulator accepts at most ${env.maxBodyBytes} bytes.`
      })
    }

    const pathname = url.pathname.length > 1 && url.pathname.endsWith("/") ? url.pathname.slice(0, -1) : url.pathname
    // `/api/latest` is the service's alias of the newest version (`/api/v1` today).
    const root = [apiRoot, "/api/latest"].find((r) => pathname === r || pathname.startsWith(`${r}/`))
    const relative = root === undefined ? undefined : pathname === root ? "/" : pathname.slice(root.length)
    // Fault mode: a status answer instead of the real one, or a delay (or no answer) before it.
    const fault = relative === undefined ? undefined : takeFault(env.faults, request.method, relative)
    if (fault !== undefined) {
      if (fault.action._tag === "Status") {
        const headers: Record<string, string> = { ...corsHeaders }
        return faultResponse(fault.action.status, fault.action.retryAfterSeconds, headers)
      }
      yield* waitForFault(fault)
    }
    const match = relative === undefined ? { _tag: "NotFound" as const } : matchRoute(routes, request.method, relative)
    if (match._tag === "NotFound") {
      return respond({ status: 404, headers: { "content-type": textContentType }, body: notFoundText(url.href) })
    }
    if (match._tag === "MethodNotAllowed") {
      // The framework's 405: empty body, no x-stack headers, never overridden.
      return new Response(null, { status: 405, headers: corsHeaders })
    }

    const reply = yield* Effect.gen(function*() {
      const body = yield* parseBody(request.method, request.headers.get("content-type"), bodyRead.bytes)
      const incoming: IncomingRequest = { method: request.method, url, pathname, headers: requestHeaders, body }
      return yield* env.store.lock.withPermit(Effect.gen(function*() {
        const now = yield* Clock.currentTimeMillis
        const auth = yield* authenticate(env, requestHeaders, now)
        return yield* match.route.run({
          env,
          now,
          request: incoming,
          auth,
          params: match.params,
          // No query string: no URLSearchParams to build.
          query: url.search === "" ? {} : Object.fromEntries(url.searchParams.entries())
        })
      })).pipe(withGeo(requestGeo(requestHeaders)))
    }).pipe(
      Effect.flatMap((reply) => {
        // An emulator bug, like a value that does not encode: the 500 below.
        const refused = refusedHeader(reply.headers)
        return refused === undefined
          ? Effect.succeed(renderReply(reply, request.headers.get("accept")?.includes("text/html") === true))
          : Effect.die(new Error(`the reply's ${refused} header has a value no HTTP server may send`))
      }),
      Effect.catch((error: HandlerError) => Effect.succeed(renderError(error)))
    )
    return respond(reply)
  })

  return pipeline.pipe(
    Effect.provideService(CurrentPasswordHashing, env.passwordHashing),
    Effect.map((answer): Answer =>
      env.responseHeaderNames === "both"
        ? answer
        : answer instanceof Response
        ? withoutHexclaveNames(answer)
        : { ...answer, headers: pairsWithoutHexclaveNames(answer.headers) }
    ),
    Effect.catchCause((cause) =>
      Effect.as(
        Effect.logError("stackfx emulator: unexpected failure", Cause.pretty(cause)),
        respond({
          status: 500,
          headers: { "content-type": textContentType },
          body: `Something went wrong. Please make sure the data you entered is correct.\n\nRequest ID: ${requestId}`
        })
      )
    )
  )
}

/**
 * The `Emulator` service and the two ways to run it from code:
 *
 * - `Emulator.layer(options)`: an in-process `HttpClient.HttpClient` (no socket) plus the `Emulator`
 *   service (state, outbox, save) in one layer, for tests;
 * - `Emulator.serve(options)`: the same emulator over real HTTP (Node), scoped; returns the service,
 *   whose `info.baseUrl` is where it listens.
 *
 * The CLI (`cli.ts`) is built on `serve`.
 */
import { defaultSmtpDelivery, type SmtpDelivery } from "./email-delivery.ts"
import * as Crypto from "node:crypto"
import { type Fault, makeFaultBook } from "./faults.ts"
import * as Http from "node:http"
import * as NodeStream from "node:stream"
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Scope from "effect/Scope"
import * as Stream from "effect/Stream"
import * as HttpClient from "effect/http/HttpClient"
import type * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as HttpServerError from "effect/http/HttpServerError"
import { type Answer, type ApiAnswer, type BodyRead, type EmulatorRequest, handle, noBody, readBody, toWebResponse } from "./app.ts"
import type { ResponseHeaderNames } from "./header-names.ts"
import { defaultAccessTokenLifetimeSeconds, defaultBaseUrl, defaultMaxBodyBytes, type EmulatorEnv } from "./env.ts"
import { allRoutes } from "./handlers/index.ts"
import * as Ids from "./ids.ts"
import { answerMockOAuth, makeMockOAuthProvider } from "./mock-oauth.ts"
import type { PasswordHashing } from "./passwords.ts"
import { makeImageStorage } from "./storage.ts"
import { answerSvix, makeSvixServer, registerWebhookSink } from "./svix.ts"
import { readOutbox } from "./outbox.ts"
import { NodeRequestHeaders } from "./request-headers.ts"
import type { Route } from "./router.ts"
import {
  emptyState,
  encodeState,
  insertApiKeySet,
  insertProject,
  isKeySetLive,
  makeProject,
  makeStore,
  type OutboxEmailRecord,
  sharedOAuthProvider,
  type StateData,
  type Store,
  withState
} from "./state.ts"
import { ensureSigningKeys } from "./tokens.ts"

// =============================================================================
// Options and info
// =============================================================================

/** How to start an emulator. Every field is optional. */
export interface EmulatorOptions {
  /** Id of the seeded default project (default: a random UUID). */
  readonly projectId?: string | undefined
  /** Display name of the default project (default `Emulator Project`). */
  readonly projectDisplayName?: string | undefined
  readonly publishableClientKey?: string | undefined
  readonly secretServerKey?: string | undefined
  readonly superSecretAdminKey?: string | undefined
  /**
   * Keys of the `internal` (dashboard) project, for apps and suites that use Stack Auth's
   * local-development keys (`this-publishable-client-key-is-for-local-development-only`, ...).
   * Default: random.
   */
  readonly internalKeys?: {
    readonly publishableClientKey?: string | undefined
    readonly secretServerKey?: string | undefined
    readonly superSecretAdminKey?: string | undefined
  } | undefined
  /** Public base URL (in-process default `http://localhost:8102`; `serve` uses its own address). */
  readonly baseUrl?: string | undefined
  /** Access-token lifetime in seconds (default 600). */
  readonly accessTokenLifetimeSeconds?: number | undefined
  /** Faults to start with (fault mode: statuses, delays or no answer on chosen paths). */
  readonly faults?: ReadonlyArray<Fault> | undefined
  /** The token `/emulator/*` endpoints (the outbox) require; default random. */
  readonly emulatorToken?: string | undefined
  /** Largest accepted request body in bytes (default 5 MiB). */
  readonly maxBodyBytes?: number | undefined
  /** Start from this state (e.g. a loaded `--data` file) instead of seeding a fresh one. */
  readonly state?: StateData | undefined
  /** Routes to answer besides the built-in ones (they win over built-in routes of the same path). */
  readonly extraRoutes?: ReadonlyArray<Route> | undefined
  /**
   * Origin of the mock OAuth provider (e.g. `http://localhost:8114`, what Stack Auth's dev setup
   * uses): OAuth sign-ins then go through its interaction protocol (see `mock-oauth.ts`). In-process,
   * requests to this origin are answered by the provider; `serve` needs `mockOAuthPort` to listen on it.
   */
  readonly mockOAuthBaseUrl?: string | undefined
  /**
   * Response header names: `both` (default, the current service writes `x-stack-*` and
   * `x-hexclave-*`) or `stack` (like servers before the Hexclave rename, e.g. backend 2.8.86).
   */
  readonly responseHeaderNames?: ResponseHeaderNames | undefined
  /**
   * Every passkey challenge is the bytes of `MOCK`, as the service does with
   * `STACK_ENABLE_HARDCODED_PASSKEY_CHALLENGE_FOR_TESTING` (for snapshot tests only; default off).
   */
  readonly hardcodedPasskeyChallenge?: boolean | undefined
  /**
   * Hand out provider access tokens for providers on shared OAuth keys, as the service does with
   * `STACK_ALLOW_SHARED_OAUTH_ACCESS_TOKENS=true` (default true, like the recorded dev server); false
   * refuses them with `OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS`, like a deployment
   * without that variable.
   */
  readonly allowSharedOAuthAccessTokens?: boolean | undefined
  /**
   * Origin of a Svix-compatible server the emulator plays (e.g. `http://localhost:8113`, Stack Auth's
   * dev `STACK_SVIX_SERVER_URL`): webhook events go to each project's app there (see `svix.ts`).
   * In-process, requests to this origin are answered by it; `serve` needs `svixPort` to listen on it.
   */
  readonly svixBaseUrl?: string | undefined
  /**
   * Origin of the image storage (e.g. `http://localhost:8121`): base64 profile images and logos are
   * stored there and records keep its URL, as on the service (see `storage.ts`). `serve` needs
   * `storagePort` to listen on it.
   */
  readonly storageBaseUrl?: string | undefined
  /**
   * How new passwords are hashed: `service` (default: bcrypt at cost 10, like the service, so
   * sign-ups take as long as there) or `fast` (bcrypt at cost 4, 64 times less work: for test
   * suites and load runs that sign up many users). Either kind of hash signs in with either setting.
   */
  readonly passwordHashing?: PasswordHashing | undefined
  /**
   * How long an e-mail of `send-email` waits in the queue before it is rendered and sent, like the
   * service's queue worker (default 0: at once; the CLI waits a second). Meanwhile it can be paused,
   * rescheduled or cancelled, and a recipient deleted or unsubscribed is skipped when it is sent.
   */
  readonly emailQueueDelayMillis?: number | undefined
  /**
   * How e-mail of projects with a custom SMTP server goes out (`email-delivery.ts`): servers on this
   * machine are spoken to over SMTP, others captured in the mailbox unless `remoteHosts: "send"`.
   */
  readonly smtp?: Partial<SmtpDelivery> | undefined
}

/** What a client needs to talk to the emulator (printed by the CLI). */
export interface EmulatorInfo {
  readonly baseUrl: string
  readonly projectId: string
  readonly publishableClientKey: string
  readonly secretServerKey: string
  readonly superSecretAdminKey: string
  /** The outbox over HTTP, token included: add `&to=<address>` for one recipient's e-mails. */
  readonly outboxUrl: string
  /** What `/emulator/*` endpoints require (see `EmulatorEnv.emulatorToken`). */
  readonly emulatorToken: string
}

/** The emulator as tests and the CLI use it. */
export interface EmulatorService {
  readonly info: EmulatorInfo
  readonly env: EmulatorEnv
  /** Answers one web request (what both transports call). */
  readonly handle: (request: Request) => Effect.Effect<Response>
  /** An `HttpClient` answering in-process. */
  readonly httpClient: HttpClient.HttpClient
  /**
   * A `fetch` answering in-process, for transports that take one (`layerCoreFetch(options, emu.fetch)`).
   * It runs with the services the emulator was built with, so a `TestClock` still drives its time.
   */
  readonly fetch: (input: string, init: RequestInit) => Promise<Response>
  /** The e-mails sent so far (to `to` only, when given), oldest first. */
  readonly outbox: (to?: string) => Effect.Effect<ReadonlyArray<OutboxEmailRecord>>
  /** Runs `f` on the live state under the state lock (inspect or arrange state in tests). */
  readonly withState: <A, E, R>(f: (data: StateData) => Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
  /** The state as the JSON text of a `--data` file. */
  readonly save: Effect.Effect<string>
  /** Replaces the faults in force (`[]` ends fault mode). */
  readonly setFaults: (faults: ReadonlyArray<Fault>) => Effect.Effect<void>
}

// =============================================================================
// Seeding
// =============================================================================

/** Keys of a default project that never expire in practice (100 years). */
const keyLifetimeMillis = 100 * 365 * 24 * 60 * 60 * 1000

/**
 * A fresh state: the `internal` dashboard project and the default project (password, magic link,
 * passkeys, mock GitHub + Google, client team creation and user deletion, localhost allowed), each
 * with an API key set and signing keys.
 */
export const seedState = (options: EmulatorOptions = {}): Effect.Effect<StateData> =>
  Effect.gen(function*() {
    const now = yield* Clock.currentTimeMillis
    const projectId = options.projectId ?? Ids.uuid()
    const data = emptyState(projectId)

    insertProject(data, makeProject({ id: "internal", displayName: "Stack Dashboard", nowMillis: now }, {
      magicLinkEnabled: true,
      clientTeamCreationEnabled: true,
      createTeamOnSignUp: true,
      oauthProviders: ["github", "google", "microsoft", "spotify"].map(sharedOAuthProvider)
    }))
    insertApiKeySet(data, {
      projectId: "internal",
      description: "Emulator keys of the internal project",
      nowMillis: now,
      expiresAtMillis: now + keyLifetimeMillis,
      publishableClientKey: options.internalKeys?.publishableClientKey,
      secretServerKey: options.internalKeys?.secretServerKey,
      superSecretAdminKey: options.internalKeys?.superSecretAdminKey
    })

    insertProject(data, makeProject({ id: projectId, displayName: options.projectDisplayName ?? "Emulator Project", nowMillis: now }, {
      credentialEnabled: true,
      magicLinkEnabled: true,
      passkeyEnabled: true,
      clientTeamCreationEnabled: true,
      clientUserDeletionEnabled: true,
      allowLocalhost: true,
      oauthProviders: ["github", "google"].map(sharedOAuthProvider)
    }))
    insertApiKeySet(data, {
      projectId,
      description: "Emulator keys",
      nowMillis: now,
      expiresAtMillis: now + keyLifetimeMillis,
      publishableClientKey: options.publishableClientKey,
      secretServerKey: options.secretServerKey,
      superSecretAdminKey: options.superSecretAdminKey
    })

    for (const id of Object.keys(data.projects)) yield* ensureSigningKeys(data, id)
    return data
  })

/** The keys printed for the default project: its first live key set carrying all three keys. */
const defaultKeys = (data: StateData, now: number) => {
  const set = Object.values(data.apiKeySets).find((s) =>
    s.projectId === data.defaultProjectId && isKeySetLive(s, now) &&
    s.publishableClientKey !== null && s.secretServerKey !== null && s.superSecretAdminKey !== null
  )
  return {
    publishableClientKey: set?.publishableClientKey ?? "",
    secretServerKey: set?.secretServerKey ?? "",
    superSecretAdminKey: set?.superSecretAdminKey ?? ""
  }
}

// =============================================================================
// In-process transport
// =============================================================================

const requestBody = (request: HttpClientRequest.HttpClientRequest): Effect.Effect<BodyInit | undefined> => {
  const body = request.body
  switch (body._tag) {
    case "Empty":
      return Effect.succeed(undefined)
    case "Uint8Array":
      return Effect.succeed(new Uint8Array(body.body))
    case "FormData":
      return Effect.succeed(body.formData)
    case "Raw":
      return Effect.succeed(
        typeof body.body === "string" || body.body instanceof URLSearchParams || body.body instanceof Blob
          ? body.body
          : body.body instanceof Uint8Array
          ? new Uint8Array(body.body)
          : String(body.body)
      )
    case "Stream":
      return Stream.runCollect(body.stream).pipe(
        Effect.map((chunks) => new Blob(chunks.map((chunk) => new Uint8Array(chunk)))),
        Effect.orDie
      )
  }
}

/** An `HttpClient` that hands every request to `answer` without any socket. */
export const inProcessClient = (answer: (request: Request) => Effect.Effect<Response>): HttpClient.HttpClient =>
  HttpClient.make((request, url, signal) =>
    Effect.gen(function*() {
      const body = yield* requestBody(request)
      const webRequest = new Request(url, {
        method: request.method,
        headers: new Headers(request.headers),
        body: request.method === "GET" || request.method === "HEAD" ? null : body ?? null,
        signal
      })
      const response = yield* answer(webRequest)
      return HttpClientResponse.fromWeb(request, response)
    })
  )

// =============================================================================
// The service
// =============================================================================

/**
 * How the Node server asks the emulator: requests on the emulator's own origin go through
 * `answer` without a web `Request`; those on a side origin (mock provider, Svix, storage, by the
 * `Host` header) through the service's web `handle`.
 */
interface ApiAnswerer {
  readonly isSideOrigin: (url: URL) => boolean
  readonly answer: (request: EmulatorRequest) => Effect.Effect<Answer>
}

/** Builds an emulator (seeded or from `options.state`) whose public base URL is `baseUrl`, with its Node-side answerer. */
const makeParts = (
  options: EmulatorOptions,
  baseUrl: string
): Effect.Effect<{ readonly service: EmulatorService; readonly api: ApiAnswerer }> =>
  Effect.gen(function*() {
    const data = options.state ?? (yield* seedState(options))
    for (const id of Object.keys(data.projects)) yield* ensureSigningKeys(data, id)
    const store: Store = yield* makeStore(data)
    const env: EmulatorEnv = {
      store,
      changes: { count: 0 },
      baseUrl: baseUrl.replace(/\/+$/, ""),
      accessTokenLifetimeSeconds: options.accessTokenLifetimeSeconds ?? defaultAccessTokenLifetimeSeconds,
      maxBodyBytes: options.maxBodyBytes ?? defaultMaxBodyBytes,
      keyCache: new Map(),
      verifiedTokens: new Map(),
      emulatorToken: options.emulatorToken ?? `emu_${Crypto.randomBytes(18).toString("base64url")}`,
      faults: makeFaultBook(options.faults),
      responseHeaderNames: options.responseHeaderNames ?? "both",
      hardcodedPasskeyChallenge: options.hardcodedPasskeyChallenge ?? false,
      allowSharedOAuthAccessTokens: options.allowSharedOAuthAccessTokens ?? true,
      passwordHashing: options.passwordHashing ?? "service",
      emailQueueDelayMillis: options.emailQueueDelayMillis ?? 0,
      smtp: { ...defaultSmtpDelivery, ...options.smtp },
      svix: options.svixBaseUrl === undefined ? undefined : makeSvixServer(options.svixBaseUrl),
      storage: options.storageBaseUrl === undefined ? undefined : makeImageStorage(options.storageBaseUrl),
      mockOAuth: options.mockOAuthBaseUrl === undefined
        ? undefined
        : makeMockOAuthProvider({ baseUrl: options.mockOAuthBaseUrl, emulatorBaseUrl: () => env.baseUrl })
    }
    const routes = [...(options.extraRoutes ?? []), ...allRoutes]
    const mockOrigin = env.mockOAuth === undefined ? undefined : new URL(env.mockOAuth.baseUrl).origin
    const svix = env.svix
    if (svix !== undefined) registerWebhookSink(data, svix)
    const svixOrigin = svix === undefined ? undefined : new URL(svix.baseUrl).origin
    // Counted once the answer is ready and before it is sent, so whatever a request changed is
    // counted before its client sees it acknowledged.
    const counted = <A>(method: string, answer: Effect.Effect<A>): Effect.Effect<A> =>
      Effect.tap(answer, () =>
        Effect.sync(() => {
          if (method !== "OPTIONS" && method !== "HEAD") env.changes.count++
        }))
    const storageOrigin = env.storage === undefined ? undefined : new URL(env.storage.baseUrl).origin
    /** Whether `url` is on an origin the emulator plays besides its own (mock provider, Svix, storage). */
    const isSideOrigin = (url: URL): boolean => {
      const origin = url.origin
      return (env.mockOAuth !== undefined && origin === mockOrigin) || (svix !== undefined && origin === svixOrigin) ||
        (storageOrigin !== undefined && origin === storageOrigin)
    }
    const answerSide = (request: Request): Effect.Effect<Response> => {
      const origin = new URL(request.url).origin
      if (env.mockOAuth !== undefined && origin === mockOrigin) return answerMockOAuth(env.mockOAuth, request)
      if (svix !== undefined && origin === svixOrigin) return answerSvix(svix, request)
      const storage = env.storage
      if (storage !== undefined && origin === storageOrigin) return Effect.sync(() => storage.answer(request))
      return Effect.die(new Error(`no side server at ${origin}`))
    }
    const answer = (request: Request): Effect.Effect<Response> => {
      const url = new URL(request.url)
      if (isSideOrigin(url)) return counted(request.method, answerSide(request))
      const emulatorRequest: EmulatorRequest = {
        method: request.method,
        url,
        headers: request.headers,
        body: readBody(request, env.maxBodyBytes)
      }
      return counted(request.method, Effect.map(handle(env, routes, emulatorRequest), toWebResponse))
    }
    const answerApi: ApiAnswerer = {
      isSideOrigin,
      answer: (request) => counted(request.method, handle(env, routes, request))
    }
    const runWithContext = Effect.runPromiseWith(yield* Effect.context<never>())
    const now = yield* Clock.currentTimeMillis
    const service: EmulatorService = {
      info: {
        baseUrl: env.baseUrl,
        projectId: data.defaultProjectId,
        ...defaultKeys(data, now),
        outboxUrl: `${env.baseUrl}/emulator/outbox?token=${env.emulatorToken}`,
        emulatorToken: env.emulatorToken
      },
      env,
      handle: answer,
      httpClient: inProcessClient(answer),
      fetch: (input, init) =>
        // Like a real fetch, an aborted signal rejects before anything is answered.
        init.signal?.aborted === true
          ? Promise.reject(init.signal.reason)
          : runWithContext(answer(new Request(input, init))),
      outbox: (to) => withState(store, (state) => Effect.succeed(readOutbox(state, to))),
      withState: (f) => Effect.ensuring(withState(store, f), Effect.sync(() => env.changes.count++)),
      save: withState(store, (state) => Effect.succeed(encodeState(state))),
      setFaults: (faults) => Effect.sync(() => {
        env.faults.current = makeFaultBook(faults).current
      })
    }
    return { service, api: answerApi }
  })

/** Builds an emulator (seeded or from `options.state`) whose public base URL is `baseUrl`. */
const makeService = (options: EmulatorOptions, baseUrl: string): Effect.Effect<EmulatorService> =>
  Effect.map(makeParts(options, baseUrl), (parts) => parts.service)

/** Options of `Emulator.serve`: where to listen, plus the emulator's own options. */
export interface ServeOptions extends EmulatorOptions {
  /** Port to listen on; 0 (default) picks a free one. */
  readonly port?: number | undefined
  /** Interface to bind (default `127.0.0.1`). */
  readonly host?: string | undefined
  /** Also serve the mock OAuth provider on this port (its origin becomes `mockOAuthBaseUrl`). */
  readonly mockOAuthPort?: number | undefined
  /** Also serve the Svix-compatible webhook server on this port (its origin becomes `svixBaseUrl`). */
  readonly svixPort?: number | undefined
  /** Also serve the image storage on this port (its origin becomes `storageBaseUrl`). */
  readonly storagePort?: number | undefined
}

/** The request's absolute URL as Effect's `HttpServerRequest.toURL` derives it (from `Host`), or undefined. */
const requestUrl = (request: Http.IncomingMessage): URL | undefined => {
  const path = request.url ?? "/"
  try {
    // Paths are prefixed with `.` so a leading `//` cannot replace the host.
    return new URL(path.startsWith("/") ? `.${path}` : path, `http://${request.headers.host ?? "localhost"}`)
  } catch {
    return undefined
  }
}

/** A Node request as a web `Request`; the body is streamed as the handler reads it (the router caps it). */
const toWebRequest = (request: Http.IncomingMessage, url: URL, signal: AbortSignal): Request => {
  const headers = new Headers()
  const raw = request.rawHeaders
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i] ?? "", raw[i + 1] ?? "")
  const method = request.method ?? "GET"
  if (method === "GET" || method === "HEAD") return new Request(url, { method, headers, signal })
  const body = NodeStream.Readable.toWeb(request) as ReadableStream<Uint8Array>
  return new Request(url, { method, headers, signal, body, duplex: "half" } as RequestInit)
}

/**
 * Writes a web `Response` to Node. Every `set-cookie` goes out byte for byte (its attribute order is
 * the service's, which clients match); Node gives the reason phrase (`200 OK`). The body is read
 * whole and sent with the head in one write (the emulator's answers are small JSON or HTML).
 */
const writeResponse = async (response: Response, out: Http.ServerResponse, head: boolean): Promise<void> => {
  const cookies = response.headers.getSetCookie()
  for (const [name, value] of response.headers) if (name !== "set-cookie") out.setHeader(name, value)
  if (cookies.length > 0) out.setHeader("set-cookie", cookies)
  out.statusCode = response.status
  const body = head || response.body === null ? undefined : Buffer.from(await response.arrayBuffer())
  if (body !== undefined && !out.hasHeader("content-length")) out.setHeader("content-length", body.byteLength)
  out.end(body)
}

/** Answers one Node request through web-style `answer` (a web `Request` in, a web `Response` out). */
const answerThroughWeb = (
  request: Http.IncomingMessage,
  out: Http.ServerResponse,
  url: URL,
  answer: (request: Request) => Effect.Effect<Response>,
  runFork: RunFork
): void => {
  const aborted = new AbortController()
  const fiber = runFork(Effect.flatMap(
    Effect.sync(() => toWebRequest(request, url, aborted.signal)),
    (webRequest) => Effect.flatMap(answer(webRequest), (response) => Effect.promise(() => writeResponse(response, out, request.method === "HEAD")))
  ))
  out.on("close", () => {
    if (out.writableFinished) return
    aborted.abort()
    fiber.interruptUnsafe()
  })
  fiber.addObserver((exit) => {
    if (exit._tag === "Failure" && !out.headersSent && !out.destroyed) out.writeHead(500).end()
  })
}

type RunFork = ReturnType<typeof Effect.runForkWith<never>>

/** Hands every request of `server` with a readable URL to `answer` (a malformed URL gets a 400). */
const onRequests = (
  server: Http.Server,
  context: Context.Context<never>,
  answer: (request: Http.IncomingMessage, out: Http.ServerResponse, url: URL, runFork: RunFork) => void
): void => {
  const runFork = Effect.runForkWith(context)
  server.on("request", (request: Http.IncomingMessage, out: Http.ServerResponse) => {
    const url = requestUrl(request)
    if (url === undefined) {
      out.writeHead(400, { "content-type": "text/plain" }).end("Bad request")
      return
    }
    answer(request, out, url, runFork)
  })
}

/**
 * Serves web-style `answer` on a Node server directly: Node request in, web `Request` to the
 * emulator, web `Response` out (the mock provider, Svix and storage servers).
 */
const serveWeb = (server: Http.Server, answer: (request: Request) => Effect.Effect<Response>, context: Context.Context<never>): void =>
  onRequests(server, context, (request, out, url, runFork) => answerThroughWeb(request, out, url, answer, runFork))

/**
 * Reads a Node request's body whole, at most `limit` bytes, then calls `done` once. A body declared
 * larger is not read; one that grows larger stops being read (the request is destroyed), as the
 * web reader's cancel does. A request that fails while sending calls nothing: its socket is gone.
 */
const readNodeBody = (request: Http.IncomingMessage, limit: number, done: (body: BodyRead) => void): void => {
  if (Number(request.headers["content-length"] ?? "0") > limit) return done({ _tag: "TooLarge" })
  const chunks: Array<Buffer> = []
  let total = 0
  let over = false
  request.on("data", (chunk: Buffer) => {
    if (over) return
    total += chunk.byteLength
    if (total > limit) {
      over = true
      request.destroy()
      done({ _tag: "TooLarge" })
      return
    }
    chunks.push(chunk)
  })
  request.on("end", () => {
    if (over) return
    // A plain `Uint8Array` (not a `Buffer`), as a web body reads.
    const bytes = new Uint8Array(total)
    let offset = 0
    for (const chunk of chunks) {
      bytes.set(chunk, offset)
      offset += chunk.byteLength
    }
    done({ _tag: "Ok", bytes })
  })
}

/**
 * Writes an API answer in one go: the head and the body in a single write when there is a body
 * (content-length given up front); without one, header by header as a web answer is written, so
 * Node adds what it adds to an empty answer.
 */
const writeApiAnswer = (answer: ApiAnswer, out: Http.ServerResponse, head: boolean): void => {
  if (head || answer.body === null) {
    for (const [name, value] of answer.headers) out.setHeader(name, value)
    out.statusCode = answer.status
    out.end()
    return
  }
  const flat: Array<string> = []
  let length = false
  for (const [name, value] of answer.headers) {
    if (name === "content-length") length = true
    flat.push(name, value)
  }
  if (!length) flat.push("content-length", String(Buffer.byteLength(answer.body)))
  out.writeHead(answer.status, flat)
  out.end(answer.body)
}

/**
 * Serves the emulator's API on a Node server with no web `Request` or `Response` in between: the
 * body is read from Node's stream, the pipeline runs (to the end at once unless something in it
 * waits, e.g. a password hash or a delay fault) and the answer is written in one write. A client
 * that goes away interrupts its request's fiber, as Effect's server does. Requests whose `Host`
 * names a side origin go the web way (`serveWeb`).
 */
const serveApi = (
  server: Http.Server,
  api: ApiAnswerer,
  answerWeb: (request: Request) => Effect.Effect<Response>,
  maxBodyBytes: number,
  context: Context.Context<never>
): void =>
  onRequests(server, context, (request, out, url, runFork) => {
    if (api.isSideOrigin(url)) return answerThroughWeb(request, out, url, answerWeb, runFork)
    const method = request.method ?? "GET"
    const head = method === "HEAD"
    const run = (body: BodyRead) => {
      const fiber = runFork(api.answer({ method, url, headers: new NodeRequestHeaders(request.rawHeaders), body: Effect.succeed(body) }))
      if (fiber.pollUnsafe() === undefined) {
        out.on("close", () => {
          if (!out.writableFinished) fiber.interruptUnsafe()
        })
      }
      fiber.addObserver((exit) => {
        if (out.destroyed) return
        if (exit._tag === "Failure") {
          if (!out.headersSent) out.writeHead(500).end()
          return
        }
        const answer = exit.value
        if (answer instanceof Response) {
          writeResponse(answer, out, head).catch(() => {
            if (!out.headersSent && !out.destroyed) out.writeHead(500).end()
          })
          return
        }
        try {
          writeApiAnswer(answer, out, head)
        } catch {
          // A header Node refuses: the answer the web path gives when its write fails.
          if (!out.headersSent) out.writeHead(500).end()
        }
      })
    }
    if (method === "GET" || head) run(noBody)
    else readNodeBody(request, maxBodyBytes, run)
  })

/** A Node server listening on `host:port` for the life of the scope; closing waits at most a second for open requests. */
const listen = (port: number, host: string) =>
  Effect.gen(function*() {
    const server = yield* Effect.acquireRelease(
      Effect.callback<Http.Server, HttpServerError.ServeError>((resume) => {
        const server = Http.createServer({ keepAliveTimeout: 5_000 })
        const onError = (cause: unknown) => resume(Effect.fail(new HttpServerError.ServeError({ cause })))
        server.once("error", onError)
        server.listen(port, host, () => {
          server.off("error", onError)
          resume(Effect.succeed(server))
        })
      }),
      // Tests open and close servers often: idle keep-alive connections go at once, busy ones
      // (a hanging fault) after a second.
      (server) =>
        Effect.callback<void>((resume) => {
          const cut = setTimeout(() => server.closeAllConnections(), 1_000)
          server.close(() => {
            clearTimeout(cut)
            resume(Effect.void)
          })
          server.closeIdleConnections()
        })
    )
    const address = server.address()
    const bound = typeof address === "object" && address !== null ? address.port : 0
    const publicHost = host === "0.0.0.0" || host === "::" || host === "127.0.0.1" ? "localhost" : host
    return { server, url: `http://${publicHost}:${bound}` }
  })

const serveImpl = (
  options: ServeOptions = {}
): Effect.Effect<EmulatorService, HttpServerError.ServeError, Scope.Scope> =>
  Effect.gen(function*() {
    const host = options.host ?? "127.0.0.1"
    const api = yield* listen(options.port ?? 0, host)
    const mock = options.mockOAuthPort === undefined ? undefined : yield* listen(options.mockOAuthPort, host)
    const svix = options.svixPort === undefined ? undefined : yield* listen(options.svixPort, host)
    const storage = options.storagePort === undefined ? undefined : yield* listen(options.storagePort, host)
    const { service, api: answerApi } = yield* makeParts(
      {
        ...options,
        mockOAuthBaseUrl: mock?.url ?? options.mockOAuthBaseUrl,
        svixBaseUrl: svix?.url ?? options.svixBaseUrl,
        storageBaseUrl: storage?.url ?? options.storageBaseUrl
      },
      options.baseUrl ?? api.url
    )
    const context = yield* Effect.context<never>()
    serveApi(api.server, answerApi, service.handle, service.env.maxBodyBytes, context)
    const provider = service.env.mockOAuth
    if (mock !== undefined && provider !== undefined) serveWeb(mock.server, (request) => answerMockOAuth(provider, request), context)
    const svixServer = service.env.svix
    if (svix !== undefined && svixServer !== undefined) serveWeb(svix.server, (request) => answerSvix(svixServer, request), context)
    const imageStorage = service.env.storage
    if (storage !== undefined && imageStorage !== undefined) {
      serveWeb(storage.server, (request) => Effect.sync(() => imageStorage.answer(request)), context)
    }
    return service
  })

/** The emulator: state, outbox and an in-process `HttpClient` (see the module comment). */
export class Emulator extends Context.Service<Emulator, EmulatorService>()("stackfx/emulator/Emulator") {
  /** Builds an emulator answering in-process (not yet provided as a service). */
  static readonly make = (options: EmulatorOptions = {}): Effect.Effect<EmulatorService> =>
    makeService(options, options.baseUrl ?? defaultBaseUrl)

  /** The `Emulator` service plus an in-process `HttpClient.HttpClient` backed by it. */
  static readonly layer = (options: EmulatorOptions = {}): Layer.Layer<Emulator | HttpClient.HttpClient> =>
    Layer.effect(
      HttpClient.HttpClient,
      Effect.gen(function*() {
        return (yield* Emulator).httpClient
      })
    ).pipe(
      Layer.provideMerge(Layer.effect(Emulator, Emulator.make(options)))
    )

  /** Serves the emulator over HTTP for the life of the scope; `info.baseUrl` is its address. */
  static readonly serve = serveImpl

  /**
   * The `Emulator` service served over HTTP for the life of the layer (bring your own `HttpClient`,
   * e.g. `FetchHttpClient.layer`, and talk to `info.baseUrl`).
   */
  static readonly layerServe = (options: ServeOptions = {}): Layer.Layer<Emulator, HttpServerError.ServeError> =>
    Layer.effect(Emulator, serveImpl(options))
}

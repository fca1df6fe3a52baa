/**
 * A Node HTTP server that knows who is calling: the README's server recipe.
 *
 * `GET /api/me` reads the caller's tokens from the request (the `x-stack-auth` header that the
 * browser's `getAuthHeaders()` produces, or the session cookies), verifies the access token locally
 * (no API call per request), then reads the user's server metadata with the secret server key.
 *
 * Run it against the emulator: `node examples/node-server.ts` with STACK_PROJECT_ID,
 * STACK_SECRET_SERVER_KEY and STACK_API_URL set (the emulator CLI prints them).
 */
import * as Http from "node:http"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Option from "effect/Option"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import { AccessTokenVerifier, layerRequestTokenStore, requestUser, StackServer } from "stackfx/server"

/** What the server needs to reach its project. */
export interface ServerOptions {
  readonly projectId: string
  readonly secretServerKey: string
  readonly baseUrl: string
}

/** The token checks that mean "this caller is not signed in here". */
const verifyFailures = new Set([
  "MalformedAccessToken",
  "InvalidAccessTokenSignature",
  "ExpiredAccessToken",
  "WrongAccessTokenAudience",
  "WrongAccessTokenIssuer",
  "AnonymousUserNotAllowed",
  "RestrictedUserNotAllowed"
])

/** The JSON `GET /api/me` answers: who the caller is, as the server sees them. */
const whoIsCalling = (request: Http.IncomingMessage, projectId: string) =>
  Effect.gen(function*() {
    const caller = yield* requestUser().pipe(Effect.provide(layerRequestTokenStore(request.headers, { projectId })))
    if (Option.isNone(caller)) return { status: 401, body: { error: "not signed in" } }
    const stack = yield* StackServer
    const found = yield* stack.getUser(caller.value.userId)
    if (Option.isNone(found)) return { status: 401, body: { error: "user deleted" } }
    const user = found.value
    return { status: 200, body: { id: user.id, email: user.primaryEmail, plan: user.serverMetadata } }
  }).pipe(
    // A forged, expired or anonymous caller is a 401; the API out of reach a 502. Never a crash.
    Effect.catch((error) =>
      Effect.succeed(
        verifyFailures.has(error._tag)
          ? { status: 401, body: { error: error._tag } }
          : { status: 502, body: { error: error._tag } }
      )
    )
  )

/** The request handler, with one runtime (StackServer + a key-caching verifier) for every request. */
export const makeHandler = (options: ServerOptions) => {
  const runtime = ManagedRuntime.make(
    Layer.mergeAll(StackServer.layer(options), AccessTokenVerifier.layer(options)).pipe(Layer.provide(FetchHttpClient.layer))
  )
  const handler = (request: Http.IncomingMessage, response: Http.ServerResponse) => {
    if (request.method !== "GET" || request.url !== "/api/me") {
      response.writeHead(404).end()
      return
    }
    void runtime.runPromise(whoIsCalling(request, options.projectId)).then(({ body, status }) => {
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body))
    })
  }
  return { handler, dispose: () => runtime.dispose() }
}

if (import.meta.main) {
  const env = (name: string) => {
    const value = process.env[name]
    if (value === undefined) throw new Error(`set ${name} (the emulator CLI prints it)`)
    return value
  }
  const { handler } = makeHandler({
    projectId: env("STACK_PROJECT_ID"),
    secretServerKey: env("STACK_SECRET_SERVER_KEY"),
    baseUrl: env("STACK_API_URL")
  })
  const server = Http.createServer(handler).listen(Number(process.env.PORT ?? 3001), () => {
    const address = server.address()
    const port = typeof address === "object" && address !== null ? address.port : 0
    process.stdout.write(`listening on http://localhost:${port}/api/me\n`)
  })
}

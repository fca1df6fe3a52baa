/**
 * Issue 31 figure: requests per second of an `HttpApi` endpoint behind `StackAuthentication` (the
 * access token verified locally on every request) against the same endpoint without it, over HTTP,
 * in one run. The server runs here; the load comes from bench/http-load.ts in its own process.
 * Short rounds alternate between the two endpoints and each pair of neighbouring rounds gives a
 * ratio: on a shared machine the load of other processes changes from second to second, and a pair
 * close in time sees the same load. The median ratio is printed (goal: at least 0.8x).
 *
 * Both endpoints get the same request, the access token header included (the unprotected one
 * ignores it), so the difference is the middleware's work alone: reading the token, verifying it
 * (remembered after its first verification, see src/http-api/verified-tokens.ts) and providing
 * `CurrentUser`. Sending a 700-byte header costs the same either way and is not what is measured.
 */
import { execFile } from "node:child_process"
import { createServer } from "node:http"
import * as Path from "node:path"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as HttpRouter from "effect/http/HttpRouter"
import * as HttpServer from "effect/http/HttpServer"
import * as HttpApi from "effect/http-api/HttpApi"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import { Emulator } from "../src/emulator/emulator.ts"
import { CurrentUser, layerStackAuthentication, StackAuthentication } from "../src/http-api/index.ts"
import { AccessTokenVerifier, StackServer } from "../src/server/index.ts"

const Hello = Schema.Struct({ id: Schema.String })

class Protected extends HttpApiGroup.make("protected").add(HttpApiEndpoint.get("hello", "/protected/hello", { success: Hello })).middleware(StackAuthentication) {}
class Open extends HttpApiGroup.make("open").add(HttpApiEndpoint.get("hello", "/open/hello", { success: Hello })) {}
class BenchApi extends HttpApi.make("bench").add(Protected).add(Open) {}

const ProtectedHandlers = HttpApiBuilder.group(BenchApi, "protected", (handlers) =>
  handlers.handle("hello", () => Effect.map(Effect.service(CurrentUser), (caller) => ({ id: caller.userId }))))
const OpenHandlers = HttpApiBuilder.group(BenchApi, "open", (handlers) =>
  handlers.handle("hello", () => Effect.succeed({ id: "anyone" })))

interface LoadResult {
  readonly requests: number
  readonly seconds: number
  readonly statuses: Record<string, number>
}

const load = (url: string, headers: ReadonlyArray<string>, seconds: number, concurrency: number) =>
  Effect.callback<LoadResult, Error>((resume) => {
    const script = Path.join(import.meta.dirname, "http-load.ts")
    execFile(process.execPath, ["--experimental-strip-types", "--no-warnings", script, url, String(seconds), String(concurrency), ...headers], (error, stdout) => {
      if (error !== null) resume(Effect.fail(error))
      else resume(Effect.sync(() => JSON.parse(stdout) as LoadResult))
    })
  })

const median = (values: ReadonlyArray<number>) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

/** Prints both endpoints' requests per second and their ratio. */
export const reportHttpApiThroughput = async (options: { readonly rounds?: number; readonly seconds?: number } = {}): Promise<{
  readonly protectedPerSecond: number
  readonly openPerSecond: number
  readonly ratio: number
}> => {
  const rounds = options.rounds ?? 8
  const seconds = options.seconds ?? 1.5
  process.stdout.write(`HttpApi endpoint over HTTP, protected vs unprotected (${rounds} alternating pairs of ${seconds} s rounds, 16 connections, load generator in its own process)\n`)
  return Effect.runPromise(Effect.scoped(Effect.gen(function*() {
    const emu = yield* Emulator.serve({ port: 0 })
    const { baseUrl, projectId, publishableClientKey, secretServerKey } = emu.info
    const signUp = yield* Effect.promise(() =>
      fetch(`${baseUrl}/api/v1/auth/password/sign-up`, {
        method: "POST",
        headers: { "x-stack-access-type": "client", "x-stack-project-id": projectId, "x-stack-publishable-client-key": publishableClientKey, "content-type": "application/json" },
        body: JSON.stringify({ email: "bench@example.com", password: "bench-password-123" })
      }).then((response) => response.json())
    )
    const token = typeof signUp === "object" && signUp !== null ? String(Reflect.get(signUp, "access_token")) : ""
    const stackOptions = { projectId, secretServerKey, baseUrl }
    const routes = HttpApiBuilder.layer(BenchApi).pipe(
      Layer.provide([ProtectedHandlers, OpenHandlers]),
      Layer.provide(layerStackAuthentication()),
      Layer.provide(Layer.mergeAll(StackServer.layer(stackOptions), AccessTokenVerifier.layer(stackOptions))),
      Layer.provide(FetchHttpClient.layer)
    )
    const server = yield* Layer.build(HttpRouter.serve(routes, { disableLogger: true, disableListenLog: true }).pipe(
      Layer.provideMerge(NodeHttpServer.layer(createServer, { port: 0, host: "127.0.0.1" }))
    ))
    const address = HttpServer.formatAddress(Context.get(server, HttpServer.HttpServer).address)
    const auth = [`x-stack-access-token:${token}`]
    // Warm-up: the verifier fetches the project's keys once, the JIT settles.
    yield* load(`${address}/protected/hello`, auth, 1, 16)
    yield* load(`${address}/open/hello`, auth, 1, 16)
    const protectedRates: Array<number> = []
    const openRates: Array<number> = []
    const ratios: Array<number> = []
    for (let round = 0; round < rounds; round++) {
      const open = yield* load(`${address}/open/hello`, auth, seconds, 16)
      const guarded = yield* load(`${address}/protected/hello`, auth, seconds, 16)
      if (guarded.statuses["200"] !== guarded.requests) {
        return yield* Effect.fail(new Error(`protected endpoint answered ${JSON.stringify(guarded.statuses)}`))
      }
      openRates.push(open.requests / open.seconds)
      protectedRates.push(guarded.requests / guarded.seconds)
      ratios.push(guarded.requests / guarded.seconds / (open.requests / open.seconds))
    }
    const openPerSecond = median(openRates)
    const protectedPerSecond = median(protectedRates)
    process.stdout.write(`  unprotected GET /open/hello (same request): ${openPerSecond.toFixed(0).padStart(6)} requests per second\n`)
    process.stdout.write(`  protected GET /protected/hello (verified):  ${protectedPerSecond.toFixed(0).padStart(6)} requests per second\n`)
    const ratio = median(ratios)
    process.stdout.write(`  ratio protected / unprotected (median of ${rounds} neighbouring pairs): ${ratio.toFixed(2)}x (goal >= 0.80x; pairs ${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)})\n\n`)
    return { protectedPerSecond, openPerSecond, ratio }
  })))
}

if (import.meta.main) await reportHttpApiThroughput()

/**
 * Compression bombs over real HTTP: a small compressed body that decodes to far more than the
 * body cap is stopped at the cap by every transport (`TooLarge`, in a fraction of a second), and a key
 * set that is too large, compressed or not, is `JwksUnavailable`, never a defect.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as HttpClient from "effect/http/HttpClient"
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { brotliCompressSync, gzipSync } from "node:zlib"
import { noTokens } from "../../src/http/access.ts"
import { type PipelineConfig, send } from "../../src/http/send.ts"
import { StackTransport } from "../../src/http/transport.ts"
import { makeFetchTransport } from "../../src/http/transport-fetch.ts"
import { transportFromHttpClient } from "../../src/http/transport-http-client.ts"
import { AccessTokenVerifier } from "../../src/server/verify-token.ts"
import { read } from "../unit/pipeline-endpoints.ts"

/** 64 MB of JSON-ish text (a string of spaces inside a value): compresses to about 64 KB. */
const expanded = Buffer.concat([Buffer.from("{\"id\":\""), Buffer.alloc(64 * 1024 * 1024, 0x20), Buffer.from("\"}")])
const bombs = { gzip: gzipSync(expanded), br: brotliCompressSync(expanded) }
/** A key set of 20 MB, sent uncompressed with its true length. */
const hugeJwks = Buffer.from(JSON.stringify({ keys: [], padding: "x".repeat(20 * 1024 * 1024) }))

const answer = (request: IncomingMessage, response: ServerResponse) => {
  const encoding = request.url?.includes("brotli") ? "br" : "gzip"
  if (request.url?.includes("huge")) {
    response.writeHead(200, { "content-type": "application/json", "content-length": hugeJwks.length })
    response.end(hugeJwks)
    return
  }
  const body = bombs[encoding]
  response.writeHead(200, {
    "content-type": "application/json",
    "content-encoding": encoding,
    "content-length": body.length
  })
  response.end(body)
}

const withServer = <A, E, R>(use: (baseUrl: string) => Effect.Effect<A, E, R>) =>
  Effect.acquireUseRelease(
    Effect.callback<Server>((resume) => {
      const server = createServer(answer)
      server.listen(0, "127.0.0.1", () => {
        resume(Effect.succeed(server))
      })
    }),
    (server) => use(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    (server) =>
      Effect.callback<void>((resume) => {
        server.close(() => resume(Effect.void))
      })
  )

const configAt = (baseUrl: string, path: string): PipelineConfig => ({
  baseUrl: `${baseUrl}/${path}/`,
  keys: { projectId: "11111111-2222-4333-8444-555555555555", secretServerKey: Redacted.make("ssk_bombs") }
})

describe("compressed response bodies over real HTTP", () => {
  for (const path of ["gzip", "brotli"]) {
    it.live(`a ${path} body decoding past the cap is TooLarge at once (fetch transport)`, () =>
      withServer((baseUrl) =>
        Effect.gen(function*() {
          const started = Date.now()
          const error = yield* Effect.flip(
            send(configAt(baseUrl, path), read, noTokens).pipe(Effect.provideService(StackTransport, makeFetchTransport()))
          )
          assert.strictEqual(error._tag === "StackResponseError" && error.reason, "TooLarge")
          assert.isBelow(Date.now() - started, 3000) // about 0.3 s alone; slack for a loaded CI machine
        })
      ))

    it.live(`a ${path} body decoding past the cap is TooLarge at once (HttpClient transport)`, () =>
      withServer((baseUrl) =>
        Effect.gen(function*() {
          const http = yield* HttpClient.HttpClient.pipe(Effect.provide(FetchHttpClient.layer))
          const started = Date.now()
          const error = yield* Effect.flip(
            send(configAt(baseUrl, path), read, noTokens).pipe(
              Effect.provideService(StackTransport, transportFromHttpClient(http))
            )
          )
          assert.strictEqual(error._tag === "StackResponseError" && error.reason, "TooLarge")
          assert.isBelow(Date.now() - started, 3000) // about 0.3 s alone; slack for a loaded CI machine
        })
      ))
  }

  for (const [what, projectId] of [["a compressed key set that decodes to 64 MB", "gzip"], ["an uncompressed key set of 20 MB", "huge"]] as const) {
    it.live(`${what} is JwksUnavailable, not a defect`, () =>
      withServer((baseUrl) =>
        Effect.gen(function*() {
          const verifier = yield* AccessTokenVerifier.make({ projectId, baseUrl }).pipe(Effect.provide(FetchHttpClient.layer))
          // Any well-formed token of the project reaches the key-set download.
          const header = Buffer.from(JSON.stringify({ alg: "ES256", kid: "k1" })).toString("base64url")
          const claims = Buffer.from(JSON.stringify({
            sub: "u1",
            iss: `${baseUrl}/api/v1/projects/${projectId}`,
            aud: projectId,
            iat: 0,
            exp: 9_999_999_999
          })).toString("base64url")
          const started = Date.now()
          const exit = yield* Effect.exit(verifier.verify(`${header}.${claims}.c2ln`))
          const error = Exit.findErrorOption(exit)
          assert.isTrue(Option.isSome(error), `expected a typed failure, got ${String(exit)}`)
          if (Option.isSome(error)) {
            assert.strictEqual(error.value._tag, "JwksUnavailable")
            assert.match(error.value.message, /larger than 1048576 bytes/)
          }
          assert.isBelow(Date.now() - started, 3000) // about 0.3 s alone; slack for a loaded CI machine
        })
      ))
  }
})

/**
 * Issue 5 figure: verifying an access token locally (signature, issuer, audience, expiry against the
 * cached JWKS) against asking the server (`GET /users/me`) for every request, both over loopback.
 */
import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import { Emulator } from "../src/emulator/emulator.ts"
import { AccessTokenVerifier } from "../src/server/index.ts"

/** Prints verifications per second beside `users/me` round trips per second. */
export const reportVerifyThroughput = async (): Promise<void> => {
  process.stdout.write("access-token checks per second (one token, loopback emulator)\n")
  await Effect.runPromise(Effect.scoped(Effect.gen(function*() {
    const emu = yield* Emulator.serve({ port: 0 })
    const { baseUrl, projectId, publishableClientKey } = emu.info
    const headers = { "x-stack-access-type": "client", "x-stack-project-id": projectId, "x-stack-publishable-client-key": publishableClientKey, "content-type": "application/json" }
    const signUp = yield* Effect.promise(() =>
      fetch(`${baseUrl}/api/v1/auth/password/sign-up`, { method: "POST", headers, body: JSON.stringify({ email: "verify@example.com", password: "bench-password-123" }) }).then((r) => r.json())
    )
    const token = typeof signUp === "object" && signUp !== null ? String(Reflect.get(signUp, "access_token")) : ""
    const verifier = yield* AccessTokenVerifier.make({ projectId, baseUrl }).pipe(Effect.provide(FetchHttpClient.layer))
    yield* verifier.verify(token)
    const local = 5_000
    let started = performance.now()
    for (let i = 0; i < local; i++) yield* verifier.verify(token)
    const localPerSecond = local / ((performance.now() - started) / 1000)
    const remote = 500
    started = performance.now()
    for (let i = 0; i < remote; i++) {
      yield* Effect.promise(() => fetch(`${baseUrl}/api/v1/users/me`, { headers: { ...headers, "x-stack-access-token": token } }).then((r) => r.arrayBuffer()))
    }
    const remotePerSecond = remote / ((performance.now() - started) / 1000)
    process.stdout.write(`  local verification (AccessTokenVerifier):  ${localPerSecond.toFixed(0).padStart(6)} per second\n`)
    process.stdout.write(`  GET /users/me round trip per request:      ${remotePerSecond.toFixed(0).padStart(6)} per second\n`)
    process.stdout.write(`  ratio:                                     ${(localPerSecond / remotePerSecond).toFixed(1)}x\n\n`)
  })))
}

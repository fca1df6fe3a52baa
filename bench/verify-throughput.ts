/**
 * Issue 5 and 30 figures: verifying an access token locally (signature, issuer, audience, expiry and
 * issue time against the cached JWKS) with `AccessTokenVerifier`, beside `jose.jwtVerify` making the
 * same checks with the same cached key set (`createLocalJWKSet` of the same JWKS), and beside asking
 * the server (`GET /users/me`) for every request over loopback. Short rounds alternate between the two
 * local verifiers and the median of the pairs' ratios is printed: on a shared machine the load of
 * other processes changes from second to second, and a pair close in time sees the same load.
 */
import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as Jose from "jose"
import { Emulator } from "../src/emulator/emulator.ts"
import { AccessTokenVerifier } from "../src/server/index.ts"
import { accessTokenAudiences, accessTokenIssuers, jwksUrl } from "../src/server/verify-token.ts"

const median = (values: ReadonlyArray<number>) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

/** Verifications per second of `verify` (an effect), run `count` times in sequence inside one effect, as a server's handler does. */
const effectRate = (count: number, verify: Effect.Effect<unknown, unknown>): Promise<number> =>
  Effect.runPromise(Effect.gen(function*() {
    const started = performance.now()
    for (let i = 0; i < count; i++) yield* verify
    return count / ((performance.now() - started) / 1000)
  }).pipe(Effect.orDie))

/** Verifications per second of `verify`, run `count` times in sequence. */
const rate = async (count: number, verify: () => Promise<unknown>): Promise<number> => {
  const started = performance.now()
  for (let i = 0; i < count; i++) await verify()
  return count / ((performance.now() - started) / 1000)
}

/** Prints local verifications per second (stackfx and jose, same run) beside `users/me` round trips per second. */
export const reportVerifyThroughput = async (): Promise<void> => {
  process.stdout.write("access-token checks per second (one token, loopback emulator; medians of 9 alternating rounds)\n")
  await Effect.runPromise(Effect.scoped(Effect.gen(function*() {
    const emu = yield* Emulator.serve({ port: 0 })
    const { baseUrl, projectId, publishableClientKey } = emu.info
    const headers = { "x-stack-access-type": "client", "x-stack-project-id": projectId, "x-stack-publishable-client-key": publishableClientKey, "content-type": "application/json" }
    const signUp = yield* Effect.promise(() =>
      fetch(`${baseUrl}/api/v1/auth/password/sign-up`, { method: "POST", headers, body: JSON.stringify({ email: "verify@example.com", password: "bench-password-123" }) }).then((r) => r.json())
    )
    const token = typeof signUp === "object" && signUp !== null ? String(Reflect.get(signUp, "access_token")) : ""
    const verifier = yield* AccessTokenVerifier.make({ projectId, baseUrl }).pipe(Effect.provide(FetchHttpClient.layer))
    const jwks = yield* Effect.promise(() => fetch(jwksUrl(baseUrl, projectId)).then((r) => r.json() as Promise<Jose.JSONWebKeySet>))
    const keySet = Jose.createLocalJWKSet(jwks)
    // The checks AccessTokenVerifier makes: ES256, the project's audience and issuer, exp with 30 s
    // tolerance, sub/iat/exp present, and iat not in the future.
    const joseVerify = async () => {
      const { payload } = await Jose.jwtVerify(token, keySet, {
        algorithms: ["ES256"],
        audience: accessTokenAudiences(projectId).normal,
        issuer: accessTokenIssuers(baseUrl, projectId).normal,
        clockTolerance: 30,
        requiredClaims: ["sub", "iat", "exp"]
      })
      if ((payload.iat ?? 0) > Date.now() / 1000 + 30) throw new Error("iat in the future")
    }
    const ours = verifier.verify(token)
    // Warm both (the key import, the JIT).
    yield* Effect.promise(() => effectRate(2_000, ours))
    yield* Effect.promise(() => rate(2_000, joseVerify))
    const oursRates: Array<number> = []
    const joseRates: Array<number> = []
    const ratios: Array<number> = []
    for (let round = 0; round < 9; round++) {
      const a = yield* Effect.promise(() => effectRate(1_000, ours))
      const b = yield* Effect.promise(() => rate(1_000, joseVerify))
      oursRates.push(a)
      joseRates.push(b)
      ratios.push(a / b)
    }
    const remote = 500
    const started = performance.now()
    for (let i = 0; i < remote; i++) {
      yield* Effect.promise(() => fetch(`${baseUrl}/api/v1/users/me`, { headers: { ...headers, "x-stack-access-token": token } }).then((r) => r.arrayBuffer()))
    }
    const remotePerSecond = remote / ((performance.now() - started) / 1000)
    const local = median(oursRates)
    process.stdout.write(`  local verification (AccessTokenVerifier, yielded in an effect):        ${local.toFixed(0).padStart(6)} per second\n`)
    process.stdout.write(`  jose.jwtVerify, same checks, cached key set:                        ${median(joseRates).toFixed(0).padStart(6)} per second\n`)
    process.stdout.write(`  stackfx/jose (median of the rounds' ratios):                         ${median(ratios).toFixed(2)}x (goal at least 0.9x: ${median(ratios) >= 0.9 ? "met" : "OVER"})\n`)
    process.stdout.write(`  GET /users/me round trip per request:                                ${remotePerSecond.toFixed(0).padStart(6)} per second (local is ${(local / remotePerSecond).toFixed(1)}x)\n\n`)
  })))
}

if (import.meta.main) await reportVerifyThroughput()

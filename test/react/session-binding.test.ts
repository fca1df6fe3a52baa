/**
 * The cache bound to the session: a sign-in or sign-out (any token-store change of the refresh
 * token) drops every user-scoped answer, including one still in flight, and refetches what is shown;
 * the project survives; an access-token refresh under the same session changes nothing.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import { noTokens } from "../../src/http/access.ts"
import { makeMemoryTokenStore, TokenStore } from "../../src/session/token-store.ts"
import { makeQueryCache, queryKey } from "../../react/cache.ts"
import { bindCacheToSession } from "../../react/session-binding.ts"

const tokens = (refresh: string, access?: string) => ({
  refreshToken: Option.some(Redacted.make(refresh)),
  accessToken: access === undefined ? Option.none() : Option.some(Redacted.make(access))
})
const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe("session-bound cache", () => {
  it("a session change drops the old session's answers, even one in flight, and keeps the project", async () => {
    const store = await Effect.runPromise(makeMemoryTokenStore(tokens("r1", "a1")))
    const cache = makeQueryCache<never>({ run: Effect.runPromiseExit })
    const unbind = await Effect.runPromise(bindCacheToSession(cache).pipe(Effect.provideService(TokenStore, store)))
    let user = "ada"
    const gates: Array<() => void> = []
    let runs = 0
    const readUser = Effect.callback<string>((resume) => {
      runs++
      const answer = user
      gates.push(() => resume(Effect.succeed(answer)))
    })
    const userKey = queryKey("user", "return-null")
    const projectKey = queryKey("project")
    const stop = cache.subscribe(userKey, () => {})
    await cache.fetch(projectKey, Effect.succeed("p"))
    const first = cache.fetch(userKey, readUser)
    for (const open of gates.splice(0)) open()
    await first
    assert.strictEqual(cache.read(userKey).data, "ada")

    // A refresh of the access token keeps the session: nothing refetches.
    await Effect.runPromise(store.set(tokens("r1", "a2")))
    await tick()
    assert.strictEqual(runs, 1)

    // A read in flight when the user signs out must not land after the sign-out.
    const stale = cache.fetch(userKey, readUser, true)
    user = "nobody"
    await Effect.runPromise(store.set(noTokens))
    assert.strictEqual(cache.read(userKey).status, "loading")
    assert.strictEqual(runs, 3)
    gates[0]!()
    await stale
    assert.notStrictEqual(cache.read(userKey).data, "ada")
    gates[1]!()
    await tick()
    assert.deepInclude(cache.read(userKey), { status: "success", data: "nobody" })
    assert.strictEqual(cache.read(projectKey).data, "p")
    stop()
    await Effect.runPromise(unbind)
  })
})

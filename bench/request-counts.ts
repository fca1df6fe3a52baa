/**
 * Issue 4 and 5 figures: HTTP requests the SDK makes for common flows, counted on the wire (the
 * in-process emulator's HttpClient wrapped by a counter), beside the minimum each flow needs.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as HttpClient from "effect/http/HttpClient"
import { getUser, layerCore, layerMemoryTokenStore, signInWithPassword, signOut, signUpWithPassword, StackClientCore } from "../src/client/index.ts"
import { createUser } from "../src/emulator/accounts.ts"
import { Emulator } from "../src/emulator/emulator.ts"
import { mintAccessToken } from "../src/emulator/tokens.ts"
import { StackServer } from "../src/server/index.ts"

/** The emulator's in-process HttpClient, counting requests by path. */
const counting = Effect.gen(function*() {
  const emu = yield* Emulator.make()
  const seen: Array<string> = []
  const http = HttpClient.make((request) => {
    seen.push(`${request.method} ${new URL(request.url).pathname}`)
    return emu.httpClient.execute(request)
  })
  return { emu, seen, http }
})

const count = (seen: ReadonlyArray<string>, from: number) => seen.slice(from)
const summary = (requests: ReadonlyArray<string>) => {
  const refreshes = requests.filter((r) => r.endsWith("/auth/oauth/token")).length
  return `${requests.length} requests (${refreshes} refresh)`
}

/** Prints the request counts of the client flows and of listing users. */
export const reportRequestCounts = async (): Promise<void> => {
  process.stdout.write("HTTP requests per flow (counted on the wire, in-process emulator)\n")
  await Effect.runPromise(Effect.gen(function*() {
    const { emu, seen, http } = yield* counting
    const core = layerCore({ projectId: emu.info.projectId, publishableClientKey: emu.info.publishableClientKey, baseUrl: emu.info.baseUrl }).pipe(
      Layer.provide(Layer.merge(layerMemoryTokenStore(), Layer.succeed(HttpClient.HttpClient, http)))
    )
    yield* Effect.gen(function*() {
      const email = "counted@example.com"
      const password = "correct horse battery"
      let from = seen.length
      yield* signUpWithPassword({ email, password })
      process.stdout.write(`  sign-up:                                   ${count(seen, from).length} request (minimum 1)\n`)
      yield* signOut()
      from = seen.length
      yield* signInWithPassword({ email, password })
      yield* getUser()
      process.stdout.write(`  sign-in, then read the user:               ${count(seen, from).length} requests (minimum 2)\n`)
      // Make the stored access token one that expired an hour ago, as after a long idle tab.
      const { session } = yield* StackClientCore
      const tokens = yield* session.tokens
      const refreshToken = Option.getOrElse(Option.map(tokens.refreshToken, Redacted.value), () => "")
      const expired = yield* emu.withState((data) =>
        Effect.gen(function*() {
          const record = Object.values(data.refreshTokens).find((s) => s.token === refreshToken)
          return record === undefined ? "" : yield* mintAccessToken(emu.env, record, Date.now() - 3_600_000)
        })
      )
      yield* session.setTokens({ accessToken: expired, refreshToken })
      from = seen.length
      yield* Effect.all(Array.from({ length: 100 }, () => getUser()), { concurrency: "unbounded" })
      process.stdout.write(`  100 concurrent reads, expired access token: ${summary(count(seen, from))} (minimum 1 refresh + 100 reads)\n`)
    }).pipe(Effect.provide(core))

    const server = StackServer.layer({ projectId: emu.info.projectId, secretServerKey: emu.info.secretServerKey, baseUrl: emu.info.baseUrl }).pipe(
      Layer.provide(Layer.succeed(HttpClient.HttpClient, http))
    )
    yield* Effect.gen(function*() {
      const stack = yield* StackServer
      yield* emu.withState((data) =>
        Effect.sync(() => {
          const project = data.projects[emu.info.projectId]
          if (project === undefined) return
          // With the account made above: 1,000 users.
          for (let i = 0; i < 999; i++) createUser(data, project, { displayName: `Listed ${i}` }, 1_700_000_000_000 + i)
        })
      )
      const from = seen.length
      let listed = 0
      let cursor: string | undefined
      do {
        const page = yield* stack.listUsers({ limit: 100, cursor })
        listed += page.items.length
        cursor = page.nextCursor ?? undefined
      } while (cursor !== undefined)
      process.stdout.write(`  list ${listed.toLocaleString("en-US")} users, pages of 100:           ${count(seen, from).length} requests (minimum 10)\n\n`)
    }).pipe(Effect.provide(server))
  }))
}

/**
 * The same program as client-sign-in.ts, wired through Effect's `HttpClient` (`FetchHttpClient.layer`)
 * instead of stackfx's fetch transport: what an app pays for `effect/http` in the browser.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import { getUser, layerCore, layerMemoryTokenStore, signInWithPassword } from "stackfx/client"

const program = Effect.gen(function*() {
  yield* signInWithPassword({ email: "ada@example.com", password: "correct horse battery" })
  return yield* getUser()
})

const live = layerCore({ projectId: "00000000-0000-4000-8000-000000000000" }).pipe(
  Layer.provide(Layer.merge(layerMemoryTokenStore(), FetchHttpClient.layer))
)

Effect.runFork(program.pipe(Effect.provide(live)))

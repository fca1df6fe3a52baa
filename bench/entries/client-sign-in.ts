/**
 * The measured browser program: sign in with a password and read the current user through
 * `stackfx/client` (resolved to the source entry by the bundler), with fetch and a memory token store.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { getUser, layerCoreFetch, layerMemoryTokenStore, signInWithPassword } from "stackfx/client"

const program = Effect.gen(function*() {
  yield* signInWithPassword({ email: "ada@example.com", password: "correct horse battery" })
  return yield* getUser()
})

const live = layerCoreFetch({ projectId: "00000000-0000-4000-8000-000000000000" }).pipe(
  Layer.provide(layerMemoryTokenStore())
)

Effect.runFork(program.pipe(Effect.provide(live)))

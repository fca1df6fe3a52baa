/** Starts the emulator and the server-rendered example (run through `main.ts`). */
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import { Emulator } from "../../src/emulator/index.ts"
import { serveSsrExample } from "./server.tsx"

Effect.runPromise(Effect.scoped(Effect.gen(function*() {
  const emu = yield* Effect.orDie(Emulator.serve({ port: 0 }))
  const { origin } = yield* serveSsrExample({
    baseUrl: emu.info.baseUrl,
    projectId: emu.info.projectId,
    publishableClientKey: emu.info.publishableClientKey
  })
  yield* Console.log(`stackfx server-rendered example at ${origin}/ (emulator ${emu.info.baseUrl})`)
  return yield* Effect.never
}))).catch((error: unknown) => {
  process.stderr.write(`example failed: ${String(error)}\n`)
  process.exitCode = 1
})

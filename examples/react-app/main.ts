/**
 * `npm run example:react`: the React example app and a local emulator, until Ctrl-C. Open the
 * printed address; e-mails (magic links, verification) are at the emulator's outbox address.
 */
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import { startReactExample } from "./serve.ts"

Effect.runPromise(Effect.scoped(Effect.gen(function*() {
  const { emu, page } = yield* startReactExample
  yield* Console.log(`stackfx React example at ${page.origin}/ (emulator ${emu.info.baseUrl}, e-mails at ${emu.info.outboxUrl})`)
  return yield* Effect.never
}))).catch((error: unknown) => {
  process.stderr.write(`example failed: ${String(error)}\n`)
  process.exitCode = 1
})

/**
 * `npm run walkthrough`: starts the stackfx emulator on a free loopback port and runs the console examples against
 * it over real HTTP. No network, no Docker, no keys to set up.
 */
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import { Emulator } from "../src/emulator/index.ts"
import { runAdminWalkthrough } from "./admin-walkthrough.ts"
import { runClientWalkthrough } from "./client-walkthrough.ts"
import { runServerWalkthrough } from "./server-walkthrough.ts"

const demo = Effect.scoped(
  Effect.gen(function*() {
    const emulator = yield* Emulator.serve({ port: 0 })
    const { info } = emulator
    yield* Console.log(`stackfx emulator at ${info.baseUrl} (project ${info.projectId})`)
    yield* runClientWalkthrough({
      baseUrl: info.baseUrl,
      projectId: info.projectId,
      publishableClientKey: info.publishableClientKey
    })
    yield* runServerWalkthrough({ baseUrl: info.baseUrl, projectId: info.projectId, secretServerKey: info.secretServerKey })
    yield* runAdminWalkthrough({ baseUrl: info.baseUrl, projectId: info.projectId, superSecretAdminKey: info.superSecretAdminKey })
    const mails = yield* emulator.outbox()
    yield* Console.log(`emulator outbox: ${mails.length} e-mail(s)`)
    yield* Console.log("walkthrough finished")
  })
)

Effect.runPromise(demo).catch((error: unknown) => {
  process.stderr.write(`walkthrough failed: ${String(error)}\n`)
  process.exitCode = 1
})

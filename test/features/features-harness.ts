/**
 * A StackClient and a StackServer of one emulator, in-process or over a real loopback socket, for
 * the tests of the features beyond the seed; plus switching project settings directly in the state.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { Emulator } from "../../src/emulator/emulator.ts"
import { StackAdmin } from "../../src/admin/index.ts"
import { StackServer } from "../../src/server/index.ts"
import { inProcess, overHttp } from "../client/client-harness.ts"

const serverOf = Layer.unwrap(Effect.gen(function*() {
  const emu = yield* Emulator
  return Layer.merge(
    StackServer.layer({ projectId: emu.info.projectId, secretServerKey: emu.info.secretServerKey, baseUrl: emu.info.baseUrl }),
    StackAdmin.layer({ projectId: emu.info.projectId, superSecretAdminKey: emu.info.superSecretAdminKey, baseUrl: emu.info.baseUrl })
  )
}))

/** The two ways every feature test runs: StackClient, StackServer and StackAdmin of one emulator. */
export const transports = [
  ["in-process", () => Layer.provideMerge(serverOf, inProcess())],
  ["over HTTP", () => Layer.provideMerge(serverOf, overHttp())]
] as const

/** Changes the default project's configuration. */
export { configureProject as configure } from "../unions/witness.ts"

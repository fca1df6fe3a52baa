/**
 * `stackfx/emulator`: a local, in-memory Stack Auth API. `Emulator.layer()` for in-process tests,
 * `Emulator.serve({ port })` over HTTP, `npx stackfx emulator` from the shell (`cli.ts`).
 */
export {
  Emulator,
  type EmulatorInfo,
  type EmulatorOptions,
  type EmulatorService,
  inProcessClient,
  seedState,
  type ServeOptions
} from "./emulator.ts"
export { decodeState, encodeState, type OutboxEmailRecord, type StateData } from "./state.ts"
export { type Fault, FaultSyntaxError, parseFault } from "./faults.ts"

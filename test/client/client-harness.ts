/**
 * StackClient over an emulator: in-process (`Emulator.layer`) by default, or over real HTTP
 * (`Emulator.layerServe` + fetch). Each test gets a fresh emulator and its own token store.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as HttpClient from "effect/http/HttpClient"
import { type FetchFunction, StackClient, type StackClientOptions } from "../../src/client/index.ts"
import { Emulator, type EmulatorOptions, type EmulatorService } from "../../src/emulator/emulator.ts"
import { layerMemoryTokenStore } from "../../src/session/token-store.ts"

/** A StackClient for the emulator's default project, needing the Emulator and an HttpClient. */
export const clientFor = (extra: Partial<StackClientOptions> = {}) => Layer.unwrap(
  Effect.gen(function*() {
    const emu = yield* Emulator
    return StackClient.layer({
      projectId: emu.info.projectId,
      publishableClientKey: emu.info.publishableClientKey,
      baseUrl: emu.info.baseUrl,
      ...extra
    }).pipe(Layer.provide(layerMemoryTokenStore()))
  })
)

/** StackClient + Emulator + HttpClient, answered in-process. */
export const inProcess = (options: EmulatorOptions = {}, client: Partial<StackClientOptions> = {}) =>
  Layer.provideMerge(clientFor(client), Emulator.layer(options))

/** StackClient + Emulator + HttpClient, over a real loopback socket. */
export const overHttp = (options: EmulatorOptions = {}) =>
  Layer.provideMerge(clientFor(), Layer.merge(Emulator.layerServe({ ...options, port: 0 }), FetchHttpClient.layer))

/** A StackClient for the emulator's default project sending with `fetch` (no `HttpClient`). */
export const clientFetchFor = (fetchFrom: (emu: EmulatorService) => FetchFunction | undefined) => Layer.unwrap(
  Effect.gen(function*() {
    const emu = yield* Emulator
    return StackClient.layerFetch(
      { projectId: emu.info.projectId, publishableClientKey: emu.info.publishableClientKey, baseUrl: emu.info.baseUrl },
      fetchFrom(emu)
    ).pipe(Layer.provide(layerMemoryTokenStore()))
  })
)

/** StackClient over the fetch transport + an Emulator answering that fetch in-process (TestClock applies). */
export const inProcessFetch = (options: EmulatorOptions = {}) =>
  Layer.provideMerge(clientFetchFor((emu) => emu.fetch), Layer.effect(Emulator, Emulator.make(options)))

/** StackClient over the platform's own `fetch` + an Emulator on a real loopback socket. */
export const overHttpFetch = (options: EmulatorOptions = {}) =>
  Layer.provideMerge(clientFetchFor(() => undefined), Emulator.layerServe({ ...options, port: 0 }))

let counter = 0
/** A fresh address for one test. */
export const freshEmail = (prefix = "client"): string => `${prefix}-${Date.now().toString(36)}-${++counter}@example.com`

/** The newest outbox e-mail to `to`. */
export const lastEmailTo = (to: string) =>
  Effect.gen(function*() {
    const emu = yield* Emulator
    const mails = yield* emu.outbox(to)
    return mails.at(-1)
  })

export type { HttpClient }

/**
 * The page program of compressed-body-in-chromium.test.ts: the client reads the project from a server
 * whose answer is a small gzip body that decodes to far more than the body cap. It leaves the error
 * it met, and how long that took, in `window.stackfxResult`.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { getProject, layerCoreFetch, layerMemoryTokenStore } from "../../../src/client/index.ts"
import { pageConfig } from "./config.ts"

const started = performance.now()
Effect.runPromise(getProject().pipe(
  Effect.provide(layerCoreFetch(pageConfig).pipe(Layer.provide(layerMemoryTokenStore()))),
  Effect.map(() => ({ outcome: "read whole" })),
  Effect.catch((error) => Effect.succeed({ outcome: "reason" in error ? `${error._tag} ${String(error.reason)}` : error._tag })),
  Effect.map((result) => ({ ...result, millis: performance.now() - started }))
)).then((result) => {
  Object.assign(globalThis, { stackfxResult: result })
})

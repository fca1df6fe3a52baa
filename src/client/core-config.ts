/** The client core configured from the environment (kept apart so bundles that do not use it skip Config). */
import type { InvalidStackOptions } from "./options-check.ts"
import type * as Config from "effect/Config"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as HttpClient from "effect/http/HttpClient"
import { layerHttpClientTransport } from "../http/transport-http-client.ts"
import { baseUrlConfig, orUndefined, projectIdConfig, publishableClientKeyConfig } from "../http/config.ts"
import type { TokenStore } from "../session/token-store.ts"
import { StackClientCore } from "./context.ts"
import { makeCore } from "./core.ts"

/** The core from `STACK_PROJECT_ID`, optional `STACK_PUBLISHABLE_CLIENT_KEY` and `STACK_API_URL`. */
export const layerCoreConfig: Layer.Layer<StackClientCore, Config.ConfigError | InvalidStackOptions, TokenStore | HttpClient.HttpClient> = /*#__PURE__*/ Layer.effect(
  StackClientCore,
  Effect.gen(function*() {
    return yield* makeCore({
      projectId: yield* projectIdConfig,
      publishableClientKey: orUndefined(yield* publishableClientKeyConfig),
      baseUrl: yield* baseUrlConfig
    })
  })
).pipe(Layer.provide(layerHttpClientTransport()))

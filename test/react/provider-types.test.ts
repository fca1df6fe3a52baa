/**
 * StackProvider's layer must provide what the hooks and handler pages use: a layer without the
 * navigation, cookie jar or WebAuthn services does not type-check (the `@ts-expect-error` lines fail
 * the type check if it ever does), while `layerBrowser(options)` does.
 */
import * as Layer from "effect/Layer"
import { createElement } from "react"
import { assert, describe, it } from "vitest"
import { layerCoreFetch, layerMemoryTokenStore } from "../../src/client/index.ts"
import { layerBrowser, StackProvider } from "../../react/index.ts"

const options = { projectId: "7ac5f2e0-0000-4000-8000-000000000001", publishableClientKey: "pck_x" }

describe("StackProvider's layer type", () => {
  it("accepts layerBrowser and refuses a core without the browser services", () => {
    const complete = createElement(StackProvider<Layer.Success<ReturnType<typeof layerBrowser>>, Layer.Error<ReturnType<typeof layerBrowser>>>, {
      layer: layerBrowser(options)
    })
    const coreOnly = layerCoreFetch(options).pipe(Layer.provide(layerMemoryTokenStore()))
    const incomplete = createElement(StackProvider<Layer.Success<typeof coreOnly>, Layer.Error<typeof coreOnly>>, {
      // @ts-expect-error the layer lacks CookieJar, Navigation and WebAuthn: OAuth and passkey buttons could not work
      layer: coreOnly
    })
    assert.isDefined(complete.props.layer)
    assert.isDefined(incomplete)
  })
})

/**
 * A browser app's module evaluated on a server (what Next.js does with a client component): the
 * provider over `layerBrowser(options)` renders in Node, where there is no `window`, `document` or
 * `location`: signed out, the handler pages render for the path they are given, nothing navigates,
 * and nothing is left running (no cookie poll, no channel) once the render is done.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { renderToReadableStream } from "react-dom/server"
import { layerBrowser, StackHandler, StackProvider, useUser } from "../../react/index.ts"
import { Emulator } from "../../src/emulator/emulator.ts"
import { getUser, getUserOrRedirect } from "../../src/client/index.ts"
import { makeStackStore } from "../../react/store.ts"

const projectId = "5f0c1a8e-0000-4000-8000-00000000beef"
const publishableClientKey = "pck_browser_layer_on_server"

const render = async (node: React.ReactNode) => {
  const stream = await renderToReadableStream(node)
  await stream.allReady
  return new Response(stream).text()
}

const Greeting = () => {
  const user = useUser()
  return <p id="greeting">{user === null ? "Signed out" : "Signed in"}</p>
}

describe("layerBrowser outside a browser", () => {
  it.effect("renders signed out, routes the handler page it is given, navigates nowhere", () =>
    Effect.gen(function*() {
      assert.strictEqual(typeof document, "undefined")
      const emu = yield* Emulator
      const layer = layerBrowser({ projectId, publishableClientKey, baseUrl: "http://emulator.test", fetch: emu.fetch })
      const html = yield* Effect.promise(() =>
        render(
          <StackProvider layer={layer}>
            <Greeting />
            <StackHandler path="/handler/sign-up" searchParams={{ after_auth_return_to: "/dashboard" }} />
          </StackProvider>
        )
      )
      assert.include(html, "Signed out")
      assert.include(html, "name=\"password-repeat\"")
      assert.include(html, "after_auth_return_to=%2Fdashboard")

      // Without a path, the handler shows its loading state (the browser routes after hydrating).
      const unrouted = yield* Effect.promise(() => render(<StackProvider layer={layer}><StackHandler /></StackProvider>))
      assert.include(unrouted, "Loading…")

      // A redirect asked for on the server goes nowhere and still ends; a signed-out read answers none.
      const store = makeStackStore(layer)
      const redirected = yield* Effect.promise(() => store.runtime.runPromiseExit(getUserOrRedirect()))
      assert.strictEqual(redirected._tag, "Failure")
      const user = yield* Effect.promise(() => store.runtime.runPromise(getUser()))
      assert.strictEqual(user._tag, "None")
      yield* Effect.promise(() => store.dispose())
    }).pipe(Effect.provide(Emulator.layer({ projectId, publishableClientKey }))))
})

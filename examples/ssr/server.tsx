/**
 * The server-rendered example: each page request renders the React app on the server as the user
 * whose cookies it carries (`layerServerRender`), waits for every read, and sends the HTML with the
 * answers it read (`dehydrate`), which the browser hydrates from (`client.tsx`).
 */
import * as Http from "node:http"
import * as Path from "node:path"
import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"
import * as Esbuild from "esbuild"
import { StrictMode } from "react"
import { renderToReadableStream } from "react-dom/server"
import { dehydrate, layerServerRender, makeStackStore, serializeHydration, StackProvider } from "../../react/index.ts"
import { configElementId, type ExampleConfig } from "../react-app/config.ts"
import { App } from "./app.tsx"
import { hydrationElementId, rootElementId } from "./page.ts"

/** Where `client.tsx` is (this directory, unless this file was bundled elsewhere: see main.ts). */
const clientEntry = () => Path.join(process.env["STACKFX_SSR_EXAMPLE_DIR"] ?? import.meta.dirname, "client.tsx")

/** Bundles the browser side (`client.tsx`). */
export const bundleClient = Effect.promise(async () => {
  const result = await Esbuild.build({
    entryPoints: [clientEntry()],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    jsx: "automatic",
    write: false
  })
  return result.outputFiles[0]?.text ?? ""
})

const escapeJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c")

/** What a page request is answered with: the page, or (a page for signed-in users, signed out) a redirect. */
export type RenderedPage = { readonly _tag: "Html"; readonly html: string } | { readonly _tag: "Redirect"; readonly url: string }

/** Renders the page for one request: the HTML, with the user's data in it and the answers to hydrate from, or where to go instead. */
export const renderPage = async (config: ExampleConfig, request: Http.IncomingMessage, origin: string): Promise<RenderedPage> => {
  const url = new URL(request.url ?? "/", origin)
  let redirect: string | undefined
  const store = makeStackStore(layerServerRender({ ...config, request: request.headers, url: url.href, onRedirect: (to) => (redirect = to) }))
  try {
    const stream = await renderToReadableStream(
      <StrictMode>
        <StackProvider store={store}>
          <App path={url.pathname} search={url.search} />
        </StackProvider>
      </StrictMode>,
      // Whole pages in place: React 19 otherwise sends a large finished boundary (a page with the
      // kit's styles) as a loading fallback plus a hidden copy swapped in by script.
      { progressiveChunkSize: Number.POSITIVE_INFINITY }
    )
    await stream.allReady
    // The render asked to leave the page (useUser({ or: "redirect" }) signed out): the browser goes there, not to a page that could not render.
    if (redirect !== undefined) return { _tag: "Redirect", url: redirect }
    const body = await new Response(stream).text()
    return { _tag: "Html", html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>stackfx server rendering</title>` +
      `<script type="application/json" id="${configElementId}">${escapeJson(config)}</script></head>` +
      `<body><div id="${rootElementId}">${body}</div>` +
      `<script type="application/json" id="${hydrationElementId}">${serializeHydration(dehydrate(store.cache))}</script>` +
      `<script type="module" src="/client.js"></script></body></html>` }
  } finally {
    await store.dispose()
  }
}

/** Serves the server-rendered example against `config`'s emulator on a free loopback port, for the scope. */
export const serveSsrExample = (config: ExampleConfig): Effect.Effect<{ readonly origin: string }, never, Scope.Scope> =>
  Effect.gen(function*() {
    const script = yield* bundleClient
    return yield* Effect.acquireRelease(
      Effect.callback<{ readonly server: Http.Server; readonly origin: string }>((resume) => {
        let origin = ""
        const server = Http.createServer((request, response) => {
          if (request.url === "/client.js") {
            response.writeHead(200, { "content-type": "text/javascript" }).end(script)
          } else if (request.url === "/favicon.ico" || request.url?.startsWith("/.well-known/") === true) {
            response.writeHead(404).end()
          } else {
            renderPage(config, request, origin).then(
              (page) =>
                page._tag === "Redirect"
                  ? response.writeHead(307, { location: page.url }).end()
                  : response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page.html),
              (error: unknown) => response.writeHead(500, { "content-type": "text/plain" }).end(`render failed: ${String(error)}`)
            )
          }
        })
        server.listen(0, "127.0.0.1", () => {
          const address = server.address()
          origin = `http://localhost:${typeof address === "object" && address !== null ? address.port : 0}`
          resume(Effect.succeed({ server, origin }))
        })
      }),
      ({ server }) =>
        Effect.callback<void>((resume) => {
          server.closeAllConnections()
          server.close(() => resume(Effect.void))
        })
    )
  })

/**
 * The browser side of the server-rendered example: hydrates the HTML the server rendered, with the
 * answers it rendered from (so the first browser render matches it and makes no request).
 */
import { StrictMode } from "react"
import { hydrateRoot } from "react-dom/client"
import { layerBrowser } from "../../src/browser/index.ts"
import { readHydration, StackProvider } from "../../react/index.ts"
import { readExampleConfig } from "../react-app/config.ts"
import { App } from "./app.tsx"
import { hydrationElementId, rootElementId } from "./page.ts"

const layer = layerBrowser(readExampleConfig())
const hydration = readHydration(JSON.parse(document.getElementById(hydrationElementId)?.textContent ?? "null"))
const root = document.getElementById(rootElementId)

/** Hydration problems, for the example's test to read (React recovers from them by rendering again). */
const recoverable: Array<string> = []
Object.assign(globalThis, { stackfxHydrationErrors: recoverable })

if (root !== null) {
  hydrateRoot(
    root,
    <StrictMode>
      <StackProvider layer={layer} hydration={hydration}>
        <App path={location.pathname} search={location.search} />
      </StackProvider>
    </StrictMode>,
    { onRecoverableError: (error) => recoverable.push(String(error)) }
  )
}

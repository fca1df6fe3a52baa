/**
 * The kit's sign-in and sign-up cards embedded in an app page that has its own `h1`: both cards at
 * heading level 2, side by side (their ids must not collide).
 */
import { StrictMode, Suspense } from "react"
import { createRoot } from "react-dom/client"
import { layerBrowser } from "../../../src/browser/index.ts"
import { SignIn, SignUp, StackProvider, StackTheme } from "../../../react/index.ts"
import { pageConfig } from "./config.ts"

const layer = layerBrowser(pageConfig)

const root = document.createElement("div")
document.body.append(root)
createRoot(root).render(
  <StrictMode>
    <StackProvider layer={layer}>
      <StackTheme fill>
        <main>
          <h1>My app</h1>
          <Suspense fallback={<p aria-busy="true">Loading…</p>}>
            <SignIn headingLevel={2} />
            <SignUp headingLevel={2} />
          </Suspense>
        </main>
      </StackTheme>
    </StackProvider>
  </StrictMode>
)

/** The browser entry: one provider over the app's layer. */
import { StrictMode, Suspense } from "react"
import { createRoot } from "react-dom/client"
import { StackProvider } from "stackfx/react"
import { App } from "./app"
import { layer } from "./stack"

const root = document.getElementById("root")
if (root !== null) {
  createRoot(root).render(
    <StrictMode>
      <StackProvider layer={layer}>
        <Suspense fallback={<p>Loading…</p>}>
          <App path={location.pathname} />
        </Suspense>
      </StackProvider>
    </StrictMode>
  )
}

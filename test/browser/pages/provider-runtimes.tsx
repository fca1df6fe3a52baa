/**
 * A page counting the runtimes `StackProvider` builds and releases (a layer whose construction and
 * finalizer count on `window.runtimes`), in StrictMode. `?case=`:
 * - `sibling`: the provider's first render is discarded once (a sibling in the same Suspense boundary
 *   suspends for 300 ms, after the provider's child started reading the user), then retried;
 * - `switch`: a button gives the provider a second layer.
 * `#unmount` unmounts the whole tree.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { StrictMode, Suspense, useState } from "react"
import { createRoot } from "react-dom/client"
import { layerBrowser } from "../../../src/browser/index.ts"
import { StackProvider, useUser } from "../../../react/index.ts"
import { pageConfig } from "./config.ts"

const counts = { built: 0, released: 0 }
Reflect.set(window, "runtimes", counts)

/** A layer that counts its constructions and their finalizers. */
const counted = () =>
  Layer.merge(
    layerBrowser(pageConfig),
    Layer.effectDiscard(Effect.acquireRelease(Effect.sync(() => void counts.built++), () => Effect.sync(() => void counts.released++)))
  )

const first = counted()
const second = counted()

const Name = () => <p id="name">{useUser()?.displayName ?? "signed out"}</p>

let siblingReady = false
const siblingWait = new Promise<void>((resolve) => setTimeout(() => {
  siblingReady = true
  resolve()
}, 300))
/** Suspends its boundary for 300 ms after the page starts. */
const SlowSibling = () => {
  if (!siblingReady) throw siblingWait
  return <p id="sibling">sibling</p>
}

const Switching = () => {
  const [layer, setLayer] = useState(() => first)
  return (
    <>
      <button type="button" id="switch" onClick={() => setLayer(second)}>Switch</button>
      <StackProvider layer={layer}><Name /></StackProvider>
    </>
  )
}

const which = new URLSearchParams(location.search).get("case")
const root = createRoot(document.body.appendChild(document.createElement("div")))
const unmount = document.body.appendChild(document.createElement("button"))
unmount.id = "unmount"
unmount.textContent = "Unmount"
unmount.onclick = () => root.unmount()
root.render(
  <StrictMode>
    {which === "switch" ? <Switching /> : (
      <Suspense fallback={<p id="waiting">waiting</p>}>
        <SlowSibling />
        <StackProvider layer={first}><Name /></StackProvider>
      </Suspense>
    )}
  </StrictMode>
)

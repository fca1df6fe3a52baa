/**
 * A React app whose `/handler/*` routes are stackfx/react's `StackHandler`, and whose home page shows
 * the user: the Chromium test signs up, out and in through the handler pages themselves.
 */
import * as Layer from "effect/Layer"
import { createElement as h, StrictMode, Suspense } from "react"
import { createRoot } from "react-dom/client"
import { layerBrowserNavigation, layerCookieTokenStore, layerDocumentCookieJar } from "../../../src/browser/index.ts"
import { layerCoreFetch } from "../../../src/client/index.ts"
import { StackHandler, StackProvider, useUser } from "../../../react/index.ts"
import { pageConfig } from "./config.ts"

const layer = Layer.mergeAll(
  layerCoreFetch(pageConfig).pipe(Layer.provide(layerCookieTokenStore(pageConfig.projectId))),
  layerBrowserNavigation
).pipe(Layer.provideMerge(layerDocumentCookieJar))

const Home = () => {
  const user = useUser()
  return h("p", { id: "home" }, user === null ? "signed out" : `hello ${user.primaryEmail ?? "?"}`)
}

const App = () =>
  h(Suspense, { fallback: h("p", null, "loading") }, location.pathname.startsWith("/handler/") ? h(StackHandler) : h(Home))

const root = document.createElement("div")
document.body.append(root)
createRoot(root).render(h(StrictMode, null, h(StackProvider<Layer.Success<typeof layer>>, { layer }, h(App))))

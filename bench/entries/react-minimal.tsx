/** The smallest React app: `StackProvider` over a browser layer and one component reading `useUser()`. */
import * as Layer from "effect/Layer"
import { createRoot } from "react-dom/client"
import { layerCookieTokenStore, layerDocumentCookieJar } from "../../src/browser/index.ts"
import { layerCoreFetch } from "../../src/client/index.ts"
import { StackProvider, useUser } from "../../react/index.ts"

const projectId = "project"
const layer = layerCoreFetch({ projectId, publishableClientKey: "pck_x", baseUrl: "https://api.example" }).pipe(
  Layer.provide(layerCookieTokenStore(projectId)),
  Layer.provide(layerDocumentCookieJar)
)
const Name = () => <p>{useUser()?.displayName ?? "signed out"}</p>
createRoot(document.body).render(<StackProvider layer={layer}><Name /></StackProvider>)

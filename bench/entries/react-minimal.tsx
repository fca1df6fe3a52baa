/** The smallest React app: `StackProvider` over the browser layer and one component reading `useUser()`. */
import { createRoot } from "react-dom/client"
import { layerBrowser, StackProvider, useUser } from "../../react/index.ts"

const layer = layerBrowser({ projectId: "project", publishableClientKey: "pck_x", baseUrl: "https://api.example" })
const Name = () => <p>{useUser()?.displayName ?? "signed out"}</p>
createRoot(document.body).render(<StackProvider layer={layer}><Name /></StackProvider>)

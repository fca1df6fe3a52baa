/** The official kit's equivalent of ../react-minimal.tsx: `StackProvider` and one component reading `useUser()`. */
import { StackClientApp, StackProvider, useUser } from "@stackframe/react"
import { createRoot } from "react-dom/client"

const app = new StackClientApp({ projectId: "project", publishableClientKey: "pck_x", baseUrl: "https://api.example", tokenStore: "cookie" })
const Name = () => <p>{useUser()?.displayName ?? "signed out"}</p>
createRoot(document.body).render(<StackProvider app={app}><Name /></StackProvider>)

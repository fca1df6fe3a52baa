/** The kit's smallest useful app: `StackProvider`, `StackTheme`, `SignIn`, `UserButton` and `useUser`. */
import { createRoot } from "react-dom/client"
import { layerBrowser, SignIn, StackProvider, StackTheme, UserButton, useUser } from "../../react/index.ts"

const layer = layerBrowser({ projectId: "project", publishableClientKey: "pck_x", baseUrl: "https://api.example" })
const App = () => (useUser() === null ? <SignIn /> : <UserButton />)
createRoot(document.body).render(<StackProvider layer={layer}><StackTheme><App /></StackTheme></StackProvider>)

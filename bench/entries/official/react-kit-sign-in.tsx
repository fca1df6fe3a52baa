/** The official kit's equivalent of ../react-kit-sign-in.tsx: `StackProvider`, `StackTheme`, `SignIn`, `UserButton` and `useUser`. */
import { SignIn, StackClientApp, StackProvider, StackTheme, UserButton, useUser } from "@stackframe/react"
import { createRoot } from "react-dom/client"

const app = new StackClientApp({ projectId: "project", publishableClientKey: "pck_x", baseUrl: "https://api.example", tokenStore: "cookie" })
const App = () => (useUser() === null ? <SignIn /> : <UserButton />)
createRoot(document.body).render(<StackProvider app={app}><StackTheme><App /></StackTheme></StackProvider>)

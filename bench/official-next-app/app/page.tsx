/** The home page, as in examples/next-app: the user read on the server and a client panel with hooks. */
import { stackServerApp } from "../stack"
import { ClientPanel } from "./client-panel"

export default async function Home() {
  const user = await stackServerApp.getUser()
  return (
    <main>
      <h1>{user === null ? "Signed out" : `Hello, ${user.displayName ?? user.primaryEmail ?? "user"}`}</h1>
      <ClientPanel />
    </main>
  )
}

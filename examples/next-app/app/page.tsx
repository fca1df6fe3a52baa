/** The home page (a server component): the user read on the server, a client panel with hooks, a server action. */
import { stack } from "../lib/stack"
import { rename } from "./actions"
import { ClientPanel } from "./client-panel"

export default async function Home() {
  const user = await stack.currentUser()
  return (
    <main>
      <h1 id="server-greeting">{user === null ? "Signed out" : `Hello, ${user.displayName ?? user.primaryEmail ?? "user"}`}</h1>
      <ClientPanel />
      {user === null ? null : (
        <form action={rename}>
          <label>
            Display name <input name="displayName" defaultValue={user.displayName ?? ""} required />
          </label>
          <button type="submit">Rename</button>
        </form>
      )}
      <nav>
        <a href="/protected">Protected page</a> · <a href="/kit">Component kit</a> · <a href="/handler/sign-in">Sign in</a> ·{" "}
        <a href="/handler/sign-up">Sign up</a>
      </nav>
    </main>
  )
}

/** Signed-in users only: the middleware redirects visitors first; the page checks again on its own. */
import { stack } from "../../lib/stack"

export default async function Protected() {
  const user = await stack.currentUser({ or: "redirect" })
  return (
    <main>
      <h1 id="protected">Protected page for {user.displayName ?? user.primaryEmail}</h1>
      <a href="/">Home</a>
    </main>
  )
}

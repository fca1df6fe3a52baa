/** The app: the handler pages at `/handler/*`, a home page that knows the user everywhere else. */
import { StackErrorBoundary, StackHandler, StackTheme, UserButton, useTeams, useUser } from "stackfx/react"

const Teams = () => {
  const teams = useTeams()
  return <ul id="teams">{teams.map((team) => <li key={team.id}>{team.displayName}</li>)}</ul>
}

const Home = () => {
  const user = useUser()
  if (user === null) {
    return (
      <main id="home">
        <h1>Signed out</h1>
        <a href="/handler/sign-in">Sign in</a> · <a href="/handler/sign-up">Sign up</a>
      </main>
    )
  }
  return (
    <main id="home">
      <header><UserButton /></header>
      <h1 id="greeting">Hello, {user.displayName ?? user.primaryEmail}</h1>
      <Teams />
      <a href="/handler/account-settings">Account settings</a> · <a href="/handler/sign-out">Sign out</a>
    </main>
  )
}

/** `path` is the page's path, read once by main.tsx (the app itself reads no `location` while rendering). */
export const App = ({ path }: { readonly path: string }) => (
  <StackTheme fill>
    <StackErrorBoundary>
      {path.startsWith("/handler/") ? <StackHandler /> : <Home />}
    </StackErrorBoundary>
  </StackTheme>
)

/**
 * The React example app, and what `npm run demo` shows: stackfx/react's kit over the browser layer
 * against a local emulator. The header has the user button and the team switcher; `/` lists the
 * user's teams and e-mail addresses; `/account` is the account settings; `/admin` the project
 * owner's view; `/handler/*` the handler pages (sign-in, sign-up, callbacks, ...).
 */
import { StrictMode, Suspense } from "react"
import { createRoot } from "react-dom/client"
import { layerBrowser } from "../../src/browser/index.ts"
import {
  AccountSettings,
  SelectedTeamSwitcher,
  StackErrorBoundary,
  StackHandler,
  StackProvider,
  StackTheme,
  TeamCreation,
  useContactChannels,
  useTeams,
  UserButton,
  useUser
} from "../../react/index.ts"
import { AdminPage } from "./admin.tsx"
import { DashboardPage } from "./dashboard-page.tsx"
import { readExampleConfig } from "./config.ts"

const exampleConfig = readExampleConfig()

// One layer for the app's life: the provider builds one runtime from it.
const layer = layerBrowser(exampleConfig)

const Teams = () => {
  const teams = useTeams()
  return (
    <section aria-labelledby="home-teams">
      <h2 id="home-teams">Teams</h2>
      <ul id="teams" className="stackfx-list">{teams.map((team) => <li key={team.id}>{team.displayName}</li>)}</ul>
      {teams.length === 0 ? <p className="stackfx-empty">No teams yet. Create one to work with others.</p> : null}
      <TeamCreation selectCreated />
    </section>
  )
}

const Channels = () => (
  <section aria-labelledby="home-channels">
    <h2 id="home-channels">E-mail addresses</h2>
    <ul id="channels" className="stackfx-list">
      {useContactChannels().map((channel) => <li key={channel.id}>{`${channel.value}${channel.isVerified ? " (verified)" : ""}`}</li>)}
    </ul>
  </section>
)

const Home = () => {
  const user = useUser()
  if (user === null) {
    return (
      <>
        <p id="home">signed out</p>
        <p className="stackfx-row">
          <a className="stackfx-button" href="/handler/sign-in">Sign in</a>
          <a className="stackfx-button stackfx-secondary" href="/handler/sign-up">Create an account</a>
        </p>
      </>
    )
  }
  return (
    <>
      <p id="home">{`hello ${user.primaryEmail ?? user.displayName ?? user.id}`}</p>
      <Teams />
      <Channels />
    </>
  )
}

const Header = () => {
  const user = useUser()
  return (
    <header className="stackfx-row" style={{ justifyContent: "space-between", padding: "0.75rem 1rem", borderBottom: "1px solid var(--stackfx-border)" }}>
      <nav aria-label="Main" className="stackfx-row">
        <a href="/">Home</a>
        {user === null ? null : <a href="/account">Account</a>}
        <a href="/admin">Admin</a>
      </nav>
      <div className="stackfx-row">
        {user === null ? null : <SelectedTeamSwitcher />}
        <UserButton showUserInfo extraItems={[{ text: "Project admin", icon: "⚙", onClick: () => location.assign("/admin") }]} />
      </div>
    </header>
  )
}

const Route = () => {
  const path = location.pathname
  if (path.startsWith("/handler/")) return <StackHandler />
  return (
    <>
      <Header />
      <main className="stackfx-page" style={{ maxWidth: "48rem" }}>
        {path === "/account" ? <AccountSettings /> : path === "/admin" ? <AdminPage config={exampleConfig} /> : path === "/dashboard" ? <DashboardPage config={exampleConfig} /> : <Home />}
      </main>
    </>
  )
}

const App = () => (
  <StackTheme fill>
    <StackErrorBoundary>
      <Suspense fallback={<p aria-busy="true">Loading…</p>}>
        <Route />
      </Suspense>
    </StackErrorBoundary>
  </StackTheme>
)

const root = document.createElement("div")
document.body.append(root)
createRoot(root).render(
  <StrictMode>
    <StackProvider layer={layer}>
      <App />
    </StackProvider>
  </StrictMode>
)

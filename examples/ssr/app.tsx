/**
 * The server-rendered example's pages: at `/` the signed-in user's name, teams and e-mail addresses,
 * or a sign-up form; the handler pages at `/handler/*`; the component kit at `/kit`; at `/account`,
 * a page for signed-in users only. The same
 * components render on the server (into the HTML) and hydrate in the browser, both told the page's
 * address (so nothing reads `location` while rendering).
 */
import { type FormEvent, useState } from "react"
import { signOut, signUpWithPassword } from "../../src/client/index.ts"
import {
  describeFailure,
  SelectedTeamSwitcher,
  SignIn,
  StackHandler,
  StackTheme,
  TeamCreation,
  useContactChannels,
  UserButton,
  useStackMutation,
  useTeams,
  useUser
} from "../../react/index.ts"

const Account = () => {
  const teams = useTeams()
  const channels = useContactChannels()
  const leave = useStackMutation(signOut)
  return (
    <>
      <h2>Teams</h2>
      <ul id="teams">{teams.map((team) => <li key={team.id}>{team.displayName}</li>)}</ul>
      <h2>E-mail addresses</h2>
      <ul id="channels">{channels.map((channel) => <li key={channel.id}>{channel.value}</li>)}</ul>
      <button type="button" disabled={leave.pending} onClick={() => void leave.run()}>Sign out</button>
    </>
  )
}

const SignUp = () => {
  const signUp = useStackMutation(signUpWithPassword)
  const [email, setEmail] = useState("")
  const [password, setPassword] = useState("")
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void signUp.run({ email, password })
  }
  return (
    <form onSubmit={submit}>
      <label>E-mail <input type="email" value={email} onChange={(event) => setEmail(event.target.value)} required /></label>
      <label>Password <input type="password" value={password} onChange={(event) => setPassword(event.target.value)} required /></label>
      <button type="submit" disabled={signUp.pending}>Sign up</button>
      <p role="alert" aria-live="polite">{signUp.error === undefined ? "" : describeFailure(signUp.error)}</p>
      <p>Then reload: the server renders the page as you.</p>
    </form>
  )
}

/** The kit's components on one page: the user button, the team switcher and creation, the sign-in card. */
const Kit = () => {
  const user = useUser()
  return (
    <StackTheme>
      <header id="kit">
        {user === null ? <SignIn /> : <UserButton />}
        {user === null ? null : <SelectedTeamSwitcher />}
      </header>
      {user === null ? null : <TeamCreation />}
    </StackTheme>
  )
}

/** Props of {@link App}: the page's address (the request's on the server, `location`'s in the browser). */
export interface AppProps {
  readonly path: string
  readonly search: string
}

/** The page for `path`. */
export const App = ({ path, search }: AppProps) => {
  if (path.startsWith("/handler/")) {
    return (
      <StackTheme fill>
        <StackHandler path={path} searchParams={search} />
      </StackTheme>
    )
  }
  return path === "/kit" ? <Kit /> : path === "/account" ? <AccountPage /> : <Home />
}

/** Signed-in users only: a signed-out visitor's request is answered with a redirect to sign in (server.tsx). */
const AccountPage = () => {
  const user = useUser({ or: "redirect" })
  return (
    <main>
      <h1 id="account">{`Account of ${user.displayName ?? user.primaryEmail ?? "user"}`}</h1>
    </main>
  )
}

const Home = () => {
  const user = useUser()
  return (
    <main>
      <h1 id="greeting">{user === null ? "Signed out" : `Hello, ${user.displayName ?? user.primaryEmail ?? "user"}`}</h1>
      {user === null ? <SignUp /> : <Account />}
    </main>
  )
}

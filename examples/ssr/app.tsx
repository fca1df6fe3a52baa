/**
 * The server-rendered example's page: the signed-in user's name, teams and e-mail addresses, or a
 * sign-up form. The same component renders on the server (into the HTML) and hydrates in the browser.
 */
import { type FormEvent, useState } from "react"
import { signOut, signUpWithPassword } from "../../src/client/index.ts"
import { describeFailure, useContactChannels, useStackMutation, useTeams, useUser } from "../../react/index.ts"

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

/** The page. */
export const App = () => {
  const user = useUser()
  return (
    <main>
      <h1 id="greeting">{user === null ? "Signed out" : `Hello, ${user.displayName ?? user.primaryEmail ?? "user"}`}</h1>
      {user === null ? <SignUp /> : <Account />}
    </main>
  )
}

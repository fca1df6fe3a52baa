"use client"
/** A client component with stackfx/react's hooks: hydrated from the server's reads, no request. */
import { UserButton, useTeams, useUser } from "stackfx/react"

const Teams = () => {
  const teams = useTeams()
  return <ul id="teams">{teams.map((team) => <li key={team.id}>{team.displayName}</li>)}</ul>
}

export const ClientPanel = () => {
  const user = useUser()
  return (
    <section>
      <p id="client-greeting">{user === null ? "Nobody is signed in" : `Signed in as ${user.displayName ?? user.primaryEmail ?? "user"}`}</p>
      {user === null ? null : (
        <>
          <UserButton showColorModeToggle={false} />
          <Teams />
        </>
      )}
    </section>
  )
}

"use client"
/** The client panel of examples/next-app with the official SDK's hooks: the user, the user button, the teams. */
import { UserButton, useUser } from "@stackframe/stack"

const Teams = ({ user }: { readonly user: NonNullable<ReturnType<typeof useUser>> }) => {
  const teams = user.useTeams()
  return <ul>{teams.map((team) => <li key={team.id}>{team.displayName}</li>)}</ul>
}

export const ClientPanel = () => {
  const user = useUser()
  return (
    <section>
      <p>{user === null ? "Nobody is signed in" : `Signed in as ${user.displayName ?? user.primaryEmail ?? "user"}`}</p>
      {user === null ? null : (
        <>
          <UserButton />
          <Teams user={user} />
        </>
      )}
    </section>
  )
}

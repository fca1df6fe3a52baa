"use client"
/** stackfx/react's components on one page: the sign-in card, or the user button, team switcher and team creation. */
import { SelectedTeamSwitcher, SignIn, StackTheme, TeamCreation, UserButton, useUser } from "stackfx/react"

export const Kit = () => {
  const user = useUser()
  return (
    <StackTheme>
      <header id="kit">
        {user === null ? <SignIn /> : (
          <>
            <UserButton />
            <SelectedTeamSwitcher />
          </>
        )}
      </header>
      {user === null ? null : <TeamCreation />}
    </StackTheme>
  )
}

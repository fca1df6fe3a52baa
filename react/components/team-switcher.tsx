/**
 * `TeamSwitcher` (pick one of the user's teams) and `SelectedTeamSwitcher` (the same, kept as the
 * user's selected team on the server), with team creation where the project allows it.
 */
import { useId, useState } from "react"
import { setSelectedTeam } from "../../src/client/index.ts"
import { useStackMutation, useUser } from "../hooks.ts"
import { useTeams } from "../resource-hooks.ts"
import { ErrorText } from "./form.tsx"
import { TeamCreation } from "./team-creation.tsx"

/** Props of {@link TeamSwitcher}. */
export interface TeamSwitcherProps {
  /** The team shown as chosen (null: none). */
  readonly teamId: string | null
  /** Called with the chosen team (null: none). */
  readonly onChange: (teamId: string | null) => void
  /** Offer a "create a team" form where the project allows it (default true). */
  readonly allowCreate?: boolean
  /** Disables the picker (while a change is saved). */
  readonly pending?: boolean
}

/** A labelled picker of the signed-in user's teams. */
export const TeamSwitcher = ({ teamId, onChange, allowCreate = true, pending = false }: TeamSwitcherProps) => {
  const teams = useTeams()
  const id = useId()
  const [creating, setCreating] = useState(false)
  return (
    <div className="stackfx-team-switcher">
      <label htmlFor={id}>Team</label>
      <div className="stackfx-row">
        <select id={id} name="team" value={teamId ?? ""} disabled={pending} onChange={(event) => onChange(event.target.value === "" ? null : event.target.value)}>
          <option value="">No team</option>
          {teams.map((team) => <option key={team.id} value={team.id}>{team.displayName}</option>)}
        </select>
        {allowCreate ? <button type="button" className="stackfx-link" aria-expanded={creating} onClick={() => setCreating(!creating)}>New team</button> : null}
      </div>
      {creating
        ? (
          <TeamCreation
            onCreated={(created) => {
              setCreating(false)
              onChange(created)
            }}
          />
        )
        : null}
    </div>
  )
}

/** The user's selected team (saved on the server), switchable. */
export const SelectedTeamSwitcher = ({ allowCreate = true }: { readonly allowCreate?: boolean }) => {
  const user = useUser({ or: "throw" })
  const select = useStackMutation(setSelectedTeam)
  return (
    <div className="stackfx-selected-team">
      <TeamSwitcher teamId={user.selectedTeam?.id ?? null} onChange={(teamId) => void select.run(teamId)} allowCreate={allowCreate} pending={select.pending} />
      <ErrorText error={select.error} />
    </div>
  )
}

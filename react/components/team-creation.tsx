/**
 * `TeamCreation` (a form for a new team) and `TeamCreationDialog` (the same form in a modal, as the
 * team switcher opens it); shown only where the project lets users create teams.
 */
import * as Effect from "effect/Effect"
import { createTeam, setSelectedTeam } from "../../src/client/index.ts"
import type { Team } from "../../src/model/team.ts"
import { useStackMutation } from "../hooks.ts"
import { invalidationsOf } from "../invalidations.ts"
import { useProject } from "../resource-hooks.ts"
import { ErrorText, Field, Form, useField, useFieldErrors } from "./form.tsx"
import { Dialog, DialogActions } from "./ui/dialog.tsx"

/** Props of {@link TeamCreation}. */
export interface TeamCreationProps {
  /** Called with the new team's id. */
  readonly onCreated?: (teamId: string, team: Team) => void
  /** Make the new team the user's selected team (default false). */
  readonly selectCreated?: boolean
}

/** The name field and the create action, shared by the inline form and the dialog. */
const useTeamForm = (selectCreated: boolean, onCreated: ((teamId: string, team: Team) => void) | undefined) => {
  const name = useField()
  const create = useStackMutation(
    (displayName: string) => selectCreated ? Effect.tap(createTeam({ displayName }), (team) => setSelectedTeam(team.id)) : createTeam({ displayName }),
    { invalidates: [...invalidationsOf(createTeam), ...invalidationsOf(setSelectedTeam)] }
  )
  const errors = useFieldErrors(create.error, { InvalidInput: ["team-name"], SchemaError: ["team-name"] })
  const submit = async () => {
    const exit = await create.run(name.value.trim())
    if (exit._tag === "Success") {
      name.set("")
      onCreated?.(exit.value.id, exit.value)
    }
  }
  return { name, create, errors, submit }
}

/** Creates a team with the signed-in user as its creator; nothing when the project disallows it. */
export const TeamCreation = ({ onCreated, selectCreated = false }: TeamCreationProps) => {
  const project = useProject()
  const form = useTeamForm(selectCreated, onCreated)
  if (!project.config.clientTeamCreationEnabled) return null
  return (
    <div className="stackfx-team-creation">
      <Form onSubmit={() => void form.submit()} submit="Create team" pending={form.create.pending} label="Create a team">
        <Field name="team-name" label="Team name" field={form.name} required maxLength={100} {...form.errors.field("team-name")} />
      </Form>
      <ErrorText id={form.errors.errorId} error={form.create.error} />
    </div>
  )
}

/** Props of {@link TeamCreationDialog}. */
export interface TeamCreationDialogProps extends TeamCreationProps {
  readonly open: boolean
  readonly onClose: () => void
}

/** The team form in a modal dialog: focus on the name, Escape or Cancel close it, focus goes back. */
export const TeamCreationDialog = ({ open, onClose, onCreated, selectCreated = false }: TeamCreationDialogProps) => {
  const form = useTeamForm(selectCreated, (teamId, team) => {
    onClose()
    onCreated?.(teamId, team)
  })
  return (
    <Dialog open={open} onClose={onClose} title="Create a team" description="You will be its first member and can invite others." busy={form.create.pending} name="create-team">
      <form
        aria-label="Create a team"
        className="stackfx-dialog-form"
        onSubmit={(event) => {
          event.preventDefault()
          if (!form.create.pending) void form.submit()
        }}
      >
        <Field name="team-name" label="Team name" field={form.name} required maxLength={100} autoFocus {...form.errors.field("team-name")} />
        <ErrorText id={form.errors.errorId} error={form.create.error} />
        <DialogActions>
          <button type="button" className="stackfx-button stackfx-secondary" onClick={onClose} disabled={form.create.pending}>Cancel</button>
          <button type="submit" className="stackfx-button" disabled={form.create.pending}>Create team</button>
        </DialogActions>
      </form>
    </Dialog>
  )
}

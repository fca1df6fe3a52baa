/** `TeamCreation`: a form for a new team, shown only where the project lets users create teams. */
import { createTeam } from "../../src/client/index.ts"
import { useStackMutation } from "../hooks.ts"
import { useProject } from "../resource-hooks.ts"
import { ErrorText, Field, Form, useField } from "./form.tsx"

/** Props of {@link TeamCreation}. */
export interface TeamCreationProps {
  /** Called with the new team's id. */
  readonly onCreated?: (teamId: string) => void
}

/** Creates a team with the signed-in user as its creator; nothing when the project disallows it. */
export const TeamCreation = ({ onCreated }: TeamCreationProps) => {
  const project = useProject()
  const name = useField()
  const create = useStackMutation(createTeam)
  if (!project.config.clientTeamCreationEnabled) return null
  const submit = async () => {
    const exit = await create.run({ displayName: name.value.trim() })
    if (exit._tag === "Success") {
      name.set("")
      onCreated?.(exit.value.id)
    }
  }
  return (
    <div className="stackfx-team-creation">
      <Form onSubmit={() => void submit()} submit="Create team" pending={create.pending} label="Create a team">
        <Field name="team-name" label="Team name" field={name} required maxLength={100} />
      </Form>
      <ErrorText error={create.error} />
    </div>
  )
}

/** Account settings, "Create a team" (where the project lets users create teams): opens the new team's section. */
import { TeamCreation } from "../team-creation.tsx"
import { SettingsGroup } from "./group.tsx"

/** The "Create a team" section. */
export const TeamCreationPage = ({ onCreated }: { readonly onCreated: (teamId: string) => void }) => (
  <SettingsGroup title="A new team" description="You become its first member, with every permission.">
    <TeamCreation onCreated={onCreated} />
  </SettingsGroup>
)

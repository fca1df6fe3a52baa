/**
 * Account settings, one team: its name and picture (`$update_team`), the user's own profile in it,
 * members (`$read_members`), pending invitations (`$invite_members`), the team's API keys (where the
 * project allows team keys and the user has `$manage_api_keys`), and leaving it after a confirmation.
 */
import { useState } from "react"
import { createTeamApiKey, leaveTeam, revokeTeamApiKey, updateTeam, updateTeamMemberProfile } from "../../../src/client/index.ts"
import { useTeamApiKeys } from "../../account-hooks.ts"
import { useStackMutation } from "../../hooks.ts"
import { useProject, useTeamPermission, useTeamProfile, useTeams } from "../../resource-hooks.ts"
import { Field, Form, useField } from "../form.tsx"
import { ConfirmDialog } from "../ui/confirm-dialog.tsx"
import { Notice, type NoticeControl, useNotice } from "../ui/notice.tsx"
import { ApiKeysPanel } from "./api-keys.tsx"
import { Empty, SettingsGroup } from "./group.tsx"
import { PictureField } from "./picture-field.tsx"
import { TeamInvitations } from "./team-invitations.tsx"
import { TeamMembers } from "./team-members.tsx"

interface TeamProps {
  readonly teamId: string
  readonly name: string
  readonly notice: NoticeControl
}

const TeamName = ({ teamId, name, notice }: TeamProps) => {
  const rename = useField(name)
  const update = useStackMutation(updateTeam)
  return (
    <Form onSubmit={() => void update.run(teamId, { displayName: rename.value.trim() }).then((exit) => notice.after(exit, `The team is now called ${rename.value.trim()}.`))}
      submit="Rename team" pending={update.pending} label="Team name">
      <Field name="team-rename" label="Team name" field={rename} required maxLength={100} />
    </Form>
  )
}

const TeamPicture = ({ teamId, name, notice, current }: TeamProps & { readonly current: string | null }) => {
  const update = useStackMutation(updateTeam)
  return (
    <PictureField name={name} current={current} label="Team picture" inputName="team-picture" pending={update.pending}
      onProblem={(text) => notice.failed({ message: text })}
      save={async (url) => notice.after(await update.run(teamId, { profileImageUrl: url }), url === null ? "The team picture is removed." : "The team picture is saved.")} />
  )
}

const OwnProfile = ({ teamId, notice }: TeamProps) => {
  const profile = useTeamProfile(teamId)
  const name = useField(profile.displayName ?? "")
  const save = useStackMutation(updateTeamMemberProfile)
  return (
    <Form onSubmit={() => void save.run(teamId, { displayName: name.value.trim() }).then((exit) => notice.after(exit, "Your name in the team is saved."))}
      submit="Save" pending={save.pending} label="Your name in this team">
      <Field name="team-profile-name" label="Your name in this team" field={name} maxLength={100} />
    </Form>
  )
}

const TeamKeys = ({ teamId, name, notice }: TeamProps) => {
  const keys = useTeamApiKeys(teamId)
  const create = useStackMutation(createTeamApiKey)
  const revoke = useStackMutation(revokeTeamApiKey)
  return (
    <ApiKeysPanel keys={keys} owner={name} notice={notice}
      create={(options) => create.run(teamId, options)} creating={create.pending} createError={create.error}
      revoke={(keyId) => revoke.run(teamId, keyId)} revoking={revoke.pending} revokeError={revoke.error} />
  )
}

/** Props of {@link TeamPage}. */
export interface TeamPageProps {
  readonly teamId: string
  /** Called after the user left the team (the section is gone). */
  readonly onLeft: () => void
}

/** One team's section. */
export const TeamPage = ({ teamId, onLeft }: TeamPageProps) => {
  const team = useTeams().find((each) => each.id === teamId)
  const project = useProject()
  const notice = useNotice()
  const canRead = useTeamPermission(teamId, "$read_members") !== null
  const canInvite = useTeamPermission(teamId, "$invite_members") !== null
  const canUpdate = useTeamPermission(teamId, "$update_team") !== null
  const canRemove = useTeamPermission(teamId, "$remove_members") !== null
  const canManageKeys = useTeamPermission(teamId, "$manage_api_keys") !== null
  const [leaving, setLeaving] = useState(false)
  const leave = useStackMutation(leaveTeam)
  if (team === undefined) return <Empty>You are no longer a member of this team.</Empty>
  const props = { teamId, name: team.displayName, notice }
  return (
    <>
      <Notice notice={notice.notice} />
      {canUpdate
        ? (
          <>
            <SettingsGroup title="Team name" description="Everyone in the team sees it."><TeamName key={team.displayName} {...props} /></SettingsGroup>
            <SettingsGroup title="Team picture"><TeamPicture {...props} current={team.profileImageUrl} /></SettingsGroup>
          </>
        )
        : null}
      <SettingsGroup title="Your profile in this team" description="The name the team's members see for you here.">
        <OwnProfile {...props} />
      </SettingsGroup>
      {canRead ? <SettingsGroup title="Members"><TeamMembers teamId={teamId} teamName={team.displayName} canRemove={canRemove} notice={notice} /></SettingsGroup> : null}
      {canInvite ? <SettingsGroup title="Pending invitations"><TeamInvitations teamId={teamId} teamName={team.displayName} notice={notice} /></SettingsGroup> : null}
      {project.config.allowTeamApiKeys === true && canManageKeys
        ? <SettingsGroup title="Team API keys" description="Keys let programs call this app's API on behalf of the team."><TeamKeys {...props} /></SettingsGroup>
        : null}
      <SettingsGroup title="Leave the team" description="You lose access to the team's data. A member with the right to invite can bring you back."
        action={<button type="button" name="leave-team" className="stackfx-button stackfx-secondary" onClick={() => setLeaving(true)}>Leave {team.displayName}…</button>} />
      <ConfirmDialog open={leaving} onClose={() => setLeaving(false)} name="leave-team"
        title={`Leave ${team.displayName}?`} description="You lose access to the team at once." confirm="Leave team"
        pending={leave.pending} error={leave.error}
        onConfirm={() => void leave.run(teamId).then((exit) => {
          if (exit._tag === "Success") {
            setLeaving(false)
            onLeft()
          }
        })} />
    </>
  )
}

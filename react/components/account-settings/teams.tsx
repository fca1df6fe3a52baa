/**
 * Account settings: the user's teams. Per team, what the user's permissions allow: invite by e-mail
 * (`$invite_members`), rename (`$update_team`), list members (`$read_members`) and remove them
 * (`$remove_members`); always their own profile in the team and leaving. Team creation where the
 * project allows it.
 */
import * as Effect from "effect/Effect"
import { useState } from "react"
import { inviteToTeam, leaveTeam, removeTeamMember, updateTeam, updateTeamMemberProfile } from "../../../src/client/index.ts"
import { useStackMutation } from "../../hooks.ts"
import { useTeamMembers, useTeamPermission, useTeamProfile, useTeams } from "../../resource-hooks.ts"
import { ActionButton, ErrorText, Field, Form, Note, useField } from "../form.tsx"
import { TeamCreation } from "../team-creation.tsx"
import { callbackUrl } from "../urls.ts"

const Members = ({ teamId, userId, canRemove }: { readonly teamId: string; readonly userId: string; readonly canRemove: boolean }) => {
  const members = useTeamMembers(teamId)
  const remove = useStackMutation(removeTeamMember)
  return (
    <>
      <h4>Members</h4>
      <ul className="stackfx-list stackfx-members">
        {members.map((member) => (
          <li key={member.userId} className="stackfx-row">
            <span>{member.displayName ?? member.userId}{member.userId === userId ? " (you)" : ""}</span>
            {canRemove && member.userId !== userId
              ? <ActionButton name="remove-member" secondary pending={remove.pending} label={`Remove ${member.displayName ?? member.userId}`} onClick={() => void remove.run(teamId, member.userId)}>Remove</ActionButton>
              : null}
          </li>
        ))}
      </ul>
      <ErrorText error={remove.error} />
    </>
  )
}

const OwnProfile = ({ teamId }: { readonly teamId: string }) => {
  const profile = useTeamProfile(teamId)
  const name = useField(profile.displayName ?? "")
  const save = useStackMutation(updateTeamMemberProfile)
  return (
    <>
      <Form onSubmit={() => void save.run(teamId, { displayName: name.value.trim() })} submit="Save team name for me" pending={save.pending} label="Your name in this team">
        <Field name="team-profile-name" label="Your name in this team" field={name} maxLength={100} />
      </Form>
      <ErrorText error={save.error} />
    </>
  )
}

const Team = ({ teamId, name, userId }: { readonly teamId: string; readonly name: string; readonly userId: string }) => {
  const canRead = useTeamPermission(teamId, "$read_members") !== null
  const canInvite = useTeamPermission(teamId, "$invite_members") !== null
  const canUpdate = useTeamPermission(teamId, "$update_team") !== null
  const canRemove = useTeamPermission(teamId, "$remove_members") !== null
  const email = useField()
  const rename = useField(name)
  const invite = useStackMutation((address: string) => Effect.flatMap(callbackUrl("teamInvitation"), (url) => inviteToTeam({ teamId, email: address, callbackUrl: url })))
  const update = useStackMutation(updateTeam)
  const leave = useStackMutation(leaveTeam)
  const [invited, setInvited] = useState<string | undefined>(undefined)
  return (
    <li className="stackfx-team">
      <div className="stackfx-row">
        <h3>{name}</h3>
        <ActionButton name="leave-team" secondary pending={leave.pending} label={`Leave ${name}`} onClick={() => void leave.run(teamId)}>Leave</ActionButton>
      </div>
      {canInvite
        ? (
          <Form
            onSubmit={() => {
              const address = email.value.trim()
              void invite.run(address).then((exit) => {
                setInvited(exit._tag === "Success" ? address : undefined)
                if (exit._tag === "Success") email.set("")
              })
            }}
            submit="Invite"
            pending={invite.pending}
            label={`Invite to ${name}`}
          >
            <Field name="invite-email" label="Invite by e-mail" type="email" field={email} required maxLength={254} />
          </Form>
        )
        : null}
      {invited === undefined ? null : <Note>Invitation sent to {invited}.</Note>}
      {canUpdate
        ? (
          <Form onSubmit={() => void update.run(teamId, { displayName: rename.value.trim() })} submit="Rename" pending={update.pending} label={`Rename ${name}`}>
            <Field name="team-rename" label="Team name" field={rename} required maxLength={100} />
          </Form>
        )
        : null}
      <OwnProfile teamId={teamId} />
      {canRead ? <Members teamId={teamId} userId={userId} canRemove={canRemove} /> : null}
      <ErrorText error={invite.error ?? update.error ?? leave.error} />
    </li>
  )
}

/** The user's teams and a form for a new one. */
export const TeamsSection = ({ userId }: { readonly userId: string }) => {
  const teams = useTeams()
  return (
    <section className="stackfx-section" aria-labelledby="stackfx-teams">
      <h2 id="stackfx-teams">Teams</h2>
      {teams.length === 0 ? <Note>You are not in any team.</Note> : null}
      <ul className="stackfx-list">
        {teams.map((team) => <Team key={team.id} teamId={team.id} name={team.displayName} userId={userId} />)}
      </ul>
      <TeamCreation />
    </section>
  )
}

/** A team's pending invitations (with `$invite_members`): each with its expiry and a revoke, and inviting someone in a dialog. */
import * as Effect from "effect/Effect"
import { useState } from "react"
import { inviteToTeam, revokeTeamInvitation } from "../../../src/client/index.ts"
import { useStackMutation } from "../../hooks.ts"
import { useTeamInvitations } from "../../resource-hooks.ts"
import { Field, useField } from "../form.tsx"
import { ConfirmDialog } from "../ui/confirm-dialog.tsx"
import { Dialog } from "../ui/dialog.tsx"
import { DialogForm } from "../ui/dialog-form.tsx"
import type { NoticeControl } from "../ui/notice.tsx"
import { callbackUrl } from "../urls.ts"
import { Empty } from "./group.tsx"
import { formatDay } from "./time.ts"

/** Pending invitations and the invite dialog of one team. */
export const TeamInvitations = ({ teamId, teamName, notice }: { readonly teamId: string; readonly teamName: string; readonly notice: NoticeControl }) => {
  const invitations = useTeamInvitations(teamId)
  const [inviting, setInviting] = useState(false)
  const [revoking, setRevoking] = useState<{ readonly id: string; readonly email: string } | undefined>(undefined)
  const email = useField()
  const invite = useStackMutation(
    (address: string) => Effect.flatMap(callbackUrl("teamInvitation"), (url) => inviteToTeam({ teamId, email: address, callbackUrl: url })),
    { invalidates: ["teamInvitations"] }
  )
  const revoke = useStackMutation(revokeTeamInvitation)
  const closeInvite = () => {
    email.set("")
    setInviting(false)
  }
  const send = async () => {
    const address = email.value.trim()
    if (notice.after(await invite.run(address), `Invitation sent to ${address}.`)) closeInvite()
  }
  return (
    <>
      {invitations.length === 0 ? <Empty>No pending invitations.</Empty> : (
        <ul className="stackfx-items stackfx-invitations">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="stackfx-item">
              <div className="stackfx-item-main">
                <span className="stackfx-item-title">{invitation.recipientEmail}</span>
                <span className="stackfx-item-meta">Expires {formatDay(invitation.expiresAtMillis)}</span>
              </div>
              <div className="stackfx-item-actions">
                <button type="button" name="revoke-invitation" className="stackfx-button stackfx-secondary" aria-label={`Revoke the invitation of ${invitation.recipientEmail}`}
                  onClick={() => setRevoking({ id: invitation.id, email: invitation.recipientEmail })}>
                  Revoke
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div><button type="button" name="invite-member" className="stackfx-button stackfx-secondary" onClick={() => setInviting(true)}>Invite a member</button></div>
      <Dialog open={inviting} onClose={closeInvite} busy={invite.pending} name="invite-member" title={`Invite to ${teamName}`} description="We e-mail them a link to join.">
        <DialogForm label={`Invite to ${teamName}`} onSubmit={() => void send()} onCancel={closeInvite} submit="Send invitation" pending={invite.pending} error={invite.error}>
          <Field name="invite-email" label="Their e-mail address" type="email" field={email} required maxLength={254} autoComplete="off" />
        </DialogForm>
      </Dialog>
      <ConfirmDialog open={revoking !== undefined} onClose={() => setRevoking(undefined)} name="revoke-invitation"
        title="Revoke this invitation?" description={`The link sent to ${revoking?.email ?? ""} stops working.`}
        confirm="Revoke invitation" pending={revoke.pending} error={revoke.error}
        onConfirm={() => {
          if (revoking === undefined) return
          void revoke.run(teamId, revoking.id).then((exit) => {
            if (notice.after(exit, `The invitation of ${revoking.email} is revoked.`)) setRevoking(undefined)
          })
        }} />
    </>
  )
}

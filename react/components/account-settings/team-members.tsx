/**
 * A team's members (with `$read_members`): avatar and name, never a raw id. Another member's e-mail
 * is not readable by a client, so a member without a name in the team is "Unnamed member"; the
 * signed-in user falls back to their own display name or primary e-mail. Removing one
 * (`$remove_members`) asks first.
 */
import { useState } from "react"
import { removeTeamMember } from "../../../src/client/index.ts"
import { useStackMutation, useUser } from "../../hooks.ts"
import { useTeamMembers } from "../../resource-hooks.ts"
import { Badge } from "../ui/badge.tsx"
import { ConfirmDialog } from "../ui/confirm-dialog.tsx"
import type { NoticeControl } from "../ui/notice.tsx"
import { Avatar } from "../avatar.tsx"
import { Empty } from "./group.tsx"

/** The members list of one team. */
export const TeamMembers = ({ teamId, teamName, canRemove, notice }: { readonly teamId: string; readonly teamName: string; readonly canRemove: boolean; readonly notice: NoticeControl }) => {
  const user = useUser({ or: "redirect" })
  const members = useTeamMembers(teamId)
  const remove = useStackMutation(removeTeamMember)
  const [removing, setRemoving] = useState<{ readonly id: string; readonly name: string } | undefined>(undefined)
  const nameOf = (member: (typeof members)[number]) =>
    member.displayName ?? (member.userId === user.id ? user.displayName ?? user.primaryEmail ?? "You" : "Unnamed member")
  return (
    <>
      {members.length === 0 ? <Empty>No members.</Empty> : (
        <ul className="stackfx-items stackfx-members">
          {members.map((member) => (
            <li key={member.userId} className="stackfx-item">
              <Avatar name={nameOf(member)} imageUrl={member.profileImageUrl} />
              <div className="stackfx-item-main">
                <span className="stackfx-item-title">{nameOf(member)}{member.userId === user.id ? <Badge tone="accent">You</Badge> : null}</span>
              </div>
              {canRemove && member.userId !== user.id
                ? (
                  <div className="stackfx-item-actions">
                    <button type="button" name="remove-member" className="stackfx-button stackfx-secondary" aria-label={`Remove ${nameOf(member)}`}
                      onClick={() => setRemoving({ id: member.userId, name: nameOf(member) })}>
                      Remove
                    </button>
                  </div>
                )
                : null}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog open={removing !== undefined} onClose={() => setRemoving(undefined)} name="remove-member"
        title={`Remove ${removing?.name ?? ""} from ${teamName}?`} description="They lose access to the team at once. You can invite them again."
        confirm="Remove member" pending={remove.pending} error={remove.error}
        onConfirm={() => {
          if (removing === undefined) return
          void remove.run(teamId, removing.id).then((exit) => {
            if (notice.after(exit, `${removing.name} is removed from ${teamName}.`)) setRemoving(undefined)
          })
        }} />
    </>
  )
}

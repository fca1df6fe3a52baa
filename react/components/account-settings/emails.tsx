/**
 * Account settings: e-mail addresses, each with its status as badges (primary, verified or not,
 * used for sign-in) and its actions behind a "⋯" menu; adding one and removing one happen in dialogs.
 */
import * as Effect from "effect/Effect"
import { useState } from "react"
import { createContactChannel, deleteContactChannel, sendContactChannelVerification, updateContactChannel } from "../../../src/client/index.ts"
import { useStackMutation } from "../../hooks.ts"
import { useContactChannels } from "../../resource-hooks.ts"
import { Field, useField } from "../form.tsx"
import { ActionsMenu } from "../ui/actions-menu.tsx"
import { Badge } from "../ui/badge.tsx"
import { ConfirmDialog } from "../ui/confirm-dialog.tsx"
import { Dialog } from "../ui/dialog.tsx"
import { DialogForm } from "../ui/dialog-form.tsx"
import type { NoticeControl } from "../ui/notice.tsx"
import { callbackUrl } from "../urls.ts"
import { Empty, SettingsGroup } from "./group.tsx"

/** The dialog that adds an address (used for sign-in when the person ticks it). */
const AddEmailDialog = ({ open, onClose, notice }: { readonly open: boolean; readonly onClose: () => void; readonly notice: NoticeControl }) => {
  const value = useField()
  const [forSignIn, setForSignIn] = useState(false)
  const add = useStackMutation(createContactChannel)
  const submit = async () => {
    const address = value.value.trim()
    const exit = await add.run({ type: "email", value: address, usedForAuth: forSignIn })
    if (exit._tag !== "Success") return
    notice.saved(`${address} is added. Verify it from the link we can send.`)
    value.set("")
    onClose()
  }
  return (
    <Dialog open={open} onClose={onClose} busy={add.pending} title="Add an e-mail address" description="You can verify it and make it your primary address afterwards." name="add-email">
      <DialogForm label="Add an e-mail address" onSubmit={() => void submit()} onCancel={onClose} submit="Add address" pending={add.pending} error={add.error}>
        <Field name="new-channel" label="E-mail address" type="email" field={value} required maxLength={254} autoComplete="email" />
        <label className="stackfx-row"><input type="checkbox" name="new-channel-sign-in" checked={forSignIn} onChange={(event) => setForSignIn(event.target.checked)} /> Use it to sign in</label>
      </DialogForm>
    </Dialog>
  )
}

/** The e-mail addresses group. */
export const EmailsGroup = ({ notice }: { readonly notice: NoticeControl }) => {
  const channels = useContactChannels().filter((channel) => channel.type === "email")
  const [adding, setAdding] = useState(false)
  const [removing, setRemoving] = useState<{ readonly id: string; readonly value: string } | undefined>(undefined)
  const verify = useStackMutation((id: string) => Effect.flatMap(callbackUrl("emailVerification"), (url) => sendContactChannelVerification(id, { callbackUrl: url })))
  const update = useStackMutation(updateContactChannel)
  const remove = useStackMutation(deleteContactChannel)
  const busy = verify.pending || update.pending || remove.pending
  // The last address that signs the person in keeps doing so: without it they could lock themselves out.
  const signInAddresses = channels.filter((channel) => channel.usedForAuth).length
  const lastSignIn = (channel: (typeof channels)[number]) => channel.usedForAuth && signInAddresses === 1
  return (
    <SettingsGroup title="E-mail addresses" description="Where we write to you. Your primary address receives account e-mails."
      action={<button type="button" name="add-channel" className="stackfx-button stackfx-secondary" onClick={() => setAdding(true)}>Add an e-mail address</button>}>
      {channels.length === 0 ? <Empty>No e-mail address yet.</Empty> : (
        <ul className="stackfx-items stackfx-channels">
          {channels.map((channel) => (
            <li key={channel.id} className="stackfx-item" data-value={channel.value}>
              <div className="stackfx-item-main">
                <span className="stackfx-item-title">
                  <span className="stackfx-channel-value">{channel.value}</span>
                  {channel.isPrimary ? <Badge tone="accent">Primary</Badge> : null}
                  {channel.isVerified ? <Badge tone="success">Verified</Badge> : <Badge tone="warning">Not verified</Badge>}
                  {channel.usedForAuth ? <Badge>Used for sign-in</Badge> : null}
                </span>
              </div>
              <ActionsMenu label={`Actions for ${channel.value}`} busy={busy} items={[
                ...(channel.isVerified ? [] : [{
                  text: "Send a verification link", name: "verify-channel",
                  onSelect: () => verify.run(channel.id).then((exit) => notice.after(exit, `A verification link is on its way to ${channel.value}.`))
                }]),
                ...(channel.isPrimary ? [] : [{
                  text: "Make primary", name: "make-primary",
                  onSelect: () => update.run(channel.id, { isPrimary: true }).then((exit) => notice.after(exit, `${channel.value} is now your primary address.`))
                }]),
                ...(lastSignIn(channel) ? [] : [{
                  text: channel.usedForAuth ? "Stop using for sign-in" : "Use for sign-in", name: "toggle-sign-in",
                  onSelect: () => update.run(channel.id, { usedForAuth: !channel.usedForAuth }).then((exit) =>
                    notice.after(exit, channel.usedForAuth ? `${channel.value} no longer signs you in.` : `You can sign in with ${channel.value}.`))
                }]),
                ...(channel.isPrimary || lastSignIn(channel) ? [] : [{
                  text: "Remove…", name: "remove-channel", danger: true,
                  onSelect: () => setRemoving({ id: channel.id, value: channel.value })
                }])
              ]} />
            </li>
          ))}
        </ul>
      )}
      <AddEmailDialog open={adding} onClose={() => setAdding(false)} notice={notice} />
      <ConfirmDialog
        open={removing !== undefined}
        onClose={() => setRemoving(undefined)}
        title="Remove this e-mail address?"
        description={`${removing?.value ?? ""} will no longer receive e-mails${removing === undefined ? "" : " or sign you in"}.`}
        confirm="Remove address"
        pending={remove.pending}
        error={remove.error}
        name="remove-email"
        onConfirm={() => {
          if (removing === undefined) return
          void remove.run(removing.id).then((exit) => {
            if (notice.after(exit, `${removing.value} is removed.`)) setRemoving(undefined)
          })
        }}
      />
    </SettingsGroup>
  )
}

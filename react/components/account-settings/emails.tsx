/** Account settings: e-mail addresses (add, verify, make primary, use for sign-in, remove). */
import * as Effect from "effect/Effect"
import { useState } from "react"
import { createContactChannel, deleteContactChannel, sendContactChannelVerification, updateContactChannel } from "../../../src/client/index.ts"
import { useStackMutation } from "../../hooks.ts"
import { useContactChannels } from "../../resource-hooks.ts"
import { ActionButton, ErrorText, Field, Form, Note, useField } from "../form.tsx"
import { callbackUrl } from "../urls.ts"

/** The user's e-mail addresses. */
export const EmailsSection = () => {
  const channels = useContactChannels()
  const value = useField()
  const add = useStackMutation(createContactChannel)
  const verify = useStackMutation((id: string) => Effect.flatMap(callbackUrl("emailVerification"), (url) => sendContactChannelVerification(id, { callbackUrl: url })))
  const update = useStackMutation(updateContactChannel)
  const remove = useStackMutation(deleteContactChannel)
  const [sentTo, setSentTo] = useState<string | undefined>(undefined)
  const busy = add.pending || verify.pending || update.pending || remove.pending
  return (
    <section className="stackfx-section" aria-labelledby="stackfx-emails">
      <h2 id="stackfx-emails">E-mail addresses</h2>
      <ul className="stackfx-list stackfx-channels">
        {channels.map((channel) => (
          <li key={channel.id} className="stackfx-row">
            <span>
              {channel.value}
              {channel.isPrimary ? " (primary)" : ""}
              {channel.isVerified ? " (verified)" : " (not verified)"}
              {channel.usedForAuth ? " (sign-in)" : ""}
            </span>
            {channel.isVerified ? null : (
              <ActionButton name="verify-channel" secondary pending={busy} label={`Verify ${channel.value}`}
                onClick={() => void verify.run(channel.id).then((exit) => setSentTo(exit._tag === "Success" ? channel.value : undefined))}>
                Verify
              </ActionButton>
            )}
            {channel.isPrimary ? null : (
              <ActionButton name="make-primary" secondary pending={busy} label={`Make primary: ${channel.value}`} onClick={() => void update.run(channel.id, { isPrimary: true })}>
                Make primary
              </ActionButton>
            )}
            <ActionButton name="toggle-sign-in" secondary pending={busy} label={`${channel.usedForAuth ? "Stop using for sign-in" : "Use for sign-in"}: ${channel.value}`}
              onClick={() => void update.run(channel.id, { usedForAuth: !channel.usedForAuth })}>
              {channel.usedForAuth ? "Stop using for sign-in" : "Use for sign-in"}
            </ActionButton>
            {channel.isPrimary ? null : (
              <ActionButton name="remove-channel" secondary pending={busy} label={`Remove ${channel.value}`} onClick={() => void remove.run(channel.id)}>
                Remove
              </ActionButton>
            )}
          </li>
        ))}
      </ul>
      {sentTo === undefined ? null : <Note>A verification link is on its way to {sentTo}.</Note>}
      <Form
        onSubmit={() => void add.run({ type: "email", value: value.value.trim(), usedForAuth: false }).then((exit) => exit._tag === "Success" && value.set(""))}
        submit="Add address"
        pending={add.pending}
        label="Add an e-mail address"
      >
        <Field name="new-channel" label="Another e-mail address" type="email" field={value} required maxLength={254} />
      </Form>
      <ErrorText error={add.error ?? verify.error ?? update.error ?? remove.error} />
    </section>
  )
}

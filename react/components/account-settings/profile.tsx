/** Account settings: display name and profile picture. */
import { type ChangeEvent, useState } from "react"
import { updateUser } from "../../../src/client/index.ts"
import { useStackMutation } from "../../hooks.ts"
import type { CurrentUser } from "../../hooks.ts"
import { ActionButton, ErrorText, Field, Form, Note, useField } from "../form.tsx"
import { Avatar } from "../user-button.tsx"

/** Largest picture accepted here, before it is sent as a data URL. */
const maxPictureBytes = 512 * 1024

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => (typeof reader.result === "string" ? resolve(reader.result) : reject(new Error("unreadable")))
    reader.onerror = () => reject(reader.error ?? new Error("unreadable"))
    reader.readAsDataURL(file)
  })

/** Display name and profile picture (an uploaded image: client apps send pictures as data URLs). */
export const ProfileSection = ({ user }: { readonly user: CurrentUser }) => {
  const displayName = useField(user.displayName ?? "")
  const save = useStackMutation(updateUser)
  const [saved, setSaved] = useState(false)
  const [pictureProblem, setPictureProblem] = useState<string | undefined>(undefined)
  const onPicture = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    if (file === undefined) return
    if (!file.type.startsWith("image/")) return setPictureProblem("Choose an image file.")
    if (file.size > maxPictureBytes) return setPictureProblem("Choose an image of at most 512 KB.")
    setPictureProblem(undefined)
    await save.run({ profileImageUrl: await readAsDataUrl(file) })
  }
  return (
    <section className="stackfx-section" aria-labelledby="stackfx-profile">
      <h2 id="stackfx-profile">Profile</h2>
      <div className="stackfx-row">
        <Avatar name={user.displayName ?? user.primaryEmail ?? "?"} imageUrl={user.profileImageUrl} />
        <label className="stackfx-field">
          <span>Profile picture</span>
          <input name="profile-picture" type="file" accept="image/*" onChange={(event) => void onPicture(event)} disabled={save.pending} />
        </label>
        {user.profileImageUrl === null ? null : <ActionButton name="remove-picture" secondary onClick={() => void save.run({ profileImageUrl: null })} pending={save.pending}>Remove picture</ActionButton>}
      </div>
      <Form
        onSubmit={() => void save.run({ displayName: displayName.value.trim() === "" ? null : displayName.value.trim() }).then((exit) => setSaved(exit._tag === "Success"))}
        submit="Save"
        pending={save.pending}
        label="Display name"
      >
        <Field name="displayName" label="Display name" field={displayName} autoComplete="name" maxLength={100} />
      </Form>
      {saved ? <Note>Saved.</Note> : null}
      <ErrorText error={pictureProblem === undefined ? save.error : { message: pictureProblem }} />
    </section>
  )
}

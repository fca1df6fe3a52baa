/** Account settings, "My profile": the display name and the profile picture. */
import { updateUser } from "../../../src/client/index.ts"
import { useStackMutation, useUser } from "../../hooks.ts"
import { Field, Form, useField } from "../form.tsx"
import { Notice, useNotice } from "../ui/notice.tsx"
import { SettingsGroup } from "./group.tsx"
import { PictureField } from "./picture-field.tsx"

/** The "My profile" section. */
export const ProfilePage = () => {
  const user = useUser({ or: "redirect" })
  const displayName = useField(user.displayName ?? "")
  const save = useStackMutation(updateUser)
  const notice = useNotice()
  const saveName = async () => {
    const name = displayName.value.trim()
    notice.after(await save.run({ displayName: name === "" ? null : name }), "Your name is saved.")
  }
  const savePicture = async (url: string | null) =>
    notice.after(await save.run({ profileImageUrl: url }), url === null ? "Your picture is removed." : "Your picture is saved.")
  return (
    <>
      <Notice notice={notice.notice} />
      <SettingsGroup title="Display name" description="How you appear to others, in teams and in the user menu.">
        <Form onSubmit={() => void saveName()} submit="Save name" pending={save.pending} label="Display name">
          <Field name="displayName" label="Display name" field={displayName} autoComplete="name" maxLength={100} />
        </Form>
      </SettingsGroup>
      <SettingsGroup title="Profile picture" description="Shown beside your name. Choose an image; you see it before it is saved.">
        <PictureField name={user.displayName ?? user.primaryEmail ?? "?"} current={user.profileImageUrl} label="Profile picture" inputName="profile-picture"
          save={savePicture} pending={save.pending} onProblem={(text) => notice.failed({ message: text })} />
      </SettingsGroup>
    </>
  )
}

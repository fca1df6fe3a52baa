/**
 * A picture setting (the user's, a team's): the current picture, a file picker, and a preview of
 * the resized picture to save or cancel before anything is sent.
 */
import { useState } from "react"
import { Avatar } from "../avatar.tsx"
import { FilePicker } from "../ui/file-picker.tsx"
import { pictureProblemText, resizePicture } from "./image-resize.ts"

/** Props of {@link PictureField}. */
export interface PictureFieldProps {
  /** The name behind the initials shown without a picture. */
  readonly name: string
  readonly current: string | null
  /** The picker's label ("Profile picture"). */
  readonly label: string
  /** The input's name. */
  readonly inputName: string
  /** Saves a picture (a data URL) or removes it (null); resolves true when saved. */
  readonly save: (url: string | null) => Promise<boolean>
  readonly pending: boolean
  /** Reports a picture that cannot be used. */
  readonly onProblem: (text: string) => void
}

/** The picture with upload, preview, save, cancel and remove. */
export const PictureField = ({ name, current, label, inputName, save, pending, onProblem }: PictureFieldProps) => {
  const [preview, setPreview] = useState<string | undefined>(undefined)
  const choose = async (file: File) => {
    const resized = await resizePicture(file)
    if ("problem" in resized) return onProblem(pictureProblemText[resized.problem])
    setPreview(resized.url)
  }
  return (
    <div className="stackfx-picture">
      <Avatar name={name} imageUrl={preview ?? current} />
      {preview === undefined
        ? (
          <>
            <FilePicker label={label} button="Upload a picture…" accept="image/*" name={inputName} disabled={pending}
              hint="Any image; it is shrunk to 256 pixels." onFile={(file) => void choose(file)} />
            {current === null ? null : (
              <button type="button" name="remove-picture" className="stackfx-button stackfx-secondary" disabled={pending}
                onClick={() => void save(null)}>
                Remove picture
              </button>
            )}
          </>
        )
        : (
          <div className="stackfx-item-actions" role="group" aria-label="New picture">
            <button type="button" name="save-picture" className="stackfx-button" disabled={pending}
              onClick={() => void save(preview).then((saved) => saved && setPreview(undefined))}>
              Save picture
            </button>
            <button type="button" name="cancel-picture" className="stackfx-button stackfx-secondary" disabled={pending} onClick={() => setPreview(undefined)}>
              Cancel
            </button>
          </div>
        )}
    </div>
  )
}

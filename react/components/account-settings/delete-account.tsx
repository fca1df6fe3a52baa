/** Account settings: deleting the account, where the project allows it, after a confirmation. */
import * as Effect from "effect/Effect"
import { useState } from "react"
import { deleteUser, redirectToPage } from "../../../src/client/index.ts"
import { useStackMutation } from "../../hooks.ts"
import { ActionButton, ErrorText, Note } from "../form.tsx"

/** Deletes the signed-in user after "Delete my account" is confirmed, then goes to the after-sign-out page. */
export const DeleteAccountSection = () => {
  const [confirming, setConfirming] = useState(false)
  const remove = useStackMutation(() => Effect.andThen(deleteUser(), redirectToPage("afterSignOut", { replace: true })))
  return (
    <section className="stackfx-section" aria-labelledby="stackfx-delete">
      <h2 id="stackfx-delete">Delete account</h2>
      {confirming
        ? (
          <>
            <Note>Your account and its data will be deleted. This cannot be undone.</Note>
            <div className="stackfx-row">
              <ActionButton name="delete-account-confirm" onClick={() => void remove.run()} pending={remove.pending}>Delete my account</ActionButton>
              <ActionButton name="delete-account-cancel" secondary onClick={() => setConfirming(false)}>Keep my account</ActionButton>
            </div>
          </>
        )
        : <ActionButton name="delete-account" secondary onClick={() => setConfirming(true)}>Delete account…</ActionButton>}
      <ErrorText error={remove.error} />
    </section>
  )
}

/**
 * Account settings, "Settings": sign out here, sign out everywhere (every other session revoked,
 * then this one), and delete the account where the project allows it, each destructive step after
 * a confirmation.
 */
import * as Effect from "effect/Effect"
import { useState } from "react"
import { deleteUser, listSessions, redirectToPage, revokeSession, signOut } from "../../../src/client/index.ts"
import { sessionQueries } from "../../invalidations.ts"
import { useStackMutation } from "../../hooks.ts"
import { useProject } from "../../resource-hooks.ts"
import { ConfirmDialog } from "../ui/confirm-dialog.tsx"
import { SettingsGroup } from "./group.tsx"

const everywhere = () =>
  Effect.gen(function*() {
    const sessions = yield* listSessions()
    yield* Effect.forEach(sessions.filter((session) => !session.isCurrentSession), (session) => revokeSession(session.id), { discard: true })
    yield* signOut()
    yield* redirectToPage("afterSignOut", { replace: true })
  })

/** The "Settings" section. */
export const SettingsPage = () => {
  const project = useProject()
  const [confirming, setConfirming] = useState<"everywhere" | "delete" | undefined>(undefined)
  const out = useStackMutation(() => Effect.andThen(signOut(), redirectToPage("afterSignOut", { replace: true })), { invalidates: sessionQueries })
  const all = useStackMutation(everywhere, { invalidates: sessionQueries })
  const remove = useStackMutation(() => Effect.andThen(deleteUser(), redirectToPage("afterSignOut", { replace: true })), { invalidates: sessionQueries })
  return (
    <>
      <SettingsGroup title="Sign out" description="End your session on this device, or on every device at once."
        action={
          <>
            <button type="button" name="sign-out" className="stackfx-button stackfx-secondary" disabled={out.pending} onClick={() => void out.run()}>Sign out</button>
            <button type="button" name="sign-out-everywhere" className="stackfx-button stackfx-secondary" onClick={() => setConfirming("everywhere")}>Sign out everywhere…</button>
          </>
        } />
      {project.config.clientUserDeletionEnabled
        ? (
          <SettingsGroup title="Delete account" description="Your account, your e-mail addresses and your memberships are deleted for good." className="stackfx-danger-zone"
            action={<button type="button" name="delete-account" className="stackfx-button stackfx-danger" onClick={() => setConfirming("delete")}>Delete account…</button>} />
        )
        : null}
      <ConfirmDialog open={confirming === "everywhere"} onClose={() => setConfirming(undefined)} name="sign-out-everywhere"
        title="Sign out everywhere?" description="Every device signed in to your account is signed out, this one included."
        confirm="Sign out everywhere" pending={all.pending} error={all.error} onConfirm={() => void all.run()} />
      <ConfirmDialog open={confirming === "delete"} onClose={() => setConfirming(undefined)} name="delete-account"
        title="Delete your account?" description="Your account and its data are deleted. This cannot be undone."
        confirm="Delete my account" pending={remove.pending} error={remove.error} onConfirm={() => void remove.run()} />
    </>
  )
}

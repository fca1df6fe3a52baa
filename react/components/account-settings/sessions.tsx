/**
 * Account settings, "Active sessions": every device signed in, this one marked; another is revoked
 * after a confirmation, or all others at once.
 */
import * as Effect from "effect/Effect"
import { useState } from "react"
import { revokeSession } from "../../../src/client/index.ts"
import { useStackMutation } from "../../hooks.ts"
import { useSessions } from "../../resource-hooks.ts"
import { Badge } from "../ui/badge.tsx"
import { ConfirmDialog } from "../ui/confirm-dialog.tsx"
import { Notice, useNotice } from "../ui/notice.tsx"
import { Empty, SettingsGroup } from "./group.tsx"
import { RelativeTime } from "./relative-time.tsx"
import { formatTime } from "./time.ts"

type Session = ReturnType<typeof useSessions>[number]

const place = (session: Session): string => {
  const info = session.lastUsedAtEndUserIpInfo
  if (info === undefined) return "Location unknown"
  const where = [info.city_name, info.region_code, info.country_code].filter((part) => typeof part === "string" && part.length > 0).join(", ")
  return where === "" ? `IP ${info.ip}` : `${where} · IP ${info.ip}`
}

/** The "Active sessions" section. */
export const SessionsPage = () => {
  const sessions = useSessions()
  const [revoking, setRevoking] = useState<Session | "others" | undefined>(undefined)
  const revoke = useStackMutation(revokeSession)
  const others = sessions.filter((session) => !session.isCurrentSession)
  const revokeOthers = useStackMutation(() => Effect.forEach(others, (session) => revokeSession(session.id), { discard: true }), { invalidates: ["sessions"] })
  const notice = useNotice()
  const pending = revoke.pending || revokeOthers.pending
  return (
    <>
      <Notice notice={notice.notice} />
      <SettingsGroup title="Devices signed in" description="Each sign-in on a browser or device is a session. Revoke one you do not recognise: it is signed out at once."
        action={others.length === 0 ? undefined : (
          <button type="button" name="revoke-other-sessions" className="stackfx-button stackfx-secondary" disabled={pending} onClick={() => setRevoking("others")}>
            Sign out all other devices
          </button>
        )}>
        {sessions.length === 0 ? <Empty>No active sessions.</Empty> : (
          <ul className="stackfx-items stackfx-sessions">
            {sessions.map((session) => (
              <li key={session.id} className="stackfx-item" data-current={session.isCurrentSession}>
                <div className="stackfx-item-main">
                  <span className="stackfx-item-title">
                    {session.isCurrentSession ? "Current session" : "Other session"}
                    {session.isCurrentSession ? <Badge tone="accent">This device</Badge> : null}
                    {session.isImpersonation ? <Badge tone="warning">Impersonation</Badge> : null}
                  </span>
                  <span className="stackfx-item-meta">Last used <RelativeTime millis={session.lastUsedAt} /> · signed in <RelativeTime millis={session.createdAt} /></span>
                  <span className="stackfx-item-meta">{place(session)}</span>
                </div>
                {session.isCurrentSession ? null : (
                  <div className="stackfx-item-actions">
                    <button type="button" name="revoke-session" className="stackfx-button stackfx-secondary" disabled={pending}
                      aria-label={`Revoke the session signed in ${formatTime(session.createdAt)}`} onClick={() => setRevoking(session)}>
                      Revoke
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
        {others.length === 0 ? <p className="stackfx-group-description">No other device is signed in.</p> : null}
      </SettingsGroup>
      <ConfirmDialog
        open={revoking !== undefined}
        onClose={() => setRevoking(undefined)}
        title={revoking === "others" ? "Sign out all other devices?" : "Revoke this session?"}
        description={revoking === "others"
          ? `${others.length} other ${others.length === 1 ? "session ends" : "sessions end"} now. This device stays signed in.`
          : "That device is signed out at once. Its owner must sign in again."}
        confirm={revoking === "others" ? "Sign out others" : "Revoke session"}
        pending={pending}
        error={revoke.error ?? revokeOthers.error}
        name="revoke-session"
        onConfirm={() => {
          if (revoking === undefined) return
          const run = revoking === "others" ? revokeOthers.run() : revoke.run(revoking.id)
          void run.then((exit) => {
            if (notice.after(exit, revoking === "others" ? "Every other device is signed out." : "The session is revoked.")) setRevoking(undefined)
          })
        }}
      />
    </>
  )
}

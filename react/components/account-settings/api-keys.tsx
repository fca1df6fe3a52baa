/**
 * API keys, the user's or a team's: the list (active first, each with its status as a badge), a
 * creation dialog that shows the new key once with a copy button, and revocation after a
 * confirmation.
 */
import type * as Exit from "effect/Exit"
import { useState } from "react"
import { apiKeyInvalidReason } from "../../../src/model/project-api-key.ts"
import { Field, useField } from "../form.tsx"
import { Badge } from "../ui/badge.tsx"
import { ConfirmDialog } from "../ui/confirm-dialog.tsx"
import { Dialog, DialogActions } from "../ui/dialog.tsx"
import { DialogForm } from "../ui/dialog-form.tsx"
import type { NoticeControl } from "../ui/notice.tsx"
import { Empty } from "./group.tsx"
import { formatDay } from "./time.ts"

/** A listed key as both lists give it. */
export interface ListedKey {
  readonly id: string
  readonly description: string
  readonly createdAtMillis: number
  readonly expiresAtMillis?: number | undefined
  readonly manuallyRevokedAtMillis?: number | undefined
  readonly value: { readonly lastFour: string }
}

/** Expiry choices, in days (null: never). */
const expiries: ReadonlyArray<readonly [string, number | null]> = [["7 days", 7], ["30 days", 30], ["90 days", 90], ["1 year", 365], ["Never", null]]
const dayMillis = 86_400_000

/** Props of {@link ApiKeysPanel}. */
export interface ApiKeysPanelProps {
  readonly keys: ReadonlyArray<ListedKey>
  /** Creates a key; its `value` is the full key. */
  readonly create: (options: { readonly description: string; readonly expiresAtMillis: number | null }) => Promise<Exit.Exit<{ readonly value: string }, unknown>>
  readonly creating: boolean
  readonly createError: unknown
  readonly revoke: (keyId: string) => Promise<Exit.Exit<unknown, unknown>>
  readonly revoking: boolean
  readonly revokeError: unknown
  readonly notice: NoticeControl
  /** Whose keys, for the words ("your account", "Compilers"). */
  readonly owner: string
}

/** The list, the creation dialog and the revocation dialog. */
export const ApiKeysPanel = (props: ApiKeysPanelProps) => {
  const [creating, setCreating] = useState(false)
  const [created, setCreated] = useState<string | undefined>(undefined)
  const [copied, setCopied] = useState(false)
  const [revoking, setRevoking] = useState<ListedKey | undefined>(undefined)
  const description = useField()
  const [expiry, setExpiry] = useState("30 days")
  const now = Date.now()
  const sorted = [...props.keys].sort((a, b) => Number(apiKeyInvalidReason(a, now) !== null) - Number(apiKeyInvalidReason(b, now) !== null))
  const closeCreate = () => {
    setCreating(false)
    setCreated(undefined)
    setCopied(false)
    description.set("")
  }
  const submit = async () => {
    const days = expiries.find(([label]) => label === expiry)?.[1] ?? null
    const exit = await props.create({ description: description.value.trim(), expiresAtMillis: days === null ? null : Date.now() + days * dayMillis })
    if (exit._tag === "Success") setCreated(exit.value.value)
  }
  return (
    <>
      {sorted.length === 0 ? <Empty>No API keys yet.</Empty> : (
        <ul className="stackfx-items stackfx-api-keys">
          {sorted.map((key) => {
            const invalid = apiKeyInvalidReason(key, now)
            return (
              <li key={key.id} className="stackfx-item" data-state={invalid ?? "active"}>
                <div className="stackfx-item-main">
                  <span className="stackfx-item-title">
                    {key.description === "" ? "Unnamed key" : key.description}
                    {invalid === null ? <Badge tone="success">Active</Badge> : invalid === "expired" ? <Badge tone="warning">Expired</Badge> : <Badge tone="danger">Revoked</Badge>}
                  </span>
                  <span className="stackfx-item-meta">
                    Ends in …{key.value.lastFour} · created {formatDay(key.createdAtMillis)} · {key.expiresAtMillis === undefined ? "never expires" : `${invalid === "expired" ? "expired" : "expires"} ${formatDay(key.expiresAtMillis)}`}
                  </span>
                </div>
                {invalid === null
                  ? (
                    <div className="stackfx-item-actions">
                      <button type="button" name="revoke-api-key" className="stackfx-button stackfx-secondary" disabled={props.revoking}
                        aria-label={`Revoke ${key.description === "" ? "the unnamed key" : key.description}`} onClick={() => setRevoking(key)}>
                        Revoke
                      </button>
                    </div>
                  )
                  : null}
              </li>
            )
          })}
        </ul>
      )}
      <div><button type="button" name="create-api-key" className="stackfx-button stackfx-secondary" onClick={() => setCreating(true)}>Create an API key</button></div>
      <Dialog open={creating} onClose={closeCreate} busy={props.creating} name="create-api-key"
        title={created === undefined ? "Create an API key" : "Copy your new API key"}
        description={created === undefined ? `A key acts as ${props.owner} in calls to this app's API.` : "This is the only time it is shown. Store it somewhere safe."}>
        {created === undefined
          ? (
            <DialogForm label="Create an API key" onSubmit={() => void submit()} onCancel={closeCreate} submit="Create key" pending={props.creating} error={props.createError}>
              <Field name="api-key-description" label="What is it for?" field={description} required maxLength={100} />
              <label className="stackfx-field">
                <span>Expires after</span>
                <select name="api-key-expiry" value={expiry} onChange={(event) => setExpiry(event.target.value)}>
                  {expiries.map(([label]) => <option key={label} value={label}>{label}</option>)}
                </select>
              </label>
            </DialogForm>
          )
          : (
            <>
              <p className="stackfx-secret" style={{ margin: 0 }}><code id="new-api-key">{created}</code></p>
              <p className="stackfx-note" role="status" style={{ margin: 0 }}>{copied ? "Copied." : ""}</p>
              <DialogActions>
                <button type="button" name="copy-api-key" className="stackfx-button stackfx-secondary"
                  onClick={() => void navigator.clipboard.writeText(created).then(() => setCopied(true), () => setCopied(false))}>
                  Copy
                </button>
                <button type="button" name="done-api-key" className="stackfx-button" onClick={closeCreate}>Done</button>
              </DialogActions>
            </>
          )}
      </Dialog>
      <ConfirmDialog
        open={revoking !== undefined}
        onClose={() => setRevoking(undefined)}
        title="Revoke this API key?"
        description={`Programs using “${revoking?.description ?? ""}” stop working at once. This cannot be undone.`}
        confirm="Revoke key"
        pending={props.revoking}
        error={props.revokeError}
        name="revoke-api-key"
        onConfirm={() => {
          if (revoking === undefined) return
          void props.revoke(revoking.id).then((exit) => {
            if (props.notice.after(exit, `The key “${revoking.description}” is revoked.`)) setRevoking(undefined)
          })
        }}
      />
    </>
  )
}

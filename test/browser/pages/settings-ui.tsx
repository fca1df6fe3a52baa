/**
 * The UI primitives alone (no provider): a dialog opened by a button, a confirmation dialog, a
 * notice with saved and failed buttons, badges, a file picker and a switch. `?mode=dark` pins dark.
 */
import { useState } from "react"
import { createRoot } from "react-dom/client"
import { StackTheme } from "../../../react/components/theme.tsx"
import { Badge, ConfirmDialog, Dialog, DialogActions, FilePicker, Notice, Skeleton, Switch, useNotice } from "../../../react/components/ui/index.ts"

const Primitives = () => {
  const [open, setOpen] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [file, setFile] = useState("")
  const [on, setOn] = useState(false)
  const notice = useNotice()
  return (
    <main className="stackfx-page">
      <h1>Primitives</h1>
      <button type="button" id="open-dialog" className="stackfx-button" onClick={() => setOpen(true)}>Rename</button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Rename the team" description="Everyone in the team sees the new name." name="rename">
        <label className="stackfx-field"><span>New name</span><input name="new-name" /></label>
        <DialogActions>
          <button type="button" id="close-dialog" className="stackfx-button stackfx-secondary" onClick={() => setOpen(false)}>Cancel</button>
          <button type="button" className="stackfx-button" onClick={() => setOpen(false)}>Save</button>
        </DialogActions>
      </Dialog>
      <button type="button" id="open-confirm" className="stackfx-button stackfx-secondary" onClick={() => setConfirming(true)}>Leave…</button>
      <ConfirmDialog open={confirming} onClose={() => setConfirming(false)} title="Leave the team?" description="You lose access to its data." confirm="Leave team"
        onConfirm={() => setConfirming(false)} name="leave" />
      <button type="button" id="say-saved" onClick={() => notice.saved("Saved.")}>Save</button>
      <button type="button" id="say-failed" onClick={() => notice.failed({ _tag: "X", message: "That did not work." })}>Fail</button>
      <Notice notice={notice.notice} />
      <p>
        <Badge tone="accent">Primary</Badge> <Badge tone="success">Verified</Badge> <Badge tone="warning">Not verified</Badge>{" "}
        <Badge tone="danger">Revoked</Badge> <Badge>This device</Badge>
      </p>
      <FilePicker label="Profile picture" button="Choose a picture…" accept="image/*" name="picture" hint="PNG, JPEG or WebP." onFile={(chosen) => setFile(chosen.name)} />
      <p id="chosen">{file}</p>
      <Switch checked={on} onChange={setOn} name="marketing">Product news</Switch>
      <Skeleton label="Loading the section…" />
    </main>
  )
}

const mode = new URLSearchParams(location.search).get("mode") === "dark" ? "dark" : "light"
const root = document.createElement("div")
document.body.append(root)
createRoot(root).render(<StackTheme colorMode={mode} fill><Primitives /></StackTheme>)

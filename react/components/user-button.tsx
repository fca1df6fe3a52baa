/**
 * `UserButton`: the signed-in user's avatar (or initials) opening a menu: account settings, sign
 * out, and the colour mode when inside `StackTheme`. Signed out, a "Sign in" link.
 */
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react"
import { signOut } from "../../src/client/index.ts"
import { useStackMutation, useUser } from "../hooks.ts"
import { useColorMode } from "./theme.tsx"
import { useHandlerUrls } from "./urls.ts"

/** Up to two initials of a name or an e-mail address. */
export const initialsOf = (name: string): string => {
  const words = name.split(/[\s@._-]+/).filter((word) => word.length > 0)
  return words.slice(0, 2).map((word) => word.charAt(0).toUpperCase()).join("") || "?"
}

/** The user's picture, or initials on the accent colour. */
export const Avatar = ({ name, imageUrl }: { readonly name: string; readonly imageUrl: string | null }) => (
  <span className="stackfx-avatar" aria-hidden="true">
    {imageUrl === null ? initialsOf(name) : <img src={imageUrl} alt="" />}
  </span>
)

/** Props of {@link UserButton}. */
export interface UserButtonProps {
  /** Show the colour-mode items (default true; they need a surrounding `StackTheme`). */
  readonly showColorModeToggle?: boolean
}

/** The user menu. Keyboard: Enter/Space/ArrowDown open it, arrows move, Escape closes and returns focus. */
export const UserButton = ({ showColorModeToggle = true }: UserButtonProps) => {
  const user = useUser()
  const urls = useHandlerUrls()
  const colorMode = useColorMode()
  const out = useStackMutation(signOut)
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (open) menuRef.current?.querySelector<HTMLElement>("[role=menuitem]")?.focus()
  }, [open])
  if (user === null) return <a className="stackfx-button" href={urls.signIn}>Sign in</a>
  const name = user.displayName ?? user.primaryEmail ?? "Account"
  const close = () => {
    setOpen(false)
    buttonRef.current?.focus()
  }
  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>("[role=menuitem]") ?? [])]
    const index = items.indexOf(document.activeElement as HTMLElement)
    if (event.key === "Escape") {
      event.preventDefault()
      close()
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault()
      const next = (index + (event.key === "ArrowDown" ? 1 : items.length - 1)) % items.length
      items[next]?.focus()
    }
  }
  return (
    <div className="stackfx-menu stackfx-user-button">
      <button
        ref={buttonRef}
        type="button"
        className="stackfx-button stackfx-secondary stackfx-row"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown") {
            event.preventDefault()
            setOpen(true)
          }
        }}
      >
        <Avatar name={name} imageUrl={user.profileImageUrl} />
        <span>{name}</span>
      </button>
      {open
        ? (
          <div id={menuId} ref={menuRef} role="menu" aria-label="Account" onKeyDown={onMenuKey}>
            <span className="stackfx-note">{user.primaryEmail ?? ""}</span>
            <button type="button" role="menuitem" onClick={() => location.assign(urls.accountSettings)}>Account settings</button>
            {showColorModeToggle && colorMode !== undefined
              ? (["light", "dark", "system"] as const).map((mode) => (
                <button key={mode} type="button" role="menuitem" aria-current={colorMode.mode === mode} onClick={() => colorMode.setMode(mode)}>
                  {mode === "system" ? "Use the system's colours" : `${mode === "light" ? "Light" : "Dark"} mode`}{colorMode.mode === mode ? " ✓" : ""}
                </button>
              ))
              : null}
            <button type="button" role="menuitem" disabled={out.pending} onClick={() => void out.run().then(close)}>Sign out</button>
          </div>
        )
        : null}
    </div>
  )
}

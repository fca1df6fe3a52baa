/**
 * `UserButton`: the signed-in user's avatar opening the account menu (the WAI-ARIA menu button
 * pattern): account settings as a real link, the colour mode as radio items, the app's own items,
 * sign out. Signed out, a "Sign in" link.
 */
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react"
import * as Effect from "effect/Effect"
import { redirectToPage, signOut } from "../../src/client/index.ts"
import { useMutationInvalidating, useUser } from "../hooks.ts"
import { sessionQueries } from "../invalidations.ts"
import { Avatar } from "./avatar.tsx"
import { movedIndex, useOutsideClose } from "./popup.ts"
import { type ColorMode, useColorMode } from "./theme.tsx"
import { useHandlerUrls } from "./urls.ts"

export { Avatar, initialsOf } from "./avatar.tsx"

/** An item the app adds to the menu (the official kit's shape). */
export interface UserButtonItem {
  readonly text: string
  /** Shown before the text (decorative). */
  readonly icon?: ReactNode
  readonly onClick: () => void | Promise<void>
}

/** Props of {@link UserButton}. */
export interface UserButtonProps {
  /** Show the name and e-mail next to the avatar on the button (default: the avatar alone). */
  readonly showUserInfo?: boolean
  /** The app switches colours itself: a "Toggle light and dark" item calls this (instead of the kit's radio items). */
  readonly colorModeToggle?: () => void | Promise<void>
  /** The kit's light/dark/system items, inside `StackTheme` (default true; ignored with `colorModeToggle`). */
  readonly showColorModeToggle?: boolean
  /** The app's own items, between the account link and sign-out. */
  readonly extraItems?: ReadonlyArray<UserButtonItem>
}

const modes: ReadonlyArray<{ readonly mode: ColorMode; readonly label: string }> = [
  { mode: "light", label: "Light" },
  { mode: "dark", label: "Dark" },
  { mode: "system", label: "System" }
]

const itemSelector = "[role=menuitem],[role=menuitemradio]"

/**
 * The account menu. Keyboard: Enter, Space or ArrowDown open it on the first item, ArrowUp on the
 * last; arrows, Home and End move; Escape closes and returns focus to the button; Tab closes and
 * moves on. A press outside closes it.
 */
export const UserButton = ({ showUserInfo = false, colorModeToggle, showColorModeToggle = true, extraItems = [] }: UserButtonProps) => {
  const user = useUser()
  const urls = useHandlerUrls()
  const colorMode = useColorMode()
  // Signing out leaves for the after-sign-out page, as the official kit's does (a page that needs a
  // user, like account settings, would otherwise send the person to sign in again).
  const out = useMutationInvalidating(() => Effect.andThen(signOut(), redirectToPage("afterSignOut", { replace: true })), sessionQueries)
  // Where focus goes when the menu opens: its first or its last item.
  const [openAt, setOpenAt] = useState<"first" | "last" | undefined>(undefined)
  const open = openAt !== undefined
  const menuId = useId()
  const infoId = useId()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)
  const rootRef = useRef<HTMLDivElement>(null)
  const items = () => [...(menuRef.current?.querySelectorAll<HTMLElement>(itemSelector) ?? [])]
  useEffect(() => {
    if (openAt === undefined) return
    const all = items()
    all[openAt === "first" ? 0 : all.length - 1]?.focus()
  }, [openAt])
  const dismiss = useCallback(() => setOpenAt(undefined), [])
  useOutsideClose(open, rootRef, dismiss)
  if (user === null) return <a className="stackfx-button" href={urls.signIn}>Sign in</a>
  const name = user.displayName ?? user.primaryEmail ?? "Account"
  const close = () => {
    setOpenAt(undefined)
    buttonRef.current?.focus()
  }
  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.preventDefault()
      close()
      return
    }
    if (event.key === "Tab") {
      // Focus moves on to what follows the button; the menu does not stay open behind it.
      setOpenAt(undefined)
      return
    }
    const all = items()
    const next = movedIndex(event.key, all.indexOf(document.activeElement as HTMLElement), all.length)
    if (next === undefined) return
    event.preventDefault()
    all[next]?.focus()
  }
  const run = (action: () => void | Promise<void>) => {
    close()
    void action()
  }
  const showModes = colorModeToggle === undefined && showColorModeToggle && colorMode !== undefined
  return (
    <div ref={rootRef} className="stackfx-menu stackfx-user-button">
      <button
        ref={buttonRef}
        type="button"
        className="stackfx-menu-trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={showUserInfo ? undefined : `Account menu, ${name}`}
        onClick={() => (open ? setOpenAt(undefined) : setOpenAt("first"))}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault()
            setOpenAt(event.key === "ArrowDown" ? "first" : "last")
          }
        }}
      >
        <Avatar name={name} imageUrl={user.profileImageUrl} />
        {showUserInfo
          ? (
            <span className="stackfx-user-info">
              <span className="stackfx-user-name">{name}</span>
              {user.primaryEmail === null || user.primaryEmail === name ? null : <span className="stackfx-user-email">{user.primaryEmail}</span>}
            </span>
          )
          : null}
      </button>
      {open
        ? (
          <div className="stackfx-popup stackfx-menu-popup">
            <div className="stackfx-menu-header" id={infoId}>
              <Avatar name={name} imageUrl={user.profileImageUrl} size={36} />
              <span className="stackfx-user-info">
                <span className="stackfx-user-name">{name}</span>
                {user.primaryEmail === null || user.primaryEmail === name ? null : <span className="stackfx-user-email">{user.primaryEmail}</span>}
              </span>
            </div>
            <div id={menuId} ref={menuRef} role="menu" aria-label="Account" aria-describedby={infoId} onKeyDown={onMenuKey}>
              <a role="menuitem" tabIndex={-1} href={urls.accountSettings} className="stackfx-menu-item">Account settings</a>
              {extraItems.map((item) => (
                <button key={item.text} type="button" role="menuitem" tabIndex={-1} className="stackfx-menu-item" onClick={() => run(item.onClick)}>
                  {item.icon === undefined ? null : <span className="stackfx-menu-icon" aria-hidden="true">{item.icon}</span>}
                  {item.text}
                </button>
              ))}
              {colorModeToggle === undefined
                ? null
                : <button type="button" role="menuitem" tabIndex={-1} className="stackfx-menu-item" onClick={() => run(colorModeToggle)}>Toggle light and dark</button>}
              {showModes
                ? (
                  <>
                    <div role="separator" className="stackfx-menu-separator" />
                    <div role="group" aria-label="Colour mode">
                      {modes.map(({ mode, label }) => (
                        <button
                          key={mode}
                          type="button"
                          role="menuitemradio"
                          tabIndex={-1}
                          aria-checked={colorMode.mode === mode}
                          className="stackfx-menu-item"
                          onClick={() => colorMode.setMode(mode)}
                        >
                          {label}
                        </button>
                      ))}
                    </div>
                  </>
                )
                : null}
              <div role="separator" className="stackfx-menu-separator" />
              <button type="button" role="menuitem" tabIndex={-1} className="stackfx-menu-item" aria-disabled={out.pending} onClick={() => out.pending ? undefined : void out.run().then(close)}>
                Sign out
              </button>
            </div>
          </div>
        )
        : null}
    </div>
  )
}

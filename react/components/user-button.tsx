/**
 * `UserButton`: the signed-in user's avatar opening the account menu (the WAI-ARIA menu button
 * pattern): account settings as a real link, the colour mode as radio items, the app's own items,
 * sign out. Signed out, a "Sign in" link.
 */
import { type ReactNode, useId } from "react"
import * as Effect from "effect/Effect"
import { redirectToPage, signOut } from "../../src/client/index.ts"
import { useMutationInvalidating, useUser } from "../hooks.ts"
import { sessionQueries } from "../invalidations.ts"
import { Avatar } from "./avatar.tsx"
import { KitStyle, menuSheet } from "./kit-styles.tsx"
import { type ColorMode, useColorMode } from "./theme.tsx"
import { menuItem, useMenuButton } from "./ui/menu-button.ts"
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

const modes: ReadonlyArray<readonly [ColorMode, string]> = [["light", "Light"], ["dark", "Dark"], ["system", "System"]]

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
  const menu = useMenuButton()
  const infoId = useId()
  if (user === null) return <a className="stackfx-button" href={urls.signIn}>Sign in</a>
  const name = user.displayName ?? user.primaryEmail ?? "Account"
  // The name, and the e-mail address when it is not the name: on the button and atop the menu.
  const info = (
    <span className="stackfx-user-info">
      <span className="stackfx-user-name">{name}</span>
      {user.primaryEmail === null || user.primaryEmail === name ? null : <span className="stackfx-user-email">{user.primaryEmail}</span>}
    </span>
  )
  const showModes = colorModeToggle === undefined && showColorModeToggle && colorMode !== undefined
  return (
    <div ref={menu.rootRef} className="stackfx-menu stackfx-user-button">
      <KitStyle sheet={menuSheet} />
      <button {...menu.trigger} className="stackfx-menu-trigger" aria-label={showUserInfo ? undefined : `Account menu, ${name}`}>
        <Avatar name={name} imageUrl={user.profileImageUrl} />
        {showUserInfo ? info : null}
      </button>
      {menu.open
        ? (
          <div className="stackfx-popup stackfx-menu-popup">
            <div className="stackfx-menu-header" id={infoId}>
              <Avatar name={name} imageUrl={user.profileImageUrl} size={36} />
              {info}
            </div>
            <div {...menu.menu} aria-label="Account" aria-describedby={infoId}>
              <a role="menuitem" tabIndex={-1} href={urls.accountSettings} className="stackfx-menu-item">Account settings</a>
              {extraItems.map((item) => (
                <button key={item.text} {...menuItem} onClick={() => menu.run(item.onClick)}>
                  {item.icon === undefined ? null : <span className="stackfx-menu-icon" aria-hidden="true">{item.icon}</span>}
                  {item.text}
                </button>
              ))}
              {colorModeToggle === undefined
                ? null
                : <button {...menuItem} onClick={() => menu.run(colorModeToggle)}>Toggle light and dark</button>}
              {showModes
                ? (
                  <>
                    <div role="separator" className="stackfx-menu-separator" />
                    <div role="group" aria-label="Colour mode">
                      {modes.map(([mode, label]) => (
                        <button key={mode} {...menuItem} role="menuitemradio" aria-checked={colorMode.mode === mode} onClick={() => colorMode.setMode(mode)}>
                          {label}
                        </button>
                      ))}
                    </div>
                  </>
                )
                : null}
              <div role="separator" className="stackfx-menu-separator" />
              <button {...menuItem} aria-disabled={out.pending} onClick={() => out.pending ? undefined : void out.run().then(menu.close)}>
                Sign out
              </button>
            </div>
          </div>
        )
        : null}
    </div>
  )
}

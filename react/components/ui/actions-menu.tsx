/**
 * `ActionsMenu`: a row's actions behind one "⋯" button (the WAI-ARIA menu button pattern, the same
 * hook as the user menu), so a list row at 360 px shows its content and one button, not four.
 */
import { menuItem, useMenuButton } from "./menu-button.ts"
import { KitStyle, menuSheet } from "../kit-styles.tsx"
import { HoistedStyle } from "./styles.tsx"

// Its own sheet, not one of styles.tsx's: an app's first load can hold that module (the dialogs'
// styles), and only the settings' lazily loaded sections show this menu.
const css = [
  ".stackfx-actions-menu{flex:none}",
  ".stackfx-theme .stackfx-actions-trigger{justify-content:center;width:2.5rem;height:2.5rem;padding:0;border:1px solid transparent;",
    "border-radius:var(--stackfx-radius,8px);background:none;color:var(--stackfx-muted);cursor:pointer}",
  ".stackfx-theme .stackfx-actions-trigger:hover,.stackfx-theme .stackfx-actions-trigger[aria-expanded=true]{color:var(--stackfx-text);border-color:var(--stackfx-border)}",
  ".stackfx-actions-trigger:focus-visible{outline:2px solid var(--stackfx-accent);outline-offset:2px}",
  ".stackfx-theme .stackfx-menu-danger{color:var(--stackfx-danger)}"
].join("")

/** One action of an {@link ActionsMenu}. */
export interface ActionsMenuItem {
  readonly text: string
  /** The item's `name` attribute (for tests and analytics). */
  readonly name?: string
  /** Run after the menu closed (focus is back on the "⋯" button). */
  readonly onSelect: () => void | Promise<unknown>
  /** Destructive (shown in the danger colour). */
  readonly danger?: boolean
}

/** Props of {@link ActionsMenu}. */
export interface ActionsMenuProps {
  /** The button's and the menu's accessible name, saying whose actions: "Actions for ada@example.com". */
  readonly label: string
  readonly items: ReadonlyArray<ActionsMenuItem>
  /** While an action runs: the items say so (`aria-disabled`) and do nothing; the button keeps its focus. */
  readonly busy?: boolean
}

/** A "⋯" button opening a menu of actions; nothing when there are none. */
export const ActionsMenu = ({ label, items, busy = false }: ActionsMenuProps) => {
  const menu = useMenuButton()
  if (items.length === 0) return null
  return (
    <div ref={menu.rootRef} className="stackfx-menu stackfx-actions-menu">
      <HoistedStyle href="stackfx-ui-actions-menu" css={css} />
      <KitStyle sheet={menuSheet} />
      <button {...menu.trigger} className="stackfx-menu-trigger stackfx-actions-trigger" aria-label={label} title="Actions">
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <circle cx="5" cy="12" r="2" fill="currentColor" />
          <circle cx="12" cy="12" r="2" fill="currentColor" />
          <circle cx="19" cy="12" r="2" fill="currentColor" />
        </svg>
      </button>
      {menu.open
        ? (
          <div className="stackfx-popup stackfx-menu-popup">
            <div {...menu.menu} aria-label={label}>
              {items.map((item) => (
                <button key={item.text} {...menuItem} name={item.name} aria-disabled={busy || undefined}
                  className={item.danger === true ? "stackfx-menu-item stackfx-menu-danger" : "stackfx-menu-item"}
                  onClick={() => (busy ? undefined : menu.run(item.onSelect))}>
                  {item.text}
                </button>
              ))}
            </div>
          </div>
        )
        : null}
    </div>
  )
}

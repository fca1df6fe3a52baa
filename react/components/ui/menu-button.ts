/**
 * The WAI-ARIA menu button pattern as a hook, shared by the user menu and the settings rows' "⋯"
 * actions: Enter, Space or ArrowDown open the menu on its first item, ArrowUp on its last; arrows
 * (wrapping), Home and End move; Escape closes and returns focus to the button; Tab closes and
 * moves on; a press outside closes it.
 */
import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from "react"
import { movedIndex, useOutsideClose } from "../popup.ts"

/** The props of a menu's button item (reached with the arrows, not with Tab). */
export const menuItem = { type: "button", role: "menuitem", tabIndex: -1, className: "stackfx-menu-item" } as const

const itemSelector = "[role=menuitem],[role=menuitemradio]"

/** What {@link useMenuButton} gives: the open state, the props of the trigger and the menu, and the closing helpers. */
export const useMenuButton = () => {
  // Where focus goes when the menu opens: its first or its last item.
  const [openAt, setOpenAt] = useState<"first" | "last" | undefined>(undefined)
  const open = openAt !== undefined
  const menuId = useId()
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
  const close = () => {
    setOpenAt(undefined)
    buttonRef.current?.focus()
  }
  return {
    open,
    rootRef,
    close,
    /** Closes the menu (focus back on the button), then runs `action`. */
    run: (action: () => void | Promise<unknown>) => {
      close()
      void action()
    },
    trigger: {
      ref: buttonRef,
      type: "button",
      "aria-haspopup": "menu",
      "aria-expanded": open,
      "aria-controls": open ? menuId : undefined,
      onClick: () => setOpenAt(open ? undefined : "first"),
      onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
        if (event.key === "ArrowDown" || event.key === "ArrowUp") {
          event.preventDefault()
          setOpenAt(event.key === "ArrowDown" ? "first" : "last")
        }
      }
    },
    menu: {
      id: menuId,
      ref: menuRef,
      role: "menu",
      onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => {
        if (event.key === "Escape") {
          event.preventDefault()
          close()
          return
        }
        // Tab: focus moves on to what follows the button; the menu does not stay open behind it.
        if (event.key === "Tab") return dismiss()
        const all = items()
        const next = movedIndex(event.key, all.findIndex((item) => item === document.activeElement), all.length)
        if (next === undefined) return
        event.preventDefault()
        all[next]?.focus()
      }
    }
  } as const
}

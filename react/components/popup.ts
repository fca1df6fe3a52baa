/**
 * What the kit's popups share (the user menu, the team listbox): closing on a press outside, and
 * the WAI-ARIA list keys (arrows wrap, Home and End jump).
 */
import { type RefObject, useEffect } from "react"

/** While `open`, a pointer press outside `root` calls `close`. */
export const useOutsideClose = (open: boolean, root: RefObject<HTMLElement | null>, close: () => void): void => {
  useEffect(() => {
    if (!open) return
    const onPress = (event: PointerEvent) => {
      if (event.target instanceof Node && root.current?.contains(event.target) !== true) close()
    }
    document.addEventListener("pointerdown", onPress)
    return () => document.removeEventListener("pointerdown", onPress)
  }, [open, root, close])
}

/** The index a list key moves to among `count` items from `index` (-1: none yet); undefined for other keys. */
export const movedIndex = (key: string, index: number, count: number): number | undefined => {
  if (count === 0) return undefined
  switch (key) {
    case "ArrowDown":
      return (index + 1) % count
    case "ArrowUp":
      return index <= 0 ? count - 1 : index - 1
    case "Home":
      return 0
    case "End":
      return count - 1
    default:
      return undefined
  }
}
